/**
 * Grows a merchant's game catalogue to a number of games, for measuring search at scale over HTTP
 * (docs/decisions/023-game-search-index.md, tools/perf/bench.mjs): in the database the server uses
 * (DATA_DIR or DATABASE_URL, read as the server reads them), after applying the migrations. The demo
 * merchant is seeded first when it is missing (an empty DATA_DIR becomes the demo site with a large
 * catalogue). Then a server on the same database answers from a catalogue of that size:
 *
 *   DATA_DIR=/tmp/kl-large node --import tsx apps/server/scripts/catalogue-grow.ts --games=100000
 *   DATA_DIR=/tmp/kl-large SEED_DEMO=1 PORT=8090 node --import tsx apps/server/src/main.ts
 *
 * Options: --games=<n> (default 100000), --merchant=<code> (default MERCHANT_CODE). Running it again adds
 * nothing once the merchant has that many games. A server running on the same PostgreSQL hears of the new
 * games through the change feed. The embedded database is one process: stop the server first.
 *
 * Exit code 0 when done, 1 for bad options, 2 when it cannot run.
 */
import { parseArgs } from 'node:util';
import { DEMO_MERCHANT_CODE, runSeed } from '../src/db/seed/index.ts';
import { gameCount, growCatalogue } from '../src/modules/games/catalogue-growth.ts';
import { createMerchantRepository } from '../src/modules/merchant/index.ts';
import { createChangeFeed } from '../src/platform/change-feed.ts';
import { commandTarget } from '../src/platform/command-config.ts';
import { openDatabase } from '../src/platform/db.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);

function options(): { games: number; merchant: string | undefined } | undefined {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: { games: { type: 'string', default: '100000' }, merchant: { type: 'string' } },
    });
    const games = Number(values.games);
    if (!Number.isInteger(games) || games < 1 || games > 5_000_000) {
      print('--games must be a whole number from 1 to 5000000');
      return undefined;
    }
    return { games, merchant: values.merchant };
  } catch (error) {
    print(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

async function main(): Promise<number> {
  const wanted = options();
  if (!wanted) return 1;
  const command = commandTarget(process.env, process.cwd(), print);
  if (!command) return 2;
  const merchantCode = wanted.merchant ?? command.config.merchantCode;
  const database = await openDatabase(command.target);
  try {
    await database.migrate();
    if (!(await createMerchantRepository(database.db).findByCode(merchantCode))) {
      if (merchantCode !== DEMO_MERCHANT_CODE) {
        print(
          `Merchant ${merchantCode} does not exist in ${command.where}: create it first (merchant:create).`,
        );
        return 1;
      }
      print(`Seeding the demo merchant in ${command.where}…`);
      await runSeed(database.db);
    }
    print(`${merchantCode}: ${(await gameCount(database.db, merchantCode)).toLocaleString('en')} games`);
    const growth = await growCatalogue(database.db, merchantCode, wanted.games);
    print(
      `${merchantCode}: ${growth.after.toLocaleString('en')} games (${growth.inserted.toLocaleString('en')} added in ${growth.seconds.toFixed(1)} s)`,
    );
    // A server on the same PostgreSQL drops its search index and builds it again.
    if (growth.inserted > 0) await createChangeFeed({ db: database.db }).publish('catalogue');
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exit(await main());
} catch (error) {
  print(`catalogue-grow: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
