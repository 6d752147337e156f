import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  type NewSlotRound,
  type SlotRoundRow,
  type SlotSeedRow,
  slotJackpotPool,
  slotPlayWallet,
  slotRound,
  slotSeed,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db-errors.ts';

/** A round with the seed that drew it. */
export interface RoundWithSeed {
  round: SlotRoundRow;
  seed: SlotSeedRow;
}

/** A paid spin as `slot_spin` takes it (docs/decisions/038-money-functions.md). */
export interface SpinCall {
  merchantCode: string;
  memberId: string;
  roundId: string;
  requestKey: string;
  seedId: string;
  nonce: number;
  money: 'real' | 'demo';
  currency: string;
  /** The game the round is recorded as, and the studio machine it is played on. */
  game: {
    gameId: string;
    gameName: string;
    vendorCode: string;
    nodeId: string;
    gameType: string;
    machineId: string;
    /** A jackpot machine: the stake's share for its pool, and whether the round shows the jackpot. */
    jackpotContribution?: number;
    jackpotWon?: boolean;
  };
  lineBet: bigint;
  stake: bigint;
  payout: bigint;
  spins: unknown;
  /** The idempotency key and reference of the round's ledger transaction, and its game record's key (`slotRoundKey`). */
  ledgerKey: string;
  /** Whether the round gets its game record (and its stake toward the member's turnover). */
  record: boolean;
  trialType: number;
  defaultPercent: number;
  at: Date;
}

