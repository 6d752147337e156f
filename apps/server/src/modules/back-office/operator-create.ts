import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@kl/contracts/admin/access';
import { OPERATOR_PASSWORD_LENGTH, operatorPassword, operatorUsername } from '@kl/contracts/admin/auth';
import {
  COMMAND_EXIT,
  type CommandOptions,
  openConfigured,
  readCommandSetup,
} from '../../db/seed/commands.ts';
import { systemClock } from '../../platform/clock.ts';
import { isDomainError } from '../../platform/errors.ts';
import { createMerchantRepository } from '../merchant/index.ts';
import { createAuditLog } from './audit.ts';
import { createOperatorRepository } from './operator-repository.ts';
import { createOperatorOnCommandLine } from './operator-service.ts';

export const OPERATOR_CREATE_USAGE = [
  'usage: npm run operator:create -- --username <name> --role <role> [--read-only]',
  '  --username   3 to 32 lower-case letters, digits, dot, dash or underscore',
  `  --role       one of ${OPERATOR_ROLES.join(', ')} (the first operator is an owner; owners create the rest`,
  '               in the back office, where each sets their own password through an invitation link)',
  '  --read-only  the operator may only read',
  `The password (${OPERATOR_PASSWORD_LENGTH.min} to ${OPERATOR_PASSWORD_LENGTH.max} characters) is asked at the terminal without`,
  'showing it, twice, or read from standard input when it is piped (its first line):',
  '  printf \'%s\\n\' "$PASSWORD" | npm run operator:create -- --username boss --role owner',
  'It is never taken on the command line, where the process list and the shell history would show it.',
  'Creates a back-office operator of the merchant the server serves (MERCHANT_CODE) in the database it uses',
  '(DATA_DIR or DATABASE_URL). Two-factor is enrolled at the first sign-in at /admin.',
  'The embedded database must not be in use: stop the server first (PostgreSQL: at any time).',
];

/** Said when the password is given on the command line. */
export const PASSWORD_ON_COMMAND_LINE =
  '--password is not taken on the command line (the process list and the shell history would show it): ' +
  'type it at the prompt, or pipe it on standard input, e.g. ' +
  'printf \'%s\\n\' "$PASSWORD" | npm run operator:create -- --username NAME --role ROLE';

interface OperatorSetup {
  username: string;
  role: OperatorRole;
  readOnly: boolean;
}

export function parseOperatorSetup(argv: readonly string[]): OperatorSetup | { problems: string[] } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        username: { type: 'string' },
        role: { type: 'string' },
        // Declared only to refuse it with its own message.
        password: { type: 'string' },
        'read-only': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] };
  }
  const problems: string[] = [];
  const username = operatorUsername.safeParse(values.username ?? '');
  if (!values.username) problems.push('--username is required');
  else if (!username.success) problems.push('--username must be 3 to 32 of a-z, 0-9, dot, dash, underscore');
  const role = OPERATOR_ROLES.find((name) => name === values.role?.trim().toLowerCase());
  if (!values.role) problems.push('--role is required');
  else if (!role) problems.push(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
  if (values.password !== undefined) problems.push(PASSWORD_ON_COMMAND_LINE);
  if (problems.length > 0 || !username.success || !role) return { problems };
  return { username: username.data, role, readOnly: values['read-only'] };
}

/** Standard input as the command sees it: piped, or a terminal it can put in raw mode. */
export type PasswordInput = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/** Longest piped input read (a password is at most OPERATOR_PASSWORD_LENGTH.max characters). */
const MAX_PIPED_BYTES = 4096;

/** The first line of piped input (without its line end); undefined when there is none. */
async function pipedPassword(input: Readable): Promise<string | undefined> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    if (text.includes('\n') || text.length > MAX_PIPED_BYTES) break;
  }
  const line = text.split('\n', 1)[0]?.replace(/\r$/, '') ?? '';
  return line === '' ? undefined : line;
}

/**
 * One line typed at the terminal, in raw mode so that nothing typed is shown: Enter ends it, Backspace
 * takes back a character, Ctrl-C or Ctrl-D abandons it (undefined).
 */
