import type { LoginPayload, SessionInfo } from '@kl/contracts/accounts';
import { fullPath } from '@kl/contracts/routes';
import { fieldSchema } from '@kl/contracts/verifier';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { ApiError, messageFor } from '../../shared/lib/api-client.ts';
import { useCaptcha } from './api/get-captcha.ts';
import { useRegistrationRules } from './api/get-registration-rules.ts';
import { useLogin } from './api/login.ts';
import { AuthSheet } from './components/auth-sheet.tsx';
import { CaptchaField } from './components/captcha-field.tsx';
import { CheckboxField, PasswordField, TextField } from './components/fields.tsx';
import { MethodTabs } from './components/method-tabs.tsx';
import { PhoneCodeFields } from './components/phone-code-fields.tsx';
import { SocialLoginButtons } from './components/social-login-buttons.tsx';
import { TrialButton } from './components/trial-button.tsx';
import { TwoFactorStep } from './components/two-factor-step.tsx';
import { useAfterLogin, useStartSession } from './hooks/use-session-actions.ts';
import { useFirebaseSms } from './hooks/use-firebase-sms.ts';
import { useSmsSender } from './hooks/use-sms-sender.ts';
import { mapServerFieldError } from './lib/form-errors.ts';
import { captchaSchema, schemaResolver } from './lib/form-schema.ts';
import { forgetRememberedLogin, readRememberedLogin, saveRememberedLogin } from './lib/remembered-login.ts';
import { exclusionRefusalText } from '../responsible-gaming/exclusion-text.ts';

type LoginMode = 'username' | 'sms';

interface LoginValues {
  username: string;
  password: string;
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  captcha: string;
  remember: boolean;
}

function loginSchema(mode: LoginMode, withCaptcha: boolean) {
  const shape: Record<string, z.ZodType> =
    mode === 'username'
      ? { username: fieldSchema('loginUsername'), password: fieldSchema('loginPassword') }
      : { mobileNum: fieldSchema('loginMobileNum'), verificationCode: fieldSchema('verificationCode') };
  if (withCaptcha) shape.captcha = captchaSchema;
  return z.object(shape).loose();
}

