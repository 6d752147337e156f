import { fullPath } from '@kl/contracts/routes';
import { fieldSchema } from '@kl/contracts/verifier';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { messageFor } from '../../shared/lib/api-client.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useCaptcha } from './api/get-captcha.ts';
import { useRegistrationRules } from './api/get-registration-rules.ts';
import { useRequestPasswordEmail } from './api/request-password-email.ts';
import { useResetPassword } from './api/reset-password.ts';
import { useSetPasswordByPhone } from './api/set-password-by-phone.ts';
import { AuthSheet } from './components/auth-sheet.tsx';
import { CaptchaField } from './components/captcha-field.tsx';
import { NewPasswordFields, TextField } from './components/fields.tsx';
import { MethodTabs } from './components/method-tabs.tsx';
import { PhoneCodeFields } from './components/phone-code-fields.tsx';
import { useRevalidatedConfirmation } from './hooks/use-revalidated-confirmation.ts';
import { useSmsSender } from './hooks/use-sms-sender.ts';
import { mapServerFieldError } from './lib/form-errors.ts';
import { captchaSchema, schemaResolver } from './lib/form-schema.ts';

type ForgetType = 'email' | 'phone';

interface ForgetValues {
  email: string;
  captcha: string;
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}

const newPasswordShape = { newPassword: fieldSchema('password'), confirmNewPassword: z.string() };
const confirmation = (
  values: { newPassword?: unknown; confirmNewPassword?: unknown },
  context: z.RefinementCtx,
) => {
  if (values.confirmNewPassword !== values.newPassword) {
    context.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: 'CONFIRMATION_NOT_MATCHED' });
  }
};

function forgetSchema(step: 'email' | 'phone' | 'reset') {
  if (step === 'email') return z.object({ email: fieldSchema('email'), captcha: captchaSchema }).loose();
  if (step === 'reset') return z.object(newPasswordShape).loose().superRefine(confirmation);
  return z
    .object({
      mobileNum: fieldSchema('mobileNum'),
      verificationCode: fieldSchema('verificationCode'),
      ...newPasswordShape,
    })
    .loose()
    .superRefine(confirmation);
}

const EMPTY: ForgetValues = {
  email: '',
  captcha: '',
  countryDialingCode: '',
  mobileNum: '',
  verificationCode: '',
  newPassword: '',
  confirmNewPassword: '',
};

/**
 * /m/forget?type=email|phone (product.md §2): by e-mail (a reset link is sent; the link comes back here
 * with ?token= and asks for the new password) or by phone (SMS code and the new password, sent
 * encrypted).
 */
export default function ForgetScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const type: ForgetType = params.get('type') === 'phone' ? 'phone' : 'email';
  const token = params.get('token');
  const step = token ? 'reset' : type;
  const rules = useRegistrationRules();
  const captcha = useCaptcha('forget', step === 'email');
  const sms = useSmsSender('resetPassword');
  const requestEmail = useRequestPasswordEmail();
  const resetPassword = useResetPassword();
  const setByPhone = useSetPasswordByPhone();
  const [emailSent, setEmailSent] = useState(false);

  // The rules of the fields on screen; react-hook-form takes the resolver of each render.
  const resolver = useMemo(() => schemaResolver<ForgetValues>(forgetSchema(step)), [step]);
  const form = useForm<ForgetValues>({ resolver, defaultValues: EMPTY });
  const { register, handleSubmit, formState, setError, setValue, getValues, clearErrors } = form;
  const errors = formState.errors;
  useRevalidatedConfirmation(form, 'newPassword', 'confirmNewPassword');
  const defaultCode = rules.data?.defaultCountryDialingCode;
  useEffect(() => {
    if (defaultCode && !getValues('countryDialingCode')) setValue('countryDialingCode', defaultCode);
  }, [defaultCode, getValues, setValue]);

  const done = () => {
    void toast.success(t('auth.changeSaved'));
    void navigate(fullPath('login'), { replace: true });
  };

  const submit = handleSubmit(async (values) => {
    try {
      if (step === 'email') {
        await requestEmail.mutateAsync({
          email: values.email,
          captcha: values.captcha,
          captchaId: captcha.data?.captchaId ?? '',
        });
        setEmailSent(true);
      } else if (step === 'reset') {
        await resetPassword.mutateAsync({
          token: token ?? '',
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        });
        done();
      } else {
        await setByPhone.mutateAsync({
          mobileNum: values.mobileNum,
          countryDialingCode: values.countryDialingCode,
          verificationCode: values.verificationCode,
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        });
        done();
      }
    } catch (error) {
      if (step === 'email') {
        setValue('captcha', '');
        void captcha.refetch();
      }
      const visible =
        step === 'email'
          ? ['email', 'captcha']
          : step === 'reset'
            ? ['newPassword', 'confirmNewPassword']
            : ['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'];
      if (!mapServerFieldError(error, setError, visible)) void toast.error(messageFor(error));
    }
  });

  const passwordFields = (
    <NewPasswordFields
      newPassword={register('newPassword')}
      confirmNewPassword={register('confirmNewPassword')}
      errors={{
        newPassword: errors.newPassword?.message,
        confirmNewPassword: errors.confirmNewPassword?.message,
      }}
    />
  );

  return (
    <AuthSheet page="forget" title={t('route.forget')}>
      <form className="kl-auth-form" noValidate onSubmit={(event) => void submit(event)}>
        {step !== 'reset' && (
          <MethodTabs
            label={t('auth.forgetMethod')}
            value={type}
            onChange={(next) => {
              clearErrors();
              setEmailSent(false);
              setParams({ type: next }, { replace: true });
            }}
            options={[
              { value: 'email', label: t('auth.byEmail') },
              { value: 'phone', label: t('auth.byPhone') },
            ]}
          />
        )}
        {step === 'email' &&
          (emailSent ? (
            <p className="kl-auth-form__notice" role="status">
              {t('auth.emailSent')}
            </p>
          ) : (
            <>
              <TextField
                label={t('auth.fields.email')}
                registration={register('email')}
                error={errors.email?.message}
                inputMode="email"
                autoComplete="email"
                maxLength={254}
              />
              <CaptchaField
                captcha={captcha}
                registration={register('captcha')}
                error={errors.captcha?.message}
              />
            </>
          ))}
        {step === 'phone' && (
          <>
            <PhoneCodeFields
              form={form}
              sms={sms}
              codes={rules.data?.countryDialingCodes ?? []}
              maxLength={15}
            />
            {passwordFields}
          </>
        )}
        {step === 'reset' && passwordFields}
        {!(step === 'email' && emailSent) && (
          <button
            type="submit"
            className="kl-button kl-button--primary kl-auth-form__wide"
            disabled={formState.isSubmitting}
          >
            {t('auth.submit')}
          </button>
        )}
        <p className="kl-auth-form__switch">
          <Link to={fullPath('login')} replace className="kl-auth-form__link">
            {t('auth.backToLogin')}
          </Link>
        </p>
      </form>
    </AuthSheet>
  );
}
