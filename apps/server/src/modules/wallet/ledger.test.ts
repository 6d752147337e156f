import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccount, ledgerEntry, ledgerTransaction, type MemberRow } from '../../db/schema/index.ts';
import { testClock } from '../../test/accounts.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { DomainError } from '../../platform/errors.ts';
import { checkLedger } from './ledger-check.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import { createLedgerService, type LedgerService, type PostRequest } from './ledger-service.ts';
import { createTestMember } from './testing.ts';

const MERCHANT = 'kimlong';

/** The catalogue code a refused promise failed with. */
async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: string; value?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, ...(error.value && { value: error.value }) };
    throw error;
  }
  throw new Error('the promise was not refused');
}

describeEachDatabase('ledger', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock();
  let ledger: LedgerService;

  beforeAll(() => {
    const { db } = database.current;
    ledger = createLedgerService({ db, ledger: createLedgerRepository(db), clock: time.clock });
  });

  let keyCounter = 0;
  const key = (label: string) => `${label}:${(keyCounter += 1)}:${kind}`;
  const post = (row: MemberRow, request: Omit<PostRequest, 'merchantCode' | 'memberId'>) =>
    ledger.post({ merchantCode: MERCHANT, memberId: row.id, ...request });
  const deposit = (row: MemberRow, amount: number) =>
    post(row, { idempotencyKey: key('deposit'), kind: 'deposit', amount: BigInt(amount) });
  const balances = async (row: MemberRow) => {
    const balance = await ledger.balanceOf({ merchantCode: MERCHANT, memberId: row.id });
    return { available: balance.available, held: balance.held };
  };
  /** A house account's balance once the roll-up has taken its entries (docs/decisions/038-money-functions.md). */
  const houseBalance = async (houseKind: 'deposit_clearing' | 'bets' | 'trial_funding', demo = false) => {
    await createLedgerRepository(database.current.db).rollUpHouse();
    const [row] = await database.current.db
      .select({ balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .where(
        and(
          eq(ledgerAccount.merchantCode, MERCHANT),
          eq(ledgerAccount.kind, houseKind),
          eq(ledgerAccount.demo, demo),
          sql`${ledgerAccount.memberId} is null`,
        ),
      );
    return row?.balance ?? 0n;
  };
  const transactionsOf = async (row: MemberRow, ledgerKind?: string) => {
    const [found] = await database.current.db
      .select({ n: count() })
      .from(ledgerTransaction)
      .where(
        and(
          eq(ledgerTransaction.memberId, row.id),
          ledgerKind ? sql`${ledgerTransaction.kind} = ${ledgerKind}` : sql`true`,
        ),
      );
    return found?.n ?? 0;
  };
  const expectLedgerSound = async () => {
    const report = await checkLedger(database.current.db);
    expect(report.problems).toEqual([]);
  };

  describe('posting', () => {
    it('credits a deposit from the deposits account: two entries summing to zero, balances after each', async () => {
      const member = await createTestMember(database.current.db);
      const before = await houseBalance('deposit_clearing');
      const posted = await deposit(member, 500_000);
      expect(posted).toMatchObject({
        kind: 'deposit',
        amount: 500_000n,
        currency: 'VND',
        demo: false,
        availableAfter: 500_000n,
        heldAfter: null,
        replayed: false,
      });
      expect(await balances(member)).toEqual({ available: 500_000n, held: 0n });
      expect(await houseBalance('deposit_clearing')).toBe(before - 500_000n);
      const entries = await database.current.db
        .select({ amount: ledgerEntry.amount })
        .from(ledgerEntry)
        .where(eq(ledgerEntry.transactionId, posted.transactionId));
      expect(entries.map((entry) => entry.amount).sort()).toEqual([-500_000n, 500_000n]);
      await expectLedgerSound();
    });

    it('moves money between available and held for a withdrawal: hold, release, paid', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 1_000_000);
      const hold = await post(member, {
        idempotencyKey: key('hold'),
        kind: 'withdrawal_hold',
        amount: 300_000n,
      });
      expect(hold).toMatchObject({ availableAfter: 700_000n, heldAfter: 300_000n });
      expect(await balances(member)).toEqual({ available: 700_000n, held: 300_000n });
      await post(member, { idempotencyKey: key('release'), kind: 'withdrawal_release', amount: 100_000n });
      expect(await balances(member)).toEqual({ available: 800_000n, held: 200_000n });
      const paid = await post(member, {
        idempotencyKey: key('paid'),
        kind: 'withdrawal_paid',
        amount: 200_000n,
      });
      expect(paid).toMatchObject({ availableAfter: null, heldAfter: 0n });
      expect(await balances(member)).toEqual({ available: 800_000n, held: 0n });
      // Held money cannot be paid twice, nor held beyond what is available.
      expect(
        await refusal(post(member, { idempotencyKey: key('paid'), kind: 'withdrawal_paid', amount: 1n })),
      ).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect(
        await refusal(
          post(member, { idempotencyKey: key('hold'), kind: 'withdrawal_hold', amount: 800_001n }),
        ),
      ).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      await expectLedgerSound();
    });

    it('takes bets and pays wins and bonuses', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 100_000);
      await post(member, { idempotencyKey: key('bet'), kind: 'bet', amount: 40_000n });
      await post(member, { idempotencyKey: key('win'), kind: 'win', amount: 90_000n });
      await post(member, { idempotencyKey: key('bonus'), kind: 'bonus', amount: 10_000n });
      expect(await balances(member)).toEqual({ available: 160_000n, held: 0n });
      await expectLedgerSound();
    });

    it('settles a game round in one transaction: the stake out and the payout in', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 100_000);
      const won = await post(member, {
        idempotencyKey: key('round'),
        kind: 'game_round',
        amount: 20_000n,
        payout: 50_000n,
      });
      expect(won).toMatchObject({
        kind: 'game_round',
        amount: 20_000n,
        payout: 50_000n,
        availableAfter: 130_000n,
      });
      const lost = await post(member, {
        idempotencyKey: key('round'),
        kind: 'game_round',
        amount: 30_000n,
        payout: 0n,
      });
      expect(lost).toMatchObject({ payout: 0n, availableAfter: 100_000n });
      expect(await balances(member)).toEqual({ available: 100_000n, held: 0n });
      const entries = await database.current.db
        .select({ amount: ledgerEntry.amount, balanceAfter: ledgerEntry.balanceAfter })
        .from(ledgerEntry)
        .where(eq(ledgerEntry.transactionId, won.transactionId))
        .orderBy(ledgerEntry.id);
      // Stake from the member to the bets account, payout from the wins account to the member.
      expect(entries.map((entry) => entry.amount)).toEqual([-20_000n, 20_000n, -50_000n, 50_000n]);
      expect(entries[0]?.balanceAfter).toBe(80_000n);
      expect(entries[3]?.balanceAfter).toBe(130_000n);
      const page = await ledger.history({
        merchantCode: MERCHANT,
        memberId: member.id,
        pageNo: 1,
        pageSize: 5,
        kinds: ['game_round'],
      });
      expect(page.list.map((item) => [item.amount, item.availableChange, item.balanceAfter])).toEqual([
        [30_000n, -30_000n, 100_000n],
        [20_000n, 30_000n, 130_000n],
      ]);
      await expectLedgerSound();
    });

    it('refuses a round whose stake the member cannot afford, whatever it would pay', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 10_000);
      expect(
        await refusal(
          post(member, {
            idempotencyKey: key('round'),
            kind: 'game_round',
            amount: 10_001n,
            payout: 1_000_000n,
          }),
        ),
      ).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect(await balances(member)).toEqual({ available: 10_000n, held: 0n });
      expect(
        await refusal(post(member, { idempotencyKey: key('round'), kind: 'game_round', amount: 1_000n })),
      ).toMatchObject({
        code: 'INVALID_INPUT',
        value: { reason: 'PAYOUT_OUT_OF_RANGE' },
      });
      expect(
        await refusal(post(member, { idempotencyKey: key('bet'), kind: 'bet', amount: 1_000n, payout: 0n })),
      ).toMatchObject({
        code: 'INVALID_INPUT',
        value: { reason: 'NOT_A_GAME_ROUND' },
      });
      const roundKey = key('round');
      await post(member, { idempotencyKey: roundKey, kind: 'game_round', amount: 1_000n, payout: 5_000n });
      expect(
        await post(member, { idempotencyKey: roundKey, kind: 'game_round', amount: 1_000n, payout: 5_000n }),
      ).toMatchObject({
        replayed: true,
        availableAfter: 14_000n,
      });
      expect(
        await refusal(
          post(member, { idempotencyKey: roundKey, kind: 'game_round', amount: 1_000n, payout: 6_000n }),
        ),
      ).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      expect(await balances(member)).toEqual({ available: 14_000n, held: 0n });
      await expectLedgerSound();
    });

    it('refuses a debit beyond the balance and records nothing, so the same key may succeed later', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 10_000);
      const betKey = key('bet');
      expect(await refusal(post(member, { idempotencyKey: betKey, kind: 'bet', amount: 10_001n }))).toEqual({
        code: 'INSUFFICIENT_BALANCE',
        value: { currency: 'VND' },
      });
      expect(await balances(member)).toEqual({ available: 10_000n, held: 0n });
      expect(await transactionsOf(member, 'bet')).toBe(0);
      await deposit(member, 1);
      const accepted = await post(member, { idempotencyKey: betKey, kind: 'bet', amount: 10_001n });
      expect(accepted).toMatchObject({ replayed: false, availableAfter: 0n });
      await expectLedgerSound();
    });

    it('refuses amounts that are not positive or too large, and keys that are empty or too long', async () => {
      const member = await createTestMember(database.current.db);
      for (const amount of [0n, -5n, 10n ** 15n + 1n]) {
        expect(
          await refusal(post(member, { idempotencyKey: key('bad'), kind: 'deposit', amount })),
        ).toMatchObject({
          code: 'INVALID_INPUT',
        });
      }
      for (const idempotencyKey of ['', 'k'.repeat(201)]) {
        expect(await refusal(post(member, { idempotencyKey, kind: 'deposit', amount: 1n }))).toMatchObject({
          code: 'INVALID_INPUT',
        });
      }
      expect(
        await refusal(
          post(member, { idempotencyKey: key('bad'), kind: 'deposit', amount: 1n, currency: 'vnd' }),
        ),
      ).toMatchObject({ code: 'INVALID_INPUT', value: { reason: 'CURRENCY' } });
      expect(await transactionsOf(member)).toBe(0);
    });

    it('refuses an unknown member or one of another merchant', async () => {
      const member = await createTestMember(database.current.db);
      expect(
        await refusal(
          ledger.post({
            merchantCode: 'othersite',
            memberId: member.id,
            idempotencyKey: key('x'),
            kind: 'deposit',
            amount: 1n,
          }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' });
      expect(
        await refusal(
          ledger.post({
            merchantCode: MERCHANT,
            memberId: '00000000-0000-4000-8000-000000000000',
            idempotencyKey: key('x'),
            kind: 'deposit',
            amount: 1n,
          }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('rolls back with the caller: a post inside a transaction that fails leaves nothing', async () => {
      const member = await createTestMember(database.current.db);
      await expect(
        database.current.db.transaction(async (tx) => {
          await ledger.post(
            {
              merchantCode: MERCHANT,
              memberId: member.id,
              idempotencyKey: key('d'),
              kind: 'deposit',
              amount: 5n,
            },
            tx,
          );
          throw new Error('the caller fails after posting');
        }),
      ).rejects.toThrow('the caller fails after posting');
      expect(await balances(member)).toEqual({ available: 0n, held: 0n });
      expect(await transactionsOf(member)).toBe(0);
    });

    it('lets the database itself refuse a negative member balance', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 10);
      await expect(
        database.current.db
          .update(ledgerAccount)
          .set({ balance: -1n })
          .where(and(eq(ledgerAccount.memberId, member.id), eq(ledgerAccount.kind, 'available'))),
      ).rejects.toThrow();
      expect(await balances(member)).toEqual({ available: 10n, held: 0n });
    });
  });

  describe('idempotency', () => {
    it('answers the first transaction for a repeated key and changes nothing', async () => {
      const member = await createTestMember(database.current.db);
      const depositKey = key('deposit');
      const first = await post(member, { idempotencyKey: depositKey, kind: 'deposit', amount: 70_000n });
      time.advanceMinutes(1);
      const again = await post(member, { idempotencyKey: depositKey, kind: 'deposit', amount: 70_000n });
      expect(again).toEqual({ ...first, replayed: true });
      expect(await balances(member)).toEqual({ available: 70_000n, held: 0n });
      expect(await transactionsOf(member)).toBe(1);
    });

    it('refuses a repeated key that asks for something else', async () => {
      const member = await createTestMember(database.current.db);
      const other = await createTestMember(database.current.db);
      const depositKey = key('deposit');
      await post(member, { idempotencyKey: depositKey, kind: 'deposit', amount: 70_000n });
      const attempts = [
        () => post(member, { idempotencyKey: depositKey, kind: 'deposit', amount: 70_001n }),
        () => post(member, { idempotencyKey: depositKey, kind: 'bonus', amount: 70_000n }),
        () => post(other, { idempotencyKey: depositKey, kind: 'deposit', amount: 70_000n }),
      ];
      for (const attempt of attempts) {
        expect(await refusal(attempt())).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      }
      expect(await balances(member)).toEqual({ available: 70_000n, held: 0n });
      expect(await balances(other)).toEqual({ available: 0n, held: 0n });
    });

    it('posts once when the same key arrives many times at once', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 1_000_000);
      const keys = Array.from({ length: 20 }, () => key('bet'));
      // 20 keys, each sent 10 times, all at once and interleaved.
      const attempts = keys.flatMap((betKey) =>
        Array.from({ length: 10 }, () =>
          post(member, { idempotencyKey: betKey, kind: 'bet', amount: 1_000n }),
        ),
      );
      const results = await Promise.all(attempts);
      for (const betKey of keys) {
        const answers = results.filter((result) => result.idempotencyKey === betKey);
        expect(answers).toHaveLength(10);
        expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
        expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
      }
      expect(await transactionsOf(member, 'bet')).toBe(20);
      expect(await balances(member)).toEqual({ available: 980_000n, held: 0n });
      await expectLedgerSound();
    });
  });

  describe('concurrency', () => {
    it('takes 200 concurrent debits on one wallet: exact final balance, never negative, each accepted one once', async () => {
      const member = await createTestMember(database.current.db);
      // Enough for 150 debits of 1 000 and 500 more: 150 are accepted, 50 refused, 500 remain.
      await deposit(member, 150_500);
      const betsBefore = await houseBalance('bets');
      const keys = Array.from({ length: 200 }, (_, index) => key(`debit${index}`));
      const outcomes = await Promise.allSettled(
        keys.map((betKey) => post(member, { idempotencyKey: betKey, kind: 'bet', amount: 1_000n })),
      );
      const accepted = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      expect(accepted).toHaveLength(150);
      expect(refused).toHaveLength(50);
      for (const reason of refused) expect(reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });

      expect(await balances(member)).toEqual({ available: 500n, held: 0n });
      expect(await houseBalance('bets')).toBe(betsBefore + 150_000n);
      // Every accepted debit is recorded exactly once, under its own key; no refused one is.
      const recorded = await database.current.db
        .select({ key: ledgerTransaction.idempotencyKey })
        .from(ledgerTransaction)
        .where(and(eq(ledgerTransaction.memberId, member.id), eq(ledgerTransaction.kind, 'bet')));
      expect(recorded.map((row) => row.key).sort()).toEqual(
        accepted.map((posted) => posted.idempotencyKey).sort(),
      );
      // The balances after each accepted debit are exactly 149 500, 148 500 … 500: one step each, none below 0.
      const after = accepted.map((posted) => posted.availableAfter ?? -1n).sort((a, b) => Number(b - a));
      expect(after).toEqual(Array.from({ length: 150 }, (_, index) => 150_500n - 1_000n * BigInt(index + 1)));
      await expectLedgerSound();
    });

    it('stays exact when credits and debits race', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 50_000);
      const work = Array.from({ length: 100 }, (_, index) =>
        index % 2 === 0
          ? post(member, { idempotencyKey: key('race-bet'), kind: 'bet', amount: 700n })
          : post(member, { idempotencyKey: key('race-win'), kind: 'win', amount: 300n }),
      );
      await Promise.all(work);
      expect(await balances(member)).toEqual({ available: 50_000n - 50n * 700n + 50n * 300n, held: 0n });
      await expectLedgerSound();
    });
  });

  describe('trial members', () => {
    it('keep demo money apart: demo credit from its own account, no real-money kinds', async () => {
      const trial = await createTestMember(database.current.db, { type: 4 });
      const realBets = await houseBalance('bets');
      await post(trial, { idempotencyKey: key('trial'), kind: 'trial_credit', amount: 2_000_000n });
      const bet = await post(trial, { idempotencyKey: key('bet'), kind: 'bet', amount: 5_000n });
      expect(bet).toMatchObject({ demo: true, availableAfter: 1_995_000n });
      expect(await ledger.balanceOf({ merchantCode: MERCHANT, memberId: trial.id })).toMatchObject({
        available: 1_995_000n,
        demo: true,
      });
      // The real house accounts never see demo money.
      expect(await houseBalance('bets')).toBe(realBets);
      expect(await houseBalance('bets', true)).toBeGreaterThanOrEqual(5_000n);
      for (const refusedKind of ['deposit', 'withdrawal_hold', 'bonus'] as const) {
        expect(
          await refusal(post(trial, { idempotencyKey: key('x'), kind: refusedKind, amount: 1n })),
        ).toEqual({
          code: 'FEATURE_NOT_ENABLED',
          value: { reason: 'actual_account_required' },
        });
      }
      const real = await createTestMember(database.current.db);
      expect(
        await refusal(post(real, { idempotencyKey: key('x'), kind: 'trial_credit', amount: 1n })),
      ).toMatchObject({ code: 'INVALID_INPUT' });
      await expectLedgerSound();
    });
  });

  describe('reversal', () => {
    it('undoes a transaction once, with its entries negated', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 100_000);
      const bet = await post(member, { idempotencyKey: key('bet'), kind: 'bet', amount: 30_000n });
      const reversalKey = key('reversal');
      const reversal = await post(member, {
        idempotencyKey: reversalKey,
        kind: 'reversal',
        reversesTransactionId: bet.transactionId,
      });
      expect(reversal).toMatchObject({ kind: 'reversal', amount: 30_000n, availableAfter: 100_000n });
      expect(await balances(member)).toEqual({ available: 100_000n, held: 0n });
      // The same key again is the same reversal; another key is refused; a reversal is not reversed.
      expect(
        await post(member, {
          idempotencyKey: reversalKey,
          kind: 'reversal',
          reversesTransactionId: bet.transactionId,
        }),
      ).toMatchObject({ transactionId: reversal.transactionId, replayed: true });
      expect(
        await refusal(
          post(member, {
            idempotencyKey: key('again'),
            kind: 'reversal',
            reversesTransactionId: bet.transactionId,
          }),
        ),
      ).toEqual({ code: 'IDEMPOTENCY_CONFLICT', value: { reason: 'ALREADY_REVERSED' } });
      expect(
        await refusal(
          post(member, {
            idempotencyKey: key('again'),
            kind: 'reversal',
            reversesTransactionId: reversal.transactionId,
          }),
        ),
      ).toMatchObject({ code: 'INVALID_INPUT' });
      expect(await balances(member)).toEqual({ available: 100_000n, held: 0n });
      await expectLedgerSound();
    });

    it('refuses to reverse a deposit the member already spent, and another member’s transaction', async () => {
      const member = await createTestMember(database.current.db);
      const other = await createTestMember(database.current.db);
      const credit = await deposit(member, 20_000);
      await post(member, { idempotencyKey: key('bet'), kind: 'bet', amount: 15_000n });
      expect(
        await refusal(
          post(member, {
            idempotencyKey: key('rev'),
            kind: 'reversal',
            reversesTransactionId: credit.transactionId,
          }),
        ),
      ).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect(
        await refusal(
          post(other, {
            idempotencyKey: key('rev'),
            kind: 'reversal',
            reversesTransactionId: credit.transactionId,
          }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' });
      expect(await balances(member)).toEqual({ available: 5_000n, held: 0n });
    });

    it('reverses once when two different keys race', async () => {
      const member = await createTestMember(database.current.db);
      await deposit(member, 100_000);
      const bet = await post(member, { idempotencyKey: key('bet'), kind: 'bet', amount: 10_000n });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          post(member, {
            idempotencyKey: key('rev'),
            kind: 'reversal',
            reversesTransactionId: bet.transactionId,
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected')
          expect(outcome.reason).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      }
      expect(await balances(member)).toEqual({ available: 100_000n, held: 0n });
      await expectLedgerSound();
    });
  });

  describe('history', () => {
    it('pages newest first and filters by kind and by time range', async () => {
      const member = await createTestMember(database.current.db);
      const start = time.clock();
      await deposit(member, 100_000); // t0
      time.advanceMinutes(10);
      await post(member, { idempotencyKey: key('bet'), kind: 'bet', amount: 1_000n }); // t0+10
      time.advanceMinutes(10);
      await post(member, { idempotencyKey: key('win'), kind: 'win', amount: 5_000n }); // t0+20
      time.advanceMinutes(10);
      await post(member, { idempotencyKey: key('hold'), kind: 'withdrawal_hold', amount: 4_000n }); // t0+30

      const all = await ledger.history({
        merchantCode: MERCHANT,
        memberId: member.id,
        pageNo: 1,
        pageSize: 3,
      });
      expect(all).toMatchObject({ total: 4, totalPages: 2, pageNum: 1 });
      expect(all.list.map((item) => item.kind)).toEqual(['withdrawal_hold', 'win', 'bet']);
      expect(all.list[0]).toMatchObject({
        amount: 4_000n,
        availableChange: -4_000n,
        heldChange: 4_000n,
        balanceAfter: 100_000n,
      });
      expect(all.list[2]).toMatchObject({ availableChange: -1_000n, heldChange: 0n, balanceAfter: 99_000n });
      const second = await ledger.history({
        merchantCode: MERCHANT,
        memberId: member.id,
        pageNo: 2,
        pageSize: 3,
      });
      expect(second.list.map((item) => item.kind)).toEqual(['deposit']);

      const kinds = await ledger.history({
        merchantCode: MERCHANT,
        memberId: member.id,
        pageNo: 1,
        pageSize: 10,
        kinds: ['bet', 'win'],
      });
      expect(kinds.list.map((item) => item.kind)).toEqual(['win', 'bet']);

      const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
      const range = await ledger.history({
        merchantCode: MERCHANT,
        memberId: member.id,
        pageNo: 1,
        pageSize: 10,
        from: minutes(10),
        to: minutes(30),
      });
      expect(range.list.map((item) => item.kind)).toEqual(['win', 'bet']);
    });
  });
});
