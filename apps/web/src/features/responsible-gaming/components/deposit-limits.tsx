import {
  LIMIT_RAISE_DELAY_HOURS,
  type DepositLimitPeriod,
  type DepositLimitView,
  type ResponsibleGamingSettings,
} from '@kl/contracts/responsible-gaming';
import type { TFunction } from 'i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import { CallFailure } from '../../../shared/ui/call-failure.tsx';
import { RESPONSIBLE_GAMING_KEY } from '../api/keys.ts';
import { setDepositLimits } from '../api/set-deposit-limits.ts';
import { formatDateTime } from '../lib/dates.ts';
import { checkLimitAmount, type LimitCheck } from '../lib/limit-amount.ts';

type LimitError = Extract<LimitCheck, { ok: false }>['error'];

/** What the change just made means, read from the settings the server answered. */
function outcomeText(
  t: TFunction,
  view: DepositLimitView | undefined,
  money: (amount: number) => string,
  language: string,
): string {
  if (!view) return '';
  if (view.pending) {
    const date = formatDateTime(view.pending.effectiveAt, language) ?? '';
    return view.pending.amount === null
      ? t('responsibleGaming.limits.removalPending', { date })
      : t('responsibleGaming.limits.raisePending', { amount: money(view.pending.amount), date });
  }
  return view.amount === null
    ? t('responsibleGaming.limits.removedNow')
    : t('responsibleGaming.limits.setNow', { amount: money(view.amount) });
}

/** One limit: in force, used and remaining, a pending raise or removal, and the form to change it. */
function LimitCard({ limit, currency }: { limit: DepositLimitView; currency: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<LimitError | null>(null);
  const [outcome, setOutcome] = useState('');
  // After a first attempt to save, the amount is checked again at every change.
  const [attempted, setAttempted] = useState(false);
  const ids = { heading: useId(), input: useId(), hint: useId(), error: useId() };
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const periodName = t(`responsibleGaming.periods.${limit.period}`);
  const save = useMutation({
    mutationFn: (amount: number | null) => setDepositLimits({ [limit.period]: amount }),
    onMutate: () => setOutcome(''),
    meta: { errorToast: false },
    onSuccess: (settings) => {
      queryClient.setQueryData(RESPONSIBLE_GAMING_KEY, settings);
      setText('');
      setAttempted(false);
      const view = settings.depositLimits.find((item) => item.period === limit.period);
      setOutcome(outcomeText(t, view, money, i18n.language));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setAttempted(true);
    const check = checkLimitAmount(text);
    setError(check.ok ? null : check.error);
    if (!check.ok) {
      document.getElementById(ids.input)?.focus();
      return;
    }
    save.mutate(check.amount);
  };

  const pending = limit.pending;
  const pendingDate = pending ? (formatDateTime(pending.effectiveAt, i18n.language) ?? '') : '';
  return (
    <section className="kl-rg-card" aria-labelledby={ids.heading} data-period={limit.period}>
      <h3 id={ids.heading} className="kl-rg-card__title">
        {t(`responsibleGaming.limits.titles.${limit.period}`)}
      </h3>
      <dl className="kl-rg-rows">
        <div>
          <dt>{t('responsibleGaming.limits.current')}</dt>
          <dd data-testid={`limit-${limit.period}`}>
            {limit.amount === null ? t('responsibleGaming.limits.none') : money(limit.amount)}
          </dd>
        </div>
        <div>
          <dt>{t(`responsibleGaming.limits.used.${limit.period}`)}</dt>
          <dd>{money(limit.used)}</dd>
        </div>
        {limit.remaining !== null && (
          <div>
            <dt>{t('responsibleGaming.limits.remaining')}</dt>
            <dd>{money(limit.remaining)}</dd>
          </div>
        )}
      </dl>
      {pending && (
        <p className="kl-rg-pending" data-testid={`pending-${limit.period}`}>
          {pending.amount === null
            ? t('responsibleGaming.limits.removalPending', { date: pendingDate })
            : t('responsibleGaming.limits.raisePending', {
                amount: money(pending.amount),
                date: pendingDate,
              })}
        </p>
      )}
      <form className="kl-rg-form" noValidate onSubmit={submit}>
        <label htmlFor={ids.input} className="kl-rg-label">
          {t('responsibleGaming.limits.newLimit', { period: periodName, currency })}
        </label>
        <input
          id={ids.input}
          className="kl-rg-input"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(event) => {
            setText(event.target.value);
            if (attempted) {
              const check = checkLimitAmount(event.target.value);
              setError(check.ok ? null : check.error);
            }
          }}
        />
        <p id={ids.hint} className="kl-rg-hint">
          {t('responsibleGaming.limits.rule', { hours: LIMIT_RAISE_DELAY_HOURS })}
        </p>
        {error && (
          <p id={ids.error} className="kl-rg-error" role="alert">
            {t(`responsibleGaming.limits.errors.${error}`)}
          </p>
        )}
        <CallFailure call={save} className="kl-rg-error" />
        <div className="kl-rg-actions">
          <button
            type="submit"
            className="kl-button kl-button--primary kl-button--small"
            disabled={save.isPending}
          >
            {t('responsibleGaming.limits.save', { period: periodName })}
          </button>
          {limit.amount !== null && !(pending && pending.amount === null) && (
            <button
              type="button"
              className="kl-button kl-button--outline kl-button--small"
              disabled={save.isPending}
              onClick={() => {
                setError(null);
                save.mutate(null);
              }}
            >
              {t('responsibleGaming.limits.remove', { period: periodName })}
            </button>
          )}
        </div>
        <p className="kl-rg-outcome" role="status">
          {outcome}
        </p>
      </form>
    </section>
  );
}

/** The three deposit limits (daily, weekly, monthly). */
export function DepositLimits({ settings }: { settings: ResponsibleGamingSettings }) {
  const { t } = useTranslation();
  const headingId = useId();
  const byPeriod = new Map<DepositLimitPeriod, DepositLimitView>(
    settings.depositLimits.map((limit) => [limit.period, limit]),
  );
  return (
    <section className="kl-rg-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="kl-rg-heading">
        {t('responsibleGaming.limits.heading')}
      </h2>
      <p className="kl-rg-note">{t('responsibleGaming.limits.intro', { hours: LIMIT_RAISE_DELAY_HOURS })}</p>
      {[...byPeriod.values()].map((limit) => (
        <LimitCard key={limit.period} limit={limit} currency={settings.currency} />
      ))}
    </section>
  );
}
