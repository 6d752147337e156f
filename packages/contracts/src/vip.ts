import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { moneySchema } from './wallet-balance.ts';

/**
 * VIP levels (product.md §2 /m/member/benefits, §3 Member info clubLabel.labelName, default 0).
 *
 * Each merchant keeps its levels as data: level 0..n, a name, the cumulative amount of paid deposits that
 * reaches the level, and its benefits. A member's level is the highest whose threshold their paid
 * deposits (ledger `deposit` transactions) reach; `clubLabel.labelName` is that level's number. Amounts
 * are integers in minor units (VND: whole đồng).
 */

export const vipBenefits = z.object({
  /** Credited once when the member reaches the level. */
  upgradeBonus: moneySchema,
  birthdayBonus: moneySchema,
  monthlyBonus: moneySchema,
  /** Withdrawals a day and the most that may be withdrawn in a day at this level. */
  dailyWithdrawalCount: z.number().int().min(0),
  dailyWithdrawalLimit: moneySchema,
  /** Rebate on bets, in percent (two decimals at most, e.g. 0.8). */
  rebatePercent: z.number().min(0).max(100),
});
export type VipBenefits = z.infer<typeof vipBenefits>;

export const vipLevel = z.object({
  level: z.number().int().min(0),
  /** In the caller's language. */
  name: z.string(),
  /** Paid deposits (cumulative) that reach the level. */
  depositThreshold: moneySchema,
  benefits: vipBenefits,
});
export type VipLevel = z.infer<typeof vipLevel>;

/** GET VIP levels: the merchant's levels, lowest first. */
export const vipLevels = z.object({
  list: z.array(vipLevel),
  currency: z.string(),
});
export type VipLevels = z.infer<typeof vipLevels>;

/** GET my VIP: the member's level and the way to the next one. */
export const myVip = z.object({
  level: z.number().int().min(0),
  name: z.string(),
  /** The member's paid deposits so far. */
  paidDeposits: moneySchema,
  currency: z.string(),
  /** Null at the top level. */
  next: z
    .object({
      level: z.number().int().min(0),
      name: z.string(),
      depositThreshold: moneySchema,
      /** What is still to deposit to reach it. */
      remaining: moneySchema,
    })
    .nullable(),
  /** Progress from this level's threshold to the next one's, 0–100 (100 at the top level). */
  progressPercent: z.number().int().min(0).max(100),
});
export type MyVip = z.infer<typeof myVip>;

/** The vip calls of the API table (api-paths.ts composes every domain's calls). */
export const vipCalls = {
  vipLevels: { method: 'GET', path: '/api/vip/levels', moduleId: 'COMM3', response: vipLevels },
  myVip: { method: 'GET', path: '/api/vip/me', moduleId: 'PERSPNL3', response: myVip },
} as const satisfies ApiTable;
