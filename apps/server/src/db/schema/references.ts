import { bigint, text, uuid } from 'drizzle-orm/pg-core';
import { member } from './accounts.ts';
import { ledgerTransaction } from './ledger.ts';
import { merchant } from './merchant.ts';

/**
 * Columns that name a row of the core tables (merchant, member, ledger transaction), written the same way
 * in every table that has one. The core tables' own files do not use them (they would import each other).
 */

/** The merchant the row belongs to. */
export function merchantCode() {
  return text('merchant_code')
    .notNull()
    .references(() => merchant.code);
}

/** The member the row belongs to; with `cascade` the row goes when the member does. */
export function memberId(onDelete?: 'cascade') {
  return uuid('member_id')
    .notNull()
    .references(() => member.id, onDelete && { onDelete });
}

/** A ledger transaction that moved the row's money (null unless the column is made notNull). */
export function ledgerTransactionId(name: string) {
  return bigint(name, { mode: 'number' }).references(() => ledgerTransaction.id);
}
