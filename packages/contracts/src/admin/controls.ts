import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { moneySchema } from '../wallet.ts';
import { operatorRequestView } from './credentials.ts';
import type { AdminCallRule } from './calls.ts';

/**
 * The merchant's money controls (docs/back-office.md, "Four eyes"): the running totals above which a
 * movement of house money waits for a second operator, the limits a promotion must keep, and how long an
 * operator who gave a member money may not approve that member's withdrawals. They are the merchant's
 * settings, read by every approval and shown on the screens that use them.
 */

export const moneyControls = z.object({
  /** Manual credits one operator may apply at once in one merchant day, in total (minor units). */
  creditLimitPerOperatorDay: moneySchema,
  /** Manual credits one member may receive at once in one merchant day, in total, from anyone. */
  creditLimitPerMemberDay: moneySchema,
  /** A withdrawal above this amount is paid only once two different operators approved it. */
  withdrawalSecondApprovalAbove: moneySchema,
  /** A deposit order above this amount confirmed by hand is credited only at a second operator's approval. */
  depositConfirmSecondApprovalAbove: moneySchema,
  /** The largest bonus a promotion may give: its fixed amount, or the cap of a percent bonus. */
  promotionBonusCap: moneySchema.refine((value) => value > 0, { message: 'must be positive' }),
  /** The smallest turnover multiple a promotion may ask (of its bonus, or of deposit and bonus). */
  promotionMinTurnoverMultiple: z.number().int().min(0).max(1000),
  /**
   * For this many days after an operator credited a member, published or wrote a promotion the member
   * claimed, or offered or approved an agent's contract, that operator may not approve the member's
   * withdrawals.
   */
  segregationDays: z.number().int().min(0).max(365),
});
export type MoneyControls = z.infer<typeof moneyControls>;

/** The controls of a merchant that never set them (`npm run merchant:create` writes these). */
export const DEFAULT_MONEY_CONTROLS: MoneyControls = {
  creditLimitPerOperatorDay: 10_000_000,
  creditLimitPerMemberDay: 10_000_000,
  withdrawalSecondApprovalAbove: 50_000_000,
  depositConfirmSecondApprovalAbove: 10_000_000,
  promotionBonusCap: 10_000_000,
  promotionMinTurnoverMultiple: 1,
  segregationDays: 30,
};

/**
 * Whether `next` gives any operator more room than `current` (a higher limit or cap, a lower minimum, a
 * shorter period): such a change waits for a second owner; a change that only tightens applies at once.
 */
export function loosens(current: MoneyControls, next: MoneyControls): boolean {
  return (
    next.creditLimitPerOperatorDay > current.creditLimitPerOperatorDay ||
    next.creditLimitPerMemberDay > current.creditLimitPerMemberDay ||
    next.withdrawalSecondApprovalAbove > current.withdrawalSecondApprovalAbove ||
    next.depositConfirmSecondApprovalAbove > current.depositConfirmSecondApprovalAbove ||
    next.promotionBonusCap > current.promotionBonusCap ||
    next.promotionMinTurnoverMultiple < current.promotionMinTurnoverMultiple ||
    next.segregationDays < current.segregationDays
  );
}

/** What manual credits may still be applied at once today, for the operator and (when named) a member. */
export const creditRoom = z.object({
  /** Start of the merchant day the totals count from. */
  dayStart: z.iso.datetime(),
  operator: z.object({ limit: moneySchema, usedToday: moneySchema }),
  member: z.object({ limit: moneySchema, usedToday: moneySchema }).nullable(),
});
export type CreditRoom = z.infer<typeof creditRoom>;
export const creditRoomQuery = z.object({ memberId: z.uuid().optional() });

/** A change of the controls, with why (for the second owner and the audit). */
export const changeControlsBody = moneyControls.extend({ note: z.string().trim().min(1).max(500) });
export type ChangeControlsBody = z.input<typeof changeControlsBody>;

/**
 * A change that only tightens the controls is applied at once (`applied`); one that loosens any of them
 * waits for a second, independent owner as a `controls.update` request (`request`).
 */
export const controlsChange = z.object({
  applied: z.boolean(),
  controls: moneyControls,
  request: operatorRequestView.nullable(),
});
export type ControlsChange = z.infer<typeof controlsChange>;

export const adminControlsCalls = {
  adminControls: {
    method: 'GET',
    path: '/api/admin/controls',
    moduleId: 'ADMIN',
    response: moneyControls,
  },
  adminChangeControls: {
    method: 'PUT',
    path: '/api/admin/controls',
    moduleId: 'ADMIN',
    body: changeControlsBody,
    response: controlsChange,
  },
  adminCreditRoom: {
    method: 'GET',
    path: '/api/admin/adjustments/room',
    moduleId: 'ADMIN',
    query: creditRoomQuery,
    response: creditRoom,
  },
} as const satisfies ApiTable;

export const adminControlsRules = {
  // Every operator who moves money or writes promotions reads the limits that apply to them.
  adminControls: 'session',
  // Owners change them; a loosening waits for another owner (the request's kind is of this area).
  adminChangeControls: { area: 'operators', access: 'write' },
  adminCreditRoom: { area: 'adjustments', access: 'read' },
} as const satisfies Record<keyof typeof adminControlsCalls, AdminCallRule>;

/** The merchant day the running totals count in: Vietnam time (UTC+7), as the dashboard's days. */
export const CONTROLS_DAY_UTC_OFFSET_HOURS = 7;
