import type { GameType } from '@kl/contracts/games';
import { and, asc, count, eq, max, type SQL, sql } from 'drizzle-orm';
import { game, type GameRow, gameVendor, type GameVendorRow } from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { likeLiteral } from '../../../platform/like-pattern.ts';
import { searchableName, trigramsOf } from '../../games/index.ts';

/**
 * The game catalogue as the back office reads and changes it (docs/back-office.md, "Games"): every vendor
 * and game, listed or not, and their presentation fields.
 */

export interface AdminGameFilters {
  gameCategory?: GameType | undefined;
  vassalage?: string | undefined;
  name?: string | undefined;
  enabled?: boolean | undefined;
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** The game's vendor in its category (every game has one: the catalogue is seeded that way). */
const vendorOfGame = and(
  eq(gameVendor.merchantCode, game.merchantCode),
  eq(gameVendor.vassalage, game.vassalage),
  eq(gameVendor.gameCategory, game.gameType),
);

export type GameWithVendor = { game: GameRow; vendorName: string | null; vendorEnabled: boolean | null };

export function createGamesAdminRepository(db: Db) {
  return {
    /** Every vendor with how many games it has in its category, and how many of them are enabled. */
    async vendors(merchantCode: string) {
      const counts = db
        .select({
          vassalage: game.vassalage,
          gameType: game.gameType,
          games: count().as('games'),
          enabledGames: sql<number>`count(*) filter (where ${game.enabled})`
            .mapWith(Number)
            .as('enabled_games'),
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
        .select({
          games: count(),
          enabledGames: sql<number>`count(*) filter (where ${game.enabled})`.mapWith(Number),
        })
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

    async setVendorEnabled(row: GameVendorRow, enabled: boolean, tx: DbOrTx): Promise<GameVendorRow> {
      const [updated] = await tx
        .update(gameVendor)
        .set({ enabled })
        .where(
          and(
            eq(gameVendor.merchantCode, row.merchantCode),
            eq(gameVendor.vassalage, row.vassalage),
            eq(gameVendor.gameCategory, row.gameCategory),
          ),
        )
        .returning();
      if (!updated) throw new Error(`vendor ${row.vassalage} vanished`);
      return updated;
    },

    /**
     * One page of games in list order, with their vendor. The name matches anywhere, without regard to
     * case or diacritics (the catalogue's own search columns: trigrams narrow it, LIKE checks it).
     */
    async games(merchantCode: string, filters: AdminGameFilters, limit: number, offset: number) {
      const conditions: SQL[] = [eq(game.merchantCode, merchantCode)];
      if (filters.gameCategory) conditions.push(eq(game.gameType, filters.gameCategory));
      if (filters.vassalage) conditions.push(eq(game.vassalage, filters.vassalage));
      if (filters.enabled !== undefined) conditions.push(eq(game.enabled, filters.enabled));
      const name = filters.name ? searchableName(filters.name) : '';
      if (name) {
        const grams = trigramsOf(name);
        if (grams.length > 0) conditions.push(sql`${game.nameTrigrams} @> ${textArray(grams)}`);
        conditions.push(sql`${game.nameSearch} like ${`%${likeLiteral(name)}%`}`);
      }
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

    async updateGame(
      id: number,
      set: Partial<Pick<GameRow, 'enabled' | 'hotRank' | 'isNew' | 'isTop' | 'sortRank' | 'minBet'>>,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.update(game).set(set).where(eq(game.id, id));
    },
  };
}

export type GamesAdminRepository = ReturnType<typeof createGamesAdminRepository>;
