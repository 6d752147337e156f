import { COMMAND_EXIT, type CommandOptions, openConfigured, readCommandSetup } from './db/seed/commands.ts';
import { createTwoFactorRepository } from './modules/auth/index.ts';
import { createOperatorRepository } from './modules/back-office/index.ts';
import { createProviderWalletRepository } from './modules/provider-wallet/index.ts';
import type { Db } from './platform/db.ts';
import type { SecretBox } from './platform/secret-box.ts';
import { describeRotation, rotateColumn, type SecretColumn } from './platform/secret-rotation.ts';

/**
 * `npm run secrets:rotate` (docs/decisions/034-secrets-at-rest.md): seals every secret the database keeps
 * under the first key of SECRET_KEYS, the ones under an older key and the ones still in plain text. Exit
 * code 0 when every value is under that key, 1 when some do not open (a key missing from SECRET_KEYS), 2
 * when it cannot run.
 */

const COMMAND = 'secrets:rotate';

export const SECRETS_ROTATE_USAGE = [
  'usage: npm run secrets:rotate',
  'Seals every secret the database keeps (operators’ and members’ TOTP secrets, game providers’ signing keys) under the',
  'first key of SECRET_KEYS: the values under an older key and the values still in plain text. Values under',
  'that key already are left as they are: running it again changes nothing. Every key a value is sealed',
  'under must still be in SECRET_KEYS. Rotating a key: put the new key first in SECRET_KEYS, keep the old',
  'one after it, restart every process, run this, then remove the old key (docs/decisions/034-secrets-at-rest.md).',
  'The embedded database must not be in use: stop the server first (PostgreSQL: at any time).',
];

/** Every column of sealed secrets, in the order they are rotated and printed. */
export function secretColumns(db: Db, secrets: SecretBox): SecretColumn[] {
  const providers = createProviderWalletRepository(db, secrets);
  return [
    createOperatorRepository(db, secrets).totpSecrets,
    createTwoFactorRepository(db, secrets).secrets,
    providers.signingKeys,
    providers.previousSigningKeys,
    providers.protocolSettings,
  ];
}

function parseRotateSetup(argv: readonly string[]): object | { problems: string[] } {
  return argv.length === 0 ? {} : { problems: [`unknown option ${argv.join(' ')}`] };
}

export async function runSecretsRotate(options: CommandOptions): Promise<number> {
  const { write } = options;
  const setup = readCommandSetup(options, COMMAND, SECRETS_ROTATE_USAGE, parseRotateSetup);
  if ('exit' in setup) return setup.exit;
  const opened = await openConfigured(options, COMMAND);
  if (!opened) return COMMAND_EXIT.cannotRun;
  const { database, where, secrets } = opened;
  try {
    write(`${COMMAND}: sealing the stored secrets under key ${secrets.currentKeyId} on ${where}`);
    let unreadable = 0;
    for (const column of secretColumns(database.db, secrets)) {
      const result = await rotateColumn(column, secrets);
      write(`  ${describeRotation(result, secrets.currentKeyId)}`);
      for (const line of result.unreadable) write(`  ${line}`);
      unreadable += result.unreadable.length;
    }
    if (unreadable > 0) {
      write(
        `${COMMAND}: ${unreadable} stored secrets do not open with SECRET_KEYS and were left as they are: ` +
          'add the keys they name to SECRET_KEYS, then run it again',
      );
      return COMMAND_EXIT.refused;
    }
    return COMMAND_EXIT.done;
  } catch (error) {
    write(`${COMMAND} failed on ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return COMMAND_EXIT.cannotRun;
  } finally {
    await database.close();
  }
}
