import type { WithdrawalInfo } from '@kl/contracts/withdrawal';

export type WithdrawAmountError =
  'required' | 'whole' | 'min' | 'max' | 'kyc' | 'twoFactor' | 'available' | 'locked' | 'daily';
export type WithdrawAmountCheck = { ok: true; amount: number } | { ok: false; error: WithdrawAmountError };

type Limits = Pick<
  WithdrawalInfo,
  'minAmount' | 'maxAmount' | 'available' | 'withdrawable' | 'dailyCountLimit' | 'todayCount'
>;

/**
 * The amounts above which a request needs what the member has not done (docs/decisions/057-know-your-customer.md):
 * identity verification while not approved, two-step verification while it is off; null: no such limit.
 */
export interface NeededAbove {
  kyc: number | null;
  twoFactor: number | null;
}

export const NOTHING_NEEDED: NeededAbove = { kyc: null, twoFactor: null };

/** The limits of NeededAbove from the withdrawal info, for a member whose two-step verification is off or not. */
export function neededAbove(
  info: Pick<WithdrawalInfo, 'kyc' | 'twoFactorAbove'>,
  { twoFactorOff }: { twoFactorOff: boolean },
): NeededAbove {
  return {
    kyc: info.kyc.state === 'approved' ? null : info.kyc.requiredAbove,
    twoFactor: twoFactorOff ? info.twoFactorAbove : null,
  };
}

/**
 * The member may not ask for a withdrawal at all yet: the merchant checks identities before a member's first
 * withdrawal, this is the first, and the identity is not approved.
 */
export const kycBlocksWithdrawal = ({ kyc }: Pick<WithdrawalInfo, 'kyc'>): boolean =>
  kyc.state !== 'approved' && kyc.requiredForFirstWithdrawal && kyc.firstWithdrawal;

/** Requests still allowed today (the server's count; rejected requests do not count). */
export const requestsLeftToday = (info: Pick<Limits, 'dailyCountLimit' | 'todayCount'>) =>
  Math.max(0, info.dailyCountLimit - info.todayCount);

/**
 * The amount typed, checked as the server will: whole units of the currency (VND: đồng, also the minor
 * units the API takes; thousands separators are ignored), within the merchant's minimum and maximum, not
 * above the available balance nor its withdrawable part (money locked by turnover stays), and a request
 * left today; and not above what needs identity or two-step verification the member lacks (`needed`).
 */
export function checkWithdrawAmount(
  text: string,
  limits: Limits,
  needed: NeededAbove = NOTHING_NEEDED,
): WithdrawAmountCheck {
  if (requestsLeftToday(limits) === 0) return { ok: false, error: 'daily' };
  const digits = text.replace(/[\s.,_]/g, '');
  if (digits === '') return { ok: false, error: 'required' };
  if (!/^\d+$/.test(digits)) return { ok: false, error: 'whole' };
  const amount = Number(digits);
  if (!Number.isSafeInteger(amount) || amount > limits.maxAmount) return { ok: false, error: 'max' };
  if (amount < limits.minAmount) return { ok: false, error: 'min' };
  if (needed.kyc !== null && amount > needed.kyc) return { ok: false, error: 'kyc' };
  if (needed.twoFactor !== null && amount > needed.twoFactor) return { ok: false, error: 'twoFactor' };
  if (amount > limits.available) return { ok: false, error: 'available' };
  if (amount > limits.withdrawable) return { ok: false, error: 'locked' };
  return { ok: true, amount };
}
