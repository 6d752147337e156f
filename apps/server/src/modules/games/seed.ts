import { eq } from 'drizzle-orm';
import { game } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { generateCatalogue, generateWins } from './catalogue-data.ts';
import { createCatalogueWrites } from './catalogue-writes.ts';
import { createGamesRepository } from './repository.ts';

export interface CatalogueSeedResult {
  vendorsCreated: number;
  gamesCreated: number;
  winsCreated: number;
}

/** Winner board entries of the demo site. */
const SEED_WINS = 150;

/**
 * Seeds the merchant's demo catalogue through the statements the back office adds vendors and games with
 * (catalogue-writes.ts). Idempotent: vendors and games are inserted when missing (a vendor by its category,
 * a game by its game id), the winner board only when the merchant has no wins yet.
 */
export async function seedCatalogue(
  db: Db,
  tx: DbOrTx,
  merchantCode: string,
  now = new Date(),
): Promise<CatalogueSeedResult> {
  const games = createGamesRepository(db);
  const writes = createCatalogueWrites();
  const catalogue = generateCatalogue(merchantCode);
  let vendorsCreated = 0;
  for (const vendor of catalogue.vendors) if (await writes.insertVendor(vendor, tx)) vendorsCreated += 1;
  await writes.lockGamesForAdding(tx);
  const existing = new Set(
    (await tx.select({ gameId: game.gameId }).from(game).where(eq(game.merchantCode, merchantCode))).map(
      (row) => row.gameId,
    ),
  );
  const missing = catalogue.games.filter((row) => !existing.has(row.gameId));
  const gamesCreated = (await writes.insertGames(missing, tx)).length;
  // Fresh statistics, so that the planner picks the catalogue's indexes (PGlite has no autovacuum).
  if (gamesCreated > 0) await writes.analyse(tx);
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
