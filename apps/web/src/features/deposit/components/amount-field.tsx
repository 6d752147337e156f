import type { DepositChannel } from '@kl/contracts/deposit';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-field.tsx';
import type { DepositFormState } from '../hooks/use-deposit-form.ts';

/**
 * The quick amounts of the channel, the amount field with the channel's minimum and maximum, the amount's
 * error and the refusal of the last attempt (both templates).
 */
export function AmountField({ form, channel }: { form: DepositFormState; channel: DepositChannel }) {
  const { t } = useTranslation();
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
              aria-pressed={form.amountText === String(amount)}
              onClick={() => form.pickQuickAmount(amount)}
            >
              {form.money(amount)}
            </button>
          ))}
        </div>
      </fieldset>

      <FormField
        control={form.control}
        name="amount"
        label={t('deposit.amount', { currency: channel.currency })}
        hint={form.limitsOf(channel)}
        messageText={form.amountErrorText}
      >
        {(field, described) => (
          <input
            {...field}
            {...described}
            className="kl-deposit-input"
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => {
              field.onChange(event);
              form.amountEdited();
            }}
          />
        )}
      </FormField>

      {form.createErrorText !== null && (
        <p className="kl-deposit-error" role="alert">
          {form.createErrorText}
        </p>
      )}
    </>
  );
}
