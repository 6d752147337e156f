import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  sandboxFishingShot,
  sandboxFreeRounds,
  sandboxHub88Launch,
  sandboxMatch,
  sandboxPragmaticLaunch,
  sandboxProviderSession,
  sandboxSlip,
  sandboxSlotSpin,
  sandboxTableBet,
  sandboxTableRound,
  sandboxWalletCall,
} from '../db/schema.ts';
import type { Db, DbOrTx } from '../platform/db.ts';

/**
 * SQL of the sandbox provider (docs/decisions/026-sandbox-provider.md): its sessions, table rounds and
 * placements, matches, slips, fishing shots, slot spins, the free rounds granted by the operator and the
 * games launched through Hub88's and Pragmatic's protocols.
 * Statements run on the caller's transaction when one is given.
 */

export type ProviderSessionRow = typeof sandboxProviderSession.$inferSelect;
export type NewProviderSessionRow = typeof sandboxProviderSession.$inferInsert;
export type TableRoundRow = typeof sandboxTableRound.$inferSelect;
export type NewTableRoundRow = typeof sandboxTableRound.$inferInsert;
export type TableBetRow = typeof sandboxTableBet.$inferSelect;
export type NewTableBetRow = typeof sandboxTableBet.$inferInsert;
export type MatchRow = typeof sandboxMatch.$inferSelect;
export type NewMatchRow = typeof sandboxMatch.$inferInsert;
export type SlipRow = typeof sandboxSlip.$inferSelect;
export type NewSlipRow = typeof sandboxSlip.$inferInsert;
export type ShotRow = typeof sandboxFishingShot.$inferSelect;
export type NewShotRow = typeof sandboxFishingShot.$inferInsert;
export type WalletCallRow = typeof sandboxWalletCall.$inferSelect;
export type NewWalletCallRow = typeof sandboxWalletCall.$inferInsert;
export type SpinRow = typeof sandboxSlotSpin.$inferSelect;
export type NewSpinRow = typeof sandboxSlotSpin.$inferInsert;
export type FreeRoundsRow = typeof sandboxFreeRounds.$inferSelect;
export type NewFreeRoundsRow = typeof sandboxFreeRounds.$inferInsert;
export type Hub88LaunchRow = typeof sandboxHub88Launch.$inferSelect;
export type NewHub88LaunchRow = typeof sandboxHub88Launch.$inferInsert;
export type PragmaticLaunchRow = typeof sandboxPragmaticLaunch.$inferSelect;
export type NewPragmaticLaunchRow = typeof sandboxPragmaticLaunch.$inferInsert;

/** The earliest time of each kind of work the timer does, or null when there is none (epoch ms). */
export interface SandboxDueTimes {
  /** The close of the earliest round not settled. */
  roundCloses: number | null;
  /** The end of the earliest match not played. */
  matchEnds: number | null;
  /** The end of the last match of the earliest open slip (an interrupted settlement). */
  slipEnds: number | null;
  /** The placing of the earliest slip whose `win` the wallet has not confirmed (due at once). */
  slipUnpaid: number | null;
  /** The placing of the earliest slip still pending. */
  slipPending: number | null;
  /** The firing of the earliest shot still pending. */
  shotPending: number | null;
  /** The earliest slot spin still pending. */
  spinPending: number | null;
}

/** Undoes a free spin's transaction when its request key is taken (the round goes back to the grant). */
class KeyTaken extends Error {}

/** A grant whose rounds may be played at `now`: started (a Hub88 reward may start later) and not expired. */
const freeRoundsOpenAt = (now: Date) =>
  and(
    or(isNull(sandboxFreeRounds.startsAt), lte(sandboxFreeRounds.startsAt, now)),
    gt(sandboxFreeRounds.expiresAt, now),
  );

const epochMs = (query: ReturnType<typeof sql>) =>
  sql<number | null>`(select (extract(epoch from ${query}) * 1000)::float8)`.mapWith((value) =>
    value === null ? null : Number(value),
  );

