import { existsSync } from 'node:fs';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type HouseAccountKind,
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
} from '../../db/schema/index.ts';
import { commandTarget } from '../../platform/command-config.ts';
import { type Db, type DbOrTx, openDatabase } from '../../platform/db.ts';

/**
 * The ledger's invariants, checked from the rows (`npm run ledger:check`):
 * - every account's balance equals the sum of its entries (a house account's: of those rolled up, see below);
 * - no account that may not go negative is negative;
 * - every transaction has at least two entries and they sum to zero;
 * - every entry is in the currency (and real or demo money) of its transaction;
 * - every entry of a member's account has its balance after. A house account's entry gets it, and the
 *   account its amount, when the roll-up takes it (`ledger_house_roll_up`, docs/decisions/038-money-functions.md):
 *   those waiting for it are counted, not a problem;
 * - the progressive jackpots' pools of real and of demo money hold what each merchant's `house:jackpot`
 *   accounts' entries add up to (docs/decisions/061-slot-studio.md).
 */

export interface LedgerProblem {
  /**
   * balance_mismatch, negative_balance, unbalanced_transaction, currency_mismatch, entry_without_balance,
   * or one of a further check.
   */
  kind: string;
  /** One line naming the bad account, transaction or entry. */
  message: string;
}

export interface LedgerCheckReport {
  accounts: number;
  transactions: number;
  entries: number;
  /** House accounts' entries the roll-up has not taken yet. */
  pendingHouseEntries: number;
  problems: LedgerProblem[];
}

const describeAccount = (row: {
  id: number;
  merchantCode: string;
  memberId: string | null;
  kind: string;
  currency: string;
  demo: boolean;
}) =>
  `account ${row.id} (${row.merchantCode} ${row.memberId === null ? 'house' : `member ${row.memberId}`} ${row.kind} ${row.currency}${row.demo ? ' demo' : ''})`;

/** What a problem names of an account: what `describeAccount` needs, and its balance as text. */
const ACCOUNT_COLUMNS = {
  id: ledgerAccount.id,
  merchantCode: ledgerAccount.merchantCode,
  memberId: ledgerAccount.memberId,
  kind: ledgerAccount.kind,
  currency: ledgerAccount.currency,
  demo: ledgerAccount.demo,
  balance: sql<string>`${ledgerAccount.balance}::text`,
};

/**
 * What the entries of each merchant's house accounts of `kind` add up to, for real and for demo money: a
 * house account's balance waits for the roll-up, its entries do not (a further check compares them with what
 * its owner holds, such as the jackpot pools).
 */
