/**
 * `npm run ledger:check`: verifies the money ledger of the database the server uses (DATA_DIR or
 * DATABASE_URL, read as the server reads them): every account balance equals the sum of its entries, every
 * transaction sums to zero, every paid deposit order is credited exactly once, and every withdrawal request
 * is held and settled by its own transactions (the held money equal to the pending requests), every
 * turnover requirement's progress and locked money agree with the rounds and the balances, and every game
 * provider's transaction is its own ledger movement (docs/decisions/025-provider-wallet.md), and the
 * progressive jackpots' pools hold what the house jackpot accounts do (docs/decisions/061-slot-studio.md).
 * Changes nothing.
 *
 *   npm run ledger:check                                  # ./data (stop the server first: PGlite is one process)
 *   DATABASE_URL=postgres://… npm run ledger:check
 *
 * Exit code 0 when sound, 1 naming each problem, 2 when it cannot run.
 */
import { checkDeposits } from '../src/modules/deposit/index.ts';
import { checkProviderTransactions } from '../src/modules/provider-wallet/index.ts';
import { checkJackpots } from '../src/modules/slot/index.ts';
import { checkWagering, runLedgerCheck } from '../src/modules/wallet/index.ts';
import { checkWithdrawals } from '../src/modules/withdrawal/index.ts';

const code = await runLedgerCheck({
  env: process.env,
  write: (line) => process.stdout.write(`${line}\n`),
  extraChecks: [checkDeposits, checkWithdrawals, checkWagering, checkProviderTransactions, checkJackpots],
});
process.exit(code);
