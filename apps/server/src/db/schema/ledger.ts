import { LEDGER_KINDS } from '@kl/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { member } from './accounts.ts';
import { merchant } from './merchant.ts';
import { at, inList, money } from './columns.ts';

/**
 * The money ledger (double entry). Every balance change is one `ledger_transaction` whose `ledger_entry`
 * rows sum to zero, written in one database transaction together with the new account balances.
 * Amounts are integers in the minor unit of `currency` (VND: whole đồng), kept as bigint.
 *
 * Accounts belong to a member (its available and held balances) or to the merchant (the house accounts
 * the money comes from and goes to). A member account never goes below zero: the balance is changed by
 * a conditional UPDATE, and the `ledger_account_balance_check` refuses a negative one whatever the code
 * does. House accounts may be negative (the deposits account is minus what members deposited). Demo
 * money (trial members) lives in its own accounts (`demo`), never mixed with real money.
 */

/** A member's accounts: what can be played or withdrawn, and what waits in withdrawal requests. */
export const MEMBER_ACCOUNT_KINDS = ['available', 'held'] as const;
/** The merchant's accounts, where member money comes from and goes to. */
export const HOUSE_ACCOUNT_KINDS = [
  'deposit_clearing',
  'withdrawal_clearing',
  'bets',
  'wins',
  'bonuses',
  'trial_funding',
  'adjustments',
  'agent_commissions',
  // Progressive jackpots' pools: the share of stakes they took, until a round wins them.
  'jackpot',
] as const;
export const LEDGER_ACCOUNT_KINDS = [...MEMBER_ACCOUNT_KINDS, ...HOUSE_ACCOUNT_KINDS] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchant.code),
    /** The owner of a member account; null for house accounts. */
    memberId: uuid('member_id').references(() => member.id),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    currency: text('currency').notNull(),
    /** Demo money (trial members and the house account funding it). */
    demo: boolean('demo').notNull(),
    /** Only house accounts may go below zero. */
    allowNegative: boolean('allow_negative').notNull(),
    /** Always the sum of this account's entries (`npm run ledger:check`). */
    balance: money('balance')
      .notNull()
      .default(sql`0`),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    unique('ledger_account_owner_key')
      .on(table.merchantCode, table.memberId, table.kind, table.currency, table.demo)
      .nullsNotDistinct(),
    index('ledger_account_member_idx').on(table.memberId),
    check('ledger_account_kind_check', inList(table.kind, LEDGER_ACCOUNT_KINDS)),
    check('ledger_account_balance_check', sql`${table.allowNegative} or ${table.balance} >= 0`),
    // Member accounts have a member and never go negative; house accounts have none.
    check(
      'ledger_account_owner_check',
      sql`(${table.memberId} is not null and ${inList(table.kind, MEMBER_ACCOUNT_KINDS)} and not ${table.allowNegative})
        or (${table.memberId} is null and ${inList(table.kind, HOUSE_ACCOUNT_KINDS)})`,
    ),
  ],
);

export const ledgerTransaction = pgTable(
  'ledger_transaction',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchant.code),
    /** Unique per merchant: posting the same key again answers this transaction and changes nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** The member whose balances it moved (the history of that member). */
    memberId: uuid('member_id')
      .notNull()
      .references(() => member.id),
    /** The amount moved, positive (a game round: the stake). */
    amount: money('amount').notNull(),
    /** A game round's payout (0 when it lost); null for every other kind. */
    payout: money('payout'),
    currency: text('currency').notNull(),
    demo: boolean('demo').notNull(),
    /** What it belongs to, e.g. `deposit:<orderId>`. */
    reference: text('reference'),
    /** Details for people (never secrets). */
    memo: jsonb('memo').$type<Record<string, unknown>>(),
    /** For a reversal: the transaction it undoes (at most one reversal each). */
    reversesTransactionId: bigint('reverses_transaction_id', { mode: 'number' }).references(
      (): AnyPgColumn => ledgerTransaction.id,
    ),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    unique('ledger_transaction_idempotency_key').on(table.merchantCode, table.idempotencyKey),
    uniqueIndex('ledger_transaction_reverses_key')
      .on(table.reversesTransactionId)
      .where(sql`${table.reversesTransactionId} is not null`),
    index('ledger_transaction_member_created_idx').on(table.memberId, table.createdAt, table.id),
    check('ledger_transaction_kind_check', inList(table.kind, LEDGER_KINDS)),
    check('ledger_transaction_amount_check', sql`${table.amount} > 0`),
    check(
      'ledger_transaction_payout_check',
      sql`(${table.kind} = 'game_round') = (${table.payout} is not null) and coalesce(${table.payout}, 0) >= 0`,
    ),
    check(
      'ledger_transaction_reversal_check',
      sql`(${table.kind} = 'reversal') = (${table.reversesTransactionId} is not null)`,
    ),
  ],
);

export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransaction.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccount.id),
    /** Signed: positive raises the account's balance, negative lowers it. */
    amount: money('amount').notNull(),
    /**
     * The account's balance right after this entry. A house account's entry is written without it and the
     * account left as it is; the roll-up (`ledger_house_roll_up`, decision 038) fills it and changes the
     * account after the commit: the house accounts are every member's, and a post that never holds their
     * rows lets members play at once. A member's entry always has it.
     */
    balanceAfter: money('balance_after'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('ledger_entry_transaction_idx').on(table.transactionId),
    index('ledger_entry_account_idx').on(table.accountId, table.id),
    // The house entries of transactions not committed yet (none once they are).
    index('ledger_entry_house_pending_idx')
      .on(table.accountId, table.id)
      .where(sql`${table.balanceAfter} is null`),
    check('ledger_entry_amount_check', sql`${table.amount} <> 0`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccount.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransaction.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntry.$inferSelect;
