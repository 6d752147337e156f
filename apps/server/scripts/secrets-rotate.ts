/**
 * `npm run secrets:rotate`: seals every secret the database the server uses keeps (DATA_DIR or
 * DATABASE_URL; operators' TOTP secrets, game providers' signing keys) under the first key of SECRET_KEYS,
 * including values still in plain text. See docs/decisions/034-secrets-at-rest.md.
 *
 *   SECRET_KEYS=k2:<new>,k1:<old> npm run secrets:rotate
 *
 * The embedded database is one process: stop the server first (PostgreSQL: at any time). Running it again
 * changes nothing. Exit code 0 when done, 1 when some values do not open with SECRET_KEYS, 2 when it cannot
 * run.
 */
import { runSecretsRotate } from '../src/secrets-rotate.ts';

const code = await runSecretsRotate({
  argv: process.argv.slice(2),
  env: process.env,
  write: (line) => process.stdout.write(`${line}\n`),
});
process.exit(code);
