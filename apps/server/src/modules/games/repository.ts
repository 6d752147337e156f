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
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  member,
  game,
  gameFavourite,
  gameLaunchToken,
  gameRecent,
  gameVendor,
  gameWin,
  type GameRow,
  type NewGameRow,
  type NewGameVendorRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
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
  const name = filters.gameName ? searchableName(filters.gameName) : '';
  if (name) {
    const grams = trigramsOf(name);
    if (grams.length > 0) conditions.push(sql`${game.nameTrigrams} @> ${textArray(grams)}`);
    conditions.push(sql`${game.nameSearch} like ${containsPattern(name)}`);
  }
  return and(...conditions) as SQL;
}

export function createGamesRepository(db: Db) {
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

    async memberName(memberId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ username: member.username })
        .from(member)
        .where(eq(member.id, memberId));
      return row?.username;
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

    // ——— catalogue (seed) ———

    async insertVendors(rows: NewGameVendorRow[], tx?: DbOrTx): Promise<number> {
      if (rows.length === 0) return 0;
      const created = await (tx ?? db)
        .insert(gameVendor)
        .values(rows)
        .onConflictDoNothing()
        .returning({ vassalage: gameVendor.vassalage });
      return created.length;
    },

    async insertGames(rows: NewGameRow[], tx?: DbOrTx): Promise<number> {
      let created = 0;
      for (let start = 0; start < rows.length; start += 500) {
        const inserted = await (tx ?? db)
          .insert(game)
          .values(rows.slice(start, start + 500))
          .onConflictDoNothing()
          .returning({ id: game.id });
        created += inserted.length;
      }
      return created;
    },

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
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
