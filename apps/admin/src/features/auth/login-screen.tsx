import { Alert, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useOperator } from '../../shared/session.ts';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { useErrorText } from '../../shared/use-error-text.ts';
import { CodeForm } from './code-form.tsx';
import { PasswordForm, type PasswordValues } from './password-form.tsx';
import { nextStep, type SignInStep } from './sign-in-steps.ts';
import { useSignIn } from './use-sign-in.ts';

/** Where a signed-out operator was going (kept by the layout's redirect), else the dashboard. */
function destinationOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/';
}

/**
 * Signing in (/admin/login): username and password, then the code of the authenticator app, enrolling
 * it on the first sign-in. A refusal (wrong password or code, locked) is shown under the form, whose
 * fields are kept.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const location = useLocation();
  const operator = useOperator();
  const signIn = useSignIn();
  const [step, setStep] = useState<SignInStep>({ step: 'password' });
  const [username, setUsername] = useState('');

  if (operator) return <Navigate to={destinationOf(location.state)} replace />;

  const submitPassword = (values: PasswordValues) => {
    setUsername(values.username);
    signIn.mutate(values, {
      onSuccess: (answer) => {
        if (answer.step !== 'signed-in') setStep(nextStep(answer, values));
      },
    });
  };

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 24 }}>
      <main style={{ width: 400, maxWidth: '100%' }}>
        <Card
          title={
            <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
              {t('login.title')}
            </Typography.Title>
          }
          extra={<LanguageSwitch />}
        >
          <Flex vertical gap="middle">
            {step.step === 'password' ? (
              <PasswordForm
                initialValues={{ username }}
                pending={signIn.isPending}
                onSubmit={submitPassword}
              />
            ) : (
              <CodeForm
                step={step}
                pending={signIn.isPending}
                onSubmit={(code) => signIn.mutate({ username: step.username, password: step.password, code })}
                onBack={() => {
                  signIn.reset();
                  setStep({ step: 'password' });
                }}
              />
            )}
            {signIn.error ? (
              <Alert type="error" showIcon role="alert" title={errorText(signIn.error)} />
            ) : null}
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}
