import type { RegistrationPayload, RegistrationRules } from '@kl/contracts/accounts';
import { AGENT_LINK_PARAM, type AgentLinkVisit } from '@kl/contracts/agents';
import { HOME_PATH, fullPath } from '@kl/contracts/routes';
import {
  OPTIONAL_REGISTRATION_FIELDS,
  BIRTHDAY_MIN_YEAR,
  FIELD_SPECS,
  fieldSchema,
  toPayeeName,
  type FieldRule,
  type VerifierField,
} from '@kl/contracts/verifier';
import { Fragment, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError, messageFor } from '../../shared/lib/api-client.ts';
import { isInstalledWebApp } from '../../shared/pwa/installed-web-app.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { affiliateCheck } from './api/affiliate-check.ts';
import { useAgentLinkVisit } from './api/agent-link-visit.ts';
import { useCaptcha } from './api/get-captcha.ts';
import { useRegistrationRules } from './api/get-registration-rules.ts';
import { useRegister, type RegisterMethod } from './api/register.ts';
import { AuthSheet } from './components/auth-sheet.tsx';
import { CaptchaField } from './components/captcha-field.tsx';
import { CheckboxField, MobileNumberField, PasswordField, TextField } from './components/fields.tsx';
import { MethodTabs } from './components/method-tabs.tsx';
import { SmsCodeInput } from './components/phone-code-fields.tsx';
import { SocialLoginButtons } from './components/social-login-buttons.tsx';
import { TrialButton } from './components/trial-button.tsx';
import { useBriefErrorToast } from './hooks/use-brief-error-toast.ts';
import { useRevalidatedConfirmation } from './hooks/use-revalidated-confirmation.ts';
import { useStartSession } from './hooks/use-session-actions.ts';
import { useUsernameCheck } from './hooks/use-username-check.ts';
import { useSmsSender } from './hooks/use-sms-sender.ts';
import { mapServerFieldError } from './lib/form-errors.ts';
import { captchaSchema, schemaResolver } from './lib/form-schema.ts';

/** The fields a merchant may switch on, in the order of product.md §2. */
const OPTIONAL_FIELDS = OPTIONAL_REGISTRATION_FIELDS;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

type TextFieldName =
  | OptionalField
  | 'username'
  | 'password'
  | 'confirmPassword'
  | 'mobileNum'
  | 'verificationCode'
  | 'countryDialingCode'
  | 'captcha';

type RegisterValues = Record<TextFieldName, string> & { ageTerms: boolean };

const REQUIRED: FieldRule = { enabled: true, required: true };
const OPTIONAL: FieldRule = { enabled: true, required: false };

/**
 * Which fields the form shows for a method, in screen order (the first failing one gets the focus). An agent
 * link's code is shown (read-only) even where the merchant's rules hide the invitation code, so that the
 * visitor sees under which agent the account is made (docs/agents.md, "Agent links").
 */
export function visibleFields(
  rules: RegistrationRules,
  method: RegisterMethod,
  agentLink = false,
): TextFieldName[] {
  const ruleOf = (field: VerifierField) => rules.fields[field];
  const optional = OPTIONAL_FIELDS.filter(
    (field) => ruleOf(field)?.enabled || (agentLink && field === 'affiliateCode'),
  );
  if (method === 'mobile') {
    return [
      'mobileNum',
      ...(rules.smsVerification ? (['verificationCode'] as const) : []),
      ...(rules.mobilePassword ? (['password', 'confirmPassword'] as const) : []),
      ...optional,
      'captcha',
    ];
  }
  return [
    // The mobileNum rule describes the mobile method; without it, an optional extra of this one.
    ...(!rules.methods.mobile && ruleOf('mobileNum')?.enabled ? (['mobileNum'] as const) : []),
    'username',
    'password',
    'confirmPassword',
    ...optional,
    'captcha',
  ];
}

