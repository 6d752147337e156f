/**
 * `npm run seed:demo`: writes the demo data (the demo merchant kimlong and everything a demo of the site
 * shows) into the database the server uses (DATA_DIR or DATABASE_URL), after applying the migrations.
 * Idempotent. Refused under NODE_ENV=production unless `--force` is given
 * (docs/decisions/018-demo-seed-and-merchant-setup.md). The embedded database is one process: stop the
 * server first.
 *
 * Exit code 0 when done, 1 when refused, 2 when it cannot run.
 */
import { runDemoSeedCommand } from '../src/db/seed/commands.ts';

const code = await runDemoSeedCommand({
  argv: process.argv.slice(2),
  env: process.env,
  write: (line) => process.stdout.write(`${line}\n`),
});
process.exit(code);
