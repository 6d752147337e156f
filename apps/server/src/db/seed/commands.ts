import { parseArgs } from 'node:util';
import { MERCHANT_TOGGLES, type MerchantToggle } from '@kl/contracts/status';
import { commandTarget } from '../../platform/command-config.ts';
import { type AppConfig, MERCHANT_CODE_PATTERN, MERCHANT_CODE_RULE } from '../../platform/config.ts';
import { type Database, openDatabase } from '../../platform/db.ts';
import { createSecretBox, type SecretBox } from '../../platform/secret-box.ts';
import { DEMO_MERCHANT_CODE } from './kimlong.ts';
import { createMerchant, DEFAULT_MERCHANT_TOGGLES, type MerchantSetup } from './merchant.ts';
import { runSeed } from './index.ts';

/**
 * The operator commands over the seed (docs/decisions/018-demo-seed-and-merchant-setup.md), run by the thin
 * scripts `apps/server/scripts/merchant-create.ts` and `seed-demo.ts`. Both work on the database the server
 * uses (DATA_DIR or DATABASE_URL, read as the server reads them), apply the migrations first, and answer an
 * exit code: 0 done (also when there was nothing to do), 1 refused (bad options, production), 2 cannot run.
 */

export const COMMAND_EXIT = { done: 0, refused: 1, cannotRun: 2 } as const;

export interface CommandOptions {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  cwd?: string;
  write: (line: string) => void;
}

export const MERCHANT_CREATE_USAGE = [
  'usage: npm run merchant:create -- --code <code> --name <site name> --domain <main domain> [options]',
  '  --code          the merchant code the server is started with (MERCHANT_CODE); lowercase',
  '  --name          the site name shown to members',
  '  --domain        the main domain, without https:// (links in e-mails point at it)',
  '  --countries     allowed countries, ISO codes separated by commas, or "all" (default VN)',
  '  --dialing-code  the registration dialing code (default +84)',
  `  --enable        toggles to turn on besides ${DEFAULT_MERCHANT_TOGGLES.join(', ')}, separated by commas:`,
  `                  ${MERCHANT_TOGGLES.join(', ')}`,
  '  --disable       toggles to turn off, separated by commas',
  'Creates the merchant and the settings the site needs, once; an existing merchant is left as it is.',
  'The embedded database must not be in use: stop the server first (PostgreSQL: at any time).',
];

export const SEED_DEMO_USAGE = [
  'usage: npm run seed:demo [-- --force]',
  `Writes the demo data (the demo merchant ${DEMO_MERCHANT_CODE}, a demo agent, placeholder deposit accounts,`,
  'promotions, VIP levels, the game catalogue, lotteries, content) into the database the server uses.',
  'Refused under NODE_ENV=production unless --force is given. Idempotent.',
];

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const COUNTRY = /^[A-Z]{2}$/;
const DIALING_CODE = /^\+[1-9]\d{0,3}$/;
const MAX_NAME_LENGTH = 64;

/** Reads merchant:create's options; a list of problems when they are wrong. */
export function parseMerchantSetup(argv: readonly string[]): MerchantSetup | { problems: string[] } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        code: { type: 'string' },
        name: { type: 'string' },
        domain: { type: 'string' },
        countries: { type: 'string', default: 'VN' },
        'dialing-code': { type: 'string', default: '+84' },
        enable: { type: 'string', default: '' },
        disable: { type: 'string', default: '' },
      },
    }));
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] };
  }
  const problems: string[] = [];

  const code = values.code?.trim().toLowerCase() ?? '';
  if (!values.code) problems.push('--code is required');
  else if (!MERCHANT_CODE_PATTERN.test(code)) problems.push(`--code ${MERCHANT_CODE_RULE}`);

  const name = values.name?.trim() ?? '';
  if (!name) problems.push('--name is required');
  else if (name.length > MAX_NAME_LENGTH)
    problems.push(`--name must be at most ${MAX_NAME_LENGTH} characters`);

  const domain = values.domain?.trim().toLowerCase() ?? '';
  if (!values.domain) problems.push('--domain is required');
  else if (domain.length > 253 || !HOST_NAME.test(domain)) {
    problems.push('--domain must be a host name such as example.com (no https://, port or path)');
  }

  const countries =
    values.countries.trim().toLowerCase() === 'all'
      ? []
      : listOf(values.countries).map((c) => c.toUpperCase());
  if (countries.some((country) => !COUNTRY.test(country))) {
    problems.push('--countries must be ISO 3166 two-letter codes separated by commas (VN,KH), or "all"');
  }

  const dialingCode = values['dialing-code'].trim();
  if (!DIALING_CODE.test(dialingCode)) problems.push('--dialing-code must be + and 1 to 4 digits, e.g. +84');

  const toggleOf = (word: string) =>
    MERCHANT_TOGGLES.find((name) => name.toLowerCase() === word.toLowerCase());
  const toggles = new Set<MerchantToggle>(DEFAULT_MERCHANT_TOGGLES);
  for (const [option, words] of [
    ['--enable', listOf(values.enable)],
    ['--disable', listOf(values.disable)],
  ] as const) {
    for (const word of words) {
      const toggle = toggleOf(word);
      if (!toggle) problems.push(`${option}: unknown toggle ${word} (one of ${MERCHANT_TOGGLES.join(', ')})`);
      else if (option === '--enable') toggles.add(toggle);
      else toggles.delete(toggle);
    }
  }

  if (problems.length > 0) return { problems };
  return {
    code,
    name,
    domain,
    allowedCountries: [...new Set(countries)],
    dialingCode,
    toggles: MERCHANT_TOGGLES.filter((toggle) => toggles.has(toggle)),
  };
}

