import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@kl/contracts/admin/access';
import { OPERATOR_PASSWORD_LENGTH, operatorPassword, operatorUsername } from '@kl/contracts/admin/auth';
import { eq } from 'drizzle-orm';
import {
  COMMAND_EXIT,
  type CommandOptions,
  openConfigured,
  readCommandSetup,
} from '../../db/seed/commands.ts';
import { merchant } from '../../db/schema/index.ts';
import { systemClock } from '../../platform/clock.ts';
import { isDomainError } from '../../platform/errors.ts';
import { createAuditLog } from './audit.ts';
import { createOperatorRepository } from './operator-repository.ts';
import { createOperatorService } from './operator-service.ts';

export const OPERATOR_CREATE_USAGE = [
  'usage: npm run operator:create -- --username <name> --role <role> --password <password> [--read-only]',
  '  --username   3 to 32 lower-case letters, digits, dot, dash or underscore',
  `  --role       one of ${OPERATOR_ROLES.join(', ')} (the first operator is an owner; owners create the rest`,
  '               in the back office)',
  `  --password   ${OPERATOR_PASSWORD_LENGTH.min} to ${OPERATOR_PASSWORD_LENGTH.max} characters`,
  '  --read-only  the operator may only read',
  'Creates a back-office operator of the merchant the server serves (MERCHANT_CODE) in the database it uses',
  '(DATA_DIR or DATABASE_URL). Two-factor is enrolled at the first sign-in at /admin.',
  'The embedded database must not be in use: stop the server first (PostgreSQL: at any time).',
];

interface OperatorSetup {
  username: string;
  role: OperatorRole;
  password: string;
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
  if (!values.password) problems.push('--password is required');
  else if (!operatorPassword.safeParse(values.password).success) {
    problems.push(
      `--password must be ${OPERATOR_PASSWORD_LENGTH.min} to ${OPERATOR_PASSWORD_LENGTH.max} characters`,
    );
  }
  if (problems.length > 0 || !username.success || !role || !values.password) return { problems };
  return { username: username.data, role, password: values.password, readOnly: values['read-only'] };
}

/** `npm run operator:create`: a back-office operator; the password is never written out. */
export async function runOperatorCreate(options: CommandOptions): Promise<number> {
  const { write } = options;
  const setup = readCommandSetup(options, 'operator:create', OPERATOR_CREATE_USAGE, parseOperatorSetup);
  if ('exit' in setup) return setup.exit;
  const opened = await openConfigured(options, 'operator:create');
  if (!opened) return COMMAND_EXIT.cannotRun;
  const { database, where, merchantCode, secrets } = opened;
  try {
    const db = database.db;
    const [site] = await db.select().from(merchant).where(eq(merchant.code, merchantCode));
    if (!site) {
      write(
        `operator:create: merchant ${merchantCode} does not exist on ${where}: create it first ` +
          '(npm run merchant:create, or npm run seed:demo for the demo site)',
      );
      return COMMAND_EXIT.refused;
    }
    const clock = systemClock;
    const service = createOperatorService({
      db,
      clock,
      merchantCode,
      operators: createOperatorRepository(db, secrets),
      audit: createAuditLog({ db, clock, merchantCode }),
    });
    const created = await service.create(
      { operatorId: null, username: 'operator:create', ip: 'command line' },
      setup,
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
