import { count, eq, max, sql } from 'drizzle-orm';
import { game } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { generateCatalogue } from './catalogue-data.ts';
import { createCatalogueWrites } from './catalogue-writes.ts';

/**
 * A merchant's catalogue grown to a number of games for measuring search at scale
 * (docs/decisions/023-game-search-index.md): more generated games of the same vendors, after the games the
 * merchant has, with node and game ids from 10,000,000 on (past the demo catalogue's). Used by
 * `scripts/catalogue-grow.ts` (a database the server then opens) and `scripts/search-bench.ts`.
 */

/** Where the ids of grown games start. */
const FIRST_GROWN_ID = 10_000_000;

export interface CatalogueGrowth {
  /** Games of the merchant before and after. */
  before: number;
  after: number;
  inserted: number;
  seconds: number;
}

export async function gameCount(db: Db, merchantCode: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(game).where(eq(game.merchantCode, merchantCode));
  return row?.total ?? 0;
}

/** Adds generated games until the merchant has `target` games (none when it has as many already). */
export async function growCatalogue(db: Db, merchantCode: string, target: number): Promise<CatalogueGrowth> {
  const started = performance.now();
  const before = await gameCount(db, merchantCode);
  const needed = target - before;
  if (needed <= 0) return { before, after: before, inserted: 0, seconds: 0 };
  const [last] = await db
    .select({
      nodeId: max(sql<number>`${game.nodeId}::bigint`),
      gameId: max(sql<number>`${game.gameId}::bigint`),
    })
    .from(game)
    .where(eq(game.merchantCode, merchantCode));
  const next = (value: unknown) => Math.max(FIRST_GROWN_ID, Number(value ?? 0) + 1);
  const base = generateCatalogue(merchantCode).games.length;
  // Rounding per vendor may fall a little short of the scale: ask for a few more and cut.
  const extra = generateCatalogue(merchantCode, {
    scale: (needed * 1.01 + 50) / base,
    firstNodeId: next(last?.nodeId),
    firstGameId: next(last?.gameId),
  }).games.slice(0, needed);
  const inserted = (await createCatalogueWrites().insertGames(extra, db)).length;
  // What autovacuum does on PostgreSQL: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze game`);
  return {
    before,
    after: before + inserted,
    inserted,
    seconds: (performance.now() - started) / 1000,
  };
}
