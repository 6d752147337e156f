/**
 * Game search latency (p50 / p99) on the demo catalogue and on 100,000 games, through the whole API
 * (routing, validation, SQL, serialisation) with app.inject on an in-memory PGlite.
 *
 *   node --import tsx apps/server/scripts/search-bench.ts [--games=100000] [--runs=200] [--json=<file>]
 *
 * Prints a table per catalogue size; with --json also writes the numbers.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { game } from '../src/db/schema/index.ts';
import { runSeed } from '../src/db/seed/index.ts';
import { generateCatalogue } from '../src/modules/games/catalogue-data.ts';
import { createGamesRepository } from '../src/modules/games/repository.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const parsed = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive whole number`);
  return parsed;
};
const TARGET_GAMES = option('games', 100_000);
const RUNS = option('runs', 200);
const jsonArg = process.argv.find((value) => value.startsWith('--json='))?.slice('--json='.length);

const QUERIES: [string, Record<string, string>][] = [
  ['slots, first page', { gameType: 'RNG', pageNo: '1', pageSize: '9' }],
  ['vendor, page 3', { gameType: 'RNG', vassalage: 'LOTUS', pageNo: '3', pageSize: '25' }],
  ['class + min bet', { gameType: 'RNG', gameClassify: 'JP', minBet: '0.01', pageSize: '25' }],
  ['BG family', { gameType: 'RNG', gameClassify: 'BG', pageSize: '25' }],
  ['new games', { isNew: '1', pageSize: '25' }],
  ['min lines', { gameType: 'RNG', minLine: '50', pageSize: '25' }],
  ['name "dragon"', { gameName: 'dragon', pageSize: '9' }],
  ['name "golden koi"', { gameName: 'golden koi', pageSize: '9' }],
  ['name "ti" (short)', { gameName: 'ti', gameType: 'PVP', pageSize: '9' }],
  ['deep page 100', { gameType: 'RNG', pageNo: '100', pageSize: '25' }],
];

const print = (line: string) => process.stdout.write(`${line}\n`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.migrate();
  await runSeed(database.db);
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }, tmpdir()),
    logLevel: 'silent' as const,
    rateLimitMax: 1e9,
    webDist: join(tmpdir(), 'kl-no-web-dist'),
  };
  const app = await buildApp({ config, database });
  const gameCount = async () => (await database.db.select({ total: count() }).from(game))[0]?.total ?? 0;
  const results: Record<
    string,
    { games: number; rows: { query: string; total: number; p50: number; p99: number }[] }
  > = {};

  const measure = async (label: string) => {
    const total = await gameCount();
    const rows = [];
    for (const [name, query] of QUERIES) {
      const url = `/api/games/search?${new URLSearchParams(query).toString()}`;
      for (let warm = 0; warm < 5; warm += 1) await app.inject({ url });
      const times: number[] = [];
      let found = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        const response = await app.inject({ url });
        times.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
        found = (JSON.parse(response.body) as { value: { total: number } }).value.total;
      }
      times.sort((a, b) => a - b);
      rows.push({ query: name, total: found, p50: percentile(times, 50), p99: percentile(times, 99) });
    }
    results[label] = { games: total, rows };
    print(`\nGame search on ${label}: ${total.toLocaleString('en')} games, ${RUNS} requests per query (ms)`);
    const width = Math.max(...rows.map((row) => row.query.length));
    print(`${'query'.padEnd(width)}  ${'matches'.padStart(7)}  ${'p50'.padStart(6)}  ${'p99'.padStart(6)}`);
    for (const row of rows) {
      print(
        `${row.query.padEnd(width)}  ${String(row.total).padStart(7)}  ${row.p50.toFixed(2).padStart(6)}  ${row.p99.toFixed(2).padStart(6)}`,
      );
    }
  };

  await measure('the seed');

  // Grow the catalogue to the target with more generated games of the same vendors.
  const seeded = { total: await gameCount() };
  const scale = (TARGET_GAMES - seeded.total) / seeded.total;
  const extra = generateCatalogue('kimlong', {
    scale,
    firstNodeId: 10_000_000,
    firstGameId: 10_000_000,
  }).games;
  const started = performance.now();
  await createGamesRepository(database.db).insertGames(extra.slice(0, TARGET_GAMES - seeded.total));
  // What autovacuum does on PostgreSQL: statistics and the visibility map (index-only counts).
  await database.db.execute(sql`vacuum analyze game`);
  print(
    `\nInserted ${Math.min(extra.length, TARGET_GAMES - seeded.total).toLocaleString('en')} games in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await measure(`${TARGET_GAMES.toLocaleString('en')} games`);

  if (jsonArg) writeFileSync(jsonArg, `${JSON.stringify(results, null, 2)}\n`);
  await app.close();
  await database.close();
}

await main();
