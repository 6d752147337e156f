import type { GameRoundStatus } from '@kl/contracts/game-records';
import type { GameType } from '@kl/contracts/games';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { gameRound, type GameRoundRow, type NewGameRound } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { keysetAfter } from '../../platform/keyset.ts';

/** What a member's game records may be narrowed by. */
export interface GameRecordFilter {
  merchantCode: string;
  memberId: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  gameType?: GameType;
  status?: GameRoundStatus;
}

function filterWhere(filter: GameRecordFilter): SQL {
  const conditions: SQL[] = [
    eq(gameRound.merchantCode, filter.merchantCode),
    eq(gameRound.memberId, filter.memberId),
  ];
  if (filter.from) conditions.push(gte(gameRound.createdAt, filter.from));
  if (filter.to) conditions.push(lt(gameRound.createdAt, filter.to));
  if (filter.gameType) conditions.push(eq(gameRound.gameType, filter.gameType));
  if (filter.status) conditions.push(eq(gameRound.status, filter.status));
  return and(...conditions) as SQL;
}

/**
 * What narrows every member's rounds in the back office (docs/back-office.md, "Bets"): the members as a
 * subquery of their ids (the member module's), the game, the status, the round's start.
 */
export interface OperatorRoundFilter {
  merchantCode: string;
  /** The ids of the members whose rounds are listed (a subquery). */
  members: SQL;
  gameType?: GameType | undefined;
  vendorCode?: string | undefined;
  status?: GameRoundStatus | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

function operatorWhere(filter: OperatorRoundFilter): SQL[] {
  const conditions: SQL[] = [
    eq(gameRound.merchantCode, filter.merchantCode),
    inArray(gameRound.memberId, filter.members),
  ];
  if (filter.gameType) conditions.push(eq(gameRound.gameType, filter.gameType));
  if (filter.vendorCode) conditions.push(eq(gameRound.vendorCode, filter.vendorCode));
  if (filter.status) conditions.push(eq(gameRound.status, filter.status));
  if (filter.from) conditions.push(gte(gameRound.createdAt, filter.from));
  if (filter.to) conditions.push(lt(gameRound.createdAt, filter.to));
  return conditions;
}

/** A member's round by its provider's key. */
export interface OpenRoundKey {
  merchantCode: string;
  vendorCode: string;
  roundKey: string;
  memberId: string;
}

const memberRoundOf = (key: OpenRoundKey): SQL =>
  and(
    eq(gameRound.merchantCode, key.merchantCode),
    eq(gameRound.vendorCode, key.vendorCode),
    eq(gameRound.roundKey, key.roundKey),
    eq(gameRound.memberId, key.memberId),
  ) as SQL;

/** The member's round of the key, only while it is open. */
const openRoundOf = (key: OpenRoundKey): SQL => and(memberRoundOf(key), eq(gameRound.status, 'open')) as SQL;

/** SQL of game rounds. Statements run on the caller's transaction when one is given. */
export function createGameRecordsRepository(db: Db) {
  return {
    /** Inserts the round; undefined when its key is already taken. */
    async insertRound(row: NewGameRound, tx: DbOrTx = db): Promise<GameRoundRow | undefined> {
      const [created] = await tx
        .insert(gameRound)
        .values(row)
        .onConflictDoNothing({
          target: [gameRound.merchantCode, gameRound.vendorCode, gameRound.roundKey, gameRound.memberId],
        })
        .returning();
      return created;
    },

    async findRound(
      merchantCode: string,
      vendorCode: string,
      roundKey: string,
      tx: DbOrTx = db,
    ): Promise<GameRoundRow | undefined> {
      const [row] = await tx
        .select()
        .from(gameRound)
        .where(
          and(
            eq(gameRound.merchantCode, merchantCode),
            eq(gameRound.vendorCode, vendorCode),
            eq(gameRound.roundKey, roundKey),
          ),
        );
      return row;
    },

    /** The member's round of the key, open or not. */
    async findMemberRound(key: OpenRoundKey, tx: DbOrTx = db): Promise<GameRoundRow | undefined> {
      const [row] = await tx.select().from(gameRound).where(memberRoundOf(key));
      return row;
    },

    /** Settles or cancels an open round; undefined when the round is not open (or unknown). */
    async closeRound(
      id: string,
      values: {
        status: Exclude<GameRoundStatus, 'open'>;
        payout: bigint;
        settleTransactionId: number | null;
        settledAt: Date;
      },
      tx: DbOrTx = db,
    ): Promise<GameRoundRow | undefined> {
      const [row] = await tx
        .update(gameRound)
        .set(values)
        .where(and(eq(gameRound.id, id), eq(gameRound.status, 'open')))
        .returning();
      return row;
    },

    /**
     * Adds to the sums of the member's open round (a negative stake takes one back) and, when given, names
     * the transaction that paid it; undefined when the round is not open or not the member's.
     */
    async adjustOpenRound(
      key: OpenRoundKey,
      change: { stake: bigint; payout: bigint; settleTransactionId?: number | undefined },
      tx: DbOrTx = db,
    ): Promise<GameRoundRow | undefined> {
      const [row] = await tx
        .update(gameRound)
        .set({
          stake: sql`${gameRound.stake} + ${change.stake}`,
          payout: sql`${gameRound.payout} + ${change.payout}`,
          ...(change.settleTransactionId !== undefined && {
            settleTransactionId: change.settleTransactionId,
          }),
        })
        .where(openRoundOf(key))
        .returning();
      return row;
    },

    /**
     * Ends the member's open round at its sums: `settled`, or `cancelled` when nothing is left staked nor
     * won (every stake given back); undefined when the round is not open or not the member's.
     */
    async endOpenRound(
      key: OpenRoundKey,
      settledAt: Date,
      tx: DbOrTx = db,
    ): Promise<GameRoundRow | undefined> {
      const [row] = await tx
        .update(gameRound)
        .set({
          status: sql`case when ${gameRound.stake} = 0 and ${gameRound.payout} = 0 then 'cancelled' else 'settled' end`,
          settledAt,
        })
        .where(openRoundOf(key))
        .returning();
      return row;
    },

    /** One page of the member's rounds, newest first. */
    async page(
      filter: GameRecordFilter,
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ): Promise<GameRoundRow[]> {
      return tx
        .select()
        .from(gameRound)
        .where(filterWhere(filter))
        .orderBy(desc(gameRound.createdAt), desc(gameRound.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /**
     * Up to `page.limit` rounds of the back office's filter, newest first, with their members' usernames
     * (`username`, the member module's subquery): after `page.offset` rounds, or after the round `page.after`
     * (an export reading the whole list).
     */
    async operatorRounds(
      username: (memberId: SQLWrapper) => SQL<string>,
      filter: OperatorRoundFilter,
      page: { limit: number; offset?: number; after?: string | undefined },
    ) {
      const conditions = operatorWhere(filter);
      if (page.after !== undefined) {
        const keyset = { after: page.after, direction: 'desc' } as const;
        conditions.push(keysetAfter(gameRound, gameRound.createdAt, gameRound.id, keyset));
      }
      return db
        .select({ round: gameRound, username: username(gameRound.memberId) })
        .from(gameRound)
        .where(and(...conditions))
        .orderBy(desc(gameRound.createdAt), desc(gameRound.id))
        .limit(page.limit)
        .offset(page.offset ?? 0);
    },

    /** How many rounds the back office's filter selects. */
    async operatorCount(filter: OperatorRoundFilter): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(gameRound)
        .where(and(...operatorWhere(filter)));
      return row?.total ?? 0;
    },

    /** How many rounds the filter selects, and the sums of those not cancelled. */
    async totals(filter: GameRecordFilter, tx: DbOrTx = db) {
      const counted = sql`${gameRound.status} <> 'cancelled'`;
      const [row] = await tx
        .select({
          total: count(),
          rounds: sql<string>`count(*) filter (where ${counted})`,
          stake: sql<string>`coalesce(sum(${gameRound.stake}) filter (where ${counted}), 0)::text`,
          payout: sql<string>`coalesce(sum(${gameRound.payout}) filter (where ${counted}), 0)::text`,
        })
        .from(gameRound)
        .where(filterWhere(filter));
      return {
        total: Number(row?.total ?? 0),
        rounds: Number(row?.rounds ?? 0),
        stake: BigInt(row?.stake ?? '0'),
        payout: BigInt(row?.payout ?? '0'),
      };
    },
  };
}

export type GameRecordsRepository = ReturnType<typeof createGameRecordsRepository>;
