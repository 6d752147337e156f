import type { DepositChannel, DepositOrder } from '@kl/contracts/deposit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/lib/money.ts';
import { createDepositOrder } from '../api/create-order.ts';
import { useDepositChannels } from '../api/get-channels.ts';
import { checkAmount, type AmountCheck } from '../lib/amount.ts';
import { depositRefusalText, isActualAccountRefusal } from '../lib/refusal.ts';

export type AmountError = Extract<AmountCheck, { ok: false }>['error'];

/**
 * What both deposit templates do before the order: the merchant's channels, the chosen one, the amount
 * (checked against the channel's minimum and maximum, again at every change after a first attempt) and the
 * create-order call. The templates only lay it out.
 */
export function useDepositForm(onCreated: (order: DepositOrder) => void) {
  const { t, i18n } = useTranslation();
  const channels = useDepositChannels();
  const [chosen, setChosen] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<AmountError | null>(null);
  const [attempted, setAttempted] = useState(false);
  // Its refusal shows by the amount, not in a toast.
  const create = useMutation({
    mutationFn: createDepositOrder,
    onSuccess: onCreated,
    meta: { errorToast: false },
  });

  const list = channels.data?.list ?? [];
  const chosenChannel = list.find((item) => item.code === chosen);
  /** The chosen channel, or the first one until a choice is made. */
  const channel = chosenChannel ?? list[0];
  const currency = channel?.currency ?? 'VND';
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const limitsOf = (item: DepositChannel) =>
    t('deposit.limits', { min: money(item.minAmount), max: money(item.maxAmount) });

  const validate = (text: string, against: DepositChannel) => {
    const check = checkAmount(text, against);
    setAmountError(check.ok ? null : check.error);
    return check;
  };

  return {
    channels,
    /** No form to show: loading, refused, failed or no channel (ChannelsState says which). */
    blocked:
      channels.isPending ||
      channels.isError ||
      !channel ||
      (create.isError && isActualAccountRefusal(create.error)),
    list,
    channel,
    /** The channel the member picked (undefined before any pick). */
    chosenChannel,
    money,
    limitsOf,
    amountText,
    amountError,
    amountErrorText: (error: AmountError) =>
      channel
        ? t(`deposit.amountErrors.${error}`, { min: money(channel.minAmount), max: money(channel.maxAmount) })
        : '',
    create,
    /** The refusal of the last create, in words (a deposit limit with its figures). */
    createErrorText: create.isError ? depositRefusalText(create.error) : null,
    chooseChannel(next: DepositChannel) {
      setChosen(next.code);
      create.reset();
      if (attempted) validate(amountText, next);
    },
    typeAmount(text: string) {
      setAmountText(text);
      create.reset();
      if (attempted && channel) validate(text, channel);
    },
    pickQuickAmount(amount: number) {
      setAmountText(String(amount));
      setAmountError(null);
      create.reset();
    },
    /** Checks the amount and creates the order; false when the amount is wrong (nothing sent). */
    submit(): boolean {
      if (create.isPending || !channel) return true;
      setAttempted(true);
      const check = validate(amountText, channel);
      if (!check.ok) return false;
      create.mutate({ channelCode: channel.code, amount: check.amount });
      return true;
    },
  };
}

export type DepositFormState = ReturnType<typeof useDepositForm>;
