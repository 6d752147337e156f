import type { DepositOrder } from '@kl/contracts/deposit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositForm } from '../hooks/use-deposit-form.ts';
import { AmountField } from './amount-field.tsx';
import { ChannelsState } from './channels-state.tsx';

/**
 * The deposit form (base template, product.md §2 /m/voucherCenter): the merchant's channels (bank transfer,
 * VietQR, e-wallet), the amount with the channel's quick amounts and its minimum and maximum, then the
 * order — all on one page.
 */
export function DepositForm({ onCreated }: { onCreated: (order: DepositOrder) => void }) {
  const { t } = useTranslation();
  const form = useDepositForm(onCreated);
  const channelsName = useId();

  if (form.blocked || !form.channel) return <ChannelsState form={form} />;
  const channel = form.channel;

  return (
    <form className="kl-deposit-form" noValidate onSubmit={form.submit}>
      <fieldset className="kl-deposit-fieldset">
        <legend className="kl-deposit-legend">{t('deposit.channel')}</legend>
        <div className="kl-deposit-channels">
          {form.list.map((item) => (
            <label key={item.code} className="kl-deposit-channel" data-kind={item.kind}>
              <input
                type="radio"
                name={channelsName}
                value={item.code}
                checked={item.code === channel.code}
                onChange={() => form.chooseChannel(item)}
              />
              <span className="kl-deposit-channel__name">{item.name}</span>
              <span className="kl-deposit-channel__kind">{t(`deposit.kinds.${item.kind}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <AmountField form={form} channel={channel} />
      <button
        type="submit"
        className="kl-button kl-button--primary kl-deposit-submit"
        disabled={form.create.isPending}
      >
        {form.create.isPending ? t('deposit.creating') : t('deposit.create')}
      </button>
    </form>
  );
}
