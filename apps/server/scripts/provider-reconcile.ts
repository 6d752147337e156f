/**
 * `npm run provider:reconcile`: reconciles a game provider's report of one UTC day with the provider
 * transactions and their ledger transactions in the database the server uses (DATA_DIR or DATABASE_URL),
 * stores the result (the back office shows it) and prints every difference. See
 * docs/decisions/028-provider-reconciliation.md.
 *
 *   npm run provider:reconcile -- --day 2026-11-24                      # the sandbox provider
 *   npm run provider:reconcile -- --day 2026-11-24 --provider sandbox --url http://127.0.0.1:8090/api/sandbox-provider/report
 *
 * Without --url the report is fetched where the provider's row says it answers (`report_url`; the sandbox
 * provider's is set at start to SANDBOX_PROVIDER_URL's, docs/decisions/070-provider-replay-window.md), as the
 * server's daily job does. The embedded database is one
 * process: stop the server first (PostgreSQL: at any time). Exit code 0 when nothing differs, 1 with
 * differences, 2 when it cannot run.
 */
import { COMMAND_EXIT, openConfigured, readCommandSetup } from '../src/db/seed/commands.ts';
import { systemClock } from '../src/platform/clock.ts';
import {
  PROVIDER_RECONCILE_COMMAND,
  PROVIDER_RECONCILE_USAGE,
  parseReconcileSetup,
  reconcileAndPrint,
} from '../src/modules/provider-wallet/index.ts';

const options = {
  argv: process.argv.slice(2),
  env: process.env,
  write: (line: string) => process.stdout.write(`${line}\n`),
};

async function main(): Promise<number> {
  const setup = readCommandSetup(
    options,
    PROVIDER_RECONCILE_COMMAND,
    PROVIDER_RECONCILE_USAGE,
    parseReconcileSetup,
  );
  if ('exit' in setup) return setup.exit;
  const opened = await openConfigured(options, PROVIDER_RECONCILE_COMMAND);
  if (!opened) return COMMAND_EXIT.cannotRun;
  const { database, merchantCode, secrets } = opened;
  try {
    return await reconcileAndPrint({
      setup,
      db: database.db,
      secrets,
      clock: systemClock,
      merchantCode,
      write: options.write,
    });
  } finally {
    await database.close();
  }
}

process.exit(await main());
