import { ADMIN_AREAS, OPERATOR_ROLES } from '@kl/contracts/admin/access';
import {
  INVITATION_PURPOSES,
  OPERATOR_REQUEST_KINDS,
  OPERATOR_REQUEST_STATUSES,
} from '@kl/contracts/admin/credentials';
import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_STATUSES } from '@kl/contracts/admin/members';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { member } from './accounts.ts';
import { at, inList, money } from './columns.ts';
import { merchant } from './merchant.ts';

/**
 * The back office (docs/back-office.md): operator accounts with their role and two-factor secret, their
 * sessions, the append-only audit log of what they did, and manual balance adjustments.
 */

export const operator = pgTable(
  'operator',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchant.code),
    /** Lower case; unique per merchant. */
    username: text('username').notNull(),
    /**
     * argon2id. Null until the operator sets it through their invitation link (and after a reset of it):
     * nobody else ever knows it (docs/decisions/033-operator-credentials.md).
     */
    passwordHash: text('password_hash'),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    readOnly: boolean('read_only').notNull().default(false),
    /**
     * The TOTP secret (base32): offered at the first sign-in, kept once its first code was right. Sealed
     * under SECRET_KEYS (docs/decisions/034-secrets-at-rest.md); a value from before is plain text.
     */
    totpSecret: text('totp_secret'),
    /** Set when the first code was right: every later sign-in asks for a code of this secret. */
    totpEnrolledAt: at('totp_enrolled_at'),
    /** The last 30-second step whose code was used: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: at('disabled_at'),
    lastLoginAt: at('last_login_at'),
    /** Who created it; null for the first owner (created by `npm run operator:create`). */
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull(),
    /**
     * The operator who held the invitation link of the current credentials: the creator, or the owner who
     * approved their reset; null when made on the command line. Those two never check each other's
     * requests (modules/back-office/four-eyes.ts).
     */
    credentialsIssuedBy: uuid('credentials_issued_by'),
  },
  (table) => [
    uniqueIndex('operator_merchant_username_key').on(table.merchantCode, table.username),
    check('operator_role_check', inList(table.role, OPERATOR_ROLES)),
    check('operator_username_check', sql`${table.username} = lower(${table.username})`),
  ],
);
export type OperatorRow = typeof operator.$inferSelect;

/**
 * A one-time link through which an operator sets their own password and two-factor: for a new operator, or
 * after a reset another owner approved. Only the token's SHA-256 is kept; the token is shown once to the
 * owner who issued it. Used (or replaced by a newer one) once: `usedAt`.
 */
export const operatorInvitation = pgTable(
  'operator_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operator.id),
    purpose: text('purpose', { enum: INVITATION_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    issuedBy: uuid('issued_by')
      .notNull()
      .references(() => operator.id),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** When it was used, or replaced by a newer invitation of the same operator. */
    usedAt: at('used_at'),
  },
  (table) => [
    index('operator_invitation_operator_idx').on(table.operatorId),
    check('operator_invitation_purpose_check', inList(table.purpose, INVITATION_PURPOSES)),
  ],
);
export type OperatorInvitationRow = typeof operatorInvitation.$inferSelect;

/**
 * What one operator asks and another must approve (maker–checker), of any kind: the kind's handler says
 * the area whose write access deciding it takes and applies it (modules/back-office/operator-requests.ts).
 * At most one request of a kind waits per target.
 */
export const operatorRequest = pgTable(
  'operator_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind', { enum: OPERATOR_REQUEST_KINDS }).notNull(),
    area: text('area', { enum: ADMIN_AREAS }).notNull(),
    /** What it is about, e.g. the operator whose credentials are reset. */
    target: text('target').notNull(),
    payload: jsonb('payload').notNull(),
    note: text('note').notNull(),
    status: text('status', { enum: OPERATOR_REQUEST_STATUSES }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => operator.id),
    requestedAt: at('requested_at').notNull(),
    decidedBy: uuid('decided_by').references(() => operator.id),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note'),
  },
  (table) => [
    uniqueIndex('operator_request_pending_key')
      .on(table.merchantCode, table.kind, table.target)
      .where(sql`${table.status} = 'pending'`),
    index('operator_request_status_idx').on(table.merchantCode, table.status, table.requestedAt),
    check('operator_request_status_check', inList(table.status, OPERATOR_REQUEST_STATUSES)),
  ],
);
export type OperatorRequestRow = typeof operatorRequest.$inferSelect;

