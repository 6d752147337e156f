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
 *
 * Four eyes: a new promotion, and any change of one, waits as written until another operator publishes it;
 * its bonus and turnover keep within the merchant's limits (admin/controls.ts `promotionBonusCap`,
 * `promotionMinTurnoverMultiple`), checked when written and again when published.
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

/**
 * A change as it waits to be published (what the update call gave, but `endNow`): the fields it sets; the
 * others keep their live value.
 */
export const adminPromotionChange = z.object({
  title: localizedText.optional(),
  summary: localizedText.optional(),
  detailHtml: localizedText.optional(),
  imageUrl: z.string().optional(),
  startsAt: z.iso.datetime().optional(),
  endsAt: z.iso.datetime().optional(),
  bonus: bonusRule.optional(),
  minDeposit: moneySchema.optional(),
  turnover: promotionTurnover.optional(),
  sort: z.number().int().optional(),
});
export type AdminPromotionChange = z.infer<typeof adminPromotionChange>;

/** A promotion's pending change, its author and when it was written (the version a publish names). */
export const adminPromotionDraft = z.object({
  change: adminPromotionChange,
  draftBy: z.string().nullable(),
  draftAt: z.iso.datetime(),
});
export type AdminPromotionDraft = z.infer<typeof adminPromotionDraft>;

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
  /** Shown to players and open to them: published by an operator other than the one who wrote it. */
  published: z.boolean(),
  /** When the live terms were published (null: not published yet). */
  publishedAt: z.iso.datetime().nullable(),
  /** Who published the live terms (null: not published, or published by the seed or a migration). */
  publishedBy: z.string().nullable(),
  /** Who wrote the live terms (the creator, or the author of the last change published). */
  writtenBy: z.string().nullable(),
  /** Who created the promotion (null: made by the seed or before operators were recorded). */
  createdBy: z.string().nullable(),
  /** The change waiting for another operator to publish it, or null. */
  draft: adminPromotionDraft.nullable(),
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
 * The fields a change sets (the code and the type stay). Kept as the promotion's draft (db schema
 * `promotion.draft`) until another operator publishes it.
 */
export const promotionChange = z.object({
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
});
export type PromotionChange = z.infer<typeof promotionChange>;

/**
 * What changes: the fields given (the code and the type stay), written as the promotion's draft. `endNow`
 * ends the promotion at once (its end becomes now; one not started yet gets an empty window at this
 * moment), whatever `endsAt` says: it only takes exposure away, so it waits for nobody.
 */
export const updatePromotionRequest = promotionChange
  .extend({ endNow: z.literal(true).optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing to change',
  })
  .refine(startsBeforeEnds, windowMessage);
export type UpdatePromotionRequest = z.input<typeof updatePromotionRequest>;

/**
 * Publishing or discarding names what the operator read: the `draftAt` of the pending change (null: a new
 * promotion with no change). Another change written, published or discarded since: 409
 * PROMOTION_DRAFT_CHANGED, so nobody publishes terms they did not see.
 */
export const promotionDecisionRequest = z.object({ draftAt: z.iso.datetime().nullable() });
export type PromotionDecisionRequest = z.input<typeof promotionDecisionRequest>;

/**
 * The answer of a discard: the promotion without its draft, or null when a new promotion was withdrawn
 * (it never reached players and is gone).
 */
export const discardPromotionResult = z.object({ promotion: adminPromotion.nullable() });
export type DiscardPromotionResult = z.infer<typeof discardPromotionResult>;

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
  adminPublishPromotion: {
    method: 'POST',
    path: '/api/admin/promotions/:promotionId/publish',
    moduleId: 'ADMIN',
    params: promotionParams,
    body: promotionDecisionRequest,
    response: adminPromotion,
  },
  adminDiscardPromotion: {
    method: 'POST',
    path: '/api/admin/promotions/:promotionId/discard',
    moduleId: 'ADMIN',
    params: promotionParams,
    body: promotionDecisionRequest,
    response: discardPromotionResult,
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
  adminPublishPromotion: { area: 'promotions', access: 'write' },
  adminDiscardPromotion: { area: 'promotions', access: 'write' },
  adminPromotionClaims: { area: 'promotions', access: 'read' },
};
