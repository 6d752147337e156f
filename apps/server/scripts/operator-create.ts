/**
 * `npm run operator:create`: creates a back-office operator (the first owner; owners create the rest at
 * /admin, each of whom sets their own password through an invitation link) in the database the server uses
 * (DATA_DIR or DATABASE_URL). See docs/back-office.md.
 *
 *   npm run operator:create -- --username boss --role owner          (asks the password, not shown)
 *   printf '%s\n' "$PASSWORD" | npm run operator:create -- --username boss --role owner
 *
 * The password is never taken on the command line (the process list and the shell history would show it).
 * The embedded database is one process: stop the server first. `--help` lists the options.
 * Exit code 0 when created, 1 for bad options or an existing username, 2 when it cannot run.
 */
import { runOperatorCreate } from '../src/modules/back-office/operator-create.ts';

const code = await runOperatorCreate({
  argv: process.argv.slice(2),
  env: process.env,
  write: (line) => process.stdout.write(`${line}\n`),
  input: process.stdin,
  prompt: (text) => process.stderr.write(text),
});
process.exit(code);
