/**
 * `npm run agents:settle`: settles the agents' contracts of one closed period (GMT+8) in the database the
 * server uses (DATA_DIR or DATABASE_URL). See docs/agents.md, "Contracts that pay".
 *
 *   npm run agents:settle -- --period 2026-11-24      # a day: daily salaries and its 24 hourly ones
 *   npm run agents:settle -- --period 2026-11-24T13   # an hour
 *   npm run agents:settle -- --period 2026-11-H1      # half-month dividends (H2: the 16th to the end)
 *   npm run agents:settle -- --period 2026-11         # monthly dividends
 *
 * The embedded database is one process: stop the server first (PostgreSQL: at any time). Running it
 * again pays nothing twice. Exit code 0 when settled, 1 for a bad or open period, 2 when it cannot run.
 */
import { runAgentsSettle } from '../src/modules/agents/settlement/command.ts';

const code = await runAgentsSettle({
  argv: process.argv.slice(2),
  env: process.env,
  write: (line) => process.stdout.write(`${line}\n`),
});
process.exit(code);
