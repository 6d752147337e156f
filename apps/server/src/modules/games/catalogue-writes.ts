import type { GameType } from '@kl/contracts/games';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  game,
  gameVendor,
  type GameRow,
  type GameVendorRow,
  type NewGameRow,
  type NewGameVendorRow,
} from '../../db/schema/index.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { DbOrTx } from '../../platform/db.ts';

/**
 * The back office's writes of the catalogue (docs/back-office.md, "Game catalogue"): vendors and games added
 * and changed one by one or by a CSV import. A transaction that wrote calls `changed` once, last: it publishes
 * the catalogue's topic (docs/decisions/022-api-caching.md), so that the player site's kept answers and
 * search index see the change at once.
 */

/** What of a vendor the back office changes. */
export type VendorChange = Partial<
  Pick<GameVendorRow, 'enabled' | 'displayName' | 'sortOrder' | 'providerCode'>
>;
/** What of a game the back office changes (its vendor, category and game id stay). */
export type GameEdit = Partial<
  Pick<
    GameRow,
    | 'enabled'
    | 'hotRank'
    | 'isNew'
    | 'isTop'
    | 'sortRank'
    | 'minBet'
    | 'minLine'
    | 'supportPlay'
    | 'gameName'
    | 'nodeName'
    | 'displayName'
    | 'gameClassify'
    | 'classifyTags'
    | 'nameSearch'
    | 'nameTrigrams'
    | 'imageId'
    | 'slotMachine'
  >
>;

export function createCatalogueWrites(changes?: Pick<ChangeFeed, 'publish'>) {
  return {
    /**
     * Serialises the writers that add games (a node id is the next free one): other writers of the game
     * table wait until the transaction ends; readers never do.
     */
    async lockGamesForAdding(tx: DbOrTx): Promise<void> {
      await tx.execute(sql`lock table ${game} in share row exclusive mode`);
    },

    /** The node id after the merchant's highest (node ids are digits). */
    async nextNodeId(merchantCode: string, tx: DbOrTx): Promise<number> {
      const [row] = await tx
        .select({ last: max(sql<string>`${game.nodeId}::bigint`) })
        .from(game)
        .where(eq(game.merchantCode, merchantCode));
      return Number(row?.last ?? 0) + 1;
    },

    /** The game id after the merchant's highest game id of digits (an in-house game has no provider's id). */
    async nextGameId(merchantCode: string, tx: DbOrTx): Promise<number> {
      const [row] = await tx
        .select({ last: max(sql<string>`${game.gameId}::bigint`) })
        .from(game)
        .where(and(eq(game.merchantCode, merchantCode), sql`${game.gameId} ~ '^[0-9]{1,15}$'`));
      return Number(row?.last ?? 0) + 1;
    },

    /** Whether one of the merchant's games has this game code. */
    async gameCodeTaken(merchantCode: string, gameCode: string, tx: DbOrTx): Promise<boolean> {
      const [row] = await tx
        .select({ id: game.id })
        .from(game)
        .where(and(eq(game.merchantCode, merchantCode), eq(game.gameCode, gameCode)))
        .limit(1);
      return row !== undefined;
    },

    /** The position after the last game of a vendor in a category, or null when it has none. */
    async lastSortRank(merchantCode: string, vassalage: string, gameType: GameType, tx: DbOrTx) {
      const [row] = await tx
        .select({ last: max(game.sortRank) })
        .from(game)
        .where(
          and(
            eq(game.merchantCode, merchantCode),
            eq(game.vassalage, vassalage),
            eq(game.gameType, gameType),
          ),
        );
      return row?.last ?? null;
    },

    /** The merchant's games holding these game ids. */
    async gamesByGameIds(merchantCode: string, gameIds: readonly string[], tx: DbOrTx): Promise<GameRow[]> {
      if (gameIds.length === 0) return [];
      return tx
        .select()
        .from(game)
        .where(and(eq(game.merchantCode, merchantCode), inArray(game.gameId, [...gameIds])))
        .orderBy(asc(game.id));
    },

    /** Adds a vendor; undefined when the merchant has it in that category already. */
    async insertVendor(row: NewGameVendorRow, tx: DbOrTx): Promise<GameVendorRow | undefined> {
      const [created] = await tx.insert(gameVendor).values(row).onConflictDoNothing().returning();
      return created;
    },

    async updateVendor(row: GameVendorRow, set: VendorChange, tx: DbOrTx): Promise<GameVendorRow> {
      const [updated] = await tx
        .update(gameVendor)
        .set(set)
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

    /** Adds games (their game ids free: checked by the caller under lockGamesForAdding). */
    async insertGames(rows: readonly NewGameRow[], tx: DbOrTx): Promise<GameRow[]> {
      const created: GameRow[] = [];
      for (let start = 0; start < rows.length; start += 500) {
        created.push(
          ...(await tx
            .insert(game)
            .values(rows.slice(start, start + 500))
            .returning()),
        );
      }
      return created;
    },

    async updateGame(id: number, set: GameEdit, tx: DbOrTx): Promise<void> {
      await tx.update(game).set(set).where(eq(game.id, id));
    },

    /** Tells the catalogue's readers (in every process, at the commit of `tx`) that it changed. */
    async changed(tx: DbOrTx): Promise<void> {
      await changes?.publish('catalogue', tx);
    },

    /** Fresh planner statistics after many games came (PGlite has no autovacuum). */
    async analyse(tx: DbOrTx): Promise<void> {
      await tx.execute(sql`analyze game`);
    },
  };
}

export type CatalogueWrites = ReturnType<typeof createCatalogueWrites>;