/** A signed-in operator's browser. The cookie holds the token; only its SHA-256 is kept. */
export const operatorSession = pgTable(
  'operator_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operator.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').notNull(),
    /** The last call: the session ends after the idle timeout without one. */
    lastSeenAt: at('last_seen_at').notNull(),
    /** Ends here in any case. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip').notNull(),
  },
  (table) => [index('operator_session_operator_idx').on(table.operatorId)],
);

/**
 * What operators did: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). The username is
 * copied so that an entry reads the same whatever later happens to the account.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    at: at('at').notNull(),
    operatorId: uuid('operator_id'),
    operatorUsername: text('operator_username').notNull(),
    ip: text('ip').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('operator_audit_merchant_at_idx').on(table.merchantCode, table.at),
    index('operator_audit_operator_idx').on(table.operatorId, table.at),
  ],
);

/**
 * A manual balance adjustment: applied through the ledger at once up to the approval threshold, above
 * it once a second operator approves. The idempotency key makes a repeated request answer the first.
 */
export const balanceAdjustment = pgTable(
  'balance_adjustment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => member.id),
    direction: text('direction', { enum: ADJUSTMENT_DIRECTIONS }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ADJUSTMENT_STATUSES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => operator.id),
    decidedBy: uuid('decided_by').references(() => operator.id),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    transactionId: bigint('transaction_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('balance_adjustment_key').on(table.merchantCode, table.idempotencyKey),
    index('balance_adjustment_status_idx').on(table.merchantCode, table.status, table.createdAt),
    // The running totals of credits applied at once (docs/back-office.md, "Four eyes").
    index('balance_adjustment_requester_created_idx').on(table.requestedBy, table.createdAt),
    index('balance_adjustment_member_created_idx').on(table.memberId, table.createdAt),
    check('balance_adjustment_amount_check', sql`${table.amount} > 0`),
    check('balance_adjustment_direction_check', inList(table.direction, ADJUSTMENT_DIRECTIONS)),
    check('balance_adjustment_status_check', inList(table.status, ADJUSTMENT_STATUSES)),
  ],
);
export type BalanceAdjustmentRow = typeof balanceAdjustment.$inferSelect;

/**
 * The merchant's money controls (docs/back-office.md, "Four eyes"; contracts admin/controls.ts): one row
 * per merchant, written by `npm run merchant:create` and changed in the back office (a change that loosens
 * them waits for a second owner). A merchant without the row runs on DEFAULT_MONEY_CONTROLS.
 */
export const merchantControls = pgTable(
  'merchant_controls',
  {
    merchantCode: text('merchant_code')
      .primaryKey()
      .references(() => merchant.code),
    creditLimitPerOperatorDay: money('credit_limit_per_operator_day').notNull(),
    creditLimitPerMemberDay: money('credit_limit_per_member_day').notNull(),
    withdrawalSecondApprovalAbove: money('withdrawal_second_approval_above').notNull(),
    /** A deposit order confirmed by hand above it is credited at a second operator's approval. */
    depositConfirmSecondApprovalAbove: money('deposit_confirm_second_approval_above')
      .notNull()
      .default(sql`10000000`),
    promotionBonusCap: money('promotion_bonus_cap').notNull(),
    promotionMinTurnoverMultiple: integer('promotion_min_turnover_multiple').notNull(),
    segregationDays: integer('segregation_days').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** The operator whose change (or approval of a change) made them so; null from the command line. */
    updatedBy: uuid('updated_by').references(() => operator.id),
  },
  (table) => [
    check(
      'merchant_controls_values_check',
      sql`${table.creditLimitPerOperatorDay} >= 0 and ${table.creditLimitPerMemberDay} >= 0
        and ${table.withdrawalSecondApprovalAbove} >= 0 and ${table.depositConfirmSecondApprovalAbove} >= 0 and ${table.promotionBonusCap} > 0
        and ${table.promotionMinTurnoverMultiple} >= 0 and ${table.segregationDays} >= 0`,
    ),
  ],
);
export type MerchantControlsRow = typeof merchantControls.$inferSelect;
