import type { WithdrawalInfo } from '@kl/contracts/withdrawal';

export type WithdrawAmountError = 'required' | 'whole' | 'min' | 'max' | 'available' | 'locked' | 'daily';
export type WithdrawAmountCheck = { ok: true; amount: number } | { ok: false; error: WithdrawAmountError };

type Limits = Pick<
  WithdrawalInfo,
  'minAmount' | 'maxAmount' | 'available' | 'withdrawable' | 'dailyCountLimit' | 'todayCount'
>;

/** Requests still allowed today (the server's count; rejected requests do not count). */
export const requestsLeftToday = (info: Pick<Limits, 'dailyCountLimit' | 'todayCount'>) =>
  Math.max(0, info.dailyCountLimit - info.todayCount);

/**
 * The amount typed, checked as the server will: whole units of the currency (VND: đồng, also the minor
 * units the API takes; thousands separators are ignored), within the merchant's minimum and maximum, not
 * above the available balance nor its withdrawable part (money locked by turnover stays), and a request
 * left today.
 */
export function checkWithdrawAmount(text: string, limits: Limits): WithdrawAmountCheck {
  if (requestsLeftToday(limits) === 0) return { ok: false, error: 'daily' };
  const digits = text.replace(/[\s.,_]/g, '');
  if (digits === '') return { ok: false, error: 'required' };
  if (!/^\d+$/.test(digits)) return { ok: false, error: 'whole' };
  const amount = Number(digits);
  if (!Number.isSafeInteger(amount) || amount > limits.maxAmount) return { ok: false, error: 'max' };
  if (amount < limits.minAmount) return { ok: false, error: 'min' };
  if (amount > limits.available) return { ok: false, error: 'available' };
  if (amount > limits.withdrawable) return { ok: false, error: 'locked' };
  return { ok: true, amount };
}
