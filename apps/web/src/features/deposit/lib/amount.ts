import type { DepositChannel } from '@kl/contracts/deposit';

export type AmountCheck =
  { ok: true; amount: number } | { ok: false; error: 'required' | 'whole' | 'min' | 'max' };

/**
 * The amount typed in the form, checked against the channel. Amounts are whole units of the channel's
 * currency (VND has no minor unit, so they are also the minor units the API takes); thousands separators
 * (dots, commas, spaces) are ignored.
 */
export function checkAmount(
  text: string,
  channel: Pick<DepositChannel, 'minAmount' | 'maxAmount'>,
): AmountCheck {
  const digits = text.replace(/[\s.,_]/g, '');
  if (digits === '') return { ok: false, error: 'required' };
  if (!/^\d+$/.test(digits)) return { ok: false, error: 'whole' };
  const amount = Number(digits);
  if (!Number.isSafeInteger(amount) || amount > channel.maxAmount) return { ok: false, error: 'max' };
  if (amount < channel.minAmount) return { ok: false, error: 'min' };
  return { ok: true, amount };
}
