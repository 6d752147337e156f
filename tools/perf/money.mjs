#!/usr/bin/env node
/**
 * The money path of a game provider (tools/perf/README.md, "(f) Provider wallet"): signed `bet` then `win`
 * calls of the seamless wallet (apps/server/src/modules/provider-wallet), each member in its own loop on its
 * own provider session, at 1, 4 and 20 concurrent callers, beside bare node-pg transactions on the same
 * database at the same concurrency (`BEGIN; UPDATE` a balance row; `INSERT` a journal row; `COMMIT`). Runs
 * the real server (NODE_ENV=production) on a throwaway PostgreSQL cluster and on PGlite (the embedded
 * default; there the baseline is the same SQL through PGlite in the benchmark's own process).
 *
 *   node tools/perf/money.mjs [--pglite|--postgres] [--callers=1,4,20] [--seconds=5] [--cpu-prof[=slot|lottery]]
 *
 * --cpu-prof runs the server with `node --cpu-prof` during the largest PostgreSQL run (the provider's calls, or
 * with =slot or =lottery those of the site's own game instead) and prints the top
 * functions by self and by total time, and the share of the samples in each part of the stack; the time
 * PostgreSQL spent in each database function of the money path during that run (`track_functions`); and
 * the SQL statements of one bet and one win (`log_statement=all` on the throwaway cluster).
 *
 * bench.mjs calls `moneyBench()`; alone, this prints the same tables and exits 0 when it could measure.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { SourceMap } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { throwawayCluster } from '../../scripts/test/postgres.mjs';
import { freePort, table } from './report.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
const REPORTS = join(root, 'tools/perf/reports');
/** The goal (docs/performance.md): at 20 callers on PostgreSQL, ≥ 30 % of bare transactions/s, p99 ≤ 50 ms. */
export const MONEY_GOALS = { callers: 20, ratio: 0.3, p99Ms: 50 };
/** The provider the calls are signed as: the sandbox provider's code, with a key made for this run. */
const PROVIDER_CODE = 'sandbox';
const STAKE = 1_000;
const PAYOUT = 500;
/** The lottery a bet goes to: the northern daily draw, one point of a two-digit lô. */
const LOTTERY_GAME = 'MB';
/** The slot's smallest bet level (SLOT_BET_LEVELS): a spin stakes 20 lines of it. */
const SLOT_LINE_BET = 100;
/** Each member's money (minor units): far more than a run can stake. */
const CREDIT = 1_000_000_000_000n;
const WARM_UP_MS = 1_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value, digits = 1) =>
  value === undefined || value === null || Number.isNaN(value) ? '–' : value.toFixed(digits);
/** The monotonic clock in microseconds: the clock V8's profiler stamps its samples with. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

const percentile = (sorted, p) =>
  sorted.length === 0
    ? undefined
    : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

// ── The server ─────────────────────────────────────────────────────────────────────────────────

/**
 * The real server as bench.mjs starts it (NODE_ENV=production, demo data, a rate limit the benchmark stays
 * under), on `databaseUrl` or on PGlite in `dataDir`. The sandbox provider is connected (its adapter
 * launches the catalogue's slots) and registered by the server itself at start with `providerSecret`
 * (SANDBOX_PROVIDER_SECRET): the benchmark signs as that provider. Its URL is never called here.
 */
