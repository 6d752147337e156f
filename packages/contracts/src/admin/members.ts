import { z } from 'zod';
import { LOGIN_METHODS } from '../accounts.ts';
import { moneySchema } from '../wallet.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';
import { pageParams } from '../paging.ts';

/** Members in the back office, and manual balance adjustments (docs/back-office.md, "Members"). */

export const memberId = z.uuid();
export const memberParams = z.object({ memberId });

/** What a member search looks in: all of them by default. */
export const MEMBER_SEARCH_FIELDS = [
  'any',
  'username',
  'mobile',
  'email',
  'bankAccount',
  'registerIp',
] as const;

/**
 * What narrows the member list and its CSV: the search text and where it looks, and a tag of the merchant's
 * vocabulary (`GET /api/admin/member-tags`; members carrying it).
 */
export const memberFilters = {
  q: z.string().trim().max(64).optional(),
  field: z.enum(MEMBER_SEARCH_FIELDS).default('any'),
  tagId: z.coerce.number<number>().int().positive().optional(),
};

export const membersQuery = z.object({ ...memberFilters, ...pageParams(ADMIN_PAGE_SIZE) });
export type MembersQuery = z.input<typeof membersQuery>;

export const memberRow = z.object({
  id: memberId,
  username: z.string(),
  /** Member type (0, 1, 2 real; 4, 40, 41, 42 trial and test). */
  type: z.number().int(),
  /** `+84 912345678`, or null. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  available: moneySchema,
  currency: z.string(),
  registeredAt: z.iso.datetime(),
  registerIp: z.string().nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
  disabled: z.boolean(),
});
export type MemberRow = z.infer<typeof memberRow>;
export const memberPage = adminPage(memberRow);
export type MemberPage = z.infer<typeof memberPage>;

export const memberLedgerLine = z.object({
  transactionId: z.number().int(),
  kind: z.string(),
  /** Change of the available balance (negative for money out), in minor units. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reference: z.string().nullable(),
  at: z.iso.datetime(),
});

export const memberSessionRow = z.object({
  id: z.uuid(),
  device: z.string(),
  ip: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  active: z.boolean(),
});

/** One entry of the member's login history (docs/back-office.md, "Members"): a sign-in, or a refusal naming them. */
export const memberLoginRow = z.object({
  ip: z.string(),
  /** The address's country (ISO 3166 alpha-2, approximate); null when unknown. */
  country: z.string().nullable(),
  succeeded: z.boolean(),
  at: z.iso.datetime(),
  /** Null for entries kept before the method was recorded. */
  method: z.enum(LOGIN_METHODS).nullable(),
  /** A refusal's catalogue code. */
  reason: z.string().nullable(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
});

export const memberDetail = z.object({
  member: memberRow.extend({
    nickname: z.string().nullable(),
    payeeName: z.string().nullable(),
    affiliateCode: z.string().nullable(),
    vipLevel: z.number().int(),
    held: moneySchema,
  }),
  /** Newest first, at most 20. */
  ledger: z.array(memberLedgerLine),
  sessions: z.array(memberSessionRow),
  logins: z.array(memberLoginRow),
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const setMemberDisabledRequest = z.object({
  disabled: z.boolean(),
  reason: z.string().trim().min(1).max(200),
});
export const setMemberDisabledResult = z.object({
  disabled: z.boolean(),
  /** Open sessions ended by disabling. */
  sessionsEnded: z.number().int(),
});
export const endMemberSessionsResult = z.object({ sessionsEnded: z.number().int() });
/** A password-reset link e-mailed to the member: the address it went to. */
export const sendPasswordResetResult = z.object({ sentTo: z.string() });

// Manual balance adjustments.

export const ADJUSTMENT_STATUSES = ['pending', 'applied', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;

export const createAdjustmentRequest = z.object({
  memberId,
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.string().trim().min(3).max(200),
  /** Chosen by the caller for this adjustment: the same key again answers the first one. */
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type CreateAdjustmentRequest = z.input<typeof createAdjustmentRequest>;

/**
 * An adjustment up to the merchant's approval threshold is applied at once; above it, it waits
 * (`pending`) for a second operator of the adjustments area to approve or reject it.
 */
export const adjustment = z.object({
  id: z.number().int(),
  memberId,
  username: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: moneySchema,
  currency: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** The ledger transaction once applied. */
  transactionId: z.number().int().nullable(),
});
export type Adjustment = z.infer<typeof adjustment>;

export const adjustmentsQuery = z.object({
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export const adjustmentPage = adminPage(adjustment);
export const adjustmentParams = z.object({ adjustmentId: z.coerce.number<number>().int().positive() });
export const decideAdjustmentRequest = z.object({ approve: z.boolean() });