/** The slot's tables: seeds, rounds and the free-play wallets. */
export function createSlotRepository(db: Db) {
  return {
    /**
     * A paid spin in one call: the nonce on the seed the outcome was drawn from, the post, the turnover
     * rules, the round and its game record. `SEED_MOVED` when the nonce or the seed changed since it was
     * read; refusals are raised (`functionRefusal`).
     */
    async spin(
      call: SpinCall,
      tx: DbOrTx = db,
    ): Promise<
      | {
          outcome: 'OK';
          ledgerTransactionId: number;
          balance: bigint;
          jackpotWin: bigint;
          /** A jackpot machine's pool after the round; null on other machines. */
          jackpotPool: bigint | null;
        }
      | { outcome: 'SEED_MOVED' }
    > {
      const [row] = rowsOf<{
        outcome: string;
        ledgerTransactionId: string | null;
        balance: string | null;
        jackpotWin: string;
        jackpotPool: string | null;
      }>(
        await tx.execute(sql`select outcome, ledger_transaction_id::text as "ledgerTransactionId",
            balance::text as balance, jackpot_win::text as "jackpotWin",
            jackpot_pool::text as "jackpotPool"
          from slot_spin(${call.merchantCode}, ${call.memberId}::uuid, ${call.roundId}::uuid, ${call.requestKey},
            ${call.seedId}::uuid, ${call.nonce}::integer, ${call.money}, ${call.currency},
            ${JSON.stringify(call.game)}::jsonb, ${call.lineBet.toString()}::bigint, ${call.stake.toString()}::bigint,
            ${call.payout.toString()}::bigint, ${JSON.stringify(call.spins)}::jsonb, ${call.ledgerKey}, ${call.record}::boolean,
            ${call.trialType}::integer, ${call.defaultPercent}::integer, ${call.at.toISOString()}::timestamptz)`),
      );
      if (row?.outcome === 'SEED_MOVED') return { outcome: 'SEED_MOVED' };
      if (row?.outcome !== 'OK' || row.ledgerTransactionId === null || row.balance === null)
        throw new Error(`slot_spin answered ${row?.outcome ?? 'nothing'} for ${call.roundId}`);
      return {
        outcome: 'OK',
        ledgerTransactionId: Number(row.ledgerTransactionId),
        balance: BigInt(row.balance),
        jackpotWin: BigInt(row.jackpotWin),
        jackpotPool: row.jackpotPool === null ? null : BigInt(row.jackpotPool),
      };
    },

    /** What the merchant's jackpot pools of real money hold together. */
    async realJackpotTotal(merchantCode: string): Promise<bigint> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${slotJackpotPool.amount}), 0)::text` })
        .from(slotJackpotPool)
        .where(and(eq(slotJackpotPool.merchantCode, merchantCode), eq(slotJackpotPool.money, 'real')));
      return BigInt(row?.total ?? '0');
    },

    /** What a jackpot machine's pool of one money holds now (0 before its first stake). */
    async jackpotPool(
      merchantCode: string,
      machineId: string,
      money: 'real' | 'demo' | 'play',
      tx: DbOrTx = db,
    ): Promise<bigint> {
      const [row] = await tx
        .select({ amount: slotJackpotPool.amount })
        .from(slotJackpotPool)
        .where(
          and(
            eq(slotJackpotPool.merchantCode, merchantCode),
            eq(slotJackpotPool.machineId, machineId),
            eq(slotJackpotPool.money, money),
          ),
        );
      return row?.amount ?? 0n;
    },

    /**
     * A play-money round of a jackpot machine (the wallet's rounds do this in `slot_spin`): the stake's share
     * into the play pool, and when the round shows the jackpot, the whole pool out of it. Answers the pool won
     * and the pool after the round.
     */
    async feedPlayJackpot(
      pool: { merchantCode: string; machineId: string },
      contribution: bigint,
      won: boolean,
      at: Date,
      tx: DbOrTx,
    ): Promise<{ won: bigint; pool: bigint }> {
      const [row] = await tx
        .insert(slotJackpotPool)
        .values({ ...pool, money: 'play', amount: contribution, updatedAt: at })
        .onConflictDoUpdate({
          target: [slotJackpotPool.merchantCode, slotJackpotPool.machineId, slotJackpotPool.money],
          set: { amount: sql`${slotJackpotPool.amount} + excluded.amount`, updatedAt: at },
        })
        .returning({ amount: slotJackpotPool.amount });
      const after = row?.amount ?? 0n;
      if (!won) return { won: 0n, pool: after };
      await tx
        .update(slotJackpotPool)
        .set({ amount: 0n, wins: sql`${slotJackpotPool.wins} + 1` })
        .where(
          and(
            eq(slotJackpotPool.merchantCode, pool.merchantCode),
            eq(slotJackpotPool.machineId, pool.machineId),
            eq(slotJackpotPool.money, 'play'),
          ),
        );
      return { won: after, pool: 0n };
    },

    /**
     * The member's active seed, its row held until the caller's transaction ends: a member's paid spins
     * take their nonces one after another.
     */
    async holdActiveSeed(memberId: string, tx: DbOrTx): Promise<SlotSeedRow | undefined> {
      const [row] = await tx
        .select()
        .from(slotSeed)
        .where(and(eq(slotSeed.memberId, memberId), isNull(slotSeed.revealedAt)))
        .for('update');
      return row;
    },

    async activeSeed(memberId: string, tx: DbOrTx = db): Promise<SlotSeedRow | undefined> {
      const [row] = await tx
        .select()
        .from(slotSeed)
        .where(and(eq(slotSeed.memberId, memberId), isNull(slotSeed.revealedAt)));
      return row;
    },

    /** Inserts an active seed unless the member has one (the unique index decides between racers). */
    async insertSeedIfNone(
      row: Pick<
        SlotSeedRow,
        'merchantCode' | 'memberId' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'createdAt'
      >,
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx
        .insert(slotSeed)
        .values({ ...row, nextNonce: 0 })
        .onConflictDoNothing({
          target: slotSeed.memberId,
          where: sql`${slotSeed.revealedAt} is null`,
        });
    },

    /**
     * Takes the next nonce of the member's active seed: one conditional UPDATE, so the row stays locked
     * until the caller's transaction ends and two rounds never get the same nonce. Answers the seed as it
     * was used (its `nextNonce` is the nonce taken).
     */
    async takeNonce(memberId: string, tx: DbOrTx): Promise<SlotSeedRow | undefined> {
      const [row] = await tx
        .update(slotSeed)
        .set({ nextNonce: sql`${slotSeed.nextNonce} + 1` })
        .where(and(eq(slotSeed.memberId, memberId), isNull(slotSeed.revealedAt)))
        .returning();
      return row ? { ...row, nextNonce: row.nextNonce - 1 } : undefined;
    },

    async setClientSeed(memberId: string, clientSeed: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(slotSeed)
        .set({ clientSeed })
        .where(and(eq(slotSeed.memberId, memberId), isNull(slotSeed.revealedAt)));
    },

    /** Reveals the member's active seed; answers it, or undefined when there was none. */
    async reveal(memberId: string, at: Date, tx: DbOrTx): Promise<SlotSeedRow | undefined> {
      const [row] = await tx
        .update(slotSeed)
        .set({ revealedAt: at })
        .where(and(eq(slotSeed.memberId, memberId), isNull(slotSeed.revealedAt)))
        .returning();
      return row;
    },

    /** Inserts the round unless the member already used its request key; undefined then. */
    async insertRound(row: NewSlotRound, tx: DbOrTx): Promise<SlotRoundRow | undefined> {
      const [created] = await tx
        .insert(slotRound)
        .values(row)
        .onConflictDoNothing({ target: [slotRound.memberId, slotRound.requestKey] })
        .returning();
      return created;
    },

    async roundByKey(
      memberId: string,
      requestKey: string,
      tx: DbOrTx = db,
    ): Promise<RoundWithSeed | undefined> {
      const [row] = await tx
        .select({ round: slotRound, seed: slotSeed })
        .from(slotRound)
        .innerJoin(slotSeed, eq(slotSeed.id, slotRound.seedId))
        .where(and(eq(slotRound.memberId, memberId), eq(slotRound.requestKey, requestKey)));
      return row;
    },

    async roundById(memberId: string, roundId: string): Promise<RoundWithSeed | undefined> {
      const [row] = await db
        .select({ round: slotRound, seed: slotSeed })
        .from(slotRound)
        .innerJoin(slotSeed, eq(slotSeed.id, slotRound.seedId))
        .where(and(eq(slotRound.memberId, memberId), eq(slotRound.id, roundId)));
      return row;
    },

    async roundsPage(
      memberId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: RoundWithSeed[]; total: number }> {
      const rows = await db
        .select({ round: slotRound, seed: slotSeed })
        .from(slotRound)
        .innerJoin(slotSeed, eq(slotSeed.id, slotRound.seedId))
        .where(eq(slotRound.memberId, memberId))
        .orderBy(desc(slotRound.createdAt), desc(slotRound.nonce))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db
        .select({ value: count() })
        .from(slotRound)
        .where(eq(slotRound.memberId, memberId));
      return { rows, total: Number(total?.value ?? 0) };
    },

    /** How many rounds a seed drew. */
    async roundsOfSeed(seedId: string, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ value: count() }).from(slotRound).where(eq(slotRound.seedId, seedId));
      return Number(row?.value ?? 0);
    },

    /**
     * The member's play-money balance, the wallet created with `start` on first use and filled back to
     * `start` when it cannot pay `minimum`.
     */
    async playBalance(
      memberId: string,
      refill: { start: bigint; minimum: bigint; at: Date },
      tx: DbOrTx = db,
    ): Promise<bigint> {
      await tx
        .insert(slotPlayWallet)
        .values({ memberId, balance: refill.start, refills: 0, updatedAt: refill.at })
        .onConflictDoNothing({ target: slotPlayWallet.memberId });
      await tx
        .update(slotPlayWallet)
        .set({
          balance: refill.start,
          refills: sql`${slotPlayWallet.refills} + 1`,
          updatedAt: refill.at,
        })
        .where(and(eq(slotPlayWallet.memberId, memberId), lt(slotPlayWallet.balance, refill.minimum)));
      const [row] = await tx
        .select({ balance: slotPlayWallet.balance })
        .from(slotPlayWallet)
        .where(eq(slotPlayWallet.memberId, memberId));
      return row?.balance ?? 0n;
    },

    /** Takes `stake` and adds `payout` in one conditional update; undefined when the stake is not there. */
    async playRound(
      memberId: string,
      stake: bigint,
      payout: bigint,
      at: Date,
      tx: DbOrTx,
    ): Promise<bigint | undefined> {
      const [row] = await tx
        .update(slotPlayWallet)
        .set({
          balance: sql`${slotPlayWallet.balance} - ${stake.toString()}::bigint + ${payout.toString()}::bigint`,
          updatedAt: at,
        })
        .where(
          and(
            eq(slotPlayWallet.memberId, memberId),
            sql`${slotPlayWallet.balance} >= ${stake.toString()}::bigint`,
          ),
        )
        .returning({ balance: slotPlayWallet.balance });
      return row?.balance;
    },
  };
}

export type SlotRepository = ReturnType<typeof createSlotRepository>;