function registerSchema(rules: RegistrationRules, method: RegisterMethod, agentLink: boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of visibleFields(rules, method, agentLink)) {
    if (field === 'captcha') shape.captcha = captchaSchema;
    else if (field === 'confirmPassword') shape.confirmPassword = z.string();
    else if (field === 'countryDialingCode') continue;
    else {
      const required =
        ['username', 'password', 'verificationCode'].includes(field) ||
        (method === 'mobile' && field === 'mobileNum');
      const rule =
        field === 'mobileNum' || (agentLink && field === 'affiliateCode')
          ? OPTIONAL
          : (rules.fields[field] ?? REQUIRED);
      const schema = fieldSchema(field, required ? REQUIRED : rule);
      // The payee name is checked, and sent, as the banks write it (what the field shows once left).
      shape[field] =
        field === 'payeeName'
          ? z.preprocess((raw) => (typeof raw === 'string' ? toPayeeName(raw) : raw), schema)
          : schema;
    }
  }
  return z
    .object(shape)
    .loose()
    .superRefine((values, context) => {
      if ('confirmPassword' in shape && values.confirmPassword !== values.password) {
        context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'CONFIRMATION_NOT_MATCHED' });
      }
    });
}

const FIELD_INPUT: Partial<
  Record<TextFieldName, { inputMode?: 'numeric' | 'tel' | 'email'; autoComplete?: string }>
> = {
  username: { autoComplete: 'username' },
  mobileNum: { inputMode: 'tel', autoComplete: 'tel-national' },
  verificationCode: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  paymentPassword: { inputMode: 'numeric', autoComplete: 'off' },
  qqNum: { inputMode: 'numeric' },
  zalo: { inputMode: 'tel' },
  whatsapp: { inputMode: 'tel' },
  email: { inputMode: 'email', autoComplete: 'email' },
  payeeName: { autoComplete: 'name' },
  nickname: { autoComplete: 'nickname' },
};

/** The form once the rules are known. */
/**
 * Invitation links fill their code in: a member's invite link carries the referrer (`?recommenderId=`), an
 * agent's link the invitation code (`?affiliateCode=`). The fields stay editable and are checked as typed.
 */
function codesFromAddress(
  params: URLSearchParams,
): Partial<Record<'recommenderId' | 'affiliateCode', string>> {
  const codes: Partial<Record<'recommenderId' | 'affiliateCode', string>> = {};
  for (const name of ['recommenderId', 'affiliateCode'] as const) {
    const value = params.get(name)?.trim();
    if (value) codes[name] = value.slice(0, 64);
  }
  return codes;
}

/** Where an agent link left the visitor: under an agent, or told the link is wrong. */
function AgentLinkNote({ visit, error }: { visit: AgentLinkVisit | null; error: unknown }) {
  const { t } = useTranslation();
  if (visit || !error) return null;
  return (
    <p className="kl-auth-form__failure" role="alert">
      {messageFor(error)} <span className="kl-auth-form__notice">{t('auth.agentLink.withoutAgent')}</span>
    </p>
  );
}

