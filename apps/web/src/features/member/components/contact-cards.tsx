import { zodResolver } from '@hookform/resolvers/zod';
import type { MemberProfile, MobileCodeRequest } from '@kl/contracts/accounts';
import { fieldSchema } from '@kl/contracts/verifier';
import { type ReactNode, useId, useState } from 'react';
import { type Control, useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSmsCountdown } from '../../../shared/hooks/use-sms-countdown.ts';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { useSubmitOnce } from '../../../shared/ui/form-submit.ts';
import { toast } from '../../../shared/ui/toast.ts';
import {
  useChangeEmail,
  useChangeMobile,
  useResendEmailVerification,
  useSendMobileCode,
} from '../api/profile.ts';
import { saveField } from '../lib/save-field.ts';

/**
 * The member's e-mail and mobile number on the profile screen (docs/decisions/059-member-contacts.md): the
 * address with whether it is verified, the form that changes it (a link is e-mailed to the new one), and
 * the number, changed with a code sent to the old number and one sent to the new.
 */

const emailForm = z.object({ email: fieldSchema('email') });

export function EmailCard({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const titleId = useId();
  const change = useChangeEmail();
  const resend = useResendEmailVerification();
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(emailForm),
    defaultValues: { email: '' },
  });
  const submit = useSubmitOnce(
    handleSubmit(({ email }) =>
      saveField(
        async () => {
          const kept = await change.mutateAsync(email ?? '');
          reset({ email: '' });
          return kept;
        },
        (kept) =>
          kept.emailVerified
            ? t('member.profile.email.verified')
            : t('member.profile.email.sent', { email: kept.email }),
        setError,
        ['email'],
      ),
    ),
  );
  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: ({ sentTo }) => void toast.success(t('member.profile.email.sent', { email: sentTo })),
      onError: (error) => void toast.error(messageFor(error)),
    });
  return (
    <form
      className="kl-member-card kl-member-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      data-testid="profile-email"
    >
      <h2 id={titleId} className="kl-member-card__title">
        {t('member.profile.email.title')}
      </h2>
      {profile.email ? (
        <p className="kl-contact">
          <span className="kl-contact__value">{profile.email}</span>
          <span
            className={
              profile.emailVerified ? 'kl-contact__state kl-contact__state--verified' : 'kl-contact__state'
            }
          >
            {t(profile.emailVerified ? 'member.profile.email.verified' : 'member.profile.email.unverified')}
          </span>
        </p>
      ) : (
        <p className="kl-member-card__note">{t('member.profile.email.none')}</p>
      )}
      {profile.email && !profile.emailVerified && (
        <>
          <p className="kl-member-card__note">{t('member.profile.email.unverifiedHint')}</p>
          <button type="button" className="kl-button" disabled={resend.isPending} onClick={sendAgain}>
            {t('member.profile.email.resend')}
          </button>
        </>
      )}
      <FormField control={control} name="email" label={t('member.profile.email.label')}>
        {(field, described) => (
          <input
            {...field}
            {...described}
            value={field.value ?? ''}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            className="kl-member-form__input"
          />
        )}
      </FormField>
      <button type="submit" className="kl-button kl-button--primary" disabled={change.isPending}>
        {t('member.profile.email.save')}
      </button>
    </form>
  );
}

const CODE_FIELDS = ['currentCode', 'mobileNum', 'newCode'] as const;

const mobileForm = (hasNumber: boolean) =>
  z.object({
    currentCode: hasNumber ? fieldSchema('verificationCode') : z.string().optional(),
    mobileNum: fieldSchema('mobileNum'),
    newCode: fieldSchema('verificationCode'),
  });
type MobileForm = z.input<ReturnType<typeof mobileForm>>;

/** `+84 912345678`. */
const shownNumber = (mobile: NonNullable<MemberProfile['mobile']>) =>
  `${mobile.countryDialingCode} ${mobile.mobileNum}`;

