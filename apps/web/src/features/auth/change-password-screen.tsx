import { TOAST_MS } from '@kl/contracts/constants';
import { HOME_PATH } from '@kl/contracts/routes';
import { fieldSchema } from '@kl/contracts/verifier';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { messageFor } from '../../shared/lib/api-client.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useChangePassword } from './api/change-password.ts';
import { useMemberInfo } from './api/get-member-info.ts';
import { NewPasswordFields, PasswordField, TextField } from './components/fields.tsx';
import { useRevalidatedConfirmation } from './hooks/use-revalidated-confirmation.ts';
import { mapServerFieldError } from './lib/form-errors.ts';
import { schemaResolver } from './lib/form-schema.ts';
import { updateRememberedPassword } from './lib/remembered-login.ts';
import './auth.css';

interface ChangePasswordValues {
  username: string;
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

function changePasswordSchema(withOld: boolean) {
  return z
    .object({
      ...(withOld ? { oldPassword: fieldSchema('loginPassword') } : {}),
      newPassword: fieldSchema('password'),
      confirmNewPassword: z.string(),
    })
    .loose()
    .superRefine((values, context) => {
      if (withOld && values.newPassword === values.oldPassword) {
        context.addIssue({ code: 'custom', path: ['newPassword'], message: 'auth.errors.samePassword' });
      }
      if (values.confirmNewPassword !== values.newPassword) {
        context.addIssue({
          code: 'custom',
          path: ['confirmNewPassword'],
          message: 'CONFIRMATION_NOT_MATCHED',
        });
      }
    });
}

/**
 * /m/changePsw (product.md §2 Change password, §4 success): username read-only, old password (only when the
 * member has one: memberInfo.hasPassword), new password, confirmation. 'Change saved' for 1 s, then home.
 */
export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  const member = useMemberInfo();

  return (
    <section className="kl-screen kl-auth-page" data-page="changePsw" aria-labelledby={titleId}>
      <h1 id={titleId} className="kl-auth-page__title">
        {t('route.changePsw')}
      </h1>
      {member.data ? (
        // Trial members, SMS sign-ups and quick logins have no password yet: there is no old one to ask.
        <ChangePasswordForm withOld={member.data.hasPassword} />
      ) : member.isError ? (
        <EmptyState title={messageFor(member.error)}>
          <button
            type="button"
            className="kl-button kl-button--outline"
            onClick={() => void member.refetch()}
          >
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : (
        <p role="status" className="kl-auth-form__loading">
          {t('in_please_wait')}
        </p>
      )}
    </section>
  );
}

/** The form once it is known whether the member has a password. */
function ChangePasswordForm({ withOld }: { withOld: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userName } = useSession();
  const changePassword = useChangePassword();
  const resolver = useMemo(
    () => schemaResolver<ChangePasswordValues>(changePasswordSchema(withOld)),
    [withOld],
  );
  const form = useForm<ChangePasswordValues>({
    resolver,
    defaultValues: { username: userName ?? '', oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const errors = formState.errors;
  useRevalidatedConfirmation(form, 'newPassword', 'confirmNewPassword');
  // Home once "saved" has been read; not once the member left the screen some other way.
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => void navigate(HOME_PATH, { replace: true }), TOAST_MS.success);
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);

  const submit = handleSubmit(async (values) => {
    void toast.loading(t('in_please_wait'));
    try {
      await changePassword.mutateAsync({
        ...(withOld ? { oldPassword: values.oldPassword } : {}),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
    } catch (error) {
      await toast.clear();
      if (
        !mapServerFieldError(error, setError, [
          ...(withOld ? ['oldPassword'] : []),
          'newPassword',
          'confirmNewPassword',
        ])
      ) {
        void toast.error(messageFor(error));
      }
      return;
    }
    if (userName) await updateRememberedPassword(userName, values.newPassword).catch(() => undefined);
    void toast.success(t('auth.changeSaved'));
    setSaved(true);
  });

  return (
    <form className="kl-auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('auth.fields.username')}
        registration={register('username')}
        readOnly
        autoComplete="username"
      />
      {withOld && (
        <PasswordField
          label={t('auth.fields.oldPassword')}
          registration={register('oldPassword')}
          error={errors.oldPassword?.message}
          autoComplete="current-password"
          maxLength={20}
        />
      )}
      <NewPasswordFields
        newPassword={register('newPassword')}
        confirmNewPassword={register('confirmNewPassword')}
        errors={{
          newPassword: errors.newPassword?.message,
          confirmNewPassword: errors.confirmNewPassword?.message,
        }}
      />
      <button
        type="submit"
        className="kl-button kl-button--primary kl-auth-form__wide"
        disabled={formState.isSubmitting}
      >
        {t('auth.submit')}
      </button>
    </form>
  );
}