async function startServer({ databaseUrl, dataDir, providerSecret, secretKeys, cpuProfDir, tmpDir }) {
  const port = await freePort();
  const started = performance.now();
  const nodeArgs = [
    ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
    '--import',
    'tsx',
    'apps/server/src/main.ts',
  ];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      NODE_ENV: 'production',
      SECRET_KEYS: secretKeys,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      SANDBOX_PROVIDER: '1',
      SANDBOX_PROVIDER_SECRET: providerSecret,
      SANDBOX_PROVIDER_URL: 'http://127.0.0.1:9',
      // A profiled server compiles its TypeScript into a tsx cache of its own, read back for its source maps.
      ...(tmpDir && { TMPDIR: tmpDir }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    if (performance.now() - started > 180_000)
      throw new Error(`the server did not answer in 180 s:\n${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { base, readyMs: performance.now() - started, stop, cpuMs: () => cpuMsOf(child.pid) };
}

/**
 * CPU time a process has used so far, user and system, all its threads (Linux: /proc/<pid>/stat, in clock
 * ticks of 10 ms); undefined elsewhere. Unlike profiler samples, it does not count the time the process
 * waited for a core on a busy machine.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

// ── HTTP ───────────────────────────────────────────────────────────────────────────────────────

function send(agent, base, { method, path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = httpRequest(
      `${base}${path}`,
      {
        agent,
        method,
        headers: {
          ...(payload !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          }),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

const jsonOf = (response, what) => {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${response.text.slice(0, 400)}`);
  return JSON.parse(response.text);
};

// ── Preparation ────────────────────────────────────────────────────────────────────────────────

/** The server's own modules, loaded from its sources (tsx), for the setup steps done in the database. */
async function serverModules() {
  const { tsImport } = await import('tsx/esm/api');
  const load = (path) => tsImport(pathToFileURL(join(root, path)).href, import.meta.url);
  const [db, schema, wallet, crypto, signing, drizzle] = await Promise.all([
    load('apps/server/src/platform/db.ts'),
    load('apps/server/src/db/schema/index.ts'),
    load('apps/server/src/modules/wallet/index.ts'),
    load('apps/server/src/platform/crypto.ts'),
    load('packages/signing/src/provider.ts'),
    import('drizzle-orm'),
  ]);
  return { db, schema, wallet, crypto, signing, drizzle };
}

/** The database's tables as the server makes them (its migrations; the server's own start does the same). */
async function openServerDatabase(modules, target) {
  const database = await modules.db.openDatabase(
    target.kind === 'pglite'
      ? { kind: 'pglite', dataDir: target.dataDir }
      : { kind: 'postgres', url: target.url, maxConnections: 4 },
  );
  await database.migrate();
  return database;
}

/**
 * Setup step in the database: one captcha per member with an answer the benchmark knows. A person reads
 * the captcha's picture; a production server has no outbox to read it from (DEV_OUTBOX is off), so the
 * rows are written as the captcha service writes them (platform/crypto.ts `scopedDigest`) and the
 * registrations then go through PUT /api/register like the web app's.
 */
async function insertCaptchas(modules, database, count) {
  const answer = '4242';
  const now = new Date();
  const rows = Array.from({ length: count }, () => {
    const id = `bench-${randomBytes(12).toString('hex')}`;
    return {
      id,
      answerHash: modules.crypto.scopedDigest(id, answer),
      ip: '127.0.0.1',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60 * 60_000),
    };
  });
  await database.db.insert(modules.schema.captcha).values(rows);
  return rows.map((row) => ({ captchaId: row.id, captcha: answer }));
}

/**
 * An embedded database in `dataDir` with the server's tables and `count` captchas whose answers the caller
 * knows, for a server then started on it (bench.mjs registers the member of its Lighthouse runs with one).
 */
export async function embeddedDatabaseWithCaptchas(dataDir, count) {
  const modules = await serverModules();
  const database = await openServerDatabase(modules, { kind: 'pglite', dataDir });
  try {
    return await insertCaptchas(modules, database, count);
  } finally {
    await database.close();
  }
}

/**
 * A member registered over the API as the web app registers one (PUT /api/register, with a captcha written
 * beforehand): the session cookie (`name=value`) and the session the server answered.
 */
export async function registerOverHttp(agent, base, username, captcha) {
  const password = 'bench-secret-1';
  const registered = await send(agent, base, {
    method: 'PUT',
    path: '/api/register',
    headers: { 'accept-language': 'en' },
    body: { registerMethod: 'H5', username, password, confirmPassword: password, ...captcha },
  });
  const session = jsonOf(registered, `register ${username}`).value;
  const setCookie = [registered.headers['set-cookie'] ?? []].flat();
  const cookie = setCookie.find((value) => value.startsWith('kl_session='))?.split(';')[0];
  if (!cookie) throw new Error(`register ${username}: no session cookie`);
  return { cookie, session };
}

/**
 * Over the server's HTTP interface, as a member and a provider do: registration (PUT /api/register, a new
 * session cookie), the launch of one of the sandbox provider's slots (POST /api/games/launch, whose address
 * carries the one-time launch token), then the provider's signed `authenticate`, which answers the session
 * of its wallet calls.
 */
async function membersOverHttp(base, captchas, sign) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const members = [];
  try {
    // One of the catalogue's slots (RNG) of a vendor the sandbox provider plays, found as a visitor finds it.
    const found = jsonOf(
      await send(agent, base, {
        method: 'GET',
        path: '/api/games/search?vassalage=TIGER&gameType=RNG&pageSize=1',
      }),
      'search for a slot',
    ).value;
    const gameId = found.games?.[0]?.gameId;
    if (!gameId) throw new Error(`search for a slot: no game in ${JSON.stringify(found).slice(0, 300)}`);
    for (const [index, captcha] of captchas.entries()) {
      const username = `bench${index}${randomBytes(3).toString('hex')}`.slice(0, 15);
      const { cookie } = await registerOverHttp(agent, base, username, captcha);
      const launched = jsonOf(
        await send(agent, base, {
          method: 'POST',
          path: '/api/games/launch',
          headers: { cookie, 'accept-language': 'en' },
          body: { gameId },
        }),
        `launch for ${username}`,
      ).value;
      const token = new URL(launched.url, base).searchParams.get('token');
      if (!token) throw new Error(`launch for ${username}: no token in ${launched.url}`);
      const session = jsonOf(
        await send(agent, base, sign('authenticate', { token })),
        `authenticate ${username}`,
      ).value;
      members.push({ username, cookie, sessionId: session.sessionId, playerId: String(session.playerId) });
    }
  } finally {
    agent.destroy();
  }
  return members;
}

/**
 * Setup step in the database: the members' money. A member's money comes from a deposit through a payment
 * gateway; here each gets an `adjustment_credit` through the server's own ledger service (what a back-office
 * adjustment posts), in one transaction with its ledger rows.
 */
