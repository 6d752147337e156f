import type { TwoFactorEnrolment } from '@kl/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  startTwoFactor,
  TWO_FACTOR_KEY,
  useTwoFactorStatus,
} from '../api/two-factor.ts';
import { schemaResolver } from '../lib/form-schema.ts';
import { TextField } from './fields.tsx';

/** A code of the authenticator app (6 digits) or a recovery code; the server tells a wrong one. */
export const twoFactorCodeSchema = z.object({
  code: z.string().trim().min(6, 'WRONG_TWO_FACTOR_CODE').max(32, 'WRONG_TWO_FACTOR_CODE'),
});
type CodeValues = z.infer<typeof twoFactorCodeSchema>;

/**
 * One code field, its submit button and the server's refusal: the forms of turning two-step verification
 * on and off, and the login's second step (two-factor-step.tsx).
 */
export function TwoFactorCodeForm({
  title,
  label,
  submitLabel,
  onCode,
  numeric,
}: {
  title: string;
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<unknown>;
  /** Digits only (a recovery code is not taken here). */
  numeric?: boolean;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue, setFocus } = useForm<CodeValues>({
    resolver: schemaResolver<CodeValues>(twoFactorCodeSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async ({ code }) => {
    setRefusal(null);
    try {
      await onCode(code.trim());
    } catch (error) {
      setRefusal(messageFor(error));
      setValue('code', '');
      setFocus('code');
    }
  });
  return (
    <form className="kl-auth-form" noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      <TextField
        label={label}
        registration={register('code')}
        error={formState.errors.code?.message}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={numeric ? 6 : 32}
        {...(numeric && { inputMode: 'numeric' as const })}
      />
      {refusal && (
        <p className="kl-auth-form__failure" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="kl-button kl-button--primary" disabled={formState.isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}

/** The QR code and the key of a new secret, and the code that turns it on. */
function Enrolment({
  enrolment,
  onEnabled,
}: {
  enrolment: TwoFactorEnrolment;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="kl-two-factor">
      <p>{t('auth.twoFactor.scan')}</p>
      <img
        className="kl-two-factor__qr"
        src={enrolment.qrImage}
        alt={t('auth.twoFactor.qrImage')}
        width={180}
        height={180}
      />
      <p>
        {t('auth.twoFactor.secretLabel')}:{' '}
        <code className="kl-two-factor__secret" data-testid="two-factor-secret">
          {enrolment.secret}
        </code>
      </p>
      <TwoFactorCodeForm
        title={t('auth.twoFactor.turnOn')}
        label={t('auth.twoFactor.codeLabel')}
        submitLabel={t('auth.twoFactor.confirm')}
        numeric
        onCode={async (code) => onEnabled((await enableTwoFactor(code)).recoveryCodes)}
      />
    </div>
  );
}

/**
 * Two-step verification on the security screen (docs/decisions/056-member-two-factor.md): off, a button
 * that shows a new secret as a QR code and as text, turned on by a code of it; then the ten recovery codes,
 * shown once; on, the date and the recovery codes left, and a code (or recovery code) turns it off.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: startTwoFactor,
    onSuccess: setEnrolment,
    onError: (error) => void toast.error(messageFor(error)),
    meta: { errorToast: false },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });

  if (recoveryCodes) {
    return (
      <div className="kl-two-factor">
        <h3 className="kl-two-factor__title">{t('auth.twoFactor.recoveryTitle')}</h3>
        <p>{t('auth.twoFactor.recoveryHint')}</p>
        <ul className="kl-two-factor__codes" aria-label={t('auth.twoFactor.recoveryList')}>
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="kl-button kl-button--primary" onClick={() => setRecoveryCodes(null)}>
          {t('auth.twoFactor.saved')}
        </button>
      </div>
    );
  }
  if (status.isPending) return <p role="status">{t('in_please_wait')}</p>;
  if (status.isError)
    return (
      <LoadFailed className="kl-two-factor" error={status.error} onRetry={() => void status.refetch()} />
    );

  if (status.data.enabled) {
    return (
      <div className="kl-two-factor">
        <p data-testid="two-factor-state">
          {t('auth.twoFactor.onSince', {
            date: status.data.enabledAt ? (formatSiteDateTime(status.data.enabledAt) ?? '') : '',
            left: status.data.recoveryCodesLeft,
          })}
        </p>
        <p>{t('auth.twoFactor.turnOffHint')}</p>
        <TwoFactorCodeForm
          title={t('auth.twoFactor.turnOff')}
          label={t('auth.twoFactor.codeOrRecovery')}
          submitLabel={t('auth.twoFactor.turnOff')}
          onCode={async (code) => {
            await disableTwoFactor(code);
            void toast.success(t('auth.twoFactor.turnedOff'));
            await refresh();
          }}
        />
      </div>
    );
  }
  if (enrolment) {
    return (
      <Enrolment
        enrolment={enrolment}
        onEnabled={(codes) => {
          setEnrolment(null);
          setRecoveryCodes(codes);
          void refresh();
          void toast.success(t('auth.twoFactor.turnedOn'));
        }}
      />
    );
  }
  return (
    <div className="kl-two-factor">
      <p data-testid="two-factor-state">{t('auth.twoFactor.offHint')}</p>
      <button
        type="button"
        className="kl-button kl-button--outline kl-button--small"
        disabled={start.isPending}
        onClick={() => start.mutate()}
      >
        {t('auth.twoFactor.turnOn')}
      </button>
    </div>
  );
}
