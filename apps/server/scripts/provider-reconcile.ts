/**
 * `npm run provider:reconcile`: reconciles a game provider's report of one UTC day with the provider
 * transactions and their ledger transactions in the database the server uses (DATA_DIR or DATABASE_URL),
 * stores the result (the back office shows it) and prints every difference. See
 * docs/decisions/028-provider-reconciliation.md.
 *
 *   npm run provider:reconcile -- --day 2026-11-24                      # the sandbox provider
 *   npm run provider:reconcile -- --day 2026-11-24 --provider sandbox --url http://127.0.0.1:8080/api/sandbox-provider/report
 *
 * Without --url the sandbox provider's report is answered from the same database, over HTTP on the
 * loopback, signed as the provider signs it (the embedded database is one process: stop the server first;
 * PostgreSQL: at any time). Exit code 0 when nothing differs, 1 with differences, 2 when it cannot run.
 */
import Fastify from 'fastify';
import { COMMAND_EXIT, openConfigured, readCommandSetup } from '../src/db/seed/commands.ts';
import { systemClock } from '../src/platform/clock.ts';
import {
  PROVIDER_RECONCILE_COMMAND,
  PROVIDER_RECONCILE_USAGE,
  parseReconcileSetup,
  reconcileAndPrint,
} from '../src/modules/provider-wallet/index.ts';
import {
  ownWalletUrl,
  SANDBOX_PROVIDER_CODE,
  serveSandboxReport,
} from '../src/modules/sandbox-provider/index.ts';

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
  const { database, merchantCode, config, secrets } = opened;
  const server = Fastify({ logger: false });
  try {
    let reportUrl: string | undefined = setup.url;
    if (reportUrl === undefined && setup.provider === SANDBOX_PROVIDER_CODE) {
      serveSandboxReport(server, {
        db: database.db,
        clock: systemClock,
        secret: config.sandboxProviderSecret,
      });
      await server.listen({ port: 0, host: '127.0.0.1' });
      reportUrl = `${ownWalletUrl(server.server)}/api/sandbox-provider/report`;
    }
    return await reconcileAndPrint({
      setup,
      db: database.db,
      secrets,
      clock: systemClock,
      merchantCode,
      reportUrl: () => reportUrl,
      write: options.write,
    });
  } finally {
    await server.close();
    await database.close();
  }
}

process.exit(await main());
