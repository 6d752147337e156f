import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@kl/contracts/api-paths';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MerchantNotFoundError, toMerchant } from '../../modules/merchant/index.ts';
import { loadConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { readyDatabase } from '../../server.ts';
import { buildTestApp, json, PRODUCTION_TEST_ENV } from '../../test/app.ts';
import {
  createPostgresDatabase,
  createTestDatabase,
  describeEachDatabase,
  useTestDatabase,
} from '../../test/databases.ts';
import { compiledServerPath } from '../../test/processes.ts';
import { affiliateCode, depositChannel, member, merchant, promotion } from '../schema/index.ts';
import { COMMAND_EXIT, runDemoSeedCommand, runMerchantCreate } from './commands.ts';
import { createMerchant, type MerchantSetup } from './index.ts';

// Some tests make an embedded database from nothing or run the real scripts as processes of their own:
// slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));

const KL: MerchantSetup = {
  code: 'kl',
  name: 'Kim Long',
  domain: 'kimlong.vn',
  allowedCountries: ['VN'],
  dialingCode: '+84',
  toggles: ['USERNAMEREG3'],
};

/** The rows a real merchant's configuration consists of (docs/decisions/018-demo-seed-and-merchant-setup.md). */
const CONFIGURATION_TABLES = [
  'merchant',
  'merchant_controls',
  'registration_field_rule',
  'wagering_setting',
  'withdrawal_setting',
];

/** Rows of every table of the application (the migrations' own bookkeeping is in another schema). */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    counts[table] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

const filled = (counts: Record<string, number>) =>
  Object.keys(counts)
    .filter((table) => (counts[table] ?? 0) > 0)
    .sort();

const count = async (db: Db, table: typeof member | typeof depositChannel | typeof promotion) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n;
};