async function creditMembers(modules, database, members) {
  const { ledgerService } = modules.wallet.createWalletModule({ db: database.db, clock: () => new Date() });
  for (const member of members) {
    await ledgerService.post({
      merchantCode: 'kimlong',
      memberId: member.playerId,
      idempotencyKey: `bench-credit:${member.playerId}`,
      kind: 'adjustment_credit',
      amount: CREDIT,
      memo: { bench: 'money path' },
    });
  }
}

// ── The wallet calls ───────────────────────────────────────────────────────────────────────────

/**
 * A request signed as the provider signs it (packages/signing: HMAC-SHA256 of `<ts>.<nonce>.<action>.<body>`),
 * each with a nonce of its own (docs/decisions/070-provider-replay-window.md).
 */
function signer(modules, secret) {
  return (action, body) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = modules.signing.newProviderNonce();
    return {
      method: 'POST',
      path: `/api/provider-wallet/${action}`,
      headers: {
        'x-provider-code': PROVIDER_CODE,
        'x-provider-timestamp': timestamp,
        'x-provider-nonce': nonce,
        'x-provider-signature': modules.signing.signProviderRequest(secret, timestamp, nonce, action, raw),
      },
      body: raw,
    };
  };
}

let roundCounter = 0;

/**
 * `callers` members, each in its own loop (bet, win, bet, win…) for `ms`: every call's latency, and the
 * calls that did not answer RS_OK.
 */
/**
 * Each caller a member looping for `ms`: `path` `provider` plays the provider's signed bet then win (each win
 * closes its round), `slot` spins the site's own slot as the member (its session cookie; one ledger
 * `game_round` a spin, the smallest bet level on 20 lines), `lottery` places a one-point two-digit lô on
 * the open northern daily draw (one ledger `bet`).
 */
async function walletCalls({ base, members, callers, ms, sign, path = 'provider', cpuMs = () => undefined }) {
  const agent = new Agent({ keepAlive: true, maxSockets: callers });
  // The lottery's open draw of the step (the northern daily draw takes bets most of the day).
  const drawId =
    path === 'lottery'
      ? jsonOf(
          await send(agent, base, {
            method: 'GET',
            path: `/api/lottery/game?code=${LOTTERY_GAME}&prizeMode=Lott`,
          }),
          'lottery game',
        ).value.openDraw?.id
      : undefined;
  if (path === 'lottery' && !drawId) throw new Error(`lottery ${LOTTERY_GAME} has no open draw now`);
  const latencies = [];
  const failures = [];
  const deadline = performance.now() + ms;
  const call = async (name, request, ok) => {
    const started = performance.now();
    const response = await send(agent, base, request);
    latencies.push(performance.now() - started);
    if (response.status !== 200 || !ok(response.text))
      failures.push(`${name} ${response.status} ${response.text.slice(0, 200)}`);
  };
  const providerOk = (text) => text.includes('"RS_OK"');
  const memberOk = (text) => text.includes('"success":true');
  /** The site's own money calls, as the member (its session cookie). */
  const memberCalls = {
    lottery: (requestKey) => ({
      name: 'lottery bet',
      path: '/api/lottery/orders',
      body: { drawId, betType: 'LO2', prizeMode: 'Lott', selections: [['37']], points: 1, requestKey },
    }),
    slot: (requestKey) => ({
      name: 'spin',
      path: '/api/slot/spin',
      body: { lineBet: SLOT_LINE_BET, requestKey, mode: 'wallet' },
    }),
  };
  const loop = async (member) => {
    while (performance.now() < deadline) {
      roundCounter += 1;
      const roundId = `bench-${process.pid}-${roundCounter}`;
      if (path !== 'provider') {
        const { name, path: url, body } = memberCalls[path](roundId);
        await call(
          name,
          { method: 'POST', path: url, headers: { cookie: member.cookie, origin: base }, body },
          memberOk,
        );
        continue;
      }
      const common = { sessionId: member.sessionId, roundId, currency: 'VND' };
      await call(
        'bet',
        sign('bet', { ...common, transactionId: `${roundId}-bet`, amount: STAKE }),
        providerOk,
      );
      await call(
        'win',
        sign('win', { ...common, transactionId: `${roundId}-win`, amount: PAYOUT, roundClosed: true }),
        providerOk,
      );
    }
  };
  const started = performance.now();
  const startedUs = nowUs();
  const cpuBefore = cpuMs();
  await Promise.all(members.slice(0, callers).map(loop));
  const seconds = (performance.now() - started) / 1000;
  const endedUs = nowUs();
  const cpuAfter = cpuMs();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    calls: latencies.length,
    seconds,
    callsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures: failures.length,
    firstFailure: failures[0],
    serverCpuMsPerCall:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : (cpuAfter - cpuBefore) / latencies.length,
    window: { startedUs, endedUs },
  };
}

// ── The bare transactions ──────────────────────────────────────────────────────────────────────

