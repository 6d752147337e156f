import { adminCalls } from '@kl/contracts/admin/calls';
import type { InvitationInfo } from '@kl/contracts/admin/credentials';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Result, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { adminCall, errorCodeOf } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { useOperator } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { CodeForm } from './code-form.tsx';
import { confirmRules, newPasswordRules } from './password-rules.ts';
import { SignInError } from './sign-in-error.tsx';
import { nextStep, type SignInStep } from './sign-in-steps.ts';
import { useAcceptInvitation } from './use-sign-in.ts';

/** The frame of the invitation page: its title and the language, like sign-in's. */
function InvitationCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 24 }}>
      <main style={{ width: 440, maxWidth: '100%' }}>
        <Card
          title={
            <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
              {t('invite.title')}
            </Typography.Title>
          }
          extra={<LanguageSwitch />}
          // A long title (in Vietnamese especially) wraps beside the language switch instead of being cut.
          styles={{ title: { whiteSpace: 'normal', overflow: 'visible' } }}
        >
          {children}
        </Card>
      </main>
    </Flex>
  );
}

/** A link that cannot be used: expired (ask for a new one) or unknown / used. */
function UnusableLink({ expired }: { expired: boolean }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={<span role="alert">{t(expired ? 'invite.expiredTitle' : 'invite.invalidTitle')}</span>}
      subTitle={expired ? t('invite.askNew') : `${t('invite.invalidIntro')} ${t('invite.askNew')}`}
      extra={<Link to="/login">{t('invite.toSignIn')}</Link>}
    />
  );
}

interface PasswordStepValues {
  password: string;
  confirm?: string;
}

/** The password step: a new password typed twice, or (after a reset that kept it) the current one. */
function PasswordStep({
  info,
  pending,
  onSubmit,
}: {
  info: InvitationInfo;
  pending: boolean;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form<PasswordStepValues>
      name="invitation"
      layout="vertical"
      requiredMark={false}
      onFinish={({ password }) => onSubmit(password)}
    >
      {info.setsPassword ? (
        <>
          <Form.Item name="password" label={t('invite.newPassword')} rules={newPasswordRules(t)}>
            <Input.Password autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('invite.confirmPassword')}
            dependencies={['password']}
            rules={confirmRules(t, 'password')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name="password"
          label={t('invite.currentPassword')}
          rules={[{ required: true, message: t('password.required') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t('invite.next')}
      </Button>
    </Form>
  );
}

/**
 * The invitation page (/admin/invite#<token>): the token is read from the address's fragment, which the
 * browser never sends to a server. It says whose link it is, then, as signing in does, asks the password
 * (a new one, or after a reset that kept it the current one) and the code of the authenticator app,
 * enrolling a new one when two-factor is set up here. The code uses the link up and signs in.
 */
export function InvitationScreen() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const token = hash.replace(/^#/, '');
  const operator = useOperator();
  const accept = useAcceptInvitation();
  const [step, setStep] = useState<SignInStep>({ step: 'password' });
  const info = useQuery({
    queryKey: ['admin', 'invitation', token],
    queryFn: () => adminCall(adminCalls.adminInvitation, { body: { token } }),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
  });

  if (operator && accept.data?.step === 'signed-in') return <Navigate to="/" replace />;
  if (token === '') {
    return (
      <InvitationCard>
        <UnusableLink expired={false} />
      </InvitationCard>
    );
  }
  if (info.isPending) {
    return (
      <InvitationCard>
        <Spin />
      </InvitationCard>
    );
  }
  if (info.isError) {
    const code = errorCodeOf(info.error);
    return (
      <InvitationCard>
        {code === 'INVITATION_EXPIRED' || code === 'INVITATION_INVALID' ? (
          <UnusableLink expired={code === 'INVITATION_EXPIRED'} />
        ) : (
          <ErrorAlert error={info.error} onRetry={() => void info.refetch()} />
        )}
      </InvitationCard>
    );
  }

  const invitation = info.data;
  const submitPassword = (password: string) =>
    accept.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          if (answer.step !== 'signed-in')
            setStep(nextStep(answer, { username: invitation.username, password }));
        },
      },
    );

  return (
    <InvitationCard>
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('invite.welcome', { username: invitation.username, role: t(`role.${invitation.role}`) })}{' '}
          {t(invitation.purpose === 'new' ? 'invite.newIntro' : 'invite.resetIntro')}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {t('invite.expiresAt', { date: formatDateTime(invitation.expiresAt) })}
        </Typography.Text>
        {step.step === 'password' ? (
          <PasswordStep info={invitation} pending={accept.isPending} onSubmit={submitPassword} />
        ) : (
          <CodeForm
            step={step}
            pending={accept.isPending}
            onSubmit={({ code }) => accept.mutate({ token, password: step.password, code })}
            onBack={() => {
              accept.reset();
              setStep({ step: 'password' });
            }}
          />
        )}
        {accept.error ? <SignInError error={accept.error} /> : null}
      </Flex>
    </InvitationCard>
  );
}
