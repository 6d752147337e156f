import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { pageParams } from '../paging.ts';
import {
  CLAIM_REJECT_REASONS,
  CLAIM_STATUSES,
  PROMOTION_TYPES,
  bonusRule,
  promotionId,
} from '../promotions.ts';
import { REQUIREMENT_STATUSES, TURNOVER_BASES, contributionTable } from '../wagering.ts';
import { moneySchema } from '../wallet.ts';
import type { AdminCallRule } from './calls.ts';
import { localizedInput } from './content.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Promotions in the back office (docs/back-office.md, "Promotions"): the merchant's promotions whatever
 * their window, made and changed by operators of the promotions area, and the claims members made.
 *
 * What a promotion can say is what the promotions module runs (contracts promotions.ts): its type (the
 * eligibility: a first deposit, deposits in total, or referred friends), the window, the bonus (fixed, or a
 * percent of the qualifying deposits up to a cap), the minimum deposit and the turnover multiple and base.
 * The share of a stake that counts toward turnover is the merchant's, per game category, for every bonus
 * (shown with the list, not set per promotion); a promotion has no budget.
 */

/** Where a promotion's window stands now. */
export const ADMIN_PROMOTION_STATUSES = ['scheduled', 'running', 'ended'] as const;
export type AdminPromotionStatus = (typeof ADMIN_PROMOTION_STATUSES)[number];

const localizedText = z.object({ vi: z.string(), en: z.string().optional() });

/** A promotion's turnover: this many times its base (0: none). */
export const promotionTurnover = z.object({
  multiple: z.number().int().min(0).max(1000),
  base: z.enum(TURNOVER_BASES),
});

export const adminPromotion = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  type: z.enum(PROMOTION_TYPES),
  title: localizedText,
  summary: localizedText,
  /** HTML as the operator wrote it (the player site sanitises it). */
  detailHtml: localizedText,
  imageUrl: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  status: z.enum(ADMIN_PROMOTION_STATUSES),
  bonus: bonusRule,
  minDeposit: moneySchema,
  currency: z.string(),
  /** Position in the player's list (lower first). */
  sort: z.number().int(),
  turnover: promotionTurnover,
  /** Claims made so far (applications and referral bonuses, whatever their status). */
  claims: z.number().int().min(0),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;

export const adminPromotionsQuery = z.object({
  status: z.enum(ADMIN_PROMOTION_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminPromotionsQuery = z.input<typeof adminPromotionsQuery>;

/** A page of promotions, and the merchant's turnover share per game category (the same for every bonus). */
export const adminPromotionPage = adminPage(adminPromotion).extend({ contributions: contributionTable });
export type AdminPromotionPage = z.infer<typeof adminPromotionPage>;

export const promotionParams = z.object({ promotionId });

/** A percent with at most two decimals (kept in hundredths of a percent). */
const inHundredths = (percent: number) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6;

/** The bonus an operator sets: a fixed amount, or a percent (two decimals at most) up to a cap. */
export const bonusRuleInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), amount: moneySchema.min(1) }),
  z.object({
    kind: z.literal('percent'),
    percent: z.number().positive().max(1000).refine(inHundredths, { message: 'at most two decimals' }),
    cap: moneySchema.min(1),
  }),
]);
export type BonusRuleInput = z.infer<typeof bonusRuleInput>;

/** A picture: an https URL or a path of the site; left out on creation, a banner is drawn from the title. */
export const promotionImageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((url) => /^https:\/\/[^\s"'<>]+$/.test(url) || /^\/(?!\/)[^\s"'<>]*$/.test(url), {
    message: 'an https URL or a path of the site',
  });

/** A promotion's code: what operators and links name it by, unique in the merchant. */
export const promotionCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,31}$/);

