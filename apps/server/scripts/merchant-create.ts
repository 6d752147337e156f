/**
 * `npm run merchant:create`: creates a real merchant's configuration — the merchant, its registration field
 * rules, turnover rules and withdrawal limits — in the database the server uses (DATA_DIR or DATABASE_URL,
 * read as the server reads them), after applying the migrations. No demo data: no member, deposit channel,
 * promotion or content (docs/decisions/018-demo-seed-and-merchant-setup.md). Running it again changes nothing.
 *
 *   NODE_ENV=production npm run merchant:create -- --code kl --name "Kim Long" --domain kimlong.vn
 *   DATABASE_URL=postgres://… npm run merchant:create -- --code kl --name "Kim Long" --domain kimlong.vn
 *
 * The embedded database is one process: stop the server first. `--help` lists the options.
 * Exit code 0 when done (also when the merchant existed), 1 for bad options, 2 when it cannot run.
 */
import { runMerchantCreate } from '../src/db/seed/commands.ts';

const code = await runMerchantCreate({
  argv: process.argv.slice(2),
  env: process.env,
  write: (line) => process.stdout.write(`${line}\n`),
});
process.exit(code);
