import type { AdminLoginRequest } from '@kl/contracts/admin/auth';
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useOperator } from '../../shared/session.ts';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { CodeForm } from './code-form.tsx';
import { PasswordForm, type PasswordValues } from './password-form.tsx';
import { asksForCaptcha, SignInError } from './sign-in-error.tsx';
import { nextStep, type SignInStep } from './sign-in-steps.ts';
import { useCaptcha } from './use-captcha.ts';
import { useSignIn } from './use-sign-in.ts';

/** Where a signed-out operator was going (kept by the layout's redirect), else the dashboard. */
function destinationOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/';
}

/**
 * Signing in (/admin/login): username and password, then the code of the authenticator app, enrolling
 * it on the first sign-in of an operator made on the command line. A refusal (wrong password or code, too
 * many attempts) is shown under the form, whose fields are kept. Once the server answers that the username
 * needs a captcha, each step shows one (a new one after every attempt, which uses it up).
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const operator = useOperator();
  const signIn = useSignIn();
  const [step, setStep] = useState<SignInStep>({ step: 'password' });
  const [username, setUsername] = useState('');
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captcha = useCaptcha(captchaAsked);

  if (operator) return <Navigate to={destinationOf(location.state)} replace />;

  /** Sends a step with the captcha when one is shown; a refusal asking for one shows it. */
  const send = (body: AdminLoginRequest, answer: string | undefined, onStep?: (next: SignInStep) => void) => {
    const challenge = captchaAsked ? captcha.challenge : undefined;
    const withCaptcha =
      challenge && answer !== undefined
        ? { ...body, captchaId: challenge.captchaId, captcha: answer.trim() }
        : body;
    signIn.mutate(withCaptcha, {
      onSuccess: (result) => {
        if (result.step !== 'signed-in') onStep?.(nextStep(result, body));
      },
      onError: (error) => {
        if (asksForCaptcha(error)) setCaptchaAsked(true);
      },
      onSettled: () => {
        if (challenge) captcha.renew();
      },
    });
  };

  const submitPassword = ({ captcha: answer, ...values }: PasswordValues) => {
    setUsername(values.username);
    send(values, answer, setStep);
  };
  const captchaField = captchaAsked ? <CaptchaField captcha={captcha} /> : null;

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
          // A long title (in Vietnamese especially) wraps beside the language switch instead of being cut.
          styles={{ title: { whiteSpace: 'normal', overflow: 'visible' } }}
        >
          <Flex vertical gap="middle">
            {step.step === 'password' ? (
              <PasswordForm initialValues={{ username }} pending={signIn.isPending} onSubmit={submitPassword}>
                {captchaField}
              </PasswordForm>
            ) : (
              <CodeForm
                step={step}
                pending={signIn.isPending}
                onSubmit={({ code, captcha: answer }) =>
                  send({ username: step.username, password: step.password, code }, answer)
                }
                onBack={() => {
                  signIn.reset();
                  setStep({ step: 'password' });
                }}
              >
                {captchaField}
              </CodeForm>
            )}
            {signIn.error ? <SignInError error={signIn.error} /> : null}
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}
