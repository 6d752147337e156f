import { REAL_MEMBER_TYPES } from '@kl/contracts/accounts';
import { isTimeZone } from '@kl/contracts/admin/site-settings';
import { and, count, countDistinct, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ledgerTransaction, member } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';

export { DAY_MS } from '../../platform/time-zone.ts';

/**
 * The calendar day of a moment column in the merchant's time zone, as days since 1970-01-01. The zone is
 * written into the text (checked, never a parameter), so that GROUP BY sees the same expression as SELECT.
 */
export function zoneDay(column: AnyPgColumn | SQL, timeZone: string): SQL<number> {
  if (!isTimeZone(timeZone) || !/^[A-Za-z0-9_+\-/]+$/.test(timeZone)) {
    throw new Error(`Not a time zone: ${timeZone}`);
  }
  return sql<number>`((${column} at time zone ${sql.raw(`'${timeZone}'`)})::date - date '1970-01-01')`;
}

/** The figures of one day of the merchant, in minor units. */
export interface DayFigures {
  /** Days since 1970-01-01 in the merchant's time zone. */
  day: number;
  deposits: bigint;
  withdrawals: bigint;
  bets: bigint;
  wins: bigint;
  bonuses: bigint;
}

/**
 * What the ledger and the members say for the dashboard (docs/back-office.md, "Dashboard"); the work
 * waiting for operators is counted by the modules whose queues they are.
 */
export function createDashboardRepository(db: Db) {
  const t = ledgerTransaction;
  /** The transaction a reversal undoes: a reversal counts as minus its original, in the original's figure. */
  const original = alias(ledgerTransaction, 'original');
  const kind = sql`coalesce(${original.kind}, ${t.kind})`;
  const sign = sql`(case when ${t.kind} = 'reversal' then -1 else 1 end)`;
  const total = (measure: ReturnType<typeof sql>, kinds: string[]) =>
    sql<string>`coalesce(sum(${sign} * ${measure}) filter (where ${kind} in (${sql.join(
      kinds.map((name) => sql`${name}`),
      sql`, `,
    )})), 0)::text`;

  return {
    /**
     * Real money of the merchant's members in the currency over [from, to], per day of its time zone: deposits
     * (`deposit`), withdrawals paid (`withdrawal_paid`), bets (the stake of `bet` and `game_round`), wins
     * (`win` and a round's payout), bonuses (`bonus`). Only days with a movement have a row.
     */
    async figuresByDay(where: {
      merchantCode: string;
      currency: string;
      from: Date;
      to: Date;
      timeZone: string;
    }) {
      const dayOf = zoneDay(t.createdAt, where.timeZone);
      const rows = await db
        .select({
          day: dayOf.mapWith(Number),
          deposits: total(sql`${t.amount}`, ['deposit']),
          withdrawals: total(sql`${t.amount}`, ['withdrawal_paid']),
          bets: total(sql`${t.amount}`, ['bet', 'game_round']),
          wins: total(
            sql`(case when ${kind} = 'win' then ${t.amount} else coalesce(${original.payout}, ${t.payout}, 0) end)`,
            ['win', 'game_round'],
          ),
          bonuses: total(sql`${t.amount}`, ['bonus']),
        })
        .from(t)
        .leftJoin(original, eq(original.id, t.reversesTransactionId))
        .where(
          and(
            eq(t.merchantCode, where.merchantCode),
            eq(t.currency, where.currency),
            eq(t.demo, false),
            gte(t.createdAt, where.from),
            lte(t.createdAt, where.to),
          ),
        )
        .groupBy(dayOf);
      return rows.map((row): DayFigures => ({
        day: row.day,
        deposits: BigInt(row.deposits),
        withdrawals: BigInt(row.withdrawals),
        bets: BigInt(row.bets),
        wins: BigInt(row.wins),
        bonuses: BigInt(row.bonuses),
      }));
    },

    /** Real members (types 0, 1, 2) who registered over [from, to]. */
    async newMembers(merchantCode: string, from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(member)
        .where(
          and(
            eq(member.merchantCode, merchantCode),
            inArray(member.type, [...REAL_MEMBER_TYPES]),
            gte(member.createdAt, from),
            lte(member.createdAt, to),
          ),
        );
      return row?.n ?? 0;
    },

    /** Members who staked real money over [from, to] (a `bet` or a `game_round`). */
    async activeMembers(where: { merchantCode: string; currency: string; from: Date; to: Date }) {
      const [row] = await db
        .select({ n: countDistinct(t.memberId) })
        .from(t)
        .where(
          and(
            eq(t.merchantCode, where.merchantCode),
            eq(t.currency, where.currency),
            eq(t.demo, false),
            inArray(t.kind, ['bet', 'game_round']),
            gte(t.createdAt, where.from),
            lte(t.createdAt, where.to),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