/** Every row of the configuration tables, to compare before and after. */
async function configurationRows(db: Db): Promise<string> {
  const rows: unknown[] = [];
  for (const table of CONFIGURATION_TABLES) {
    rows.push(
      await db.execute(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t order by row_to_json(t)::text`,
      ),
    );
  }
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
}

describeEachDatabase('production start', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind, { seed: false });
  const production = loadConfig({ ...PRODUCTION_TEST_ENV, MERCHANT_CODE: 'kl' }, tmpdir());

  it('runs no demo seed and refuses to start while the merchant is missing, naming the command', async () => {
    expect(production.seedDemo).toBe(false);
    const refusal = readyDatabase(database.current, production);
    await expect(refusal).rejects.toBeInstanceOf(MerchantNotFoundError);
    await expect(refusal).rejects.toThrow(
      /^Merchant kl does not exist in the database\. Create it once with `npm run merchant:create -- --code kl --name "<site name>" --domain <main domain>`/,
    );
    // The demo merchant's code in production points at the demo seed too; still nothing is written.
    await expect(readyDatabase(database.current, loadConfig(PRODUCTION_TEST_ENV, tmpdir()))).rejects.toThrow(
      /Merchant kimlong does not exist.*npm run seed:demo/,
    );
    expect(filled(await rowCounts(database.current.db))).toEqual([]);
  });

  it('starts once merchant:create ran, with the configuration only: no member, channel or promotion', async () => {
    expect(await createMerchant(database.current.db, KL)).toEqual({
      merchantCreated: true,
      fieldRulesCreated: 19,
      wageringSettingCreated: true,
      withdrawalSettingCreated: true,
      moneyControlsCreated: true,
    });
    await readyDatabase(database.current, production);

    const db = database.current.db;
    expect(filled(await rowCounts(db))).toEqual(CONFIGURATION_TABLES);
    expect(await count(db, member)).toBe(0);
    expect(await count(db, depositChannel)).toBe(0);
    expect(await count(db, promotion)).toBe(0);

    const [row] = await db.select().from(merchant);
    expect(row).toBeDefined();
    if (!row) return;
    const kl = toMerchant(row);
    expect(kl).toMatchObject({ code: 'kl', name: 'Kim Long', maintenance: false, allowedCountries: ['VN'] });
    expect(kl.info.mainDomain).toBe('kimlong.vn');
    expect(kl.info.whitelabel.siteName).toBe('Kim Long');
    expect(kl.info.customerService).toEqual([]);
    // Only the site's own links: no social account, download or mirror domain that is not the merchant's.
    for (const { url } of kl.info.resources) expect(url).toMatch(/^\//);
    for (const path of Object.values(kl.info.paths)) expect(path).toMatch(/^\//);
    expect(kl.info.domainRoute).toEqual([]);
    expect(Object.entries(kl.info.toggles).filter(([, on]) => on)).toEqual([['USERNAMEREG3', true]]);
  });

  it('answers the site with that configuration: status, registration rules, no promotion', async () => {
    const app = await buildTestApp(database.current, {
      config: { merchantCode: 'kl', nodeEnv: 'production' },
    });
    try {
      const status = await app.inject({ url: API.status.path, remoteAddress: '113.161.0.1' });
      expect(status.statusCode).toBe(200);
      expect(json(status)).toMatchObject({ success: true, value: { merchantCode: 'kl', status: 0 } });
      const rules = await app.inject({ url: API.registrationRules.path });
      expect(rules.statusCode).toBe(200);
      expect(json(rules)).toMatchObject({ success: true });
      const promotions = await app.inject({ url: API.promotions.path });
      expect(promotions.statusCode).toBe(200);
      expect(JSON.stringify(json(promotions))).not.toMatch(/WELCOME100|INVITE50|RELOAD500/);
    } finally {
      await app.close();
    }
  });

  it('answers every visitor GET call of the API table without a server error', async () => {
    const app = await buildTestApp(database.current, {
      config: { merchantCode: 'kl', nodeEnv: 'production' },
    });
    try {
      const failures: string[] = [];
      let calls = 0;
      for (const [call, { method, path }] of Object.entries(API)) {
        if (method !== 'GET' || path.includes(':')) continue;
        calls += 1;
        const response = await app.inject({ url: path, remoteAddress: '113.161.0.1' });
        if (response.statusCode >= 500)
          failures.push(`${call} ${path}: ${response.statusCode} ${response.body}`);
      }
      expect(calls).toBeGreaterThan(20);
      expect(failures).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('changes nothing when merchant:create runs again, even with other options', async () => {
    const db = database.current.db;
    await db.execute(sql`update merchant set maintenance = true where code = 'kl'`);
    const before = await configurationRows(db);
    const counts = await rowCounts(db);

    const nothing = {
      merchantCreated: false,
      fieldRulesCreated: 0,
      wageringSettingCreated: false,
      withdrawalSettingCreated: false,
      moneyControlsCreated: false,
    };
    expect(await createMerchant(db, KL)).toEqual(nothing);
    expect(await createMerchant(db, { ...KL, name: 'Other', toggles: ['CBS3'] })).toEqual(nothing);

    expect(await configurationRows(db)).toBe(before);
    expect(await rowCounts(db)).toEqual(counts);
    await readyDatabase(database.current, production);
    expect(await rowCounts(db)).toEqual(counts);
  });
});

describeEachDatabase('development start', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind, { seed: false });

  it('still runs the demo seed by default: the demo merchant, its agent and team, channels and promotions', async () => {
    const development = loadConfig({}, tmpdir());
    expect(development.seedDemo).toBe(true);
    await readyDatabase(database.current, development);
    const db = database.current.db;
    const counts = await rowCounts(db);
    expect(counts).toMatchObject({
      merchant: 1,
      // The demo agent and two members of its team, its member and sub-agent links.
      member: 3,
      agent: 1,
      member_upline: 2,
      affiliate_code: 2,
      deposit_channel: 3,
      promotion: 3,
    });
    expect(counts.vip_level).toBeGreaterThan(0);
    expect(counts.game).toBeGreaterThan(0);
    expect(counts.lottery_game).toBeGreaterThan(0);
    const codes = await db
      .select({
        code: affiliateCode.code,
        kind: affiliateCode.kind,
        registrations: affiliateCode.registrations,
      })
      .from(affiliateCode)
      .orderBy(affiliateCode.code);
    expect(codes).toEqual([
      { code: 'KL2026', kind: 'member', registrations: 2 },
      { code: 'KLDAILY26', kind: 'agent', registrations: 0 },
    ]);

    // Idempotent: starting again adds nothing.
    await readyDatabase(database.current, development);
    expect(await rowCounts(db)).toEqual(counts);
  });

  it('skips the demo seed with SEED_DEMO=0', async () => {
    const db = await createTestDatabase(kind, { seed: false });
    try {
      await expect(readyDatabase(db, loadConfig({ SEED_DEMO: '0' }, tmpdir()))).rejects.toThrow(
        /Merchant kimlong does not exist/,
      );
      expect(filled(await rowCounts(db.db))).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('the commands', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'kl-merchant-create-'));
  const dataDir = join(workDir, 'data');
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  const run = async (
    command: typeof runMerchantCreate,
    argv: string[],
    env: Record<string, string> = {},
  ): Promise<{ code: number; lines: string[] }> => {
    const lines: string[] = [];
    const code = await command({
      argv,
      env: { ...PRODUCTION_TEST_ENV, ...env },
      write: (line) => lines.push(line),
    });
    return { code, lines };
  };

  it('refuses bad options before opening any database', async () => {
    const { code, lines } = await run(runMerchantCreate, [
      '--code',
      'K',
      '--domain',
      'https://x.vn',
      '--enable',
      'NOPE',
    ]);
    expect(code).toBe(COMMAND_EXIT.refused);
    expect(lines).toEqual(
      expect.arrayContaining([
        'merchant:create: --code must be 2 to 32 lowercase letters, digits, - or _',
        'merchant:create: --name is required',
        'merchant:create: --domain must be a host name such as example.com (no https://, port or path)',
      ]),
    );
    expect(lines.some((line) => line.startsWith('merchant:create: --enable: unknown toggle NOPE'))).toBe(
      true,
    );
  });

  it('refuses the demo seed in production unless forced', async () => {
    const { code, lines } = await run(runDemoSeedCommand, []);
    expect(code).toBe(COMMAND_EXIT.refused);
    expect(lines.join('\n')).toContain('refused under NODE_ENV=production');
    expect((await run(runDemoSeedCommand, ['--nope'], { NODE_ENV: 'development' })).code).toBe(
      COMMAND_EXIT.refused,
    );
  });

  it('creates the merchant on the embedded database (migrating it first), then changes nothing', async () => {
    const argv = ['--code', 'KL', '--name', 'Kim Long', '--domain', 'KimLong.vn', '--enable', 'cbs3'];
    const first = await run(runMerchantCreate, argv, { DATA_DIR: dataDir, MERCHANT_CODE: 'kl' });
    expect(first.code).toBe(COMMAND_EXIT.done);
    expect(first.lines[0]).toBe(
      `merchant kl created on PGlite at ${dataDir} with 19 registration field rules, the turnover rules, the withdrawal limits, the money controls`,
    );
    expect(first.lines[1]).toBe('toggles on: USERNAMEREG3, CBS3');

    const second = await run(runMerchantCreate, argv, { DATA_DIR: dataDir, MERCHANT_CODE: 'kl' });
    expect(second.code).toBe(COMMAND_EXIT.done);
    expect(second.lines[0]).toMatch(/^merchant kl exists already on PGlite at .*: nothing changed;/);
  });

  it('runs as the npm script, and the real server in production refuses a merchant it lacks or no SECRET_KEYS (exit 1)', async () => {
    // The data folder made above: no initdb here, so both processes start quickly.
    const script = await spawnNode(
      ['scripts/merchant-create.ts', '--code', 'kl', '--name', 'Kim Long', '--domain', 'kimlong.vn'],
      {
        ...PRODUCTION_TEST_ENV,
        DATA_DIR: dataDir,
      },
    );
    expect(script.code).toBe(0);
    expect(script.stdout).toContain('merchant kl exists already');

    const server = await spawnNode(['src/main.ts'], {
      ...PRODUCTION_TEST_ENV,
      DATA_DIR: dataDir,
      MERCHANT_CODE: 'other',
      PORT: '0',
      LOG_LEVEL: 'warn',
    });
    expect(server.code).toBe(1);
    expect(server.stderr).toContain(
      'The server could not start: Merchant other does not exist in the database.',
    );
    expect(server.stderr).toContain('npm run merchant:create -- --code other');
    expect(server.stdout).not.toContain('site ready');

    // Without the keys of the secrets it keeps (docs/decisions/034-secrets-at-rest.md) it does not start.
    const keyless = await spawnNode(['src/main.ts'], {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      MERCHANT_CODE: 'kl',
      PORT: '0',
    });
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain('Invalid configuration: SECRET_KEYS must be set in production');
    expect(keyless.stdout).not.toContain('site ready');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the commands on PostgreSQL', () => {
  it('merchant:create migrates an empty database and creates the merchant once', async () => {
    const created = await createPostgresDatabase();
    try {
      const lines: string[] = [];
      const argv = ['--code', 'kl', '--name', 'Kim Long', '--domain', 'kimlong.vn'];
      const env = { ...PRODUCTION_TEST_ENV, DATABASE_URL: created.url, MERCHANT_CODE: 'kl' };
      expect(await runMerchantCreate({ argv, env, write: (line) => lines.push(line) })).toBe(0);
      expect(await runMerchantCreate({ argv, env, write: (line) => lines.push(line) })).toBe(0);
      expect(lines[0]).toMatch(/^merchant kl created on PostgreSQL \(DATABASE_URL\) with 19 registration/);
      expect(lines.at(-1)).toMatch(/exists already on PostgreSQL \(DATABASE_URL\): nothing changed/);
      // The URL (and its password) is never written.
      expect(lines.join('\n')).not.toContain(created.url);
    } finally {
      await created.drop();
    }
  });
});

async function spawnNode(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const inherited = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'PORT',
    'HOST',
    'DATA_DIR',
    'MERCHANT_CODE',
    'SEED_DEMO',
    'NODE_ENV',
    'SECRET_KEYS',
  ]) {
    delete inherited[name];
  }
  const [source = '', ...rest] = args;
  const child = spawn(process.execPath, [compiledServerPath(source), ...rest], {
    cwd: SERVER_DIR,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
