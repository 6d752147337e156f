import { ne, sql } from 'drizzle-orm';
import { slotJackpotPool } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { houseEntryTotals, type LedgerProblem } from '../wallet/index.ts';

/**
 * The progressive jackpots against the ledger (run by `npm run ledger:check`, docs/decisions/061-slot-studio.md):
 * each merchant's pools of real money, and those of demo money, hold exactly what the entries of its
 * `house:jackpot` accounts add up to. Play money's pools are no ledger's.
 */
export async function checkJackpots(db: DbOrTx): Promise<{ summary: string; problems: LedgerProblem[] }> {
  const pools = await db
    .select({
      merchantCode: slotJackpotPool.merchantCode,
      demo: sql<boolean>`${slotJackpotPool.money} = 'demo'`,
      total: sql<string>`sum(${slotJackpotPool.amount})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(slotJackpotPool)
    .where(ne(slotJackpotPool.money, 'play'))
    .groupBy(slotJackpotPool.merchantCode, sql`${slotJackpotPool.money} = 'demo'`);
  const ledger = await houseEntryTotals(db, 'jackpot');

  const keyOf = (row: { merchantCode: string; demo: boolean }) => `${row.merchantCode}:${row.demo}`;
  const held = new Map(pools.map((row) => [keyOf(row), { ...row, total: BigInt(row.total) }]));
  const entries = new Map(ledger.map((row) => [keyOf(row), row]));
  const problems: LedgerProblem[] = [];
  for (const key of [...new Set([...held.keys(), ...entries.keys()])].sort()) {
    const pool = held.get(key);
    const account = entries.get(key);
    const poolTotal = pool?.total ?? 0n;
    const entryTotal = account?.total ?? 0n;
    if (poolTotal === entryTotal) continue;
    const { merchantCode, demo } = pool ?? account ?? { merchantCode: key, demo: false };
    problems.push({
      kind: 'jackpot_mismatch',
      message: `${merchantCode}${demo ? ' demo' : ''}: the jackpot pools hold ${poolTotal} but the house jackpot account's entries sum to ${entryTotal}`,
    });
  }
  const count = pools.reduce((sum, row) => sum + row.count, 0);
  return { summary: `jackpot pools: ${count}`, problems };
}