function RegisterForm({
  rules,
  agentLink,
  agentLinkError,
}: {
  rules: RegistrationRules;
  /** The agent link the page was opened with, once the server accepted it. */
  agentLink: AgentLinkVisit | null;
  /** Why the server refused the link (AGENT_LINK_INCORRECT), if it did. */
  agentLinkError: unknown;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bothMethods = rules.methods.username && rules.methods.mobile;
  const [method, setMethod] = useState<RegisterMethod>(rules.methods.username ? 'username' : 'mobile');
  const captcha = useCaptcha('register');
  const registerCall = useRegister();
  const startSession = useStartSession();
  const sms = useSmsSender('register');
  // An agent link's code was checked by its visit.
  const agentCode = agentLink?.code ?? null;
  const [checkedAffiliate, setCheckedAffiliate] = useState<string | null>(agentCode);
  const fields = visibleFields(rules, method, agentCode !== null);
  const shows = (field: TextFieldName) => fields.includes(field);

  // The rules of the fields on screen; react-hook-form takes the resolver of each render.
  const resolver = useMemo(
    () => schemaResolver<RegisterValues>(registerSchema(rules, method, agentCode !== null)),
    [rules, method, agentCode],
  );

  const emptyText = Object.fromEntries(
    [
      ...OPTIONAL_FIELDS,
      'username',
      'password',
      'confirmPassword',
      'mobileNum',
      'verificationCode',
      'captcha',
    ].map((name) => [name, '']),
  ) as Record<TextFieldName, string>;
  const [searchParams] = useSearchParams();
  const form = useForm<RegisterValues>({
    resolver,
    defaultValues: {
      ...emptyText,
      ...codesFromAddress(searchParams),
      ...(agentCode ? { affiliateCode: agentCode } : {}),
      countryDialingCode: rules.defaultCountryDialingCode,
      ageTerms: rules.termsCheckedByDefault,
    },
  });
  const { register, handleSubmit, formState, setError, setValue, setFocus, control } = form;
  const errors = formState.errors;
  const ageTerms = useWatch({ control, name: 'ageTerms' });

  // product.md §5: a refused invitation code is said for 1 s (a toast), and the field gets the focus.
  const briefError = useBriefErrorToast();
  const showInvitationCodeError = () => {
    briefError(t('INVALID_INVITATION_CODE', { ns: 'errors' }));
    setFocus('affiliateCode');
  };
  useRevalidatedConfirmation(form, 'password', 'confirmPassword');
  // Not while the form is being sent: the registration itself answers USERNAME_EXISTS, and a question
  // still on its way would find the name it is registering.
  useUsernameCheck(form, shows('username') && !formState.isSubmitting);
  // What the payee name typed became in the banks' form, when it changed ("Nguyễn Văn An" → NGUYEN VAN AN).
  const [payeeWritten, setPayeeWritten] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    const affiliateCode = shows('affiliateCode') ? values.affiliateCode : undefined;
    if (affiliateCode && checkedAffiliate !== affiliateCode) {
      let valid: boolean;
      try {
        valid = await affiliateCheck(affiliateCode);
      } catch (error) {
        void toast.error(messageFor(error));
        return;
      }
      if (!valid) {
        showInvitationCodeError();
        return;
      }
      setCheckedAffiliate(affiliateCode);
    }
    const payload: RegistrationPayload = {
      registerMethod: isInstalledWebApp() ? 'PWA' : 'H5',
      registerUrl: window.location.href,
      domain: window.location.hostname,
      type: 0,
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
      captcha: values.captcha,
      captchaId: captcha.data?.captchaId,
    };
    const extra = payload as Record<string, unknown>;
    for (const field of fields) {
      if (['password', 'confirmPassword', 'captcha'].includes(field)) continue;
      const value = values[field];
      if (value) extra[field] = value;
    }
    if (shows('mobileNum') && values.mobileNum) payload.countryDialingCode = values.countryDialingCode;
    try {
      const info = await registerCall.mutateAsync({ method, payload });
      startSession(info);
      void toast.success(t('auth.registered'));
      void navigate(HOME_PATH, { replace: true });
    } catch (error) {
      // The captcha was used up by the attempt.
      setValue('captcha', '');
      void captcha.refetch();
      if (error instanceof ApiError && error.code === 'INVALID_INVITATION_CODE' && shows('affiliateCode')) {
        // Accepted by the check, refused by the registration (withdrawn meanwhile).
        setCheckedAffiliate(null);
        showInvitationCodeError();
      } else if (!mapServerFieldError(error, setError, fields)) void toast.error(messageFor(error));
    }
  });

  const field = (name: Exclude<TextFieldName, 'password' | 'confirmPassword' | 'captcha'>) => {
    const registration = register(name);
    const input = FIELD_INPUT[name] ?? {};
    const common = {
      label: t(`auth.fields.${name}`),
      error: errors[name]?.message,
      maxLength: name in FIELD_SPECS ? FIELD_SPECS[name as VerifierField].maxLength : undefined,
      ...input,
    };
    if (name === 'payeeName') {
      // Typed as on the identity card (accents, any case: a Vietnamese keyboard composes its letters in
      // the field), written in the banks' form when the field is left, and said so.
      return (
        <TextField
          {...common}
          autoCapitalize="characters"
          hint={
            payeeWritten
              ? t('auth.hints.payeeNameWritten', { name: payeeWritten })
              : t('auth.hints.payeeName')
          }
          registration={{
            ...registration,
            onBlur: (event) => {
              const target = event.target as HTMLInputElement;
              const written = toPayeeName(target.value);
              if (written !== target.value) {
                target.value = written;
                setPayeeWritten(written || null);
              } else setPayeeWritten((said) => (said === written ? said : null));
              return registration.onBlur(event);
            },
          }}
        />
      );
    }
    if (name === 'birthday') {
      return (
        <TextField
          {...common}
          type="date"
          min={`${BIRTHDAY_MIN_YEAR}-01-01`}
          max={`${new Date().getFullYear()}-12-31`}
          registration={registration}
        />
      );
    }
    if (name === 'mobileNum') {
      return (
        <MobileNumberField
          codes={rules.countryDialingCodes}
          registration={registration}
          dialingCode={register('countryDialingCode')}
          error={common.error}
          maxLength={FIELD_SPECS.mobileNum.maxLength}
        />
      );
    }
    if (name === 'verificationCode') {
      return <SmsCodeInput form={form} sms={sms} />;
    }
    if (name === 'affiliateCode' && agentLink) {
      return (
        <TextField
          {...common}
          readOnly
          hint={t('auth.agentLink.note', { agent: agentLink.agent })}
          registration={registration}
        />
      );
    }
    if (name === 'paymentPassword') {
      return <PasswordField {...common} registration={registration} />;
    }
    return <TextField {...common} registration={registration} />;
  };

  return (
    <form className="kl-auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <AgentLinkNote visit={agentLink} error={agentLinkError} />
      {bothMethods && (
        <MethodTabs
          label={t('auth.registerMethod')}
          value={method}
          onChange={(next) => {
            setMethod(next);
            form.clearErrors();
          }}
          options={[
            { value: 'username', label: t('auth.byUsername') },
            { value: 'mobile', label: t('auth.byMobile') },
          ]}
        />
      )}
      {fields.map((name) => {
        if (name === 'password') {
          return (
            <PasswordField
              key={name}
              label={t('auth.fields.password')}
              registration={register('password')}
              error={errors.password?.message}
              autoComplete="new-password"
              maxLength={FIELD_SPECS.password.maxLength}
              hint={t('auth.hints.password')}
            />
          );
        }
        if (name === 'confirmPassword') {
          return (
            <PasswordField
              key={name}
              label={t('auth.fields.confirmPassword')}
              registration={register('confirmPassword')}
              error={errors.confirmPassword?.message}
              autoComplete="new-password"
              maxLength={FIELD_SPECS.password.maxLength}
            />
          );
        }
        if (name === 'captcha') {
          return (
            <CaptchaField
              key={name}
              captcha={captcha}
              registration={register('captcha')}
              error={errors.captcha?.message}
            />
          );
        }
        if (name === 'countryDialingCode') return null;
        return <Fragment key={name}>{field(name)}</Fragment>;
      })}
      <CheckboxField registration={register('ageTerms')}>
        {t('auth.ageTerms', { age: rules.ageLimit })}{' '}
        <Link to={`${fullPath('help')}?tag=terms`} className="kl-auth-form__link">
          {t('auth.terms')}
        </Link>
      </CheckboxField>
      <button
        type="submit"
        className="kl-button kl-button--primary kl-auth-form__wide"
        disabled={!ageTerms || formState.isSubmitting}
      >
        {t('auth.registerSubmit')}
      </button>
      <TrialButton />
      <SocialLoginButtons rules={rules} />
      <p className="kl-auth-form__switch">
        {t('auth.haveAccount')}{' '}
        <Link to={fullPath('login')} replace className="kl-auth-form__link">
          {t('auth.loginNow')}
        </Link>
      </p>
    </form>
  );
}

