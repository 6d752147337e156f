import { AGENT_APPLICATION_STATUSES, SETTLEMENT_STATUSES } from '@kl/contracts/agents';
import { CONTRACT_KINDS } from '@kl/contracts/agent-contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { member } from './accounts.ts';
import { agentContract } from './agent-contracts.ts';
import { at, inList, money } from './columns.ts';
import { ledgerTransactionId, memberId, merchantCode } from './references.ts';

/**
 * Agents (docs/agents.md): the hierarchy, the chain above every member, applications, and the
 * settlements of the contracts that pay.
 */

/**
 * An agent: a member an operator made one, or who registered through a sub-agent link. `level` 1 is a
 * top agent; a sub-agent is one below its parent. The member's type says it too (1 or 2).
 */
export const agent = pgTable(
  'agent',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => member.id, { onDelete: 'cascade' }),
    merchantCode: merchantCode(),
    parentMemberId: uuid('parent_member_id').references(() => member.id),
    level: smallint('level').notNull(),
    /** `operator:<username>`, `application:<id>` or `link:<code>`. */
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('agent_merchant_idx').on(table.merchantCode, table.createdAt),
    index('agent_parent_idx').on(table.parentMemberId),
    check('agent_level_check', sql`${table.level} >= 1`),
    check('agent_parent_check', sql`(${table.level} = 1) = (${table.parentMemberId} is null)`),
  ],
);

/**
 * The chain of agents above a member, written once at registration (or when a member who had none is
 * attached): `depth` 1 is the member's own agent, 2 that agent's parent… An agent's direct downline is
 * `upline = agent and depth = 1`, its team `upline = agent`.
 */
export const memberUpline = pgTable(
  'member_upline',
  {
    memberId: memberId('cascade'),
    uplineMemberId: uuid('upline_member_id')
      .notNull()
      .references(() => member.id),
    depth: smallint('depth').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.depth] }),
    uniqueIndex('member_upline_pair_key').on(table.uplineMemberId, table.memberId),
    index('member_upline_upline_depth_idx').on(table.uplineMemberId, table.depth),
    check('member_upline_depth_check', sql`${table.depth} >= 1`),
  ],
);

/** A member's application to become an agent; at most one waits per member. */
export const agentApplication = pgTable(
  'agent_application',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    memberId: memberId('cascade'),
    message: text('message').notNull(),
    contact: text('contact'),
    status: text('status', { enum: AGENT_APPLICATION_STATUSES }).notNull(),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    /** The operator's username. */
    decidedBy: text('decided_by'),
    note: text('note'),
  },
  (table) => [
    uniqueIndex('agent_application_pending_key')
      .on(table.memberId)
      .where(sql`${table.status} = 'pending'`),
    index('agent_application_merchant_idx').on(table.merchantCode, table.status, table.createdAt),
    index('agent_application_member_idx').on(table.memberId, table.createdAt),
    check('agent_application_status_check', inList(table.status, AGENT_APPLICATION_STATUSES)),
    check(
      'agent_application_decision_check',
      sql`(${table.status} = 'pending') = (${table.decidedAt} is null)`,
    ),
  ],
);

/**
 * One settlement of one contract kind, one agent and one period (docs/agents.md, "Contracts that
 * pay"): unique per agent, kind and period, so settling a period again writes nothing. `amount` is what
 * the contract gives; it is credited through the ledger (`ledger_transaction_id`) when paid. Dividends
 * carry a negative balance forward (`carried_out`, the next period's `carried_in`).
 */
export const agentSettlement = pgTable(
  'agent_settlement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    agentMemberId: uuid('agent_member_id')
      .notNull()
      .references(() => member.id),
    kind: text('kind', { enum: CONTRACT_KINDS }).notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => agentContract.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: SETTLEMENT_STATUSES }).notNull(),
    /** What it was calculated from (contracts `settlementBasis`). */
    basis: jsonb('basis').notNull(),
    /** Dividends: the balance carried in and out (≤ 0); 0 for the other kinds. */
    carriedIn: money('carried_in')
      .notNull()
      .default(sql`0`),
    carriedOut: money('carried_out')
      .notNull()
      .default(sql`0`),
    ledgerTransactionId: ledgerTransactionId('ledger_transaction_id'),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    /** `system` when paid below the approval threshold, else the operator's username. */
    decidedBy: text('decided_by'),
    note: text('note'),
  },
  (table) => [
    uniqueIndex('agent_settlement_period_key').on(table.agentMemberId, table.kind, table.periodKey),
    index('agent_settlement_merchant_status_idx').on(table.merchantCode, table.status, table.createdAt),
    index('agent_settlement_agent_idx').on(table.agentMemberId, table.periodStart),
    check('agent_settlement_kind_check', inList(table.kind, CONTRACT_KINDS)),
    check('agent_settlement_status_check', inList(table.status, SETTLEMENT_STATUSES)),
    check('agent_settlement_amount_check', sql`${table.amount} >= 0`),
    check('agent_settlement_carry_check', sql`${table.carriedIn} <= 0 and ${table.carriedOut} <= 0`),
    check(
      'agent_settlement_paid_check',
      sql`(${table.status} = 'paid') = (${table.ledgerTransactionId} is not null)`,
    ),
  ],
);

export type AgentRow = typeof agent.$inferSelect;
export type AgentApplicationRow = typeof agentApplication.$inferSelect;
export type AgentSettlementRow = typeof agentSettlement.$inferSelect;
export type NewAgentSettlementRow = typeof agentSettlement.$inferInsert;