const editable = {
  title: localizedInput(200),
  summary: localizedInput(500),
  detailHtml: localizedInput(20_000),
  imageUrl: promotionImageUrl.optional(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  bonus: bonusRuleInput,
  minDeposit: moneySchema,
  turnover: promotionTurnover,
  sort: z.number().int().min(0).max(100_000),
};

const startsBeforeEnds = (body: { startsAt?: string | undefined; endsAt?: string | undefined }) =>
  !body.startsAt || !body.endsAt || Date.parse(body.startsAt) < Date.parse(body.endsAt);
const windowMessage = { message: 'endsAt must be after startsAt', path: ['endsAt'] };

export const createPromotionRequest = z
  .object({
    code: promotionCode,
    type: z.enum(PROMOTION_TYPES),
    ...editable,
    sort: editable.sort.default(0),
    turnover: editable.turnover.default({ multiple: 0, base: 'bonus' }),
  })
  .refine(startsBeforeEnds, windowMessage);
export type CreatePromotionRequest = z.input<typeof createPromotionRequest>;

/**
 * What changes: the fields given (the code and the type stay). `endNow` ends the promotion at once (its
 * end becomes now; one not started yet gets an empty window at this moment), whatever `endsAt` says.
 */
export const updatePromotionRequest = z
  .object({
    title: editable.title.optional(),
    summary: editable.summary.optional(),
    detailHtml: editable.detailHtml.optional(),
    imageUrl: editable.imageUrl,
    startsAt: editable.startsAt.optional(),
    endsAt: editable.endsAt.optional(),
    bonus: editable.bonus.optional(),
    minDeposit: editable.minDeposit.optional(),
    turnover: editable.turnover.optional(),
    sort: editable.sort.optional(),
    endNow: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing to change',
  })
  .refine(startsBeforeEnds, windowMessage);
export type UpdatePromotionRequest = z.input<typeof updatePromotionRequest>;

export const adminPromotionClaimsQuery = z.object({
  status: z.enum(CLAIM_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminPromotionClaimsQuery = z.input<typeof adminPromotionClaimsQuery>;

/**
 * A claim as it is stored: an application still `applying` moves on when its member next reads or claims
 * it. The turnover is that of the bonus once claimed (null before).
 */
export const adminPromotionClaim = z.object({
  id: z.number().int().positive(),
  promotionId: z.number().int().positive(),
  memberId: z.uuid(),
  username: z.string(),
  /** REFERRAL: the referred member whose deposit earned it. */
  referredMember: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  reason: z.enum(CLAIM_REJECT_REASONS).nullable(),
  bonusAmount: moneySchema.nullable(),
  depositAmount: moneySchema.nullable(),
  currency: z.string(),
  turnoverRequired: moneySchema.nullable(),
  turnoverDone: moneySchema.nullable(),
  turnoverStatus: z.enum(REQUIREMENT_STATUSES).nullable(),
  appliedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminPromotionClaim = z.infer<typeof adminPromotionClaim>;
export const adminPromotionClaimPage = adminPage(adminPromotionClaim);
export type AdminPromotionClaimPage = z.infer<typeof adminPromotionClaimPage>;

/** The promotions area's calls (composed into adminCalls, calls.ts). */
export const adminPromotionsCalls = {
  adminPromotions: {
    method: 'GET',
    path: '/api/admin/promotions',
    moduleId: 'ADMIN',
    query: adminPromotionsQuery,
    response: adminPromotionPage,
  },
  adminCreatePromotion: {
    method: 'POST',
    path: '/api/admin/promotions',
    moduleId: 'ADMIN',
    body: createPromotionRequest,
    response: adminPromotion,
  },
  adminUpdatePromotion: {
    method: 'PUT',
    path: '/api/admin/promotions/:promotionId',
    moduleId: 'ADMIN',
    params: promotionParams,
    body: updatePromotionRequest,
    response: adminPromotion,
  },
  adminPromotionClaims: {
    method: 'GET',
    path: '/api/admin/promotions/:promotionId/claims',
    moduleId: 'ADMIN',
    params: promotionParams,
    query: adminPromotionClaimsQuery,
    response: adminPromotionClaimPage,
  },
} as const satisfies ApiTable;

export const adminPromotionsRules: Record<keyof typeof adminPromotionsCalls, AdminCallRule> = {
  adminPromotions: { area: 'promotions', access: 'read' },
  adminCreatePromotion: { area: 'promotions', access: 'write' },
  adminUpdatePromotion: { area: 'promotions', access: 'write' },
  adminPromotionClaims: { area: 'promotions', access: 'read' },
};
