import type { DepositChannel } from '@kl/contracts/deposit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositFormState } from '../hooks/use-deposit-form.ts';

/**
 * The quick amounts of the channel, the amount field with the channel's minimum and maximum, the amount's
 * error and the refusal of the last attempt (both templates).
 */
export function AmountField({
  form,
  channel,
  inputId,
}: {
  form: DepositFormState;
  channel: DepositChannel;
  inputId: string;
}) {
  const { t } = useTranslation();
  const ids = { hint: useId(), error: useId() };
  const { amountText, amountError } = form;
  return (
    <>
      <fieldset className="kl-deposit-fieldset">
        <legend className="kl-deposit-legend">{t('deposit.quickAmounts')}</legend>
        <div className="kl-deposit-quick">
          {channel.quickAmounts.map((amount) => (
            <button
              key={amount}
              type="button"
              className="kl-button kl-button--outline kl-button--small"
              aria-pressed={amountText === String(amount)}
              onClick={() => form.pickQuickAmount(amount)}
            >
              {form.money(amount)}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="kl-deposit-field">
        <label htmlFor={inputId} className="kl-deposit-legend">
          {t('deposit.amount', { currency: channel.currency })}
        </label>
        <input
          id={inputId}
          className="kl-deposit-input"
          inputMode="numeric"
          autoComplete="off"
          value={amountText}
          aria-invalid={amountError !== null}
          aria-describedby={amountError ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(event) => form.typeAmount(event.target.value)}
        />
        <p id={ids.hint} className="kl-deposit-hint">
          {form.limitsOf(channel)}
        </p>
        {amountError && (
          <p id={ids.error} className="kl-deposit-error" role="alert">
            {form.amountErrorText(amountError)}
          </p>
        )}
      </div>

      {form.createErrorText !== null && (
        <p className="kl-deposit-error" role="alert">
          {form.createErrorText}
        </p>
      )}
    </>
  );
}