function listOf(value: string): string[] {
  return value
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

/**
 * Opens and migrates the configured database; undefined (having said why) when it cannot. With it, the
 * configuration and the box of the secrets it keeps (SECRET_KEYS, docs/decisions/034-secrets-at-rest.md).
 */
export async function openConfigured(
  options: CommandOptions,
  command: string,
): Promise<
  | { database: Database; where: string; merchantCode: string; config: AppConfig; secrets: SecretBox }
  | undefined
> {
  const { write } = options;
  const configured = commandTarget(options.env, options.cwd, write);
  if (!configured) return undefined;
  const { config, target, where } = configured;
  let database: Database;
  try {
    database = await openDatabase(target);
  } catch (error) {
    write(`${command}: cannot open ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    write(`${command}: cannot migrate ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  return {
    database,
    where,
    merchantCode: config.merchantCode,
    config,
    secrets: createSecretBox(config.secretKeys),
  };
}

/**
 * The options of a command: its usage for `--help` (done), its problems and usage for bad options
 * (refused), or the setup its parser read.
 */
export function readCommandSetup<S extends object>(
  options: CommandOptions,
  command: string,
  usage: readonly string[],
  parse: (argv: readonly string[]) => S | { problems: string[] },
): S | { exit: number } {
  const { write } = options;
  if (options.argv.includes('--help') || options.argv.includes('-h')) {
    for (const line of usage) write(line);
    return { exit: COMMAND_EXIT.done };
  }
  const setup = parse(options.argv);
  if ('problems' in setup) {
    for (const problem of setup.problems) write(`${command}: ${problem}`);
    for (const line of usage) write(line);
    return { exit: COMMAND_EXIT.refused };
  }
  return setup;
}

/** `npm run merchant:create`: a real merchant's configuration, idempotently. */
export async function runMerchantCreate(options: CommandOptions): Promise<number> {
  const { write } = options;
  const setup = readCommandSetup(options, 'merchant:create', MERCHANT_CREATE_USAGE, parseMerchantSetup);
  if ('exit' in setup) return setup.exit;
  const opened = await openConfigured(options, 'merchant:create');
  if (!opened) return COMMAND_EXIT.cannotRun;
  const { database, where, merchantCode } = opened;
  try {
    const result = await createMerchant(database.db, setup);
    const added = [
      result.fieldRulesCreated > 0 && `${result.fieldRulesCreated} registration field rules`,
      result.wageringSettingCreated && 'the turnover rules',
      result.withdrawalSettingCreated && 'the withdrawal limits',
      result.moneyControlsCreated && 'the money controls',
    ].filter((part): part is string => typeof part === 'string');
    if (result.merchantCreated) {
      write(`merchant ${setup.code} created on ${where} with ${added.join(', ')}`);
      write(`toggles on: ${setup.toggles.join(', ') || 'none'}`);
      write(
        'Not created (the operator adds them before taking real money): deposit channels, games, lotteries,' +
          ' promotions, VIP levels, content.',
      );
    } else {
      write(
        `merchant ${setup.code} exists already on ${where}: ` +
          (added.length > 0 ? `added what it lacked (${added.join(', ')})` : 'nothing changed') +
          '; its settings are kept as they are (the options apply to a new merchant only)',
      );
    }
    if (merchantCode !== setup.code) {
      write(`Start the server with MERCHANT_CODE=${setup.code} (it is ${merchantCode} now).`);
    }
    return COMMAND_EXIT.done;
  } catch (error) {
    write(`merchant:create failed on ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return COMMAND_EXIT.cannotRun;
  } finally {
    await database.close();
  }
}

/** `npm run seed:demo`: the demo seed on the configured database; refused in production without --force. */
export async function runDemoSeedCommand(options: CommandOptions): Promise<number> {
  const { write } = options;
  if (options.argv.includes('--help') || options.argv.includes('-h')) {
    for (const line of SEED_DEMO_USAGE) write(line);
    return COMMAND_EXIT.done;
  }
  const unknown = options.argv.filter((arg) => arg !== '--force');
  if (unknown.length > 0) {
    write(`seed:demo: unknown option ${unknown.join(' ')}`);
    for (const line of SEED_DEMO_USAGE) write(line);
    return COMMAND_EXIT.refused;
  }
  const force = options.argv.includes('--force');
  const configured = commandTarget(options.env, options.cwd, write);
  if (!configured) return COMMAND_EXIT.cannotRun;
  const production = configured.config.nodeEnv === 'production';
  if (production && !force) {
    write(
      'seed:demo: refused under NODE_ENV=production: the demo data has a demo member, placeholder deposit' +
        ' accounts and promotions that pay bonuses. Use npm run merchant:create for a real merchant, or add' +
        ' --force for a demo site.',
    );
    return COMMAND_EXIT.refused;
  }
  const opened = await openConfigured(options, 'seed:demo');
  if (!opened) return COMMAND_EXIT.cannotRun;
  const { database, where, merchantCode } = opened;
  try {
    const result = await runSeed(database.db);
    write(
      result.merchantsCreated > 0
        ? `demo seed on ${where}: merchant ${DEMO_MERCHANT_CODE} created with its demo data`
        : `demo seed on ${where}: merchant ${DEMO_MERCHANT_CODE} exists; added only what was missing`,
    );
    if (merchantCode !== DEMO_MERCHANT_CODE) {
      write(`The server serves MERCHANT_CODE=${merchantCode}; the demo merchant is ${DEMO_MERCHANT_CODE}.`);
    }
    return COMMAND_EXIT.done;
  } catch (error) {
    write(`seed:demo failed on ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return COMMAND_EXIT.cannotRun;
  } finally {
    await database.close();
  }
}
