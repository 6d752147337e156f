import { Readable } from 'node:stream';
import {
  AGENTS_APPROVER,
  AGENTS_OWNER,
  CASHIER,
  CHAT_SUPPORT,
  CONTRACT_APPROVER,
  CONTRACT_PROPOSER,
  STATUS_OWNER,
} from '../constants.ts';

/**
 * The journeys' other back-office operators, made before the test server starts (the embedded database
 * is one process) by the command `npm run operator:create` runs, each password piped as its first line
 * of input. The first owner is made by the npm script itself (playwright.config.ts); these are made in
 * one process, which spares a process start (about 3 s of loading the server's modules) for each.
 * Exits with the first failing command's code.
 */
/**
 * The command, loaded when this runs: its modules are the server's, type-checked with the server's
 * project (here they would lack the types the server's plugins add to Fastify's).
 */
const COMMAND_MODULE = '../../../server/src/modules/back-office/operator-create.ts';
type OperatorCreate = (options: {
  argv: string[];
  env: NodeJS.ProcessEnv;
  write: (line: string) => void;
  input: Readable;
  prompt: (text: string) => void;
}) => Promise<number>;
const { runOperatorCreate } = (await import(COMMAND_MODULE)) as { runOperatorCreate: OperatorCreate };

const OPERATORS = [
  { ...AGENTS_OWNER, role: 'owner' },
  { ...CASHIER, role: 'finance' },
  // The second operators of the journeys that offer agent contracts (four eyes).
  { ...AGENTS_APPROVER, role: 'finance' },
  { ...CONTRACT_PROPOSER, role: 'finance' },
  { ...CONTRACT_APPROVER, role: 'finance' },
  // The journeys' other operator steps, each on an operator's own session.
  { ...STATUS_OWNER, role: 'owner' },
  { ...CHAT_SUPPORT, role: 'support' },
];

for (const { username, password, role } of OPERATORS) {
  const code = await runOperatorCreate({
    argv: ['--username', username, '--role', role],
    env: process.env,
    write: (line) => process.stdout.write(`${line}\n`),
    input: Readable.from([`${password}\n`]),
    prompt: (text) => process.stderr.write(text),
  });
  if (code !== 0) process.exit(code);
}
