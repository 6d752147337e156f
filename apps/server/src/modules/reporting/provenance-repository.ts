import { REAL_MEMBER_TYPES } from '@kl/contracts/accounts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db-errors.ts';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Another member named beside a risk flag or in a risk signal. */
export interface OtherMember {
  id: string;
  username: string;
}

/** `other`'s type is a real member's (a trial account is no one else's money). */
const realOther = sql.raw(`other.type in (${REAL_MEMBER_TYPES.join(', ')})`);

/**
 * What a withdrawal's provenance reads across the site (docs/back-office.md, "Withdrawals and deposits"),
 * and what the risk signals of a registration and a bonus claim read in their event's transaction (`tx`):
 * the member's last paid withdrawal, their real-money ledger by kind since, and the other real members of the
 * merchant who share a bank account, a device or an address with them (at most `named`, by username).
 */
export function createProvenanceRepository(db: Db) {
  /** Other members sharing something with the member, as one query's rows. */
  const others = async (query: ReturnType<typeof sql>, tx: DbOrTx) =>
    rowsOf<OtherMember>(await tx.execute(query)).map((row) => ({ id: row.id, username: row.username }));

  return {
    /** When the member's last withdrawal paid before `before` was asked for (null: none). */
    async lastPaidWithdrawal(memberId: string, before: Date, tx: DbOrTx = db): Promise<Date | null> {
      const [last] = rowsOf<{ since: string | Date | null }>(
        await tx.execute(sql`
          select max(created_at) as since from withdrawal_request
          where member_id = ${memberId} and status = 'paid' and created_at < ${at(before)}`),
      );
      return last?.since ? new Date(last.since) : null;
    },

    /** The member's real-money ledger over (from, to], summed by kind: amounts and a round's payouts. */
    async ledgerByKind(memberId: string, from: Date, to: Date, tx: DbOrTx = db) {
      return rowsOf<{ kind: string; amount: string; payout: string }>(
        await tx.execute(sql`
          select kind, coalesce(sum(amount), 0)::text as amount, coalesce(sum(payout), 0)::text as payout
          from ledger_transaction
          where member_id = ${memberId} and not demo
            and created_at > ${at(from)} and created_at <= ${at(to)}
          group by kind`),
      );
    },

    /** Members of the merchant a bank account of the member was also bound by (either way round). */
    sharedBankAccount: (merchantCode: string, memberId: string, named: number, tx: DbOrTx = db) =>
      others(
        sql`
        select distinct other.id, other.username from bank_account_conflict c
        join member other on other.id = case when c.owner_member_id = ${memberId} then c.member_id else c.owner_member_id end
        where c.merchant_code = ${merchantCode}
          and (c.owner_member_id = ${memberId} or c.member_id = ${memberId})
        order by other.username limit ${named}`,
        tx,
      ),

    /** Real members of the merchant who registered from the member's device. */
    sharedDevice: (merchantCode: string, memberId: string, named: number, tx: DbOrTx = db) =>
      others(
        sql`
        select other.id, other.username from member me join member other
          on other.register_device = me.register_device and other.id <> me.id
          and other.merchant_code = ${merchantCode} and ${realOther}
        where me.id = ${memberId} and me.register_device is not null
        order by other.username limit ${named}`,
        tx,
      ),

    /**
     * Real members of the merchant who registered from the member's registration address, or had a session
     * from an address the member had one from.
     */
    sharedAddress: (merchantCode: string, memberId: string, named: number, tx: DbOrTx = db) =>
      others(
        sql`
        select id, username from (
          select other.id, other.username from member me join member other
            on other.register_ip = me.register_ip and other.id <> me.id
            and other.merchant_code = ${merchantCode} and ${realOther}
          where me.id = ${memberId} and me.register_ip is not null
          union
          select other.id, other.username from member_session mine
            join member_session theirs on theirs.ip = mine.ip and theirs.member_id <> mine.member_id
            join member other on other.id = theirs.member_id
              and other.merchant_code = ${merchantCode} and ${realOther}
          where mine.member_id = ${memberId}
        ) shared order by username limit ${named}`,
        tx,
      ),
  };
}
export type ProvenanceRepository = ReturnType<typeof createProvenanceRepository>;
