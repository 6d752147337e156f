/**
 * Game search latency (p50 / p99) on the demo catalogue and on 100,000 games, through the whole API
 * (routing, validation, the search index, serialisation) with app.inject on an in-memory PGlite
 * (docs/decisions/023-game-search-index.md). `first` is a query's first answer, before the index keeps
 * it; p50 and p99 are over the runs after it. The SQL search is measured beside it (the repository on
 * the same database, `sql p50`), and the index's build time and memory at each size.
 *
 *   node --import tsx apps/server/scripts/search-bench.ts [--games=100000] [--runs=200] [--json=<file>]
 *
 * Prints a table per catalogue size; with --json also writes the numbers.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gameSearchQuery } from '@kl/contracts/games';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { runSeed } from '../src/db/seed/index.ts';
import { gameCount, growCatalogue } from '../src/modules/games/catalogue-growth.ts';
import { minBetUnits } from '../src/modules/games/game-mapping.ts';
import { createGamesRepository, type GameFilters } from '../src/modules/games/repository.ts';
import { createGameSearchIndex } from '../src/modules/games/search-index.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heapMb = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1e6;
};

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

const MERCHANT = 'kimlong';

const print = (line: string) => process.stdout.write(`${line}\n`);

/** The filters the search call makes of a query (service.ts). */
function filtersOf(query: Record<string, string>): GameFilters {
  const parsed = gameSearchQuery.parse(query);
  return {
    ...(parsed.gameType && { gameType: parsed.gameType }),
    ...(parsed.vassalage && { vassalage: parsed.vassalage }),
    ...(parsed.gameClassify && { gameClassify: parsed.gameClassify }),
    ...(parsed.isNew !== undefined && { isNew: parsed.isNew }),
    ...(parsed.isTop !== undefined && { isTop: parsed.isTop }),
    ...(parsed.minBet && parsed.minBet !== 'all' && { minBet: minBetUnits(parsed.minBet) }),
    ...(parsed.minLine !== undefined && { minLine: parsed.minLine }),
    ...(parsed.gameName && { gameName: parsed.gameName }),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

type Row = { query: string; total: number; first: number; p50: number; p99: number; sqlP50: number };

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
  const games = createGamesRepository(database.db);
  const results: Record<
    string,
    { games: number; index: { buildSeconds: number; heapMb: number; listMb: number }; rows: Row[] }
  > = {};

  const timed = async (task: () => Promise<unknown>) => {
    const start = performance.now();
    await task();
    return performance.now() - start;
  };

  const measure = async (label: string) => {
    const total = await gameCount(database.db, MERCHANT);
    // The index alone: how long it takes to build and what it holds (heap after a collection).
    const heapBefore = heapMb();
    const standalone = createGameSearchIndex({
      loadPage: (merchantCode, after, limit) => games.listedGamesPage(merchantCode, after, limit),
      searchDatabase: (merchantCode, filters, limit, offset) =>
        games.search(merchantCode, filters, limit, offset),
      present: (row) => row,
    });
    const buildMs = await timed(() => standalone.ready(MERCHANT));
    const built = await standalone.ready(MERCHANT);
    const index = {
      buildSeconds: buildMs / 1000,
      heapMb: heapMb() - heapBefore,
      listMb: built.listBytes() / 1e6,
    };
    standalone.invalidate();

    // The app builds its own index at start.
    const app: FastifyInstance = await buildApp({ config, database });
    const rows: Row[] = [];
    try {
      for (const [name, query] of QUERIES) {
        const url = `/api/games/search?${new URLSearchParams(query).toString()}`;
        const filters = filtersOf(query);
        const { pageNo, pageSize } = gameSearchQuery.parse(query);
        const sqlTimes: number[] = [];
        for (let run = 0; run < Math.min(RUNS, 20); run += 1) {
          sqlTimes.push(
            await timed(() => games.search(MERCHANT, filters, pageSize, (pageNo - 1) * pageSize)),
          );
        }
        sqlTimes.sort((a, b) => a - b);
        let found = 0;
        const ask = async () => {
          const response = await app.inject({ url });
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
          found = (JSON.parse(response.body) as { value: { total: number } }).value.total;
        };
        const first = await timed(ask);
        for (let warm = 0; warm < 5; warm += 1) await ask();
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) times.push(await timed(ask));
        times.sort((a, b) => a - b);
        rows.push({
          query: name,
          total: found,
          first,
          p50: percentile(times, 50),
          p99: percentile(times, 99),
          sqlP50: percentile(sqlTimes, 50),
        });
      }
    } finally {
      await app.close();
    }
    results[label] = { games: total, index, rows };
    print(`\nGame search on ${label}: ${total.toLocaleString('en')} games, ${RUNS} requests per query (ms)`);
    print(
      `index: built in ${index.buildSeconds.toFixed(2)} s, heap +${index.heapMb.toFixed(1)} MB (of which position lists ${index.listMb.toFixed(1)} MB)`,
    );
    const width = Math.max(...rows.map((row) => row.query.length));
    const columns = ['matches', 'first', 'p50', 'p99', 'sql p50'];
    print(`${'query'.padEnd(width)}  ${columns.map((column) => column.padStart(7)).join('  ')}`);
    for (const row of rows) {
      const figures = [row.first, row.p50, row.p99, row.sqlP50].map((value) => value.toFixed(2).padStart(7));
      print(`${row.query.padEnd(width)}  ${String(row.total).padStart(7)}  ${figures.join('  ')}`);
    }
  };

  await measure('the seed');

  // Grow the catalogue to the target with more generated games of the same vendors.
  const growth = await growCatalogue(database.db, MERCHANT, TARGET_GAMES);
  print(`\nInserted ${growth.inserted.toLocaleString('en')} games in ${growth.seconds.toFixed(1)} s`);
  await measure(`${TARGET_GAMES.toLocaleString('en')} games`);

  if (jsonArg) writeFileSync(jsonArg, `${JSON.stringify(results, null, 2)}\n`);
  await database.close();
}

await main();
