import type { RiskFlag, WithdrawalProvenance } from '@kl/contracts/admin/money';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { balanceAdjustment, operator } from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';
import { moneyNumber } from '../../wallet/index.ts';

/** Other members named beside a flag, at most this many. */
const NAMED = 10;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Where a member's money came from since their last paid withdrawal (docs/back-office.md, "Withdrawals
 * and deposits"): the real-money ledger by kind, the manual adjustments with who asked and approved, and
 * the flags a reviewer weighs (shared account, device or address; bonuses above deposits; credits by hand).
 */
export function createProvenance(db: Db) {
  const requester = alias(operator, 'requester');
  const decider = alias(operator, 'decider');

  /** Usernames of other members sharing something with the member, as one query's rows. */
  const named = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ username: string }>(await db.execute(query)).map((row) => row.username);

  return {
    async of(request: {
      merchantCode: string;
      memberId: string;
      createdAt: Date;
    }): Promise<WithdrawalProvenance> {
      const { merchantCode, memberId } = request;
      const [last] = rowsOf<{ since: string | Date | null }>(
        await db.execute(sql`
          select max(created_at) as since from withdrawal_request
          where member_id = ${memberId} and status = 'paid' and created_at < ${at(request.createdAt)}`),
      );
      const since = last?.since ? new Date(last.since) : null;
      const from = since ?? new Date(0);

      const sums = rowsOf<{ kind: string; amount: string; payout: string }>(
        await db.execute(sql`
          select kind, coalesce(sum(amount), 0)::text as amount, coalesce(sum(payout), 0)::text as payout
          from ledger_transaction
          where member_id = ${memberId} and not demo
            and created_at > ${at(from)} and created_at <= ${at(request.createdAt)}
          group by kind`),
      );
      const amount = (kind: string) => BigInt(sums.find((row) => row.kind === kind)?.amount ?? 0);
      const payout = (kind: string) => BigInt(sums.find((row) => row.kind === kind)?.payout ?? 0);
      const deposits = amount('deposit');
      const bonuses = amount('bonus') - amount('bonus_forfeit');
      const manualCredits = amount('adjustment_credit');

      const adjustments = await db
        .select({
          row: balanceAdjustment,
          requestedBy: requester.username,
          decidedBy: decider.username,
        })
        .from(balanceAdjustment)
        .innerJoin(requester, eq(requester.id, balanceAdjustment.requestedBy))
        .leftJoin(decider, eq(decider.id, balanceAdjustment.decidedBy))
        .where(
          and(
            eq(balanceAdjustment.memberId, memberId),
            eq(balanceAdjustment.status, 'applied'),
            gte(balanceAdjustment.createdAt, from),
            lte(balanceAdjustment.createdAt, request.createdAt),
          ),
        )
        .orderBy(asc(balanceAdjustment.createdAt), asc(balanceAdjustment.id));

      const [sharedAccount, sharedDevice, sharedAddress] = await Promise.all([
        named(sql`
          select distinct m.username from bank_account_conflict c
          join member m on m.id = case when c.owner_member_id = ${memberId} then c.member_id else c.owner_member_id end
          where c.merchant_code = ${merchantCode}
            and (c.owner_member_id = ${memberId} or c.member_id = ${memberId})
          order by m.username limit ${NAMED}`),
        named(sql`
          select other.username from member me join member other
            on other.register_device = me.register_device and other.id <> me.id
          where me.id = ${memberId} and me.register_device is not null
          order by other.username limit ${NAMED}`),
        named(sql`
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
          ) shared order by username limit ${NAMED}`),
      ]);
      const flags: { flag: RiskFlag; members: string[] }[] = [];
      if (sharedAccount.length > 0) flags.push({ flag: 'shared_bank_account', members: sharedAccount });
      if (sharedDevice.length > 0) flags.push({ flag: 'shared_device', members: sharedDevice });
      if (sharedAddress.length > 0) flags.push({ flag: 'shared_address', members: sharedAddress });
      if (bonuses > 0n && bonuses > deposits) flags.push({ flag: 'bonus_over_deposits', members: [] });
      if (manualCredits > 0n) flags.push({ flag: 'manual_credit', members: [] });

      return {
        since: since?.toISOString() ?? null,
        deposits: moneyNumber(deposits),
        stakes: moneyNumber(amount('bet') + amount('game_round')),
        winnings: moneyNumber(amount('win') + payout('game_round')),
        bonuses: moneyNumber(bonuses),
        manualCredits: moneyNumber(manualCredits),
        manualDebits: moneyNumber(amount('adjustment_debit')),
        agentPay: moneyNumber(amount('agent_commission')),
        adjustments: adjustments.map(({ row, requestedBy, decidedBy }) => ({
          id: row.id,
          direction: row.direction,
          amount: moneyNumber(row.amount),
          requestedBy,
          decidedBy,
          createdAt: row.createdAt.toISOString(),
        })),
        flags,
      };
    },
  };
}
export type Provenance = ReturnType<typeof createProvenance>;