/** /m/login (product.md §2 Login): username and password, or SMS code; captcha; remember; free play. */
export default function LoginScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const rules = useRegistrationRules();
  const [mode, setMode] = useState<LoginMode>('username');
  const [captchaAfterFailure, setCaptchaAfterFailure] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The second step a right password asks for when the member's two-step verification is on. */
  const [secondStep, setSecondStep] = useState<{ challenge: string; remember: () => Promise<void> } | null>(
    null,
  );
  const withCaptcha = rules.data?.loginCaptcha === true || captchaAfterFailure;
  const captcha = useCaptcha('login', withCaptcha);
  const login = useLogin();
  const startSession = useStartSession();
  const afterLogin = useAfterLogin();
  const siteSms = useSmsSender('login');
  // The code of the SMS login is Firebase's when the project signs in by phone (rules.social.sms).
  const {
    sender: firebaseSender,
    idToken: firebaseIdToken,
    container: recaptchaPlace,
  } = useFirebaseSms(rules.data?.firebase ?? null);
  const smsByFirebase = rules.data?.social.sms === true && rules.data.firebase !== null;
  const sms = smsByFirebase ? firebaseSender : siteSms;
  const smsLogin = rules.data?.smsLogin === true;
  const activeMode: LoginMode = smsLogin ? mode : 'username';

  // The rules of the fields on screen; react-hook-form takes the resolver of each render.
  const resolver = useMemo(
    () => schemaResolver<LoginValues>(loginSchema(activeMode, withCaptcha)),
    [activeMode, withCaptcha],
  );

  const form = useForm<LoginValues>({
    resolver,
    defaultValues: {
      username: '',
      password: '',
      countryDialingCode: '',
      mobileNum: '',
      verificationCode: '',
      captcha: '',
      remember: false,
    },
  });
  const { register, handleSubmit, formState, setError, reset, getValues, setValue, setFocus } = form;
  const errors = formState.errors;

  // The remembered record fills the form (product.md §2 "remembered password option").
  useEffect(() => {
    let active = true;
    void readRememberedLogin().then((record) => {
      if (!active || !record) return;
      reset({ ...getValues(), username: record.username, password: record.password, remember: true });
      if (record.countryDialingCode) setValue('countryDialingCode', record.countryDialingCode);
    });
    return () => {
      active = false;
    };
  }, [reset, getValues, setValue]);

  const defaultCode = rules.data?.defaultCountryDialingCode;
  useEffect(() => {
    if (defaultCode && !getValues('countryDialingCode')) setValue('countryDialingCode', defaultCode);
  }, [defaultCode, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const trimmed = (value: string) => value.trim();
    const captchaPart =
      withCaptcha && captcha.data
        ? { captcha: trimmed(values.captcha), captchaId: captcha.data.captchaId }
        : {};
    let payload: LoginPayload;
    if (activeMode === 'username') {
      payload = {
        type: 'username',
        username: trimmed(values.username),
        password: values.password,
        ...captchaPart,
      };
    } else if (smsByFirebase) {
      // Firebase checks the code; its ID token proves the number to the server.
      const checked = await firebaseIdToken(trimmed(values.verificationCode));
      if ('field' in checked) {
        setError('verificationCode', { message: checked.field }, { shouldFocus: true });
        return;
      }
      if ('form' in checked) {
        setFailure(checked.form);
        return;
      }
      payload = {
        type: 'firebase',
        firebaseChannel: 'sms',
        firebaseIdToken: checked.token,
        firebaseMobileNo: trimmed(values.mobileNum),
        countryDialingCode: values.countryDialingCode,
      };
    } else {
      payload = {
        type: 'sms',
        mobileNum: trimmed(values.mobileNum),
        countryDialingCode: values.countryDialingCode,
        verificationCode: trimmed(values.verificationCode),
        ...captchaPart,
      };
    }
    // The remembered record follows a login that succeeded, after its second step when there is one.
    const remember = async () => {
      if (values.remember && activeMode === 'username') {
        await saveRememberedLogin({
          type: 'username',
          username: trimmed(values.username),
          password: values.password,
          countryDialingCode: values.countryDialingCode,
        });
      } else if (!values.remember) {
        forgetRememberedLogin();
      }
    };
    try {
      const info = await login.mutateAsync(payload);
      await remember();
      startSession(info);
      afterLogin(from);
    } catch (error) {
      const challenge = error instanceof ApiError ? error.value?.challenge : undefined;
      if (
        error instanceof ApiError &&
        error.code === 'TWO_FACTOR_REQUIRED' &&
        typeof challenge === 'string'
      ) {
        setSecondStep({ challenge, remember });
        return;
      }
      // Captchas are single use: a new one after every failed attempt.
      if (error instanceof ApiError && error.value?.captchaRequired === true) setCaptchaAfterFailure(true);
      if (withCaptcha) void captcha.refetch();
      setValue('captcha', '');
      const visible =
        activeMode === 'username' ? ['username', 'password'] : ['mobileNum', 'verificationCode'];
      if (!mapServerFieldError(error, setError, [...visible, ...(withCaptcha ? ['captcha'] : [])])) {
        setFailure(exclusionRefusalText(error) ?? messageFor(error));
        setFocus(activeMode === 'username' ? 'password' : 'verificationCode');
      }
    }
  });

  const finishSecondStep = async (info: SessionInfo) => {
    await secondStep?.remember();
    startSession(info);
    afterLogin(from);
  };

  if (secondStep) {
    return (
      <AuthSheet page="login" title={t('route.login')}>
        <TwoFactorStep
          challenge={secondStep.challenge}
          onSession={finishSecondStep}
          onBack={() => {
            setSecondStep(null);
            if (withCaptcha) void captcha.refetch();
          }}
        />
      </AuthSheet>
    );
  }

  return (
    <AuthSheet page="login" title={t('route.login')}>
      <form className="kl-auth-form" noValidate onSubmit={(event) => void submit(event)}>
        {smsLogin && (
          <MethodTabs
            label={t('auth.loginMethod')}
            value={mode}
            onChange={(next) => {
              setMode(next);
              setFailure(null);
              form.clearErrors();
            }}
            options={[
              { value: 'username', label: t('auth.byPassword') },
              { value: 'sms', label: t('auth.bySms') },
            ]}
          />
        )}
        {activeMode === 'username' ? (
          <>
            <TextField
              label={t('auth.fields.username')}
              registration={register('username')}
              error={errors.username?.message}
              autoComplete="username"
              autoCapitalize="off"
              maxLength={15}
              hint={t('auth.hints.loginUsername')}
            />
            <PasswordField
              label={t('auth.fields.password')}
              registration={register('password')}
              error={errors.password?.message}
              autoComplete="current-password"
              maxLength={20}
            />
          </>
        ) : (
          <>
            <PhoneCodeFields
              form={form}
              sms={sms}
              codes={rules.data?.countryDialingCodes ?? []}
              maxLength={20}
            />
            {/* Where Firebase's reCAPTCHA draws a challenge, when Google asks for one before an SMS. */}
            {smsByFirebase && <div ref={recaptchaPlace} />}
          </>
        )}
        {withCaptcha && (
          <CaptchaField
            captcha={captcha}
            registration={register('captcha')}
            error={errors.captcha?.message}
          />
        )}
        {failure && (
          <p className="kl-auth-form__failure" role="alert">
            {failure}
          </p>
        )}
        <div className="kl-auth-form__options">
          <CheckboxField label={t('auth.rememberPassword')} registration={register('remember')} />
          <Link to={`${fullPath('forget')}?type=email`} replace className="kl-auth-form__link">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <button
          type="submit"
          className="kl-button kl-button--primary kl-auth-form__wide"
          disabled={formState.isSubmitting || rules.isPending}
        >
          {t('auth.loginSubmit')}
        </button>
        <TrialButton />
        {rules.data && (
          <SocialLoginButtons
            rules={rules.data}
            from={from}
            // Quick login keeps no password to remember.
            onSecondStep={(challenge) => setSecondStep({ challenge, remember: () => Promise.resolve() })}
          />
        )}
        <p className="kl-auth-form__switch">
          {t('auth.noAccount')}{' '}
          <Link to={fullPath('register')} replace className="kl-auth-form__link">
            {t('auth.registerNow')}
          </Link>
        </p>
      </form>
    </AuthSheet>
  );
}