const BARE_SCHEMA = `
  CREATE SCHEMA IF NOT EXISTS bench_bare;
  CREATE TABLE IF NOT EXISTS bench_bare.account (id integer PRIMARY KEY, balance bigint NOT NULL);
  CREATE TABLE IF NOT EXISTS bench_bare.journal (
    id bigserial PRIMARY KEY,
    account_id integer NOT NULL,
    amount bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );`;
const BARE_UPDATE = 'UPDATE bench_bare.account SET balance = balance - 1 WHERE id = $1';
const BARE_INSERT = 'INSERT INTO bench_bare.journal (account_id, amount) VALUES ($1, -1)';

/** Runs `once(caller)` in a loop per caller for `ms`: transactions/s, p50, p99. */
async function loops(callers, ms, once) {
  const latencies = [];
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        await once(caller);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    transactions: latencies.length,
    transactionsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

/** Bare node-pg transactions: one connection per caller, a balance row each, a journal row per transaction. */
async function barePostgres(url, callers, ms) {
  const { default: pg } = await import('pg');
  const clients = await Promise.all(
    Array.from({ length: callers }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    await clients[0].query(BARE_SCHEMA);
    await clients[0].query(
      'INSERT INTO bench_bare.account SELECT g, 1000000000 FROM generate_series(0, $1) g ON CONFLICT DO NOTHING',
      [callers],
    );
    const once = async (caller) => {
      const client = clients[caller];
      await client.query('BEGIN');
      await client.query(BARE_UPDATE, [caller]);
      await client.query(BARE_INSERT, [caller]);
      await client.query('COMMIT');
    };
    await loops(callers, Math.min(WARM_UP_MS, ms), once);
    return await loops(callers, ms, once);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** The same SQL through PGlite in this process (one connection: PGlite runs one transaction at a time). */
async function barePglite(dataDir, callers, ms) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir });
  try {
    await client.exec(BARE_SCHEMA);
    await client.query(
      'INSERT INTO bench_bare.account SELECT g, 1000000000 FROM generate_series(0, $1) g ON CONFLICT DO NOTHING',
      [callers],
    );
    const once = (caller) =>
      client.transaction(async (tx) => {
        await tx.query(BARE_UPDATE, [caller]);
        await tx.query(BARE_INSERT, [caller]);
      });
    await loops(callers, Math.min(WARM_UP_MS, ms), once);
    return await loops(callers, ms, once);
  } finally {
    await client.close();
  }
}

// ── The database functions' time ─────────────────────────────────────────────────────────────

/**
 * The time PostgreSQL spent in each of the money path's database functions (docs/decisions/038): with
 * `track_functions = all` on the throwaway cluster, its counters reset before the step and read after it.
 * `start()` resets and turns it on; `read()` answers calls, self and total time per call (µs), most first.
 */
async function functionTimes(url) {
  const { default: pg } = await import('pg');
  const query = async (text) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    async start() {
      await query("ALTER SYSTEM SET track_functions = 'all'");
      await query('SELECT pg_reload_conf()');
      await query('SELECT pg_stat_reset()');
    },
    async read() {
      // Backends send their counters at the end of a transaction, at most once a second.
      await sleep(1_500);
      const rows = await query(`SELECT funcname AS name, calls::int AS calls,
          self_time * 1000 / calls AS "selfUs", total_time * 1000 / calls AS "totalUs"
        FROM pg_stat_user_functions WHERE calls > 0 ORDER BY self_time DESC`);
      await query('ALTER SYSTEM RESET track_functions');
      await query('SELECT pg_reload_conf()');
      return rows;
    },
  };
}

// ── Counting the SQL of a call ─────────────────────────────────────────────────────────────────

/**
 * The statements PostgreSQL ran for one bet and one win: log_statement=all on the throwaway cluster for a
 * few calls of one caller, each call between two marker statements of the benchmark's own connection.
 */
async function statementsPerCall({ url, logFile, base, member, sign }) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await client.query("ALTER SYSTEM SET log_statement = 'all'");
    await client.query('SELECT pg_reload_conf()');
    await sleep(300);
    const from = statSync(logFile).size;
    const rounds = 3;
    for (let round = 0; round < rounds; round += 1) {
      roundCounter += 1;
      const roundId = `bench-sql-${process.pid}-${roundCounter}`;
      const common = { sessionId: member.sessionId, roundId, currency: 'VND' };
      for (const [action, body] of [
        ['bet', { ...common, transactionId: `${roundId}-bet`, amount: STAKE }],
        ['win', { ...common, transactionId: `${roundId}-win`, amount: PAYOUT, roundClosed: true }],
      ]) {
        await client.query(`SELECT 'bench-mark begin ${action} ${round}'`);
        const response = await send(agent, base, sign(action, body));
        if (response.status !== 200) throw new Error(`${action}: HTTP ${response.status} ${response.text}`);
        await client.query(`SELECT 'bench-mark end ${action} ${round}'`);
      }
    }
    await client.query('ALTER SYSTEM RESET log_statement');
    await client.query('SELECT pg_reload_conf()');
    await sleep(300);
    const log = readFileSync(logFile, 'utf8').slice(from);
    // One entry per statement: `LOG:  statement: …` (simple protocol) or `LOG:  execute <name>: …` (extended).
    const entries = [...log.matchAll(/LOG:\s+(?:statement|execute [^:]*): ([\s\S]*?)(?=\n\S|$)/g)].map(
      (match) => match[1].replace(/\s+/g, ' ').trim(),
    );
    const calls = { bet: [], win: [] };
    let current;
    for (const entry of entries) {
      const mark = /^SELECT 'bench-mark (begin|end) (\w+) (\d+)'$/.exec(entry);
      if (mark) {
        current = mark[1] === 'begin' ? [] : undefined;
        if (mark[1] === 'begin') calls[mark[2]].push(current);
        continue;
      }
      current?.push(entry);
    }
    // The server's other work (its jobs) may run a statement between two marks: the fewest is the call's.
    const fewest = (list) =>
      list.reduce((best, statements) => (statements.length < best.length ? statements : best));
    return {
      bet: calls.bet.map((statements) => statements.length),
      win: calls.win.map((statements) => statements.length),
      betStatements: calls.bet.length ? fewest(calls.bet) : [],
      winStatements: calls.win.length ? fewest(calls.win) : [],
    };
  } finally {
    agent.destroy();
    await client.end();
  }
}

