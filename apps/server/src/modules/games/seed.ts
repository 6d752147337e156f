import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { generateCatalogue, generateWins } from './catalogue-data.ts';
import { createGamesRepository } from './repository.ts';

export interface CatalogueSeedResult {
  vendorsCreated: number;
  gamesCreated: number;
  winsCreated: number;
}

/** Winner board entries of the demo site. */
const SEED_WINS = 150;

/**
 * Seeds the merchant's demo catalogue. Idempotent: vendors and games are inserted when missing (by their
 * keys), the winner board only when the merchant has no wins yet.
 */
export async function seedCatalogue(
  db: Db,
  tx: DbOrTx,
  merchantCode: string,
  now = new Date(),
): Promise<CatalogueSeedResult> {
  const games = createGamesRepository(db);
  const catalogue = generateCatalogue(merchantCode);
  const vendorsCreated = await games.insertVendors(catalogue.vendors, tx);
  const gamesCreated = await games.insertGames(catalogue.games, tx);
  // Fresh statistics, so that the planner picks the catalogue's indexes (PGlite has no autovacuum).
  if (gamesCreated > 0) await tx.execute(sql`analyze game`);
  let winsCreated = 0;
  if ((await games.winCount(merchantCode, tx)) === 0) {
    const wins = generateWins(await games.gamesForWins(merchantCode, tx), SEED_WINS, now);
    await games.recordWins(
      wins.map((win) => ({ merchantCode, currency: 'VND', ...win })),
      tx,
    );
    winsCreated = wins.length;
  }
  return { vendorsCreated, gamesCreated, winsCreated };
}
