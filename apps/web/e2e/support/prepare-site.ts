import { cpSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  ADMIN_OWNER,
  AGENTS_APPROVER,
  AGENTS_OWNER,
  CASHIER,
  CHAT_SUPPORT,
  FREE_ROUNDS_OWNER,
  CONTRACT_APPROVER,
  CONTRACT_PROPOSER,
  KYC_REVIEWERS,
  STATUS_OWNER,
  siteCopyOf,
} from '../constants.ts';
import { createDatabase, siteDatabasesOf } from './site-database.ts';

/**
 * The journeys' site, made before the test server starts (the embedded database is one process) by the
 * commands an operator runs, in one process: `npm run seed:demo` (the demo merchant and its data), then
 * `npm run operator:create` for the first owner and for each of the journeys' other operators, each
 * password piped as its first line of input. One process spares a process start (about 3 s of loading the
 * server's modules) per command; the commands run as processes of their own from an empty production
 * database in the launch journey (launch.spec.ts). Exits with the first failing command's code.
 *
 * On the run's PostgreSQL server (support/site-database.ts) it first creates the site's database; last, with
 * every connection closed, it makes the site's copy (constants.ts, siteCopyOf): a database made from the
 * site's as its template, or a copy of the data folder.
 */
/**
 * The commands, loaded when this runs: their modules are the server's, type-checked with the server's
 * project (here they would lack the types the server's plugins add to Fastify's).
 */
const OPERATOR_CREATE_MODULE = '../../../server/src/modules/back-office/operator-create.ts';
const SEED_MODULE = '../../../server/src/db/seed/commands.ts';
type OperatorCreate = (options: {
  argv: string[];
  env: NodeJS.ProcessEnv;
  write: (line: string) => void;
  input: Readable;
  prompt: (text: string) => void;
}) => Promise<number>;
type DemoSeed = (options: {
  argv: string[];
  env: NodeJS.ProcessEnv;
  write: (line: string) => void;
}) => Promise<number>;
const { runOperatorCreate } = (await import(OPERATOR_CREATE_MODULE)) as { runOperatorCreate: OperatorCreate };
const { runDemoSeedCommand } = (await import(SEED_MODULE)) as { runDemoSeedCommand: DemoSeed };

const write = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = process.env.E2E_DATA_DIR ?? '';
const databases = siteDatabasesOf(dataDir, process.env.TEST_DATABASE_URL);
if (databases) await createDatabase(databases.serverUrl, databases.site);

const seeded = await runDemoSeedCommand({ argv: [], env: process.env, write });
if (seeded !== 0) process.exit(seeded);

const OPERATORS = [
  { ...ADMIN_OWNER, role: 'owner' },
  { ...AGENTS_OWNER, role: 'owner' },
  { ...CASHIER, role: 'finance' },
  // The second operators of the journeys that offer agent contracts (four eyes).
  { ...AGENTS_APPROVER, role: 'finance' },
  { ...CONTRACT_PROPOSER, role: 'finance' },
  { ...CONTRACT_APPROVER, role: 'finance' },
  // The journeys' other operator steps, each on an operator's own session.
  { ...STATUS_OWNER, role: 'owner' },
  { ...FREE_ROUNDS_OWNER, role: 'owner' },
  { ...CHAT_SUPPORT, role: 'support' },
  // The pairs who check identity documents (one approves, the other confirms).
  ...Object.values(KYC_REVIEWERS).flatMap((pair) => pair.map((who) => ({ ...who, role: 'risk' }))),
];

for (const { username, password, role } of OPERATORS) {
  const code = await runOperatorCreate({
    argv: ['--username', username, '--role', role],
    env: process.env,
    write,
    input: Readable.from([`${password}\n`]),
    prompt: (text) => process.stderr.write(text),
  });
  if (code !== 0) process.exit(code);
}

if (databases) await createDatabase(databases.serverUrl, databases.copy, databases.site);
else cpSync(dataDir, siteCopyOf(dataDir), { recursive: true });
