import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ledgerAccount, ledgerEntry, slotJackpotPool } from '../../db/schema/index.ts';
import { type Database, openDatabase } from '../../platform/db.ts';
import { describeEachDatabase, testDatabases, useTestDatabase } from '../../test/databases.ts';
import { runLedgerCheck as runCheck, useProcessWorkDir } from '../../test/processes.ts';
import { checkDeposits } from '../deposit/index.ts';
import { checkJackpots } from '../slot/index.ts';
import { checkLedger } from './ledger-check.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import { createLedgerService } from './ledger-service.ts';
import { createTestMember } from './testing.ts';

// These tests start the server or the check as processes of their own: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

/** Posts a little activity: a deposit, a bet and a win for a new member; answers the member's id. */
async function someActivity(database: Pick<Database, 'db'>, label: string): Promise<string> {
  const ledger = createLedgerService({
    db: database.db,
    ledger: createLedgerRepository(database.db),
    clock: () => new Date(),
  });
  const row = await createTestMember(database.db);
  const base = { merchantCode: 'kimlong', memberId: row.id };
  await ledger.post({ ...base, idempotencyKey: `${label}:d`, kind: 'deposit', amount: 100_000n });
  await ledger.post({ ...base, idempotencyKey: `${label}:b`, kind: 'bet', amount: 30_000n });
  await ledger.post({ ...base, idempotencyKey: `${label}:w`, kind: 'win', amount: 5_000n });
  return row.id;
}

const availableAccountOf = (memberId: string) =>
  and(eq(ledgerAccount.memberId, memberId), eq(ledgerAccount.kind, 'available'));

describeEachDatabase('ledger check', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);

  it('finds nothing wrong in a sound ledger and counts what it read', async () => {
    await someActivity(database.current, `sound-${kind}`);
    const report = await checkLedger(database.current.db);
    expect(report.problems).toEqual([]);
    expect(report.transactions).toBeGreaterThanOrEqual(3);
    expect(report.entries).toBe(report.transactions * 2);
  });

  it('names an account whose balance is not the sum of its entries', async () => {
    const memberId = await someActivity(database.current, `corrupt-${kind}`);
    const [account] = await database.current.db
      .update(ledgerAccount)
      .set({ balance: 80_000n })
      .where(availableAccountOf(memberId))
      .returning({ id: ledgerAccount.id });
    const report = await checkLedger(database.current.db);
    expect(report.problems).toEqual([
      {
        kind: 'balance_mismatch',
        message: `account ${account?.id} (kimlong member ${memberId} available VND): balance 80000 but its entries sum to 75000`,
      },
    ]);
    await database.current.db
      .update(ledgerAccount)
      .set({ balance: 75_000n })
      .where(availableAccountOf(memberId));
    const { problems } = await checkLedger(database.current.db);
    expect(problems.filter((problem) => problem.kind === 'entry_without_balance')).toEqual([]);
  });

  it('names a jackpot pool that holds what the house jackpot account does not', async () => {
    const at = new Date();
    await database.current.db.insert(slotJackpotPool).values({
      merchantCode: 'kimlong',
      machineId: `check-${kind}`,
      money: 'real',
      amount: 700n,
      updatedAt: at,
    });
    const report = await checkJackpots(database.current.db);
    expect(report.problems).toEqual([
      {
        kind: 'jackpot_mismatch',
        message: "kimlong: the jackpot pools hold 700 but the house jackpot account's entries sum to 0",
      },
    ]);
    // Play money's pool is no ledger's.
    await database.current.db
      .update(slotJackpotPool)
      .set({ money: 'play' })
      .where(eq(slotJackpotPool.machineId, `check-${kind}`));
    expect((await checkJackpots(database.current.db)).problems).toEqual([]);
  });

  it('leaves the house entries to the roll-up, which gives each its account’s running balance once', async () => {
    await someActivity(database.current, `house-${kind}`);
    const ledger = createLedgerRepository(database.current.db);
    // Before the roll-up: the house entries wait without their balance, counted, and the check is sound.
    const waiting = await checkLedger(database.current.db);
    expect(waiting.pendingHouseEntries).toBeGreaterThanOrEqual(3);
    expect(waiting.problems).toEqual([]);

    expect(await ledger.rollUpHouse()).toBeGreaterThanOrEqual(3);
    expect(await ledger.rollUpHouse()).toBe(0);
    const rolled = await checkLedger(database.current.db);
    expect(rolled.pendingHouseEntries).toBe(0);
    expect(rolled.problems).toEqual([]);

    const entries = await database.current.db
      .select({
        id: ledgerEntry.id,
        accountId: ledgerEntry.accountId,
        amount: ledgerEntry.amount,
        balanceAfter: ledgerEntry.balanceAfter,
        house: ledgerAccount.allowNegative,
        balance: ledgerAccount.balance,
      })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .orderBy(ledgerEntry.accountId, ledgerEntry.id);
    const house = entries.filter((entry) => entry.house);
    expect(house.length).toBeGreaterThan(0);
    const running = new Map<number, bigint>();
    for (const entry of house) {
      const balance = (running.get(entry.accountId) ?? 0n) + entry.amount;
      running.set(entry.accountId, balance);
      expect(entry.balanceAfter).toBe(balance);
    }
    for (const entry of house) expect(entry.balance).toBe(running.get(entry.accountId));

    // A member's entry without its balance after is a problem: only the house accounts' wait for it.
    const first = entries.find((entry) => !entry.house);
    if (!first) throw new Error('no member entry');
    await database.current.db
      .update(ledgerEntry)
      .set({ balanceAfter: null })
      .where(eq(ledgerEntry.id, first.id));
    const { problems } = await checkLedger(database.current.db);
    expect(problems.filter((problem) => problem.kind === 'entry_without_balance')).toEqual([
      expect.objectContaining({
        kind: 'entry_without_balance',
        message: expect.stringContaining(`entry ${first.id} `),
      }),
    ]);
    await database.current.db
      .update(ledgerEntry)
      .set({ balanceAfter: first.balanceAfter })
      .where(eq(ledgerEntry.id, first.id));
  });

  it('rolls each house entry up once when roll-ups run at once, beside posts', async () => {
    const ledger = createLedgerRepository(database.current.db);
    await ledger.rollUpHouse();
    const members = await Promise.all([0, 1, 2, 3].map(() => createTestMember(database.current.db)));
    const service = createLedgerService({ db: database.current.db, ledger, clock: () => new Date() });
    const rolled = await Promise.all([
      ...members.map((row, index) =>
        service.post({
          merchantCode: 'kimlong',
          memberId: row.id,
          idempotencyKey: `rollup-${kind}-${index}`,
          kind: 'deposit',
          amount: 1_000n,
        }),
      ),
      ledger.rollUpHouse(),
      ledger.rollUpHouse(),
      ledger.rollUpHouse(1),
    ]);
    const during = rolled.slice(members.length).map(Number);
    const after = await ledger.rollUpHouse();
    expect(during.reduce((sum, n) => sum + n, 0) + after).toBe(members.length);
    const report = await checkLedger(database.current.db);
    expect(report.pendingHouseEntries).toBe(0);
    expect(report.problems).toEqual([]);
  });

  it('names a transaction whose entries do not sum to zero', async () => {
    const memberId = await someActivity(database.current, `unbalanced-${kind}`);
    const [account] = await database.current.db
      .select({ id: ledgerAccount.id })
      .from(ledgerAccount)
      .where(availableAccountOf(memberId));
    const [entry] = await database.current.db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.accountId, account?.id ?? 0))
      .limit(1);
    if (!entry) throw new Error('no entry');
    // An extra entry (and a balance kept in step, so only the transaction is wrong).
    await database.current.db.insert(ledgerEntry).values({
      transactionId: entry.transactionId,
      accountId: entry.accountId,
      amount: 1n,
      balanceAfter: entry.balanceAfter,
      createdAt: entry.createdAt,
    });
    await database.current.db
      .update(ledgerAccount)
      .set({ balance: 75_001n })
      .where(availableAccountOf(memberId));
    const report = await checkLedger(database.current.db);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatchObject({ kind: 'unbalanced_transaction' });
    expect(report.problems[0]?.message).toContain(`transaction ${entry.transactionId} `);
    expect(report.problems[0]?.message).toContain('3 entries summing to 1');
  });

  it('finds a deposit credited without a paid order', async () => {
    const ledger = createLedgerService({
      db: database.current.db,
      ledger: createLedgerRepository(database.current.db),
      clock: () => new Date(),
    });
    const row = await createTestMember(database.current.db);
    await ledger.post({
      merchantCode: 'kimlong',
      memberId: row.id,
      idempotencyKey: `stray-${kind}`,
      kind: 'deposit',
      amount: 5_000n,
      reference: 'deposit:00000000-0000-4000-8000-000000000001',
    });
    const report = await checkDeposits(database.current.db);
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'deposit_credit_without_order' })]);
  });
});