// ── The CPU profile ────────────────────────────────────────────────────────────────────────────

const CATEGORIES = [
  ['server (apps/server/src)', (url) => url.includes('/apps/server/src/')],
  ['workspace packages (packages/*)', (url) => url.includes('/packages/') && !url.includes('/node_modules/')],
  ['drizzle-orm', (url) => url.includes('/node_modules/drizzle-orm/')],
  ['pg / pg-protocol', (url) => /\/node_modules\/(pg|pg-[\w-]+|postgres-[\w-]+)\//.test(url)],
  ['PGlite', (url) => url.includes('/node_modules/@electric-sql/')],
  ['zod', (url) => /\/node_modules\/(zod|fastify-type-provider-zod)\//.test(url)],
  [
    'fastify / pino',
    (url) =>
      /\/node_modules\/(fastify|@fastify\/[\w-]+|fastify-[\w-]+|find-my-way|avvio|light-my-request|fast-json-stringify|fast-uri|fast-querystring|fast-decode-uri-component|safe-regex2|ret|toad-cache|rfdc|abstract-logging|process-warning|secure-json-parse|pino|pino-[\w-]+|@pinojs\/[\w-]+|sonic-boom|thread-stream|on-exit-leak-free|quick-format-unescaped|atomic-sleep|fast-redact|real-require|safe-stable-stringify)\//.test(
        url,
      ),
  ],
  ['node internals', (url) => url.startsWith('node:')],
  ['tsx (the loader)', (url) => url.includes('/node_modules/tsx/')],
  ['other packages', (url) => url.includes('/node_modules/')],
];
const SPECIAL = {
  '(garbage collector)': 'GC',
  '(idle)': 'idle',
  '(program)': 'program (native, unattributed)',
};

/**
 * The main thread's profile among those written to `dir` (one per thread: a worker's, e.g. a logger's
 * transport, is mostly idle): the one with the most samples that are not idle.
 */
function mainThreadProfile(dir) {
  const profiles = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
  const busy = (profile) => {
    const idle = new Set(
      profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
    );
    return profile.samples.filter((id) => !idle.has(id)).length;
  };
  return { count: profiles.length, profile: profiles.sort((a, b) => busy(b) - busy(a))[0] };
}

/**
 * The source line of a position in TypeScript that tsx compiled (its output is one line per file): from the
 * source maps tsx kept in its cache under `tmpDir` (`tsx-<uid>/`, one JSON { code, map } per module).
 */
function tsxSourceLines(tmpDir) {
  const maps = new Map();
  const cacheDirs = existsSync(tmpDir) ? readdirSync(tmpDir).filter((name) => name.startsWith('tsx-')) : [];
  for (const cacheDir of cacheDirs) {
    for (const name of readdirSync(join(tmpDir, cacheDir))) {
      try {
        const { map } = JSON.parse(readFileSync(join(tmpDir, cacheDir, name), 'utf8'));
        if (map?.sources?.length === 1) maps.set(map.sources[0], map);
      } catch {
        // not a module's entry
      }
    }
  }
  const sourceMaps = new Map();
  return (url, line, column) => {
    if (!url.startsWith('file://') || !/\.[cm]?tsx?$/.test(url)) return undefined;
    const path = fileURLToPath(url);
    if (!sourceMaps.has(path)) sourceMaps.set(path, maps.has(path) ? new SourceMap(maps.get(path)) : null);
    const entry = sourceMaps.get(path)?.findEntry(line, column);
    return entry && 'originalLine' in entry ? entry.originalLine + 1 : undefined;
  };
}

/**
 * Top functions by self and by total time, and each part's share, from a V8 .cpuprofile: its samples (node
 * ids) and time deltas, kept when they fall inside `window` (monotonic µs, the clock of the samples).
 * A function is `name url:line` (1-based; the line of tsx's output for TypeScript, close to the source's).
 * A frame without a URL (a V8 builtin: JSON.parse, a RegExp) counts toward its caller's part.
 */
export function summariseProfile(profile, window, top = 25, sourceLine = () => undefined) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.replace(pathToFileURL(root).href, '').replace(/^file:\/\//, '');
    const line = sourceLine(url, lineNumber, columnNumber) ?? lineNumber + 1;
    return `${functionName || '(anonymous)'} ${file ? `${file}:${line}` : '(native)'}`;
  };
  const categoryOf = (node) => {
    const special = SPECIAL[node.callFrame.functionName];
    if (special && !node.callFrame.url) return special;
    for (let current = node; current; current = byId.get(parent.get(current.id))) {
      const { url } = current.callFrame;
      if (!url) continue;
      return CATEGORIES.find(([, test]) => test(url))?.[0] ?? 'other';
    }
    return 'V8 builtins (no caller with a URL)';
  };

  const self = new Map();
  const total = new Map();
  const parts = new Map();
  let time = profile.startTime;
  let kept = 0;
  let busyUs = 0;
  const inWindow = (t) => !window || (t >= window.startedUs && t <= window.endedUs);
  const usable = window && profile.startTime <= window.endedUs && profile.endTime >= window.startedUs;
  for (let index = 0; index < profile.samples.length; index += 1) {
    time += profile.timeDeltas[index] ?? 0;
    if (usable && !inWindow(time)) continue;
    const node = byId.get(profile.samples[index]);
    if (!node) continue;
    kept += 1;
    if (node.callFrame.functionName !== '(idle)') busyUs += profile.timeDeltas[index + 1] ?? 0;
    const key = keyOf(node);
    self.set(key, (self.get(key) ?? 0) + 1);
    const category = categoryOf(node);
    parts.set(category, (parts.get(category) ?? 0) + 1);
    const seen = new Set();
    for (let current = node; current; current = byId.get(parent.get(current.id))) {
      if (current.callFrame.functionName === '(root)') continue;
      const currentKey = keyOf(current);
      if (seen.has(currentKey)) continue;
      seen.add(currentKey);
      total.set(currentKey, (total.get(currentKey) ?? 0) + 1);
    }
  }
  const sorted = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, samples]) => ({ name, samples, share: samples / kept }));
  return {
    samples: kept,
    windowed: Boolean(usable),
    busyUs,
    self: sorted(self),
    total: sorted(total),
    serverTotal: sorted(new Map([...total].filter(([name]) => name.includes(' apps/server/src/')))),
    parts: [...parts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([part, samples]) => ({ part, samples, share: samples / kept })),
  };
}