export async function houseEntryTotals(
  db: DbOrTx,
  kind: HouseAccountKind,
): Promise<{ merchantCode: string; demo: boolean; total: bigint }[]> {
  const rows = await db
    .select({
      merchantCode: ledgerAccount.merchantCode,
      demo: ledgerAccount.demo,
      total: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)::text`,
    })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(and(eq(ledgerAccount.kind, kind), isNull(ledgerAccount.memberId)))
    .groupBy(ledgerAccount.merchantCode, ledgerAccount.demo)
    .orderBy(ledgerAccount.merchantCode, ledgerAccount.demo);
  return rows.map((row) => ({ ...row, total: BigInt(row.total) }));
}

export async function checkLedger(db: DbOrTx): Promise<LedgerCheckReport> {
  const problems: LedgerProblem[] = [];

  const sums = db
    .select({
      accountId: ledgerEntry.accountId,
      total: sql<string>`sum(${ledgerEntry.amount})`.as('total'),
    })
    .from(ledgerEntry)
    .where(isNotNull(ledgerEntry.balanceAfter))
    .groupBy(ledgerEntry.accountId)
    .as('sums');
  const mismatched = await db
    .select({
      ...ACCOUNT_COLUMNS,
      entries: sql<string>`coalesce(${sums.total}, 0)::text`,
    })
    .from(ledgerAccount)
    .leftJoin(sums, eq(sums.accountId, ledgerAccount.id))
    .where(sql`${ledgerAccount.balance} <> coalesce(${sums.total}, 0)`)
    .orderBy(ledgerAccount.id);
  for (const row of mismatched) {
    problems.push({
      kind: 'balance_mismatch',
      message: `${describeAccount(row)}: balance ${row.balance} but its entries sum to ${row.entries}`,
    });
  }

  const negative = await db
    .select(ACCOUNT_COLUMNS)
    .from(ledgerAccount)
    .where(sql`not ${ledgerAccount.allowNegative} and ${ledgerAccount.balance} < 0`)
    .orderBy(ledgerAccount.id);
  for (const row of negative) {
    problems.push({
      kind: 'negative_balance',
      message: `${describeAccount(row)}: negative balance ${row.balance}`,
    });
  }

  const unbalanced = await db
    .select({
      id: ledgerTransaction.id,
      idempotencyKey: ledgerTransaction.idempotencyKey,
      kind: ledgerTransaction.kind,
      sum: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)::text`,
      entries: sql<number>`count(${ledgerEntry.id})::int`,
    })
    .from(ledgerTransaction)
    .leftJoin(ledgerEntry, eq(ledgerEntry.transactionId, ledgerTransaction.id))
    .groupBy(ledgerTransaction.id)
    .having(sql`coalesce(sum(${ledgerEntry.amount}), 0) <> 0 or count(${ledgerEntry.id}) < 2`)
    .orderBy(ledgerTransaction.id);
  for (const row of unbalanced) {
    problems.push({
      kind: 'unbalanced_transaction',
      message: `transaction ${row.id} (${row.kind}, key ${row.idempotencyKey}): ${row.entries} entries summing to ${row.sum}`,
    });
  }

  const foreign = await db
    .select({ entryId: ledgerEntry.id, transactionId: ledgerTransaction.id, accountId: ledgerAccount.id })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(
      sql`${ledgerAccount.currency} <> ${ledgerTransaction.currency} or ${ledgerAccount.demo} <> ${ledgerTransaction.demo}
        or ${ledgerAccount.merchantCode} <> ${ledgerTransaction.merchantCode}`,
    )
    .orderBy(ledgerEntry.id);
  for (const row of foreign) {
    problems.push({
      kind: 'currency_mismatch',
      message: `entry ${row.entryId} of transaction ${row.transactionId}: account ${row.accountId} is of another merchant, currency or kind of money`,
    });
  }

  const unfilled = await db
    .select({ entryId: ledgerEntry.id, transactionId: ledgerEntry.transactionId })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(and(isNull(ledgerEntry.balanceAfter), isNotNull(ledgerAccount.memberId)))
    .orderBy(ledgerEntry.id);
  for (const row of unfilled) {
    problems.push({
      kind: 'entry_without_balance',
      message: `entry ${row.entryId} of transaction ${row.transactionId}: a member's entry without its balance after`,
    });
  }

  const [accounts] = await db.select({ n: count() }).from(ledgerAccount);
  const [transactions] = await db.select({ n: count() }).from(ledgerTransaction);
  const [entries] = await db.select({ n: count() }).from(ledgerEntry);
  const [pending] = await db
    .select({ n: count() })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(and(isNull(ledgerEntry.balanceAfter), isNull(ledgerAccount.memberId)));
  return {
    accounts: accounts?.n ?? 0,
    transactions: transactions?.n ?? 0,
    entries: entries?.n ?? 0,
    pendingHouseEntries: pending?.n ?? 0,
    problems,
  };
}

/** A further check run with the ledger's (the deposit orders against their credits, for example). */
export type ExtraCheck = (db: Db) => Promise<{ summary: string; problems: LedgerProblem[] }>;

export const LEDGER_CHECK_EXIT = { ok: 0, problems: 1, cannotRun: 2 } as const;

/**
 * `npm run ledger:check`: opens the database the server would (DATA_DIR or DATABASE_URL), runs the
 * checks without changing anything, writes one line per problem and answers the exit code: 0 sound,
 * 1 problems found, 2 could not run. On PGlite the server must be stopped first (one process per folder).
 */
export async function runLedgerCheck(options: {
  env: Record<string, string | undefined>;
  cwd?: string;
  write: (line: string) => void;
  extraChecks?: readonly ExtraCheck[];
}): Promise<number> {
  const { write } = options;
  const configured = commandTarget(options.env, options.cwd, write);
  if (!configured) return LEDGER_CHECK_EXIT.cannotRun;
  const { target, where } = configured;
  if (target.kind === 'pglite' && !existsSync(`${target.dataDir}/PG_VERSION`)) {
    write(`ledger check: no database at ${target.dataDir} (set DATA_DIR or DATABASE_URL as for the server)`);
    return LEDGER_CHECK_EXIT.cannotRun;
  }
  let database;
  try {
    database = await openDatabase(target);
  } catch (error) {
    write(`ledger check: cannot open ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return LEDGER_CHECK_EXIT.cannotRun;
  }
  try {
    const report = await checkLedger(database.db);
    const problems = [...report.problems];
    write(
      `ledger check on ${where}: ${report.accounts} accounts, ${report.transactions} transactions, ${report.entries} entries (${report.pendingHouseEntries} of house accounts not rolled up yet)`,
    );
    for (const extra of options.extraChecks ?? []) {
      const result = await extra(database.db);
      write(result.summary);
      problems.push(...result.problems);
    }
    for (const problem of problems) write(`BAD ${problem.kind}: ${problem.message}`);
    if (problems.length > 0) {
      write(`ledger check FAILED: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
      return LEDGER_CHECK_EXIT.problems;
    }
    write('ledger check OK: every balance equals the sum of its entries and every transaction sums to zero');
    return LEDGER_CHECK_EXIT.ok;
  } catch (error) {
    write(
      `ledger check: could not read the ledger: ${error instanceof Error ? error.message : String(error)}`,
    );
    return LEDGER_CHECK_EXIT.cannotRun;
  } finally {
    await database.close();
  }
}