export function MobileCard({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [changing, setChanging] = useState(false);
  return (
    <section className="kl-member-card" aria-labelledby={titleId} data-testid="profile-mobile">
      <h2 id={titleId} className="kl-member-card__title">
        {t('member.profile.mobile.title')}
      </h2>
      <p className={profile.mobile ? 'kl-contact' : 'kl-member-card__note'}>
        {profile.mobile
          ? t('member.profile.mobile.current', { number: shownNumber(profile.mobile) })
          : t('member.profile.mobile.none')}
      </p>
      {changing ? (
        <MobileForm profile={profile} onDone={() => setChanging(false)} />
      ) : (
        <button type="button" className="kl-button" onClick={() => setChanging(true)}>
          {t(profile.mobile ? 'member.profile.mobile.change' : 'member.profile.mobile.add')}
        </button>
      )}
    </section>
  );
}

function MobileForm({ profile, onDone }: { profile: MemberProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useChangeMobile();
  const hasNumber = profile.mobile !== null;
  // The merchant's default dialing code when the member has none (the server fills it in).
  const countryDialingCode = profile.mobile?.countryDialingCode ?? '';
  const { control, handleSubmit, setError, trigger, getValues } = useForm<MobileForm>({
    resolver: zodResolver(mobileForm(hasNumber)),
    defaultValues: { currentCode: '', mobileNum: '', newCode: '' },
  });
  const submit = useSubmitOnce(
    handleSubmit(async () => {
      const { currentCode, mobileNum, newCode } = getValues();
      await saveField(
        async () => {
          await change.mutateAsync({
            ...(hasNumber && { currentCode: currentCode?.trim() }),
            countryDialingCode,
            mobileNum: mobileNum ?? '',
            newCode: newCode?.trim() ?? '',
          });
          onDone();
        },
        t('member.profile.mobile.saved'),
        setError,
        CODE_FIELDS,
      );
    }),
  );
  /** The new number once it checks out (the field shows why not, and has the focus, otherwise). */
  const newNumber = async (): Promise<MobileCodeRequest | null> =>
    (await trigger('mobileNum', { shouldFocus: true }))
      ? { target: 'new', countryDialingCode, mobileNum: getValues('mobileNum') ?? '' }
      : null;
  return (
    <form
      className="kl-member-form"
      noValidate
      onSubmit={submit}
      aria-label={t('member.profile.mobile.title')}
    >
      <p className="kl-member-card__note">{t('member.profile.mobile.hint')}</p>
      {hasNumber && (
        <CodeRow
          control={control}
          name="currentCode"
          label={t('member.profile.mobile.currentCode')}
          button={
            <CodeButton field="currentCode" setError={setError} request={() => ({ target: 'current' })} />
          }
        />
      )}
      <FormField control={control} name="mobileNum" label={t('member.profile.mobile.newNumber')}>
        {(field, described) => (
          <input
            {...field}
            {...described}
            value={field.value ?? ''}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            className="kl-member-form__input"
          />
        )}
      </FormField>
      <CodeRow
        control={control}
        name="newCode"
        label={t('member.profile.mobile.newCode')}
        button={<CodeButton field="mobileNum" setError={setError} request={newNumber} />}
      />
      <div className="kl-member-form__actions">
        <button type="button" className="kl-button" onClick={onDone}>
          {t('member.profile.mobile.cancel')}
        </button>
        <button type="submit" className="kl-button kl-button--primary" disabled={change.isPending}>
          {t('member.profile.mobile.save')}
        </button>
      </div>
    </form>
  );
}

/** A code's field with the button that sends it, grouped under the field's label. */
function CodeRow({
  control,
  name,
  label,
  button,
}: {
  control: Control<MobileForm>;
  name: 'currentCode' | 'newCode';
  label: string;
  button: ReactNode;
}) {
  return (
    <div role="group" aria-label={label} className="kl-code-row">
      <FormField control={control} name={name} label={label}>
        {(field, described) => (
          <input
            {...field}
            {...described}
            value={field.value ?? ''}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="kl-member-form__input"
          />
        )}
      </FormField>
      {button}
    </div>
  );
}

/**
 * Sends a code of the change, then counts down to when another may be asked. A refusal naming a field is
 * shown under `field`; a refusal for sending too soon starts the countdown to the time it gives.
 */
function CodeButton({
  field,
  setError,
  request,
}: {
  field: (typeof CODE_FIELDS)[number];
  setError: UseFormSetError<MobileForm>;
  request: () => MobileCodeRequest | null | Promise<MobileCodeRequest | null>;
}) {
  const { t } = useTranslation();
  const send = useSendMobileCode();
  const countdown = useSmsCountdown();
  const waiting = countdown.secondsLeft > 0;
  const click = async () => {
    const asked = await request();
    if (!asked || send.isPending || waiting) return;
    try {
      const { expirationTime } = await send.mutateAsync(asked);
      countdown.start(expirationTime);
      void toast.success(t('member.profile.mobile.codeSent'));
    } catch (error) {
      const later = error instanceof ApiError ? error.value?.expirationTime : undefined;
      if (typeof later === 'string') countdown.start(later);
      if (error instanceof ApiError && error.value?.field !== undefined) {
        setError(field, { type: 'server', message: error.code }, { shouldFocus: true });
      } else {
        void toast.error(messageFor(error));
      }
    }
  };
  return (
    <button
      type="button"
      className="kl-button kl-code-row__send"
      disabled={send.isPending || waiting}
      onClick={() => void click()}
    >
      {send.isPending
        ? t('member.profile.mobile.sending')
        : waiting
          ? t('member.profile.mobile.resendIn', { seconds: countdown.secondsLeft })
          : t('member.profile.mobile.sendCode')}
    </button>
  );
}