function printProfile(summary, calls) {
  const busy = summary.parts
    .filter(({ part }) => part !== 'idle')
    .reduce((sum, { samples }) => sum + samples, 0);
  const perCall = summary.busyUs / 1000 / calls;
  console.log(
    `\n    CPU profile of the server's main thread (${summary.threads} profiles written) during the ${summary.callers}-caller PostgreSQL run: ${summary.samples} samples${summary.windowed ? ' inside the run' : ' (the whole process: the run could not be placed in the profile)'}, ` +
      `${fmt((busy / summary.samples) * 100, 0)} % not idle; ${fmt(perCall, 2)} ms of the server's thread busy per call (${calls} calls)\n`,
  );
  console.log(
    table(
      ['part of the stack (self time)', 'samples', 'share'],
      summary.parts.map((row) => [row.part, row.samples, `${fmt(row.share * 100, 1)} %`]),
    ),
  );
  console.log(`\n    the profile: ${summary.file.slice(root.length)}`);
  for (const [title, rows] of [
    ['top functions by self time', summary.self],
    ['top functions by total time (self and callees)', summary.total],
    ['top functions of the server (apps/server/src) by total time', summary.serverTotal],
  ]) {
    console.log(`\n    ${title}\n`);
    console.log(
      table(
        ['function url:line', 'samples', 'share'],
        rows.map((row) => [row.name, row.samples, `${fmt(row.share * 100, 1)} %`]),
      ),
    );
  }
}

// ── One database ───────────────────────────────────────────────────────────────────────────────

