import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { TURNOVER_BASES, wageringRequirement } from './wagering.ts';
import { moneySchema } from './wallet-balance.ts';

/**
 * Promotions (product.md §2 /m/activity, /m/activityDetail?id, /m/inviteFriends; §6 REFERRAL).
 *
 * A merchant runs promotions of a type, between `startsAt` and `endsAt`, each with a bonus rule in minor
 * units (fixed, or a percent of the qualifying deposits with a cap) and a condition (paid deposits of at
 * least `minDeposit`). A real member applies once per promotion; the claim then moves:
 *
 * - `applying`: applied, the condition is not met yet;
 * - `issued`: the condition is met, the bonus is fixed and waits for the member to claim it;
 * - `rejected`: not eligible, or the window ended unmet (`reason`, one of CLAIM_REJECT_REASONS);
 * - `claimed`: the member claimed it and the bonus was credited to the wallet (ledger `bonus`), once.
 *
 * The server evaluates `applying` claims whenever claims are read or claimed. REFERRAL promotions are not
 * applied to: the referrer gets one `issued` claim per referred member whose first deposit is paid in the
 * window, and claims it like any other.
 */

export const PROMOTION_TYPES = ['FIRST_DEPOSIT', 'DEPOSIT_TURNOVER', 'REFERRAL'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export const CLAIM_STATUSES = ['applying', 'rejected', 'issued', 'claimed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_REJECT_REASONS = [
  /** FIRST_DEPOSIT: the member had deposited before applying. */
  'NOT_FIRST_DEPOSIT',
  /** FIRST_DEPOSIT: the first deposit was below the minimum. */
  'DEPOSIT_TOO_SMALL',
  /** The promotion ended before the condition was met. */
  'WINDOW_ENDED',
  /** REFERRAL: the referrer and the referred member bound the same bank account. */
  'REFERRAL_SHARED_BANK_ACCOUNT',
  /** REFERRAL: the two registered from the same device. */
  'REFERRAL_SHARED_DEVICE',
  /** REFERRAL: the two registered from the same address. */
  'REFERRAL_SHARED_ADDRESS',
] as const;
export type ClaimRejectReason = (typeof CLAIM_REJECT_REASONS)[number];

export const BONUS_KINDS = ['fixed', 'percent'] as const;

/** The bonus: a fixed amount, or a percent of the qualifying deposits up to a cap. */
export const bonusRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), amount: moneySchema }),
  z.object({ kind: z.literal('percent'), percent: z.number().positive().max(1000), cap: moneySchema }),
]);
export type BonusRule = z.infer<typeof bonusRule>;

const MAX_ID = 2_147_483_647;
/** An id in a query string (text turned into a number). */
export const promotionId = z.coerce.number().int().positive().max(MAX_ID);
/** An id in a JSON body. */
const bodyId = z.number().int().positive().max(MAX_ID);

export const promotionSummary = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  type: z.enum(PROMOTION_TYPES),
  /** In the caller's language. */
  title: z.string(),
  summary: z.string(),
  /** A picture of the promotion (same-origin path or https). */
  imageUrl: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  bonus: bonusRule,
  /** Paid deposits needed (for REFERRAL: the referred member's first deposit). */
  minDeposit: moneySchema,
  currency: z.string(),
  /** True between startsAt and endsAt. */
  active: z.boolean(),
  /**
   * The bonus's turnover requirement: `multiple` × the bonus (base `bonus`) or × the qualifying deposit
   * plus the bonus (`deposit_bonus`), staked before the bonus and its winnings can be withdrawn; null: none.
   */
  turnover: z.object({ multiple: z.number().int().positive(), base: z.enum(TURNOVER_BASES) }).nullable(),
});
export type PromotionSummary = z.infer<typeof promotionSummary>;

export const promotionList = z.object({ list: z.array(promotionSummary) });
export type PromotionList = z.infer<typeof promotionList>;

export const promotionDetail = promotionSummary.extend({
  /** HTML written by the merchant: show it sanitised. */
  detailHtml: z.string(),
});
export type PromotionDetail = z.infer<typeof promotionDetail>;

export const promotionDetailQuery = z.object({ id: promotionId });

export const promotionClaim = z.object({
  id: z.number().int().positive(),
  promotionId: z.number().int().positive(),
  status: z.enum(CLAIM_STATUSES),
  reason: z.enum(CLAIM_REJECT_REASONS).nullable(),
  /** Fixed when issued. */
  bonusAmount: moneySchema.nullable(),
  currency: z.string(),
  /** REFERRAL: the referred member's username. */
  referredMember: z.string().nullable(),
  /** A claimed bonus's turnover requirement (null: none, or not claimed yet). */
  requirement: wageringRequirement.nullable(),
  appliedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PromotionClaim = z.infer<typeof promotionClaim>;

export const promotionClaims = z.object({ list: z.array(promotionClaim) });
export type PromotionClaims = z.infer<typeof promotionClaims>;

/** POST apply. */
export const applyPromotionRequest = z.object({ promotionId: bodyId });
export type ApplyPromotionRequest = z.infer<typeof applyPromotionRequest>;

/** POST claim: credits an issued bonus. Claiming a claimed one again credits nothing (`credited: false`). */
export const claimBonusRequest = z.object({ claimId: bodyId });
export type ClaimBonusRequest = z.infer<typeof claimBonusRequest>;

export const claimBonusResult = z.object({
  claim: promotionClaim,
  /** True when this call credited the bonus. */
  credited: z.boolean(),
});
export type ClaimBonusResult = z.infer<typeof claimBonusResult>;

/** The registration field that carries the referrer's code (`/m/register?recommenderId=CODE`). */
export const REFERRAL_FIELD = 'recommenderId';

/** GET my referral. */
export const myReferral = z.object({
  /** The member's referral code (stable). */
  code: z.string(),
  /** Path of the registration page with the code (the web app prefixes its origin). */
  link: z.string(),
  /** Members who registered with the code. */
  referredCount: z.number().int().min(0),
  /** A QR code of the full link: an SVG data URL. */
  qrDataUrl: z.string().startsWith('data:image/svg+xml'),
  /** The merchant's REFERRAL promotion running now, if any. */
  promotion: promotionSummary.nullable(),
});
export type MyReferral = z.infer<typeof myReferral>;

/** The promotions calls of the API table (api-paths.ts composes every domain's calls). */
export const promotionsCalls = {
  promotions: { method: 'GET', path: '/api/promotions', moduleId: 'COMM3', response: promotionList },
  promotionDetail: {
    method: 'GET',
    path: '/api/promotions/detail',
    moduleId: 'COMM3',
    query: promotionDetailQuery,
    response: promotionDetail,
  },
  applyPromotion: {
    method: 'POST',
    path: '/api/promotions/apply',
    moduleId: 'MEMTRANS3',
    body: applyPromotionRequest,
    response: promotionClaim,
  },
  promotionClaims: {
    method: 'GET',
    path: '/api/promotions/claims',
    moduleId: 'MEMTRANS3',
    response: promotionClaims,
  },
  claimBonus: {
    method: 'POST',
    path: '/api/promotions/claim',
    moduleId: 'MEMTRANS3',
    body: claimBonusRequest,
    response: claimBonusResult,
  },
  myReferral: {
    method: 'GET',
    path: '/api/promotions/referral',
    moduleId: 'MEMTRANS3',
    response: myReferral,
  },
} as const satisfies ApiTable;