function typedLine(input: PasswordInput): Promise<string | undefined> {
  return new Promise((resolve) => {
    let line = '';
    const finish = (value: string | undefined) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(line);
        if (char === '\u0003' || char === '\u0004') return finish(undefined);
        if (char === '\u007f' || char === '\b') line = line.slice(0, -1);
        else line += char;
      }
    };
    input.setRawMode?.(true);
    input.on('data', onData);
    input.resume();
  });
}

/**
 * The new operator's password: asked twice at a terminal without echo, or the first line of piped input.
 * A list of problems when there is none, the two differ, or its length is wrong.
 */
export async function readOperatorPassword(
  input: PasswordInput,
  prompt: (text: string) => void,
  username: string,
): Promise<{ password: string } | { problems: string[] }> {
  let password: string | undefined;
  if (input.isTTY) {
    prompt(`Password for ${username} (not shown): `);
    password = await typedLine(input);
    prompt('\n');
    if (password === undefined) return { problems: ['no password typed; nothing changed'] };
    prompt('The same password again: ');
    const again = await typedLine(input);
    prompt('\n');
    if (again !== password) return { problems: ['the two passwords differ; nothing changed'] };
  } else {
    password = await pipedPassword(input);
    if (password === undefined) {
      return {
        problems: ['no password on standard input: pipe it (its first line) or run it at a terminal'],
      };
    }
  }
  if (!operatorPassword.safeParse(password).success) {
    return {
      problems: [
        `the password must be ${OPERATOR_PASSWORD_LENGTH.min} to ${OPERATOR_PASSWORD_LENGTH.max} characters`,
      ],
    };
  }
  return { password };
}

export interface OperatorCreateOptions extends CommandOptions {
  /** Where the password comes from: standard input. */
  input: PasswordInput;
  /** Where the terminal prompts go (standard error), apart from the command's report. */
  prompt: (text: string) => void;
}

/** `npm run operator:create`: a back-office operator; the password is never written out. */
export async function runOperatorCreate(options: OperatorCreateOptions): Promise<number> {
  const { write } = options;
  const setup = readCommandSetup(options, 'operator:create', OPERATOR_CREATE_USAGE, parseOperatorSetup);
  if ('exit' in setup) return setup.exit;
  const typed = await readOperatorPassword(options.input, options.prompt, setup.username);
  if ('problems' in typed) {
    for (const problem of typed.problems) write(`operator:create: ${problem}`);
    return COMMAND_EXIT.refused;
  }
  const opened = await openConfigured(options, 'operator:create');
  if (!opened) return COMMAND_EXIT.cannotRun;
  const { database, where, merchantCode, secrets } = opened;
  try {
    const db = database.db;
    const site = await createMerchantRepository(db).findByCode(merchantCode);
    if (!site) {
      write(
        `operator:create: merchant ${merchantCode} does not exist on ${where}: create it first ` +
          '(npm run merchant:create, or npm run seed:demo for the demo site)',
      );
      return COMMAND_EXIT.refused;
    }
    const clock = systemClock;
    const created = await createOperatorOnCommandLine(
      {
        db,
        clock,
        merchantCode,
        operators: createOperatorRepository(db, secrets),
        audit: createAuditLog({ db, clock, merchantCode }),
      },
      { operatorId: null, username: 'operator:create', ip: 'command line' },
      { ...setup, password: typed.password },
    );
    write(
      `operator ${created.username} (${created.role}${created.readOnly ? ', read-only' : ''}) created for ` +
        `merchant ${merchantCode} on ${where}; two-factor is set up at the first sign-in at /admin`,
    );
    return COMMAND_EXIT.done;
  } catch (error) {
    if (isDomainError(error) && error.code === 'USERNAME_EXISTS') {
      write(`operator:create: operator ${setup.username} exists already; nothing changed`);
      return COMMAND_EXIT.refused;
    }
    write(`operator:create failed on ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return COMMAND_EXIT.cannotRun;
  } finally {
    await database.close();
  }
}