async function runOn(kind, { callers, seconds, cpuProf }) {
  const modules = await serverModules();
  const providerSecret = `bench-provider-${randomBytes(16).toString('hex')}`;
  const secretKeys = `bench:${randomBytes(32).toString('base64')}`;
  const sign = signer(modules, providerSecret);
  const most = Math.max(...callers);
  const ms = seconds * 1000;
  const cleanup = [];
  const result = { database: kind, rows: [] };
  try {
    let target;
    let cluster;
    if (kind === 'postgres') {
      cluster = throwawayCluster({ binDir: POSTGRES_BIN, asRoot: process.getuid?.() === 0 });
      cleanup.push(() => cluster.stop());
      const { url } = await cluster.start();
      target = { kind, url };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'kl-bench-money-'));
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      target = { kind, dataDir: join(dir, 'data') };
    }
    const serverOptions = {
      databaseUrl: target.url,
      dataDir: target.dataDir ?? mkdtempSync(join(tmpdir(), 'kl-bench-money-unused-')),
      providerSecret,
      secretKeys,
    };
    if (!target.dataDir) cleanup.push(() => rmSync(serverOptions.dataDir, { recursive: true, force: true }));
    // PGlite is one process's: the setup steps in the database run while the server is stopped.
    const exclusive = kind === 'pglite';

    let database = await openServerDatabase(modules, target);
    const captchas = await insertCaptchas(modules, database, most);
    if (exclusive) await database.close();

    let server = await startServer(serverOptions);
    cleanup.push(() => server.stop());
    console.log(
      `\n    ${kind}: server ready in ${fmt(server.readyMs / 1000, 1)} s; preparing ${most} members over HTTP…`,
    );
    const preparing = performance.now();
    const members = await membersOverHttp(server.base, captchas, sign);
    console.log(
      `    ${kind}: members registered, launched and authenticated in ${fmt((performance.now() - preparing) / 1000, 1)} s`,
    );
    if (exclusive) {
      await server.stop();
      database = await openServerDatabase(modules, target);
    }
    await creditMembers(modules, database, members);
    await database.close();

    // PGlite's baseline needs the folder to itself: measured now, before the server opens it again.
    const bare = new Map();
    if (exclusive) {
      for (const count of callers) bare.set(count, await barePglite(target.dataDir, count, ms));
      server = await startServer(serverOptions);
    }

    for (const count of callers) {
      const profiled = cpuProf && kind === 'postgres' && count === most;
      // The path the profiled step measures: the provider's bet and win unless --cpu-prof=slot or =lottery.
      const mainPath = profiled && typeof cpuProf === 'string' ? cpuProf : 'provider';
      let profileDir;
      if (profiled) {
        profileDir = mkdtempSync(join(tmpdir(), 'kl-bench-cpuprof-'));
        cleanup.push(() => rmSync(profileDir, { recursive: true, force: true }));
        await server.stop();
        server = await startServer({ ...serverOptions, cpuProfDir: profileDir, tmpDir: profileDir });
      }
      await walletCalls({ base: server.base, members, callers: count, ms: WARM_UP_MS, sign, path: mainPath });
      const functions = profiled ? await functionTimes(target.url) : undefined;
      await functions?.start();
      const wallet = await walletCalls({
        base: server.base,
        members,
        callers: count,
        ms,
        sign,
        path: mainPath,
        cpuMs: server.cpuMs,
      });
      if (functions) result.functions = await functions.read();
      if (profiled) await server.stop();
      // The site's own money paths with the same members and callers (not while the server is profiled).
      const memberSteps = [];
      for (const path of profiled ? [] : ['slot', 'lottery']) {
        try {
          const calls = await walletCalls({
            base: server.base,
            members,
            callers: count,
            ms,
            sign,
            path,
            cpuMs: server.cpuMs,
          });
          memberSteps.push({ path, calls });
        } catch (error) {
          console.log(`    ${kind}, ${count} callers: no ${path} calls (${error.message})`);
        }
      }
      if (!exclusive) bare.set(count, await barePostgres(target.url, count, ms));
      const baseline = bare.get(count);
      const rowOf = (path, { window: _window, ...calls }) => ({
        path,
        callers: count,
        ...calls,
        bareTransactionsPerSecond: baseline.transactionsPerSecond,
        bareP50Ms: baseline.p50Ms,
        bareP99Ms: baseline.p99Ms,
        ratio: calls.callsPerSecond / baseline.transactionsPerSecond,
      });
      result.rows.push({ ...rowOf(mainPath, wallet), profiled });
      for (const step of memberSteps) result.rows.push(rowOf(step.path, step.calls));
      if (profiled) {
        const { count: threads, profile } = mainThreadProfile(profileDir);
        if (profile) {
          result.profile = {
            ...summariseProfile(profile, wallet.window, 25, tsxSourceLines(profileDir)),
            calls: wallet.calls,
            callers: count,
            threads,
          };
          // Kept for a closer look (Chrome DevTools, Performance, loads it); tools/perf/reports/ is git-ignored.
          mkdirSync(REPORTS, { recursive: true });
          result.profile.file = join(
            REPORTS,
            `money-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`,
          );
          writeFileSync(result.profile.file, JSON.stringify(profile));
        } else console.log('    no .cpuprofile was written (the server did not exit normally?)');
        server = await startServer(serverOptions);
      }
    }

    if (cpuProf && kind === 'postgres') {
      result.statements = await statementsPerCall({
        url: target.url,
        logFile: join(cluster.dir, 'server.log'),
        base: server.base,
        member: members[0],
        sign,
      });
    }
    await server.stop();
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
  return result;
}

