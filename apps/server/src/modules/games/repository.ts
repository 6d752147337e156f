import type { GameType } from '@kl/contracts/games';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  isNotNull,
  isNull,
  max,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  game,
  gameFavourite,
  gameLaunchToken,
  gameRecent,
  gameVendor,
  gameWin,
  type GameRow,
  type GameVendorRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { createMemberRepository } from '../member/index.ts';
import type { GameFilters, ListedGameRow } from './search-index.ts';
import { containsPattern, searchableName, trigramsOf } from './search-text.ts';

export type { GameFilters } from './search-index.ts';

/** The columns the search index keeps (docs/decisions/023-game-search-index.md): all but trigrams and creation. */
const { nameTrigrams: _trigrams, createdAt: _created, ...listedColumns } = getTableColumns(game);
/** A row of a page of those columns as JSON, keyed by the row's field names. */
const LISTED_JSON = sql.raw(
  `json_build_object(${Object.entries(listedColumns)
    .map(([key, column]) => `'${key}', page."${column.name}"`)
    .join(', ')})`,
);

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * A game players see: enabled, and its vendor in its category too (docs/back-office.md, "Games"). The
 * columns are qualified by hand: drizzle writes those of a one-table select without their table, which the
 * subquery would read as its own.
 */
export const LISTED_GAME = sql`"game"."enabled" and not exists (select 1 from ${gameVendor} v
  where v.merchant_code = "game"."merchant_code" and v.vassalage = "game"."vassalage"
  and v.game_category = "game"."game_type" and not v.enabled)`;

/** Games whose name holds `text`, without regard to case or diacritics: trigrams narrow, LIKE checks. */
function nameConditions(text: string): SQL[] {
  const name = searchableName(text);
  if (!name) return [];
  const grams = trigramsOf(name);
  return [
    ...(grams.length > 0 ? [sql`${game.nameTrigrams} @> ${textArray(grams)}`] : []),
    sql`${game.nameSearch} like ${containsPattern(name)}`,
  ];
}

/** What the back office's game list is filtered by (each left out: any). */
export interface AdminGameFilters {
  gameCategory?: GameType | undefined;
  vassalage?: string | undefined;
  name?: string | undefined;
  enabled?: boolean | undefined;
}

/** The game's vendor in its category (every game has one: the catalogue is seeded that way). */
const vendorOfGame = and(
  eq(gameVendor.merchantCode, game.merchantCode),
  eq(gameVendor.vassalage, game.vassalage),
  eq(gameVendor.gameCategory, game.gameType),
);

export type GameWithVendor = { game: GameRow; vendorName: string | null; vendorEnabled: boolean | null };

/** How many games a vendor has in its category, and how many of them are enabled. */
const vendorGameCounts = {
  games: count(),
  enabledGames: sql<number>`count(*) filter (where ${game.enabled})`.mapWith(Number),
};

function searchConditions(merchantCode: string, filters: GameFilters): SQL {
  const conditions: SQL[] = [eq(game.merchantCode, merchantCode), LISTED_GAME];
  if (filters.gameType) conditions.push(eq(game.gameType, filters.gameType));
  if (filters.vassalage) conditions.push(eq(game.vassalage, filters.vassalage));
  if (filters.gameClassify)
    conditions.push(sql`${game.classifyTags} @> ${textArray([filters.gameClassify])}`);
  if (filters.isNew !== undefined) conditions.push(eq(game.isNew, filters.isNew));
  if (filters.isTop !== undefined) conditions.push(eq(game.isTop, filters.isTop));
  if (filters.minBet !== undefined) conditions.push(eq(game.minBet, filters.minBet));
  if (filters.minLine !== undefined) conditions.push(gte(game.minLine, filters.minLine));
  if (filters.gameName) conditions.push(...nameConditions(filters.gameName));
  return and(...conditions) as SQL;
}

/**
 * The game catalogue: what players list, search, favour and launch, and what the back office reads
 * (docs/back-office.md, "Games"): every vendor and game, listed or not. The back office's writes are
 * catalogue-writes.ts, which publishes the catalogue's topic (docs/decisions/022-api-caching.md).
 */
