import { CONTRACT_KINDS, CONTRACT_STATUSES } from '@kl/contracts/agent-contracts';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { operator } from './back-office.ts';
import { at, inList } from './columns.ts';
import { merchantCode, memberId } from './references.ts';

/**
 * Agent contracts (product.md §2 member/agent screens): the offers of daily salary, dividend and hourly salary
 * made to an agent, and the agent's answer. `terms` holds the tiers, checked by the contracts schema of
 * the kind before they are written (integer minor units, percentages in basis points). At most one offer
 * of a kind waits for an answer per member: a new one marks the waiting one `superseded`.
 */

export const agentContract = pgTable(
  'agent_contract',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    memberId: memberId('cascade'),
    kind: text('kind', { enum: CONTRACT_KINDS }).notNull(),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull(),
    currency: text('currency').notNull(),
    terms: jsonb('terms').notNull(),
    offeredBy: text('offered_by').notNull(),
    offeredAt: at('offered_at').notNull(),
    answeredAt: at('answered_at'),
    supersededAt: at('superseded_at'),
    /**
     * Four eyes (docs/back-office.md, "Four eyes"): an operator's offer is `proposed` until a second
     * operator approves it (then `pending`, the agent's to answer) or rejects it (`rejected`).
     */
    proposedBy: uuid('proposed_by').references(() => operator.id),
    approvedBy: uuid('approved_by').references(() => operator.id),
    approvedAt: at('approved_at'),
  },
  (table) => [
    uniqueIndex('agent_contract_pending_key')
      .on(table.memberId, table.kind)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('agent_contract_proposed_key')
      .on(table.memberId, table.kind)
      .where(sql`${table.status} = 'proposed'`),
    index('agent_contract_member_kind_idx').on(table.memberId, table.kind, table.offeredAt),
    check('agent_contract_kind_check', inList(table.kind, CONTRACT_KINDS)),
    check('agent_contract_status_check', inList(table.status, CONTRACT_STATUSES)),
    check(
      'agent_contract_answer_check',
      sql`(${table.status} in ('accepted', 'refused')) = (${table.answeredAt} is not null)`,
    ),
  ],
);

export type AgentContractRow = typeof agentContract.$inferSelect;
export type NewAgentContractRow = typeof agentContract.$inferInsert;
