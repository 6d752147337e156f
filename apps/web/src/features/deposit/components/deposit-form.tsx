import type { DepositChannel, DepositOrder } from '@kl/contracts/deposit';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatMoney } from '../../../shared/lib/money.ts';
import { createDepositOrder } from '../api/create-order.ts';
import { useDepositChannels } from '../api/get-channels.ts';
import { checkAmount, type AmountCheck } from '../lib/amount.ts';
import { isActualAccountRefusal } from '../lib/refusal.ts';
import { ActualAccountRequired } from './actual-account-required.tsx';

type AmountError = Extract<AmountCheck, { ok: false }>['error'];

/**
 * The deposit form (SPEC §2 /m/voucherCenter): the merchant's channels (bank transfer, VietQR, e-wallet),
 * the amount with the channel's quick amounts and its minimum and maximum, then the order.
 */
export function DepositForm({ onCreated }: { onCreated: (order: DepositOrder) => void }) {
  const { t, i18n } = useTranslation();
  const channels = useDepositChannels();
  const [chosen, setChosen] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<AmountError | null>(null);
  // After the first attempt to send, the amount is checked again at every change.
  const [attempted, setAttempted] = useState(false);
  const ids = { amount: useId(), hint: useId(), error: useId(), channels: useId() };
  const create = useMutation({ mutationFn: createDepositOrder, onSuccess: onCreated });

  if (channels.isPending) {
    return <p role="status">{t('deposit.loading')}</p>;
  }
  if (channels.isError) {
    if (isActualAccountRefusal(channels.error)) return <ActualAccountRequired />;
    return (
      <div className="kl-deposit-card" role="alert">
        <p>{messageFor(channels.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void channels.refetch()}
        >
          {t('deposit.retry')}
        </button>
      </div>
    );
  }
  if (create.isError && isActualAccountRefusal(create.error)) return <ActualAccountRequired />;

  const list = channels.data.list;
  const channel = list.find((item) => item.code === chosen) ?? list[0];
  if (!channel) return <p className="kl-deposit-card">{t('deposit.noChannels')}</p>;
  const money = (amount: number) => formatMoney(amount, channel.currency, i18n.language);
  const errorText = (error: AmountError) =>
    t(`deposit.amountErrors.${error}`, { min: money(channel.minAmount), max: money(channel.maxAmount) });

  const validate = (text: string, against: DepositChannel) => {
    const check = checkAmount(text, against);
    setAmountError(check.ok ? null : check.error);
    return check;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setAttempted(true);
    const check = validate(amountText, channel);
    if (!check.ok) {
      document.getElementById(ids.amount)?.focus();
      return;
    }
    create.mutate({ channelCode: channel.code, amount: check.amount });
  };

  const chooseChannel = (next: DepositChannel) => {
    setChosen(next.code);
    create.reset();
    if (attempted) validate(amountText, next);
  };

  return (
    <form className="kl-deposit-form" noValidate onSubmit={submit}>
      <fieldset className="kl-deposit-fieldset">
        <legend className="kl-deposit-legend">{t('deposit.channel')}</legend>
        <div className="kl-deposit-channels">
          {list.map((item) => (
            <label key={item.code} className="kl-deposit-channel" data-kind={item.kind}>
              <input
                type="radio"
                name={ids.channels}
                value={item.code}
                checked={item.code === channel.code}
                onChange={() => chooseChannel(item)}
              />
              <span className="kl-deposit-channel__name">{item.name}</span>
              <span className="kl-deposit-channel__kind">{t(`deposit.kinds.${item.kind}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="kl-deposit-fieldset">
        <legend className="kl-deposit-legend">{t('deposit.quickAmounts')}</legend>
        <div className="kl-deposit-quick">
          {channel.quickAmounts.map((amount) => (
            <button
              key={amount}
              type="button"
              className="kl-button kl-button--outline kl-button--small"
              aria-pressed={amountText === String(amount)}
              onClick={() => {
                setAmountText(String(amount));
                setAmountError(null);
                create.reset();
              }}
            >
              {money(amount)}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="kl-deposit-field">
        <label htmlFor={ids.amount} className="kl-deposit-legend">
          {t('deposit.amount', { currency: channel.currency })}
        </label>
        <input
          id={ids.amount}
          className="kl-deposit-input"
          inputMode="numeric"
          autoComplete="off"
          value={amountText}
          aria-invalid={amountError !== null}
          aria-describedby={amountError ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(event) => {
            setAmountText(event.target.value);
            create.reset();
            if (attempted) validate(event.target.value, channel);
          }}
        />
        <p id={ids.hint} className="kl-deposit-hint">
          {t('deposit.limits', { min: money(channel.minAmount), max: money(channel.maxAmount) })}
        </p>
        {amountError && (
          <p id={ids.error} className="kl-deposit-error" role="alert">
            {errorText(amountError)}
          </p>
        )}
      </div>

      {create.isError && (
        <p className="kl-deposit-error" role="alert">
          {messageFor(create.error)}
        </p>
      )}
      <button
        type="submit"
        className="kl-button kl-button--primary kl-deposit-submit"
        disabled={create.isPending}
      >
        {create.isPending ? t('deposit.creating') : t('deposit.create')}
      </button>
    </form>
  );
}