/** The agent link's code of the address (`?agent=`), or null. */
function agentCodeOf(params: URLSearchParams): string | null {
  return params.get(AGENT_LINK_PARAM)?.trim().slice(0, 32) || null;
}

/**
 * /m/register (product.md §2 Registration screen), a sheet; opening it fetches a fresh captcha. Opened
 * through an agent link (`?agent=CODE`, docs/agents.md "Agent links"), it tells the server of the visit
 * first: an accepted link fills the invitation code in and keeps it; a refused one is said on the form,
 * which then registers without an agent.
 */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const rules = useRegistrationRules();
  const [searchParams] = useSearchParams();
  const agentVisit = useAgentLinkVisit(agentCodeOf(searchParams));
  return (
    <AuthSheet page="register" title={t('route.register')}>
      {rules.data && !agentVisit.isLoading ? (
        <RegisterForm
          rules={rules.data}
          agentLink={agentVisit.data ?? null}
          agentLinkError={agentVisit.error}
        />
      ) : rules.isError ? (
        <EmptyState title={messageFor(rules.error)}>
          <button type="button" className="kl-button kl-button--outline" onClick={() => void rules.refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : (
        <p role="status" className="kl-auth-form__loading">
          {t('in_please_wait')}
        </p>
      )}
    </AuthSheet>
  );
}
