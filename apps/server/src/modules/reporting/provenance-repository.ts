import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db-errors.ts';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * What a withdrawal's provenance reads across the site (docs/back-office.md, "Withdrawals and deposits"):
 * the member's last paid withdrawal, their real-money ledger by kind since, and the other members who share
 * a bank account, a device or an address with them. Usernames named beside a flag: at most `named`.
 */
export function createProvenanceRepository(db: Db) {
  /** Usernames of other members sharing something with the member, as one query's rows. */
  const usernames = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ username: string }>(await db.execute(query)).map((row) => row.username);

  return {
    /** When the member's last withdrawal paid before `before` was asked for (null: none). */
    async lastPaidWithdrawal(memberId: string, before: Date): Promise<Date | null> {
      const [last] = rowsOf<{ since: string | Date | null }>(
        await db.execute(sql`
          select max(created_at) as since from withdrawal_request
          where member_id = ${memberId} and status = 'paid' and created_at < ${at(before)}`),
      );
      return last?.since ? new Date(last.since) : null;
    },

    /** The member's real-money ledger over (from, to], summed by kind: amounts and a round's payouts. */
    async ledgerByKind(memberId: string, from: Date, to: Date) {
      return rowsOf<{ kind: string; amount: string; payout: string }>(
        await db.execute(sql`
          select kind, coalesce(sum(amount), 0)::text as amount, coalesce(sum(payout), 0)::text as payout
          from ledger_transaction
          where member_id = ${memberId} and not demo
            and created_at > ${at(from)} and created_at <= ${at(to)}
          group by kind`),
      );
    },

    /** Members of the merchant a bank account of the member was also bound by (either way round). */
    sharedBankAccount: (merchantCode: string, memberId: string, named: number) =>
      usernames(sql`
        select distinct m.username from bank_account_conflict c
        join member m on m.id = case when c.owner_member_id = ${memberId} then c.member_id else c.owner_member_id end
        where c.merchant_code = ${merchantCode}
          and (c.owner_member_id = ${memberId} or c.member_id = ${memberId})
        order by m.username limit ${named}`),

    /** Members who registered from the member's device. */
    sharedDevice: (memberId: string, named: number) =>
      usernames(sql`
        select other.username from member me join member other
          on other.register_device = me.register_device and other.id <> me.id
        where me.id = ${memberId} and me.register_device is not null
        order by other.username limit ${named}`),

    /** Members of the merchant who registered from the member's address, or had a session from one of theirs. */
    sharedAddress: (merchantCode: string, memberId: string, named: number) =>
      usernames(sql`
        select username from (
          select other.username from member me join member other
            on other.register_ip = me.register_ip and other.id <> me.id
            and other.merchant_code = me.merchant_code
          where me.id = ${memberId} and me.register_ip is not null
          union
          select other.username from member_session mine
            join member_session theirs on theirs.ip = mine.ip and theirs.member_id <> mine.member_id
            join member other on other.id = theirs.member_id and other.merchant_code = ${merchantCode}
          where mine.member_id = ${memberId}
        ) shared order by username limit ${named}`),
  };
}
export type ProvenanceRepository = ReturnType<typeof createProvenanceRepository>;
