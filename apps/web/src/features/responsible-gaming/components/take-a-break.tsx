import {
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type ExclusionStarted,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@kl/contracts/responsible-gaming';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { startSelfExclusion, startTimeOut } from '../api/start-exclusion.ts';
import { formatDateTime } from '../lib/dates.ts';
import { expectedEnd } from '../lib/periods.ts';
import { endSession } from '../lib/end-session.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

type Kind = 'timeOut' | 'selfExclusion';

interface BreakFormProps<P extends TimeOutPeriod | SelfExclusionPeriod> {
  kind: Kind;
  periods: readonly P[];
  start: (period: P) => Promise<ExclusionStarted>;
}

/**
 * A time-out or a self-exclusion: the period, (for self-exclusion) an acknowledgement, then a dialog saying
 * what happens — logged out at once, no login until the end date. Once started, the session is over: the
 * browser forgets it and the member lands on home, logged out.
 */
function BreakForm<P extends TimeOutPeriod | SelfExclusionPeriod>({
  kind,
  periods,
  start,
}: BreakFormProps<P>) {
  const { t, i18n } = useTranslation();
  // The end date the dialog shows while it asks; null when it is closed.
  const [confirming, setConfirming] = useState<string | null>(null);
  const [period, setPeriod] = useState<P>(periods[0] as P);
  const [acknowledged, setAcknowledged] = useState(false);
  const [ackError, setAckError] = useState(false);
  const ids = { heading: useId(), ack: useId(), ackError: useId(), name: useId() };
  const needsAck = kind === 'selfExclusion';
  const start$ = useMutation({
    mutationFn: start,
    meta: { errorToast: false },
    onSuccess: () => endSession(),
    onError: () => setConfirming(null),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (start$.isPending) return;
    if (needsAck && !acknowledged) {
      setAckError(true);
      document.getElementById(ids.ack)?.focus();
      return;
    }
    setConfirming(formatDateTime(expectedEnd(period).toISOString(), i18n.language) ?? '');
  };

  return (
    <section className="kl-rg-section" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="kl-rg-heading">
        {t(`responsibleGaming.${kind}.heading`)}
      </h2>
      <p className="kl-rg-note">{t(`responsibleGaming.${kind}.intro`)}</p>
      <form className="kl-rg-form" noValidate onSubmit={submit}>
        <fieldset className="kl-rg-fieldset">
          <legend className="kl-rg-label">{t(`responsibleGaming.${kind}.period`)}</legend>
          <div className="kl-rg-choices">
            {periods.map((item) => (
              <label key={item} className="kl-rg-choice">
                <input
                  type="radio"
                  name={ids.name}
                  value={item}
                  checked={item === period}
                  onChange={() => setPeriod(item)}
                />
                <span>{t(`responsibleGaming.${kind}.periods.${item}` as never)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {needsAck && (
          <div className="kl-rg-ack">
            <input
              id={ids.ack}
              type="checkbox"
              checked={acknowledged}
              aria-invalid={ackError}
              aria-describedby={ackError ? ids.ackError : undefined}
              onChange={(event) => {
                setAcknowledged(event.target.checked);
                if (event.target.checked) setAckError(false);
              }}
            />
            <label htmlFor={ids.ack}>{t('responsibleGaming.selfExclusion.acknowledge')}</label>
          </div>
        )}
        {ackError && (
          <p id={ids.ackError} className="kl-rg-error" role="alert">
            {t('responsibleGaming.selfExclusion.acknowledgeRequired')}
          </p>
        )}
        {start$.isError && (
          <p className="kl-rg-error" role="alert">
            {messageFor(start$.error)}
          </p>
        )}
        <div className="kl-rg-actions">
          <button
            type="submit"
            className="kl-button kl-button--primary kl-button--small"
            disabled={start$.isPending}
          >
            {t(`responsibleGaming.${kind}.submit`)}
          </button>
        </div>
      </form>
      {confirming !== null && (
        <ConfirmDialog
          title={t(`responsibleGaming.${kind}.confirmTitle`)}
          text={t(`responsibleGaming.${kind}.confirmText`, {
            period: t(`responsibleGaming.${kind}.periods.${period}` as never),
            date: confirming,
          })}
          confirmText={t(`responsibleGaming.${kind}.confirm`)}
          cancelText={t('responsibleGaming.cancel')}
          busy={start$.isPending}
          onConfirm={() => start$.mutate(period)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}

export function TimeOutForm() {
  return <BreakForm<TimeOutPeriod> kind="timeOut" periods={TIME_OUT_PERIODS} start={startTimeOut} />;
}

export function SelfExclusionForm() {
  return (
    <BreakForm<SelfExclusionPeriod>
      kind="selfExclusion"
      periods={SELF_EXCLUSION_PERIODS}
      start={startSelfExclusion}
    />
  );
}