export function moneyTable(results) {
  const rows = results.flatMap((result) =>
    result.rows.map((row) => [
      result.database === 'postgres' ? 'PostgreSQL' : 'PGlite (baseline in-process)',
      { slot: 'slot spin', lottery: 'lottery bet' }[row.path] ?? 'provider bet, win',
      `${row.callers}${row.profiled ? ' (cpu-prof)' : ''}`,
      fmt(row.callsPerSecond, 0),
      fmt(row.p50Ms, 1),
      fmt(row.p99Ms, 1),
      row.failures,
      fmt(row.serverCpuMsPerCall, 2),
      fmt(row.bareTransactionsPerSecond, 0),
      fmt(row.bareP99Ms, 1),
      `${fmt(row.ratio * 100, 1)} %`,
    ]),
  );
  return table(
    [
      'database',
      'calls',
      'callers',
      'calls/s',
      'p50 ms',
      'p99 ms',
      'failed',
      'server CPU ms/call',
      'bare tx/s',
      'bare p99',
      'ratio',
    ],
    rows,
  );
}

/** The goal's row: wallet calls at 20 callers on PostgreSQL against bare transactions. */
export function moneyGoal(results) {
  const row = results
    .find((result) => result.database === 'postgres')
    ?.rows.find((candidate) => candidate.path === 'provider' && candidate.callers === MONEY_GOALS.callers);
  if (!row) return undefined;
  return {
    row,
    met: row.ratio >= MONEY_GOALS.ratio && row.p99Ms <= MONEY_GOALS.p99Ms && row.failures === 0,
  };
}

/**
 * The whole section: each database in turn, the table, and with `cpuProf` the profile's summary and the
 * statements of one bet and one win.
 */
export async function moneyBench({
  databases = ['postgres', 'pglite'],
  callers = [1, 4, 20],
  seconds = 5,
  cpuProf = false,
} = {}) {
  if (databases.includes('postgres') && !existsSync(join(POSTGRES_BIN, 'initdb')))
    throw new Error(`${POSTGRES_BIN}/initdb is missing: apt-get install postgresql-15`);
  console.log(
    `\n(f) Provider wallet: signed bet then win, each caller a member on its own session, ${seconds} s per step after a ${WARM_UP_MS / 1000} s warm-up ` +
      `(client and server share the machine's ${cpus().length} cores), beside bare transactions on the same database ` +
      '(BEGIN; UPDATE a balance row; INSERT a journal row; COMMIT: node-pg, one connection per caller; on PGlite the same SQL through PGlite in this process)',
  );
  const results = [];
  for (const kind of databases) results.push(await runOn(kind, { callers, seconds, cpuProf }));
  console.log('');
  console.log(moneyTable(results));
  for (const result of results) {
    for (const row of result.rows)
      if (row.firstFailure)
        console.log(`    ${result.database}, ${row.callers} callers: ${row.firstFailure}`);
    if (result.profile) printProfile(result.profile, result.profile.calls);
    if (result.functions?.length) {
      console.log(
        `\n    Database functions during the ${MONEY_GOALS.callers}-caller step (track_functions; time per call, waits for locks included):\n`,
      );
      console.log(
        table(
          ['function', 'calls', 'self µs', 'total µs'],
          result.functions.map((row) => [row.name, row.calls, fmt(row.selfUs, 0), fmt(row.totalUs, 0)]),
        ),
      );
    }
    if (result.statements) {
      const { bet, win, betStatements, winStatements } = result.statements;
      console.log(
        `\n    SQL statements PostgreSQL ran per call (log_statement=all; 3 rounds of one caller; a job of the server may add one between the marks): bet ${bet.join(', ')}; win ${win.join(', ')}; the fewest:\n`,
      );
      for (const [action, statements] of [
        ['bet', betStatements],
        ['win', winStatements],
      ]) {
        console.log(`    ${action}:`);
        for (const [index, statement] of statements.entries())
          console.log(`      ${String(index + 1).padStart(2)}. ${statement.slice(0, 160)}`);
      }
    }
  }
  const goal = moneyGoal(results);
  if (goal)
    console.log(
      `\n    goal: at ${MONEY_GOALS.callers} callers on PostgreSQL ≥ ${MONEY_GOALS.ratio * 100} % of bare tx/s and p99 ≤ ${MONEY_GOALS.p99Ms} ms: ` +
        `${fmt(goal.row.ratio * 100, 1)} %, p99 ${fmt(goal.row.p99Ms, 1)} ms — ${goal.met ? 'met' : 'NOT met'}`,
    );
  return { results, goal };
}

async function main() {
  const argv = process.argv.slice(2);
  const valueOf = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const databases = argv.includes('--pglite')
    ? ['pglite']
    : argv.includes('--postgres')
      ? ['postgres']
      : ['postgres', 'pglite'];
  const callers = (valueOf('callers') ?? '1,4,20').split(',').map(Number);
  const seconds = Number(valueOf('seconds') ?? 5);
  if (callers.some((count) => !Number.isInteger(count) || count < 1))
    throw new Error('--callers must be positive whole numbers, e.g. 1,4,20');
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('--seconds must be a positive number');
  const cpuProf = argv.includes('--cpu-prof') || valueOf('cpu-prof');
  if (cpuProf && typeof cpuProf === 'string' && !['provider', 'slot', 'lottery'].includes(cpuProf))
    throw new Error('--cpu-prof= takes provider, slot or lottery');
  await moneyBench({ databases, callers, seconds, cpuProf });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`money bench: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