export function createGamesRepository(db: Db) {
  const members = createMemberRepository(db);

  return {
    async vendors(merchantCode: string, tx?: DbOrTx) {
      return (tx ?? db)
        .select()
        .from(gameVendor)
        .where(eq(gameVendor.merchantCode, merchantCode))
        .orderBy(asc(gameVendor.gameCategory), asc(gameVendor.sortOrder));
    },

    async findVendor(merchantCode: string, vassalage: string, gameCategory: GameType, tx?: DbOrTx) {
      const [row] = await (tx ?? db)
        .select()
        .from(gameVendor)
        .where(
          and(
            eq(gameVendor.merchantCode, merchantCode),
            eq(gameVendor.vassalage, vassalage),
            eq(gameVendor.gameCategory, gameCategory),
          ),
        );
      return row;
    },

    /** One page of games in list order, and how many match. */
    async search(merchantCode: string, filters: GameFilters, limit: number, offset: number, tx?: DbOrTx) {
      const where = searchConditions(merchantCode, filters);
      const [rows, [total]] = await Promise.all([
        (tx ?? db)
          .select()
          .from(game)
          .where(where)
          .orderBy(asc(game.sortRank), asc(game.id))
          .limit(limit)
          .offset(offset),
        (tx ?? db).select({ total: count() }).from(game).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /**
     * Up to `limit` listed games after `after` in list order: what the search index is built from. The
     * page comes as one JSON text (keys as the row's fields): PGlite reads a wide row many times slower
     * field by field than as one text.
     */
    async listedGamesPage(
      merchantCode: string,
      after: { sortRank: number; id: number } | undefined,
      limit: number,
    ): Promise<ListedGameRow[]> {
      const page = db
        .select(listedColumns)
        .from(game)
        .where(
          and(
            eq(game.merchantCode, merchantCode),
            LISTED_GAME,
            after &&
              sql`${game.sortRank} >= ${after.sortRank} and (${game.sortRank} > ${after.sortRank} or ${game.id} > ${after.id})`,
          ),
        )
        .orderBy(asc(game.sortRank), asc(game.id))
        .limit(limit)
        .as('page');
      const [row] = await db
        .select({ rows: sql<string | null>`json_agg(${LISTED_JSON} order by page.sort_rank, page.id)::text` })
        .from(page);
      return row?.rows ? (JSON.parse(row.rows) as ListedGameRow[]) : [];
    },

    async hot(merchantCode: string, filters: Pick<GameFilters, 'gameType' | 'vassalage'>, limit: number) {
      return db
        .select()
        .from(game)
        .where(and(searchConditions(merchantCode, filters), isNotNull(game.hotRank)))
        .orderBy(asc(game.hotRank), asc(game.id))
        .limit(limit);
    },

    async byGameType(merchantCode: string, gameType: GameType) {
      return db
        .select()
        .from(game)
        .where(and(eq(game.merchantCode, merchantCode), eq(game.gameType, gameType), LISTED_GAME))
        .orderBy(asc(game.sortRank), asc(game.id));
    },

    async findByGameId(merchantCode: string, gameId: string, tx?: DbOrTx): Promise<GameRow | undefined> {
      const [row] = await (tx ?? db)
        .select()
        .from(game)
        .where(and(eq(game.merchantCode, merchantCode), eq(game.gameId, gameId)));
      return row;
    },

    async findByNodeId(merchantCode: string, nodeId: string, tx?: DbOrTx): Promise<GameRow | undefined> {
      const [row] = await (tx ?? db)
        .select()
        .from(game)
        .where(and(eq(game.merchantCode, merchantCode), eq(game.nodeId, nodeId)));
      return row;
    },

    async findById(id: number, tx?: DbOrTx): Promise<GameRow | undefined> {
      const [row] = await (tx ?? db).select().from(game).where(eq(game.id, id));
      return row;
    },

    // ——— favourites ———

    async addFavourite(memberId: string, gameRowId: number, at: Date) {
      await db.insert(gameFavourite).values({ memberId, gameRowId, createdAt: at }).onConflictDoNothing();
    },

    async removeFavourite(memberId: string, gameRowId: number) {
      await db
        .delete(gameFavourite)
        .where(and(eq(gameFavourite.memberId, memberId), eq(gameFavourite.gameRowId, gameRowId)));
    },

    async favouriteNodeIds(memberId: string): Promise<string[]> {
      const rows = await db
        .select({ nodeId: game.nodeId })
        .from(gameFavourite)
        .innerJoin(game, eq(game.id, gameFavourite.gameRowId))
        .where(and(eq(gameFavourite.memberId, memberId), LISTED_GAME))
        .orderBy(desc(gameFavourite.createdAt), desc(game.id));
      return rows.map((row) => row.nodeId);
    },

    async favourites(memberId: string, gameType: GameType | undefined, limit: number, offset: number) {
      const where = and(
        eq(gameFavourite.memberId, memberId),
        gameType ? eq(game.gameType, gameType) : undefined,
        LISTED_GAME,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ game })
          .from(gameFavourite)
          .innerJoin(game, eq(game.id, gameFavourite.gameRowId))
          .where(where)
          .orderBy(desc(gameFavourite.createdAt), desc(game.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(gameFavourite)
          .innerJoin(game, eq(game.id, gameFavourite.gameRowId))
          .where(where),
      ]);
      return { rows: rows.map((row) => row.game), total: total?.total ?? 0 };
    },

    // ——— recent ———

    async recordRecent(memberId: string, gameRowId: number, clientType: number, at: Date, tx?: DbOrTx) {
      await (tx ?? db)
        .insert(gameRecent)
        .values({ memberId, gameRowId, clientType, lastPlayedAt: at })
        .onConflictDoUpdate({
          target: [gameRecent.memberId, gameRecent.gameRowId],
          set: { lastPlayedAt: at, clientType },
        });
    },

    async recent(memberId: string, gameType: GameType | undefined, limit: number, offset: number) {
      const where = and(
        eq(gameRecent.memberId, memberId),
        gameType ? eq(game.gameType, gameType) : undefined,
        LISTED_GAME,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ game, lastPlayedAt: gameRecent.lastPlayedAt })
          .from(gameRecent)
          .innerJoin(game, eq(game.id, gameRecent.gameRowId))
          .where(where)
          .orderBy(desc(gameRecent.lastPlayedAt), desc(game.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(gameRecent)
          .innerJoin(game, eq(game.id, gameRecent.gameRowId))
          .where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    // ——— launch tokens ———

    async insertLaunchToken(row: typeof gameLaunchToken.$inferInsert, tx?: DbOrTx) {
      await (tx ?? db).insert(gameLaunchToken).values(row);
    },

    /** Marks an unused, unexpired token used and answers it; undefined when it cannot be used. */
    async consumeLaunchToken(tokenHash: string, now: Date) {
      const [row] = await db
        .update(gameLaunchToken)
        .set({ consumedAt: now })
        .where(
          and(
            eq(gameLaunchToken.tokenHash, tokenHash),
            isNull(gameLaunchToken.consumedAt),
            sql`${gameLaunchToken.expiresAt} > ${now}`,
          ),
        )
        .returning();
      return row;
    },

    /** The member's username (the member module's). */
    async memberName(memberId: string): Promise<string | undefined> {
      return (await members.findById(memberId))?.username;
    },

    // ——— winner board ———

    async wins(merchantCode: string, gameType: GameType | undefined, limit: number) {
      return db
        .select({ win: gameWin, game })
        .from(gameWin)
        .innerJoin(game, eq(game.id, gameWin.gameRowId))
        .where(
          and(eq(gameWin.merchantCode, merchantCode), gameType ? eq(gameWin.gameType, gameType) : undefined),
        )
        .orderBy(desc(gameWin.wonAt), desc(gameWin.id))
        .limit(limit);
    },

    async recordWins(rows: (typeof gameWin.$inferInsert)[], tx?: DbOrTx) {
      if (rows.length > 0) await (tx ?? db).insert(gameWin).values(rows);
    },

    // ——— winner board (seed) ———

    async gamesForWins(merchantCode: string, tx?: DbOrTx) {
      return (tx ?? db)
        .select({ id: game.id, gameType: game.gameType })
        .from(game)
        .where(eq(game.merchantCode, merchantCode))
        .orderBy(asc(game.id));
    },

    async winCount(merchantCode: string, tx?: DbOrTx): Promise<number> {
      const [row] = await (tx ?? db)
        .select({ total: count() })
        .from(gameWin)
        .where(eq(gameWin.merchantCode, merchantCode));
      return row?.total ?? 0;
    },

    /** Every vendor of the merchant, listed or not, with its game counts. */
    async vendorsForOperators(merchantCode: string) {
      const counts = db
        .select({
          vassalage: game.vassalage,
          gameType: game.gameType,
          games: vendorGameCounts.games.as('games'),
          enabledGames: vendorGameCounts.enabledGames.as('enabled_games'),
        })
        .from(game)
        .where(eq(game.merchantCode, merchantCode))
        .groupBy(game.vassalage, game.gameType)
        .as('counts');
      return db
        .select({ vendor: gameVendor, games: counts.games, enabledGames: counts.enabledGames })
        .from(gameVendor)
        .leftJoin(
          counts,
          and(eq(counts.vassalage, gameVendor.vassalage), eq(counts.gameType, gameVendor.gameCategory)),
        )
        .where(eq(gameVendor.merchantCode, merchantCode))
        .orderBy(asc(gameVendor.gameCategory), asc(gameVendor.sortOrder), asc(gameVendor.vassalage));
    },

    async vendorCounts(merchantCode: string, vassalage: string, gameCategory: GameType, tx: DbOrTx = db) {
      const [row] = await tx
        .select(vendorGameCounts)
        .from(game)
        .where(
          and(
            eq(game.merchantCode, merchantCode),
            eq(game.vassalage, vassalage),
            eq(game.gameType, gameCategory),
          ),
        );
      return { games: row?.games ?? 0, enabledGames: row?.enabledGames ?? 0 };
    },

    async lockVendor(
      merchantCode: string,
      vassalage: string,
      gameCategory: GameType,
      tx: DbOrTx,
    ): Promise<GameVendorRow | undefined> {
      const [row] = await tx
        .select()
        .from(gameVendor)
        .where(
          and(
            eq(gameVendor.merchantCode, merchantCode),
            eq(gameVendor.vassalage, vassalage),
            eq(gameVendor.gameCategory, gameCategory),
          ),
        )
        .for('update');
      return row;
    },

    /** One page of the merchant's games, listed or not, in list order, with their vendor. */
    async gamePageForOperators(
      merchantCode: string,
      filters: AdminGameFilters,
      limit: number,
      offset: number,
    ) {
      const conditions: SQL[] = [eq(game.merchantCode, merchantCode)];
      if (filters.gameCategory) conditions.push(eq(game.gameType, filters.gameCategory));
      if (filters.vassalage) conditions.push(eq(game.vassalage, filters.vassalage));
      if (filters.enabled !== undefined) conditions.push(eq(game.enabled, filters.enabled));
      if (filters.name) conditions.push(...nameConditions(filters.name));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ game, vendorName: gameVendor.displayName, vendorEnabled: gameVendor.enabled })
          .from(game)
          .leftJoin(gameVendor, vendorOfGame)
          .where(where)
          .orderBy(asc(game.sortRank), asc(game.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(game).where(where),
      ]);
      return { rows: rows as GameWithVendor[], total: total?.total ?? 0 };
    },

    async gameWithVendor(id: number, tx: DbOrTx = db): Promise<GameWithVendor | undefined> {
      const [row] = await tx
        .select({ game, vendorName: gameVendor.displayName, vendorEnabled: gameVendor.enabled })
        .from(game)
        .leftJoin(gameVendor, vendorOfGame)
        .where(eq(game.id, id));
      return row;
    },

    async lockGame(merchantCode: string, id: number, tx: DbOrTx): Promise<GameRow | undefined> {
      const [row] = await tx
        .select()
        .from(game)
        .where(and(eq(game.merchantCode, merchantCode), eq(game.id, id)))
        .for('update');
      return row;
    },

    /** The position after the last hot game of the merchant. */
    async nextHotRank(merchantCode: string, tx: DbOrTx): Promise<number> {
      const [row] = await tx
        .select({ last: max(game.hotRank) })
        .from(game)
        .where(eq(game.merchantCode, merchantCode));
      return (row?.last ?? 0) + 1;
    },
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
