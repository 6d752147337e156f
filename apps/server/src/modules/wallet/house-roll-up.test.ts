import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { ledgerAccount } from '../../db/schema/index.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { createHouseRollUp } from './house-roll-up.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import { createLedgerService } from './ledger-service.ts';
import { buildTestApp } from '../../test/app.ts';
import { createTestMember } from './testing.ts';

const quietLog = (errors: unknown[] = []) =>
  ({ error: (entry: unknown) => errors.push(entry), debug: () => {} }) as unknown as FastifyBaseLogger;

describeEachDatabase('the house roll-up job', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);

  const depositsBalance = async () => {
    const [row] = await database.current.db
      .select({ balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .where(
        and(
          eq(ledgerAccount.merchantCode, 'kimlong'),
          eq(ledgerAccount.kind, 'deposit_clearing'),
          eq(ledgerAccount.demo, false),
          isNull(ledgerAccount.memberId),
        ),
      );
    return row?.balance ?? 0n;
  };

  /** A member's deposits, each moving `amount` out of the house's deposits account. */
  const depositor = async (prefix: string, amount: bigint) => {
    const db = database.current.db;
    const ledger = createLedgerRepository(db);
    const service = createLedgerService({ db, ledger, clock: () => new Date() });
    const row = await createTestMember(db);
    const deposit = (label: string) =>
      service.post({
        merchantCode: 'kimlong',
        memberId: row.id,
        idempotencyKey: `${prefix}-${kind}-${label}`,
        kind: 'deposit',
        amount,
      });
    return { ledger, deposit };
  };

  it('changes the house accounts at its start and once more at its stop, never at the post', async () => {
    const { ledger, deposit } = await depositor('house-job', 70_000n);
    // A long tick: only start and stop roll up within this test.
    const job = createHouseRollUp({ ledger, log: quietLog(), tickMs: 3_600_000 });

    await deposit('first');
    const before = await depositsBalance();
    await job.start();
    const started = await depositsBalance();
    expect(started).toBeLessThanOrEqual(before - 70_000n);

    await deposit('second');
    expect(await depositsBalance()).toBe(started);
    await job.stop();
    expect(await depositsBalance()).toBe(started - 70_000n);
  });

  it('goes on while a roll-up was full, and logs a failed one without stopping', async () => {
    const calls: number[] = [];
    const answers = [5_000, 5_000, 12];
    const errors: unknown[] = [];
    const job = createHouseRollUp({
      ledger: {
        rollUpHouse: async (limit?: number) => {
          calls.push(limit ?? 0);
          const next = answers.shift();
          if (next === undefined) throw new Error('database gone');
          return next;
        },
      },
      log: quietLog(errors),
    });
    expect(await job.tick()).toBe(10_012);
    expect(calls).toEqual([5_000, 5_000, 5_000]);
    expect(await job.tick()).toBe(0);
    expect(errors).toEqual([expect.objectContaining({ err: expect.any(Error) })]);
  });

  it('runs in the server outside tests: the app rolls up when ready and when it closes', async () => {
    const { ledger, deposit } = await depositor('house-app', 30_000n);
    await ledger.rollUpHouse();
    const before = await depositsBalance();
    await deposit('first');
    const app = await buildTestApp(database.current, { houseRollUp: true });
    await app.ready();
    expect(await depositsBalance()).toBe(before - 30_000n);
    await deposit('second');
    await app.close();
    expect(await depositsBalance()).toBe(before - 60_000n);
  });
});
