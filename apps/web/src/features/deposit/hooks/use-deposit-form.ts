import type { DepositChannel, DepositOrder } from '@kl/contracts/deposit';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import { useSubmitOnce } from '../../../shared/ui/form-submit.ts';
import { createDepositOrder } from '../api/create-order.ts';
import { useDepositChannels } from '../api/get-channels.ts';
import { depositForm } from '../lib/form-schema.ts';
import { depositRefusalText, isActualAccountRefusal } from '../lib/refusal.ts';

/** Limits that refuse nothing, while there is no channel (no form is shown then). */
const NO_CHANNEL = { minAmount: 0, maxAmount: Number.MAX_SAFE_INTEGER };

/**
 * What both deposit templates do before the order: the merchant's channels, the chosen one, the amount
 * (react-hook-form with the channel's minimum and maximum, checked again at every change after a first
 * attempt) and the create-order call, sent once whatever the taps. The templates only lay it out.
 */
export function useDepositForm(onCreated: (order: DepositOrder) => void) {
  const { t, i18n } = useTranslation();
  const channels = useDepositChannels();
  const [chosen, setChosen] = useState<string | null>(null);
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

  // The chosen channel's limits are the rules; react-hook-form takes the resolver of each render.
  const resolver = useMemo(() => zodResolver(depositForm(channel ?? NO_CHANNEL)), [channel]);
  const form = useForm({ resolver, defaultValues: { amount: '' } });
  const { control, handleSubmit, setValue, clearErrors, trigger } = form;
  const { isSubmitted } = form.formState;
  const amountText = useWatch({ control, name: 'amount' });

  // Another channel's limits apply at once to the amount typed (after a first attempt).
  const channelCode = channel?.code;
  const recheck = useEffectEvent(() => {
    if (isSubmitted) void trigger('amount');
  });
  useEffect(() => {
    if (channelCode) recheck();
  }, [channelCode]);

  const submit = useSubmitOnce(
    handleSubmit(async ({ amount }) => {
      if (!channel) return;
      await create.mutateAsync({ channelCode: channel.code, amount }).catch(() => undefined);
    }),
  );

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
    control,
    amountText,
    /** The text of an amount message of the schema, with the channel's limits. */
    amountErrorText: (message: string) =>
      channel
        ? t(message as 'deposit.amountErrors.min', {
            min: money(channel.minAmount),
            max: money(channel.maxAmount),
          })
        : '',
    create,
    /** The refusal of the last create, in words (a deposit limit with its figures). */
    createErrorText: create.isError ? depositRefusalText(create.error) : null,
    chooseChannel(next: DepositChannel) {
      setChosen(next.code);
      create.reset();
    },
    /** The member typed in the amount: the last refusal no longer applies. */
    amountEdited() {
      create.reset();
    },
    pickQuickAmount(amount: number) {
      setValue('amount', String(amount));
      clearErrors('amount');
      create.reset();
    },
    /** Checks the amount and creates the order (nothing is sent while the amount is wrong). */
    submit,
  };
}

export type DepositFormState = ReturnType<typeof useDepositForm>;