for (const { kind, skip } of testDatabases({ embedded: true })) {
  describe.skipIf(skip)(`npm run ledger:check (${kind})`, () => {
    const { workDir, seededCopy } = useProcessWorkDir('kl-ledger-check-');

    it('exits 0 on a sound ledger and 1 naming the corrupted account', async () => {
      // The server's database (a copy of the seeded one) with some activity; PGlite: closed again, one
      // process per folder.
      const copy = await seededCopy(kind, 'data');
      const { env } = copy;
      const { DATA_DIR: dataDir, DATABASE_URL: url = '' } = env;
      const open = () =>
        dataDir
          ? openDatabase({ kind: 'pglite', dataDir })
          : openDatabase({ kind: 'postgres', url, maxConnections: 2 });
      let database = copy.database;
      const memberId = await someActivity(database, 'script');
      await database.close();

      const sound = await runCheck(env);
      expect(sound.stdout).toContain('ledger check OK');
      expect(sound.stdout).toMatch(/\d+ accounts, 3 transactions, 6 entries/);
      expect(sound.code).toBe(0);

      database = await open();
      const [account] = await database.db
        .update(ledgerAccount)
        .set({ balance: 1n })
        .where(availableAccountOf(memberId))
        .returning({ id: ledgerAccount.id });
      await database.close();

      const corrupt = await runCheck(env);
      expect(corrupt.code).toBe(1);
      expect(corrupt.stdout).toContain(
        `BAD balance_mismatch: account ${account?.id} (kimlong member ${memberId} available VND): balance 1 but its entries sum to 75000`,
      );
      expect(corrupt.stdout).toContain('ledger check FAILED: 1 problem');
    });

    it('exits 2 when there is no database to check', async () => {
      if (kind !== 'pglite') return;
      const missing = await runCheck({ DATA_DIR: join(workDir, 'nothing-here') });
      expect(missing.code).toBe(2);
      expect(missing.stdout).toContain('no database at');
    });
  });
}
