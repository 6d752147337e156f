import { REAL_MEMBER_TYPES } from '@kl/contracts/accounts';
import { and, asc, count, countDistinct, desc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  gameRound,
  ledgerTransaction,
  member,
  promotion,
  promotionClaim,
  wageringRequirement,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { createDashboardRepository, zoneDay } from './dashboard-repository.ts';

/** A report's period: [from, to) in time, in the merchant's currency. */
export interface ReportWindow {
  merchantCode: string;
  currency: string;
  from: Date;
  /** Exclusive. */
  to: Date;
  /** The merchant's time zone, whose days the rows are counted in. */
  timeZone: string;
}

const bigintOf = (text: string | null | undefined) => BigInt(text ?? '0');

/** What the reports read (docs/back-office.md, "Reports"). Real money only: never trial play money. */
export function createReportRepository(db: Db) {
  const dashboard = createDashboardRepository(db);
  const t = ledgerTransaction;

  /** Real-money ledger transactions of the window, of the kinds. */
  const ledgerOf = (window: ReportWindow, kinds: string[]) =>
    and(
      eq(t.merchantCode, window.merchantCode),
      eq(t.currency, window.currency),
      eq(t.demo, false),
      inArray(t.kind, kinds as (typeof t.kind.enumValues)[number][]),
      gte(t.createdAt, window.from),
      lt(t.createdAt, window.to),
    );

  return {
    /** Deposits, withdrawals, bets, wins and bonuses per day of the merchant, as the dashboard counts them. */
    figuresByDay: (window: ReportWindow) =>
      dashboard.figuresByDay({ ...window, to: new Date(window.to.getTime() - 1) }),

    /** Manual adjustments credited and debited per day of the merchant. */
    async adjustmentsByDay(window: ReportWindow) {
      const day = zoneDay(t.createdAt, window.timeZone);
      const rows = await db
        .select({
          day: day.mapWith(Number),
          credits: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'adjustment_credit'), 0)::text`,
          debits: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'adjustment_debit'), 0)::text`,
        })
        .from(t)
        .where(ledgerOf(window, ['adjustment_credit', 'adjustment_debit']))
        .groupBy(day);
      return rows.map((row) => ({
        day: row.day,
        credits: bigintOf(row.credits),
        debits: bigintOf(row.debits),
      }));
    },

    /** Real members (types 0, 1, 2) who registered, per day of the merchant. */
    async newMembersByDay(window: ReportWindow) {
      const day = zoneDay(member.createdAt, window.timeZone);
      return db
        .select({ day: day.mapWith(Number), n: count() })
        .from(member)
        .where(
          and(
            eq(member.merchantCode, window.merchantCode),
            inArray(member.type, [...REAL_MEMBER_TYPES]),
            gte(member.createdAt, window.from),
            lt(member.createdAt, window.to),
          ),
        )
        .groupBy(day);
    },

    /** Members who staked real money (a `bet` or a `game_round`), per day of the merchant. */
    async activeMembersByDay(window: ReportWindow) {
      const day = zoneDay(t.createdAt, window.timeZone);
      return db
        .select({ day: day.mapWith(Number), n: countDistinct(t.memberId) })
        .from(t)
        .where(ledgerOf(window, ['bet', 'game_round']))
        .groupBy(day);
    },

    /** Members who staked real money over the whole window. */
    async activeMembers(window: ReportWindow): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(t.memberId) })
        .from(t)
        .where(ledgerOf(window, ['bet', 'game_round']));
      return row?.n ?? 0;
    },

    /**
     * Settled rounds of real members started in the window, per vendor and game (the largest stake first),
     * and their totals. `limit` undefined: every row.
     */
    async games(window: ReportWindow, page: { limit?: number; offset?: number } = {}) {
      const r = gameRound;
      const condition = and(
        eq(r.merchantCode, window.merchantCode),
        eq(r.currency, window.currency),
        eq(r.status, 'settled'),
        inArray(member.type, [...REAL_MEMBER_TYPES]),
        gte(r.createdAt, window.from),
        lt(r.createdAt, window.to),
      );
      const figures = {
        bets: count(),
        stake: sql<string>`coalesce(sum(${r.stake}), 0)::text`,
        payout: sql<string>`coalesce(sum(${r.payout}), 0)::text`,
      };
      const grouped = db
        .select({
          vendorCode: r.vendorCode,
          gameId: r.gameId,
          gameType: sql<string>`max(${r.gameType})`,
          gameName: sql<string>`max(${r.gameName})`,
          ...figures,
        })
        .from(r)
        .innerJoin(member, eq(member.id, r.memberId))
        .where(condition)
        .groupBy(r.vendorCode, r.gameId)
        .orderBy(desc(sql`sum(${r.stake})`), asc(r.vendorCode), asc(r.gameId));
      const [rows, [totals], [groups]] = await Promise.all([
        page.limit === undefined ? grouped : grouped.limit(page.limit).offset(page.offset ?? 0),
        db.select(figures).from(r).innerJoin(member, eq(member.id, r.memberId)).where(condition),
        db
          .select({ n: count() })
          .from(
            db
              .select({ vendorCode: r.vendorCode })
              .from(r)
              .innerJoin(member, eq(member.id, r.memberId))
              .where(condition)
              .groupBy(r.vendorCode, r.gameId)
              .as('game_groups'),
          ),
      ]);
      const out = (row: { bets: number; stake: string; payout: string }) => ({
        bets: row.bets,
        stake: bigintOf(row.stake),
        payout: bigintOf(row.payout),
      });
      return {
        rows: rows.map((row) => ({
          vendorCode: row.vendorCode,
          gameId: row.gameId,
          gameType: row.gameType,
          gameName: row.gameName,
          ...out(row),
        })),
        totals: totals ? out(totals) : { bets: 0, stake: 0n, payout: 0n },
        total: groups?.n ?? 0,
      };
    },

    /**
     * The promotions whose window meets the period (the newest start first), with the claims made in it:
     * how many, how many claimed, the bonuses claimed, and their turnover required and done. `limit`
     * undefined: every row.
     */
    async promotions(window: ReportWindow, page: { limit?: number; offset?: number } = {}) {
      const c = promotionClaim;
      const w = wageringRequirement;
      const condition = and(
        eq(promotion.merchantCode, window.merchantCode),
        lt(promotion.startsAt, window.to),
        gt(promotion.endsAt, window.from),
      ) as SQL;
      const claimsInWindow = and(
        eq(c.promotionId, promotion.id),
        gte(c.appliedAt, window.from),
        lt(c.appliedAt, window.to),
      );
      const figures = {
        claims: count(c.id),
        claimed: sql<number>`(count(${c.id}) filter (where ${c.status} = 'claimed'))::int`,
        bonusPaid: sql<string>`coalesce(sum(${c.bonusAmount}) filter (where ${c.status} = 'claimed'), 0)::text`,
        turnoverRequired: sql<string>`coalesce(sum(${w.required}), 0)::text`,
        turnoverDone: sql<string>`coalesce(sum(least(${w.progress}, ${w.required})), 0)::text`,
      };
      const grouped = db
        .select({
          promotionId: promotion.id,
          code: promotion.code,
          type: promotion.type,
          title: promotion.title,
          ...figures,
        })
        .from(promotion)
        .leftJoin(c, claimsInWindow)
        .leftJoin(w, eq(w.claimId, c.id))
        .where(condition)
        .groupBy(promotion.id)
        .orderBy(desc(promotion.startsAt), desc(promotion.id));
      const [rows, [totals], [listed]] = await Promise.all([
        page.limit === undefined ? grouped : grouped.limit(page.limit).offset(page.offset ?? 0),
        db
          .select(figures)
          .from(promotion)
          .leftJoin(c, claimsInWindow)
          .leftJoin(w, eq(w.claimId, c.id))
          .where(condition),
        db.select({ n: count() }).from(promotion).where(condition),
      ]);
      const out = (row: {
        claims: number;
        claimed: number;
        bonusPaid: string;
        turnoverRequired: string;
        turnoverDone: string;
      }) => ({
        claims: row.claims,
        claimed: Number(row.claimed),
        bonusPaid: bigintOf(row.bonusPaid),
        turnoverRequired: bigintOf(row.turnoverRequired),
        turnoverDone: bigintOf(row.turnoverDone),
      });
      return {
        rows: rows.map((row) => ({
          promotionId: row.promotionId,
          code: row.code,
          type: row.type,
          title: row.title,
          ...out(row),
        })),
        totals: totals
          ? out(totals)
          : { claims: 0, claimed: 0, bonusPaid: 0n, turnoverRequired: 0n, turnoverDone: 0n },
        total: listed?.n ?? 0,
      };
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
