/** Query keys of the withdrawal screens; the member's own data starts with ['member'] (a logout drops it). */
export const WITHDRAWAL_KEY = ['member', 'withdrawal'] as const;
export const WITHDRAWAL_INFO_KEY = [...WITHDRAWAL_KEY, 'info'] as const;
export const WITHDRAWALS_KEY = [...WITHDRAWAL_KEY, 'requests'] as const;
export const withdrawalRequestKey = (requestId: string) => [...WITHDRAWAL_KEY, 'request', requestId] as const;
/** The member's identity check (GET /api/member/kyc). */
export const KYC_KEY = ['member', 'kyc'] as const;