export function createSandboxRepository(db: Db) {
  return {
    /** When each kind of work is due, in one statement (the timer's plan after each pass). */
    async dueTimes(): Promise<SandboxDueTimes> {
      const [row] = await db
        .select({
          roundCloses: epochMs(
            sql`(select min(${sandboxTableRound.closesAt}) from ${sandboxTableRound} where ${sandboxTableRound.status} in ('betting', 'settling'))`,
          ),
          matchEnds: epochMs(
            sql`(select min(${sandboxMatch.endsAt}) from ${sandboxMatch} where ${sandboxMatch.score} is null)`,
          ),
          slipEnds: epochMs(
            sql`(select min(${sandboxSlip.lastEndsAt}) from ${sandboxSlip} where ${sandboxSlip.status} = 'open')`,
          ),
          slipUnpaid: epochMs(
            sql`(select min(${sandboxSlip.placedAt}) from ${sandboxSlip} where ${sandboxSlip.status} in ('settled', 'cashed-out') and ${sandboxSlip.settledAt} is null)`,
          ),
          slipPending: epochMs(
            sql`(select min(${sandboxSlip.placedAt}) from ${sandboxSlip} where ${sandboxSlip.status} = 'pending')`,
          ),
          shotPending: epochMs(
            sql`(select min(${sandboxFishingShot.createdAt}) from ${sandboxFishingShot} where ${sandboxFishingShot.status} = 'pending')`,
          ),
          spinPending: epochMs(
            sql`(select min(${sandboxSlotSpin.createdAt}) from ${sandboxSlotSpin} where ${sandboxSlotSpin.status} = 'pending')`,
          ),
        })
        .from(sql`(values (1)) as one (x)`);
      if (!row) throw new Error('the due times were not read');
      return row;
    },

    // Sessions.

    /** Writes the session unless one of the wallet session exists (a repeat of the token's exchange). */
    async insertSession(row: NewProviderSessionRow): Promise<void> {
      await db
        .insert(sandboxProviderSession)
        .values(row)
        .onConflictDoNothing({ target: sandboxProviderSession.walletSessionId });
    },

    async findSessionByWalletSession(walletSessionId: string): Promise<ProviderSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxProviderSession)
        .where(eq(sandboxProviderSession.walletSessionId, walletSessionId));
      return row;
    },

    async findSession(id: string): Promise<ProviderSessionRow | undefined> {
      const [row] = await db.select().from(sandboxProviderSession).where(eq(sandboxProviderSession.id, id));
      return row;
    },

    // Table rounds and placements.

    async latestRound(game: string, tx: DbOrTx = db): Promise<TableRoundRow | undefined> {
      const [row] = await tx
        .select()
        .from(sandboxTableRound)
        .where(eq(sandboxTableRound.game, game))
        .orderBy(desc(sandboxTableRound.seq))
        .limit(1);
      return row;
    },

    /** Writes a round unless its (game, seq) exists (another process opened it first). */
    async insertRound(row: NewTableRoundRow): Promise<void> {
      await db.insert(sandboxTableRound).values(row).onConflictDoNothing();
    },

    /** The round, locked until the end of `tx`. */
    async lockRound(tx: DbOrTx, roundId: string, mode: 'update' | 'share') {
      const [row] = await tx
        .select()
        .from(sandboxTableRound)
        .where(eq(sandboxTableRound.id, roundId))
        .for(mode);
      return row;
    },

    async markRoundSettling(tx: DbOrTx, roundId: string, outcome: unknown) {
      const [row] = await tx
        .update(sandboxTableRound)
        .set({ status: 'settling', outcome })
        .where(eq(sandboxTableRound.id, roundId))
        .returning();
      return row;
    },

    async markRoundSettled(roundId: string, at: Date): Promise<void> {
      await db
        .update(sandboxTableRound)
        .set({ status: 'settled', settledAt: at })
        .where(eq(sandboxTableRound.id, roundId));
    },

    /** Rounds past their close not yet settled, the oldest first. */
    async dueRounds(now: Date): Promise<{ id: string }[]> {
      return db
        .select({ id: sandboxTableRound.id })
        .from(sandboxTableRound)
        .where(
          and(
            inArray(sandboxTableRound.status, ['betting', 'settling']),
            lte(sandboxTableRound.closesAt, now),
          ),
        )
        .orderBy(sandboxTableRound.closesAt);
    },

    /** The table's last settled rounds, the newest first. */
    async settledRounds(game: string, limit: number): Promise<TableRoundRow[]> {
      return db
        .select()
        .from(sandboxTableRound)
        .where(and(eq(sandboxTableRound.game, game), eq(sandboxTableRound.status, 'settled')))
        .orderBy(desc(sandboxTableRound.seq))
        .limit(limit);
    },

    /** A round's placements with the wallet session and currency of each, in the order they came. */
    async roundBets(roundId: string) {
      return db
        .select({
          bet: sandboxTableBet,
          walletSessionId: sandboxProviderSession.walletSessionId,
          currency: sandboxProviderSession.currency,
        })
        .from(sandboxTableBet)
        .innerJoin(sandboxProviderSession, eq(sandboxProviderSession.id, sandboxTableBet.sessionId))
        .where(eq(sandboxTableBet.roundId, roundId))
        .orderBy(sandboxTableBet.createdAt);
    },

    /** A player's placements in these rounds, the newest first. */
    async playerBets(roundIds: readonly string[], playerId: string): Promise<TableBetRow[]> {
      return db
        .select()
        .from(sandboxTableBet)
        .where(and(inArray(sandboxTableBet.roundId, [...roundIds]), eq(sandboxTableBet.playerId, playerId)))
        .orderBy(desc(sandboxTableBet.createdAt));
    },

    async insertBet(tx: DbOrTx, row: NewTableBetRow): Promise<TableBetRow> {
      const [created] = await tx.insert(sandboxTableBet).values(row).returning();
      if (!created) throw new Error('the placement was not written');
      return created;
    },

    async markBet(id: string, status: TableBetRow['status'], returned: bigint | null = null): Promise<void> {
      await db.update(sandboxTableBet).set({ status, returned }).where(eq(sandboxTableBet.id, id));
    },

    /** A pending placement accepted; undefined when it is no longer pending. */
    async acceptBet(tx: DbOrTx, id: string): Promise<TableBetRow | undefined> {
      const [row] = await tx
        .update(sandboxTableBet)
        .set({ status: 'accepted' })
        .where(and(eq(sandboxTableBet.id, id), eq(sandboxTableBet.status, 'pending')))
        .returning();
      return row;
    },

    async deleteBet(id: string): Promise<void> {
      await db.delete(sandboxTableBet).where(eq(sandboxTableBet.id, id));
    },

    // Matches and slips.

    async matchesById(ids: readonly string[]): Promise<MatchRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(sandboxMatch)
        .where(inArray(sandboxMatch.id, [...ids]));
    },

    /** The kick-offs of a sport's matches after `now`, the latest first. */
    async upcomingKickOffs(sport: string, now: Date): Promise<{ kickOff: Date }[]> {
      return db
        .select({ kickOff: sandboxMatch.kickOff })
        .from(sandboxMatch)
        .where(and(eq(sandboxMatch.sport, sport), gt(sandboxMatch.kickOff, now)))
        .orderBy(desc(sandboxMatch.kickOff));
    },

    async insertMatches(rows: readonly NewMatchRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(sandboxMatch).values([...rows]);
    },

    /** Matches ending after `after`, by kick-off. */
    async matchesEndingAfter(after: Date): Promise<MatchRow[]> {
      return db
        .select()
        .from(sandboxMatch)
        .where(gt(sandboxMatch.endsAt, after))
        .orderBy(sandboxMatch.kickOff);
    },

    /** Matches that ended by `now` and have no score yet. */
    async endedUnplayedMatches(now: Date): Promise<MatchRow[]> {
      return db
        .select()
        .from(sandboxMatch)
        .where(and(lte(sandboxMatch.endsAt, now), isNull(sandboxMatch.score)));
    },

    async setMatchScore(id: string, score: { home: number; away: number }): Promise<void> {
      await db
        .update(sandboxMatch)
        .set({ score })
        .where(and(eq(sandboxMatch.id, id), isNull(sandboxMatch.score)));
    },

    async insertSlip(row: NewSlipRow): Promise<SlipRow> {
      const [created] = await db.insert(sandboxSlip).values(row).returning();
      if (!created) throw new Error('the slip was not written');
      return created;
    },

    async deleteSlip(id: string): Promise<void> {
      await db.delete(sandboxSlip).where(eq(sandboxSlip.id, id));
    },

    /** A pending slip opened; undefined when it is no longer pending (rolled back meanwhile). */
    async openSlip(id: string): Promise<SlipRow | undefined> {
      const [row] = await db
        .update(sandboxSlip)
        .set({ status: 'open' })
        .where(and(eq(sandboxSlip.id, id), eq(sandboxSlip.status, 'pending')))
        .returning();
      return row;
    },

    async playerSlips(playerId: string, limit: number): Promise<SlipRow[]> {
      return db
        .select()
        .from(sandboxSlip)
        .where(eq(sandboxSlip.playerId, playerId))
        .orderBy(desc(sandboxSlip.placedAt))
        .limit(limit);
    },

    async findPlayerSlip(id: string, playerId: string): Promise<SlipRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxSlip)
        .where(and(eq(sandboxSlip.id, id), eq(sandboxSlip.playerId, playerId)));
      return row;
    },

    /** An open slip cashed out for `value`; undefined when it is no longer open. */
    async cashOutSlip(id: string, value: bigint): Promise<SlipRow | undefined> {
      const [row] = await db
        .update(sandboxSlip)
        .set({ status: 'cashed-out', returned: value })
        .where(and(eq(sandboxSlip.id, id), eq(sandboxSlip.status, 'open')))
        .returning();
      return row;
    },

    /** Open slips whose first match has kicked off by `now`. */
    async openSlipsKickedOff(now: Date): Promise<SlipRow[]> {
      return db
        .select()
        .from(sandboxSlip)
        .where(and(eq(sandboxSlip.status, 'open'), lte(sandboxSlip.firstKickOff, now)));
    },

    async settleSlip(id: string, outcome: string, returned: bigint): Promise<void> {
      await db
        .update(sandboxSlip)
        .set({ status: 'settled', outcome, returned })
        .where(and(eq(sandboxSlip.id, id), eq(sandboxSlip.status, 'open')));
    },

    /** Slips whose amount is decided (settled, cashed out) and whose `win` the wallet has not confirmed. */
    async unpaidSlips(): Promise<SlipRow[]> {
      return db
        .select()
        .from(sandboxSlip)
        .where(and(inArray(sandboxSlip.status, ['settled', 'cashed-out']), isNull(sandboxSlip.settledAt)));
    },

    async markSlipPaid(id: string, at: Date): Promise<void> {
      await db.update(sandboxSlip).set({ settledAt: at }).where(eq(sandboxSlip.id, id));
    },

    /** Slips still pending that were placed by `placedBy`. */
    async pendingSlips(placedBy: Date): Promise<SlipRow[]> {
      return db
        .select()
        .from(sandboxSlip)
        .where(and(eq(sandboxSlip.status, 'pending'), lte(sandboxSlip.placedAt, placedBy)));
    },

    async markSlipRolledBack(id: string): Promise<void> {
      await db
        .update(sandboxSlip)
        .set({ status: 'rolled-back' })
        .where(and(eq(sandboxSlip.id, id), eq(sandboxSlip.status, 'pending')));
    },

    // Fishing shots.

    async insertShot(row: NewShotRow): Promise<ShotRow> {
      const [created] = await db.insert(sandboxFishingShot).values(row).returning();
      if (!created) throw new Error('the shot was not written');
      return created;
    },

    async markShot(id: string, status: ShotRow['status']): Promise<void> {
      await db.update(sandboxFishingShot).set({ status }).where(eq(sandboxFishingShot.id, id));
    },

    async deleteShot(id: string): Promise<void> {
      await db.delete(sandboxFishingShot).where(eq(sandboxFishingShot.id, id));
    },

    /** Shots still pending that were fired by `firedBy`, with their sessions. */
    async pendingShots(firedBy: Date) {
      return db
        .select({ shot: sandboxFishingShot, session: sandboxProviderSession })
        .from(sandboxFishingShot)
        .innerJoin(sandboxProviderSession, eq(sandboxProviderSession.id, sandboxFishingShot.sessionId))
        .where(and(eq(sandboxFishingShot.status, 'pending'), lte(sandboxFishingShot.createdAt, firedBy)));
    },

    // Slot spins.

    /** Writes the spin unless its session already has one under its request key (then undefined). */
    async insertSpin(row: NewSpinRow): Promise<SpinRow | undefined> {
      const [created] = await db
        .insert(sandboxSlotSpin)
        .values(row)
        .onConflictDoNothing({ target: [sandboxSlotSpin.sessionId, sandboxSlotSpin.requestKey] })
        .returning();
      return created;
    },

    async findSpinByKey(sessionId: string, requestKey: string): Promise<SpinRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxSlotSpin)
        .where(and(eq(sandboxSlotSpin.sessionId, sessionId), eq(sandboxSlotSpin.requestKey, requestKey)));
      return row;
    },

    async markSpin(id: string, status: SpinRow['status']): Promise<void> {
      await db.update(sandboxSlotSpin).set({ status }).where(eq(sandboxSlotSpin.id, id));
    },

    /** Forgets a spin the wallet refused, while it is still pending. */
    async deletePendingSpin(id: string): Promise<void> {
      await db
        .delete(sandboxSlotSpin)
        .where(and(eq(sandboxSlotSpin.id, id), eq(sandboxSlotSpin.status, 'pending')));
    },

    /**
     * A free round's spin the wallet refused to pay, while still pending: closed (`rolled-back`, nothing
     * paid) and its round given back to the grant, in one transaction, once.
     */
    async refuseFreeSpin(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [closed] = await tx
          .update(sandboxSlotSpin)
          .set({ status: 'rolled-back' })
          .where(and(eq(sandboxSlotSpin.id, id), eq(sandboxSlotSpin.status, 'pending')))
          .returning({ freeRoundsId: sandboxSlotSpin.freeRoundsId });
        if (!closed?.freeRoundsId) return;
        await tx
          .update(sandboxFreeRounds)
          .set({ used: sql`${sandboxFreeRounds.used} - 1` })
          .where(and(eq(sandboxFreeRounds.id, closed.freeRoundsId), gt(sandboxFreeRounds.used, 0)));
      });
    },

    /** Spins still pending that were made by `spunBy`, with their sessions. */
    async pendingSpins(spunBy: Date) {
      return db
        .select({ spin: sandboxSlotSpin, session: sandboxProviderSession })
        .from(sandboxSlotSpin)
        .innerJoin(sandboxProviderSession, eq(sandboxProviderSession.id, sandboxSlotSpin.sessionId))
        .where(and(eq(sandboxSlotSpin.status, 'pending'), lte(sandboxSlotSpin.createdAt, spunBy)));
    },

    // Free rounds granted by the operator.

    async findFreeRounds(id: string): Promise<FreeRoundsRow | undefined> {
      const [row] = await db.select().from(sandboxFreeRounds).where(eq(sandboxFreeRounds.id, id));
      return row;
    },

    /** Writes the grant unless its id is known (a grant sent again); answers the stored row either way. */
    async saveFreeRounds(row: NewFreeRoundsRow): Promise<FreeRoundsRow> {
      await db.insert(sandboxFreeRounds).values(row).onConflictDoNothing({ target: sandboxFreeRounds.id });
      const [stored] = await db.select().from(sandboxFreeRounds).where(eq(sandboxFreeRounds.id, row.id));
      if (!stored) throw new Error('the free rounds were neither written nor found');
      return stored;
    },

    /** The Hub88 reward created under the operator's reference. */
    async findReward(operatorReference: string): Promise<FreeRoundsRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxFreeRounds)
        .where(eq(sandboxFreeRounds.operatorReference, operatorReference));
      return row;
    },

    /**
     * Writes a Hub88 reward unless its `operator_reference` is known (a create sent again); answers the
     * stored row either way.
     */
    async saveReward(row: NewFreeRoundsRow & { operatorReference: string | null }): Promise<FreeRoundsRow> {
      await db.insert(sandboxFreeRounds).values(row).onConflictDoNothing();
      const [stored] = await db
        .select()
        .from(sandboxFreeRounds)
        .where(
          row.operatorReference === null
            ? eq(sandboxFreeRounds.id, row.id)
            : eq(sandboxFreeRounds.operatorReference, row.operatorReference),
        );
      if (!stored) throw new Error('the reward was neither written nor found');
      return stored;
    },

    /** The session's player's oldest grant in its game and currency with rounds left, open at `now`. */
    async playableFreeRounds(
      player: { playerId: string; gameId: string; currency: string },
      now: Date,
    ): Promise<FreeRoundsRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxFreeRounds)
        .where(
          and(
            eq(sandboxFreeRounds.playerId, player.playerId),
            eq(sandboxFreeRounds.gameId, player.gameId),
            eq(sandboxFreeRounds.currency, player.currency),
            lt(sandboxFreeRounds.used, sandboxFreeRounds.rounds),
            freeRoundsOpenAt(now),
          ),
        )
        .orderBy(asc(sandboxFreeRounds.createdAt), asc(sandboxFreeRounds.id))
        .limit(1);
      return row;
    },

    /**
     * Takes one round of the grant and writes the spin that plays it, in one transaction. The round is taken
     * by one conditional statement (`used < rounds`, open), so parallel spins never play more rounds than
     * granted: `'none-left'` when a parallel spin took the last one or the grant is not open (nothing
     * written). `'raced'` when the session already has a spin under the key: the transaction is undone, the
     * round not taken.
     */
    async insertFreeSpin(
      grantId: string,
      now: Date,
      spinOf: (grant: FreeRoundsRow) => NewSpinRow,
    ): Promise<SpinRow | 'none-left' | 'raced'> {
      try {
        return await db.transaction(async (tx) => {
          const [grant] = await tx
            .update(sandboxFreeRounds)
            .set({ used: sql`${sandboxFreeRounds.used} + 1` })
            .where(
              and(
                eq(sandboxFreeRounds.id, grantId),
                lt(sandboxFreeRounds.used, sandboxFreeRounds.rounds),
                freeRoundsOpenAt(now),
              ),
            )
            .returning();
          if (!grant) return 'none-left' as const;
          const [created] = await tx
            .insert(sandboxSlotSpin)
            .values(spinOf(grant))
            .onConflictDoNothing({ target: [sandboxSlotSpin.sessionId, sandboxSlotSpin.requestKey] })
            .returning();
          if (!created) throw new KeyTaken();
          return created;
        });
      } catch (error) {
        if (error instanceof KeyTaken) return 'raced';
        throw error;
      }
    },

    // Games launched through Hub88's protocol.

    /** Records the launch unless its token is known (a `game/url` sent again); answers the stored row. */
    async saveHub88Launch(row: NewHub88LaunchRow): Promise<Hub88LaunchRow> {
      await db
        .insert(sandboxHub88Launch)
        .values(row)
        .onConflictDoNothing({ target: sandboxHub88Launch.token });
      const [stored] = await db
        .select()
        .from(sandboxHub88Launch)
        .where(eq(sandboxHub88Launch.token, row.token));
      if (!stored) throw new Error('the launch was neither written nor found');
      return stored;
    },

    /** The launch of this id marked opened, once: undefined when unknown or opened before. */
    async openHub88Launch(id: string, at: Date): Promise<Hub88LaunchRow | undefined> {
      const [row] = await db
        .update(sandboxHub88Launch)
        .set({ openedAt: at })
        .where(and(eq(sandboxHub88Launch.id, id), isNull(sandboxHub88Launch.openedAt)))
        .returning();
      return row;
    },

    async findHub88Launch(id: string): Promise<Hub88LaunchRow | undefined> {
      const [row] = await db.select().from(sandboxHub88Launch).where(eq(sandboxHub88Launch.id, id));
      return row;
    },

    // Games launched through Pragmatic's protocol.

    /** Records the launch unless its token is known (the launch's address opened again); answers the stored row. */
    async savePragmaticLaunch(row: NewPragmaticLaunchRow): Promise<PragmaticLaunchRow> {
      await db
        .insert(sandboxPragmaticLaunch)
        .values(row)
        .onConflictDoNothing({ target: sandboxPragmaticLaunch.token });
      const [stored] = await db
        .select()
        .from(sandboxPragmaticLaunch)
        .where(eq(sandboxPragmaticLaunch.token, row.token));
      if (!stored) throw new Error('the launch was neither written nor found');
      return stored;
    },

    /**
     * The launch of this id marked opened, once, with the player and currency its token's `authenticate`
     * answered: undefined when unknown or opened before.
     */
    async openPragmaticLaunch(
      id: string,
      player: { playerId: string; currency: string },
      at: Date,
    ): Promise<PragmaticLaunchRow | undefined> {
      const [row] = await db
        .update(sandboxPragmaticLaunch)
        .set({ openedAt: at, ...player })
        .where(and(eq(sandboxPragmaticLaunch.id, id), isNull(sandboxPragmaticLaunch.openedAt)))
        .returning();
      return row;
    },

    async findPragmaticLaunch(id: string): Promise<PragmaticLaunchRow | undefined> {
      const [row] = await db.select().from(sandboxPragmaticLaunch).where(eq(sandboxPragmaticLaunch.id, id));
      return row;
    },

    // The log of wallet calls (the daily report's source).

    /** Logs a call before it is sent; a retry of the same id keeps the first row (and its time). */
    async logCall(row: NewWalletCallRow): Promise<void> {
      await db.insert(sandboxWalletCall).values(row).onConflictDoNothing();
    },

    /** What became of a call: accepted, refused (with the wallet's code) or unanswered. */
    async logAnswer(
      transactionId: string,
      status: WalletCallRow['status'],
      refusal: string | null,
      at: Date,
    ): Promise<void> {
      await db
        .update(sandboxWalletCall)
        .set({ status, refusal, answeredAt: at })
        .where(eq(sandboxWalletCall.transactionId, transactionId));
    },

    /**
     * The transaction id of the round's stake in the wallet session, from the log: an accepted one first,
     * else the first sent; undefined when none was logged.
     */
    async betOfRound(walletSessionId: string, roundId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ transactionId: sandboxWalletCall.transactionId })
        .from(sandboxWalletCall)
        .where(
          and(
            eq(sandboxWalletCall.walletSessionId, walletSessionId),
            eq(sandboxWalletCall.roundId, roundId),
            eq(sandboxWalletCall.action, 'bet'),
          ),
        )
        .orderBy(
          sql`${sandboxWalletCall.status} = 'accepted' desc`,
          asc(sandboxWalletCall.calledAt),
          asc(sandboxWalletCall.transactionId),
        )
        .limit(1);
      return row?.transactionId;
    },

    /**
     * The native protocol's calls first sent in [from, to), in order, each with its player, its bet (a
     * rollback's round and stake) and whether an accepted rollback refunded it (a bet's).
     */
    async callsBetween(from: Date, to: Date) {
      const bet = alias(sandboxWalletCall, 'bet');
      return db
        .select({
          call: sandboxWalletCall,
          playerId: sandboxProviderSession.playerId,
          betRoundId: bet.roundId,
          betAmount: bet.amount,
          betCurrency: bet.currency,
          refunded:
            sql<boolean>`exists (select 1 from sandbox_wallet_call refund where refund.bet_transaction_id = ${sandboxWalletCall.transactionId} and refund.status = 'accepted')`.mapWith(
              Boolean,
            ),
        })
        .from(sandboxWalletCall)
        .innerJoin(
          sandboxProviderSession,
          eq(sandboxProviderSession.walletSessionId, sandboxWalletCall.walletSessionId),
        )
        .leftJoin(bet, eq(bet.transactionId, sandboxWalletCall.betTransactionId))
        .where(
          and(
            gte(sandboxWalletCall.calledAt, from),
            lt(sandboxWalletCall.calledAt, to),
            // Calls of sessions launched through Hub88's or Pragmatic's protocol are other providers' at the
            // operator.
            notExists(
              db
                .select({ one: sql`1` })
                .from(sandboxHub88Launch)
                .where(eq(sandboxHub88Launch.id, sandboxWalletCall.walletSessionId)),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(sandboxPragmaticLaunch)
                .where(eq(sandboxPragmaticLaunch.id, sandboxWalletCall.walletSessionId)),
            ),
          ),
        )
        .orderBy(asc(sandboxWalletCall.calledAt), asc(sandboxWalletCall.transactionId));
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
