import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { successEnvelope } from '@kl/contracts/envelope';
import { bankAccount, type BankAccount, withdrawal, withdrawalInfo } from '@kl/contracts/withdrawal';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type * as Argon2 from '@node-rs/argon2';
import { verify as argon2Verify } from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerTransaction, withdrawalRequest } from '../../db/schema/index.ts';
import { call, freshIp } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { type MemberCaller as Caller, useTestApp } from '../../test/suite.ts';
import { checkLedger, createLedgerRepository, createLedgerService } from '../wallet/index.ts';
import { giveApprovedKyc } from '../kyc/testing.ts';
import { sessionOf } from '../wallet/testing.ts';
import { WITHDRAWAL_SETTINGS } from './seed.ts';
import { createWithdrawalRepository } from './repository.ts';
import { createWithdrawalService, withdrawalDayStart, withdrawalSettleKey } from './service.ts';
import { checkWithdrawals } from './withdrawal-check.ts';

// Every argon2 comparison goes through this spy, so a test can count (and hold) the password checks.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return { ...actual, verify: vi.fn(actual.verify) };
});
const realArgon2Verify = (await vi.importActual<typeof Argon2>('@node-rs/argon2')).verify;

const PASSWORD = '246810';

describeEachDatabase('withdrawal', (kind) => {
  const suite = useTestApp(kind);
  const { database, time, walletOf, newMember, fund } = suite;

  const setPassword = (caller: Caller, password = PASSWORD, confirmPassword = password) =>
    call(suite.app, API.setPaymentPassword, caller, { payload: { password, confirmPassword } });
  // A bank account number belongs to one member: each member gets a number of its own (ending 6789).
  const numbers = new Map<string, string>();
  const numberOf = (caller: Caller) => {
    const known = numbers.get(caller.ip);
    if (known) return known;
    const made = `01${String(numbers.size + 1).padStart(4, '0')}6789`;
    numbers.set(caller.ip, made);
    return made;
  };
  const bind = (
    caller: Caller,
    accountName = 'NGUYEN VAN AN',
    accountNumber = numberOf(caller),
    bankCode = 'VCB',
  ) => call(suite.app, API.addBankAccount, caller, { payload: { bankCode, accountNumber, accountName } });
  const ask = (
    caller: Caller,
    body: { bankAccountId: string; amount: number; paymentPassword?: string; requestKey?: string },
  ) =>
    call(suite.app, API.createWithdrawal, caller, {
      payload: { paymentPassword: PASSWORD, requestKey: randomUUID(), ...body },
    });
  /**
   * The module's decisions, as the back office makes them (its queue adds who may decide: see
   * modules/back-office/withdrawals): an outcome, or the catalogue code and value of a refusal.
   */
  const decisions = () => {
    const db = database.current.db;
    return createWithdrawalService({
      db,
      withdrawals: createWithdrawalRepository(db),
      ledgerService: createLedgerService({ db, ledger: createLedgerRepository(db), clock: time.clock }),
      clock: time.clock,
    });
  };
  const refusalOf = (error: unknown) => {
    const { code, value } = error as { code?: string; value?: unknown };
    return { code, value };
  };
  const approve = (requestId: string) =>
    decisions().approve('kimlong', requestId, undefined).catch(refusalOf);
  const reject = (requestId: string, reason: string | null = null) =>
    decisions().reject('kimlong', requestId, reason, undefined).catch(refusalOf);

  /** A funded member with a payment password, a bound account and an identity checked, ready to withdraw. */
  async function readyMember(balance = 1_000_000) {
    const { row, caller } = await newMember();
    await fund(row.id, balance);
    await giveApprovedKyc(database.current.db, row.id);
    expect((await setPassword(caller)).statusCode).toBe(200);
    const bound = await bind(caller);
    expect(bound.statusCode, bound.body).toBe(200);
    const account: BankAccount = successEnvelope(bankAccount).parse(json(bound)).value;
    return { row, caller, account };
  }
  async function newWithdrawal(caller: Caller, accountId: string, amount = 200_000) {
    const response = await ask(caller, { bankAccountId: accountId, amount });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(
      withdrawal.pick({ requestId: true, status: true, amount: true }).passthrough(),
    ).parse({ success: true, value: (json(response).value as { withdrawal: unknown }).withdrawal }).value;
  }

  describe('payment password', () => {
    it('is set once, verified, changed; a wrong one is refused with the tries left', async () => {
      const { caller, row } = await newMember();
      // The member is signed in elsewhere too.
      const elsewhere = { ip: freshIp(), cookie: await sessionOf(database.current.db, row, time.clock) };
      expect(
        json(await call(suite.app, API.verifyPaymentPassword, caller, { payload: { password: PASSWORD } })),
      ).toMatchObject({
        code: 'PAYMENT_PASSWORD_NOT_SET',
      });
      expect(json(await setPassword(caller, PASSWORD, '111111'))).toMatchObject({
        code: 'CONFIRMATION_NOT_MATCHED',
      });
      expect((await setPassword(caller, '12ab56')).statusCode).toBe(400);
      const set = await setPassword(caller);
      expect(set.statusCode).toBe(200);
      expect(json(set).value).toMatchObject({ set: true, lockedUntil: null, attemptsLeft: 5 });
      expect(json(await setPassword(caller, '135790'))).toMatchObject({ code: 'PAYMENT_PASSWORD_SET' });

      const verify = (password: string) =>
        call(suite.app, API.verifyPaymentPassword, caller, { payload: { password } });
      expect((await verify(PASSWORD)).statusCode).toBe(200);
      const wrong = await verify('000000');
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong)).toMatchObject({ code: 'WRONG_PAYMENT_PASSWORD', value: { attemptsLeft: 4 } });

      const change = (oldPassword: string, newPassword: string, confirmNewPassword = newPassword) =>
        call(suite.app, API.changePaymentPassword, caller, {
          payload: { oldPassword, newPassword, confirmNewPassword },
        });
      expect(json(await change('999999', '135790'))).toMatchObject({ code: 'WRONG_PAYMENT_PASSWORD' });
      expect(json(await change(PASSWORD, '135790', '135791'))).toMatchObject({
        code: 'CONFIRMATION_NOT_MATCHED',
      });
      expect(json(await change(PASSWORD, PASSWORD))).toMatchObject({
        code: 'INVALID_INPUT',
        value: { reason: 'SAME_PASSWORD' },
      });
      const changed = await change(PASSWORD, '135790');
      expect(changed.statusCode).toBe(200);
      // A right password clears the count of wrong ones.
      expect(json(changed).value).toMatchObject({ attemptsLeft: 5 });
      expect(json(await verify(PASSWORD))).toMatchObject({ code: 'WRONG_PAYMENT_PASSWORD' });
      expect((await verify('135790')).statusCode).toBe(200);
      // The change ended the other session, as a changed login password does; this one goes on.
      expect(json(await call(suite.app, API.memberInfo, elsewhere)).code).toBe('SESSION_EXPIRED');
      expect((await call(suite.app, API.memberInfo, caller)).statusCode).toBe(200);
    });

    it('locks after 5 wrong tries in a row for 15 minutes, even for the right one', async () => {
      const { caller } = await newMember();
      await setPassword(caller);
      const verify = (password: string) =>
        call(suite.app, API.verifyPaymentPassword, caller, { payload: { password } });
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect(json(await verify('000000'))).toMatchObject({ value: { attemptsLeft: 5 - attempt } });
      }
      const fifth = await verify('000000');
      expect(fifth.statusCode).toBe(429);
      expect(json(fifth)).toMatchObject({ code: 'PAYMENT_PASSWORD_LOCKED' });
      expect((await verify(PASSWORD)).statusCode).toBe(429);
      const info = successEnvelope(withdrawalInfo).parse(
        json(await call(suite.app, API.withdrawalInfo, caller)),
      ).value;
      expect(info.paymentPassword).toMatchObject({ set: true, attemptsLeft: 0 });
      expect(info.paymentPassword.lockedUntil).not.toBeNull();

      time.advanceMinutes(15);
      const fresh = successEnvelope(withdrawalInfo).parse(
        json(await call(suite.app, API.withdrawalInfo, caller)),
      ).value;
      expect(fresh.paymentPassword).toMatchObject({ lockedUntil: null, attemptsLeft: 5 });
      expect((await verify(PASSWORD)).statusCode).toBe(200);
      expect(json(await verify('000000'))).toMatchObject({ value: { attemptsLeft: 4 } });
    });

    describe('under a parallel burst', () => {
      afterEach(() => {
        vi.mocked(argon2Verify).mockImplementation(realArgon2Verify);
      });
      const codeOf = (response: LightMyRequestResponse) =>
        response.statusCode === 200 ? 'valid' : String(json(response).code);

      it('compares at most 5 of 25 parallel tries (24 wrong, 1 right); none is valid once locked', async () => {
        const { caller } = await newMember();
        await setPassword(caller);
        const verify = (password: string) =>
          call(suite.app, API.verifyPaymentPassword, caller, { payload: { password } });
        vi.mocked(argon2Verify).mockClear();
        const passwords = Array.from({ length: 25 }, (_, index) => (index === 12 ? PASSWORD : '000000'));
        const answers = (await Promise.all(passwords.map((password) => verify(password)))).map(codeOf);
        expect(vi.mocked(argon2Verify).mock.calls.length).toBeLessThanOrEqual(5);
        // Only the compared tries answer anything but "locked"; the others were refused unseen.
        expect(answers.filter((code) => code !== 'PAYMENT_PASSWORD_LOCKED').length).toBeLessThanOrEqual(5);
        expect(answers.filter((code) => code === 'PAYMENT_PASSWORD_LOCKED').length).toBeGreaterThanOrEqual(
          20,
        );
        if (answers[12] !== 'valid') {
          // The right one came after the lock: it stays locked for the right password too.
          expect(answers[12]).toBe('PAYMENT_PASSWORD_LOCKED');
          expect((await verify(PASSWORD)).statusCode).toBe(429);
        }
      });

      it('refuses the right password sent while five wrong ones are still being compared', async () => {
        const { caller } = await newMember();
        await setPassword(caller);
        const verify = (password: string) =>
          call(suite.app, API.verifyPaymentPassword, caller, { payload: { password } });
        // Hold every comparison until the right password has been answered.
        let compared = 0;
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        vi.mocked(argon2Verify).mockImplementation(async (...args) => {
          compared += 1;
          await held;
          return realArgon2Verify(...args);
        });
        let answered = 0;
        const wrong = Array.from({ length: 24 }, () =>
          verify('000000').then((response) => {
            answered += 1;
            return codeOf(response);
          }),
        );
        try {
          // Five are being compared; the 19 others were refused without a comparison.
          await vi.waitFor(() => expect(answered).toBe(19), { timeout: 10_000 });
          expect(compared).toBe(5);
          const right = await verify(PASSWORD);
          expect(codeOf(right)).toBe('PAYMENT_PASSWORD_LOCKED');
          expect(json(right)).toMatchObject({ value: { lockedUntil: expect.any(String) } });
        } finally {
          release();
        }
        const answers = await Promise.all(wrong);
        expect(compared).toBe(5);
        expect(answers.filter((code) => code === 'WRONG_PAYMENT_PASSWORD')).toHaveLength(4);
        expect(answers.filter((code) => code === 'PAYMENT_PASSWORD_LOCKED')).toHaveLength(20);
        expect((await verify(PASSWORD)).statusCode).toBe(429);
      });
    });
  });

  describe('bank accounts', () => {
    it('binds an account only in the registered payee name (accents, case and spaces ignored)', async () => {
      const { caller } = await newMember({ payeeName: 'NGUYEN VAN AN' });
      const mismatch = await bind(caller, 'TRAN THI BINH');
      expect(mismatch.statusCode).toBe(400);
      expect(json(mismatch)).toMatchObject({ code: 'BANK_ACCOUNT_NAME_MISMATCH' });
      const bound = await bind(caller, '  Nguyễn  văn an ');
      expect(bound.statusCode, bound.body).toBe(200);
      expect(json(bound).value).toMatchObject({
        bankCode: 'VCB',
        bankName: 'Vietcombank',
        accountName: 'NGUYEN VAN AN',
      });
      expect(json(await bind(caller, 'NGUYEN VAN AN'))).toMatchObject({ code: 'BANK_ACCOUNT_EXISTS' });
      time.advance(1000);
      expect((await bind(caller, 'NGUYEN VAN AN', numberOf(caller), 'TCB')).statusCode).toBe(200);

      const list = json<{ value: { list: BankAccount[] } }>(await call(suite.app, API.bankAccounts, caller))
        .value.list;
      expect(list.map((item) => item.bankCode)).toEqual(['VCB', 'TCB']);

      const other = await newMember();
      const first = list[0]?.accountId ?? '';
      expect(
        (await call(suite.app, API.removeBankAccount, other.caller, { query: { accountId: first } }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(suite.app, API.removeBankAccount, caller, { query: { accountId: first } })).statusCode,
      ).toBe(200);
      expect(
        (await call(suite.app, API.removeBankAccount, caller, { query: { accountId: first } })).statusCode,
      ).toBe(404);
      expect(
        json<{ value: { list: BankAccount[] } }>(await call(suite.app, API.bankAccounts, caller)).value.list,
      ).toHaveLength(1);
    });

    it('refuses binding when no payee name was registered', async () => {
      const { row, caller } = await newMember();
      await database.current.db.execute(`update member set payee_name = null where id = '${row.id}'`);
      expect(json(await bind(caller))).toMatchObject({
        code: 'BANK_ACCOUNT_NAME_MISMATCH',
        value: { reason: 'payee_name_missing' },
      });
    });
  });

  it('refuses trial members with actual_account_required, and visitors', async () => {
    const { caller } = await newMember({ type: 4 });
    for (const response of [
      await call(suite.app, API.withdrawalInfo, caller),
      await setPassword(caller),
      await bind(caller),
      await ask(caller, { bankAccountId: randomUUID(), amount: 200_000 }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({
        code: 'FEATURE_NOT_ENABLED',
        value: { reason: 'actual_account_required' },
      });
    }
    expect((await call(suite.app, API.withdrawalInfo, { ip: freshIp() })).statusCode).toBe(401);
  });

  describe('requests', () => {
    it('holds the amount; a retry with the same key holds nothing more', async () => {
      const { caller, account } = await readyMember(1_000_000);
      const requestKey = randomUUID();
      const first = await ask(caller, { bankAccountId: account.accountId, amount: 300_000, requestKey });
      expect(first.statusCode, first.body).toBe(200);
      expect(json(first).value).toMatchObject({
        replayed: false,
        withdrawal: { status: 'pending', amount: 300_000 },
      });
      expect(await walletOf(caller)).toMatchObject({
        available: 700_000,
        held: 300_000,
        sumBalance: 700_000,
      });

      const again = await ask(caller, { bankAccountId: account.accountId, amount: 300_000, requestKey });
      expect(json(again).value).toMatchObject({ replayed: true });
      expect(await walletOf(caller)).toMatchObject({ available: 700_000, held: 300_000 });
      expect(
        json(await ask(caller, { bankAccountId: account.accountId, amount: 400_000, requestKey })),
      ).toMatchObject({
        code: 'IDEMPOTENCY_CONFLICT',
      });

      const info = successEnvelope(withdrawalInfo).parse(
        json(await call(suite.app, API.withdrawalInfo, caller)),
      ).value;
      expect(info).toMatchObject({ todayCount: 1, available: 700_000, held: 300_000, dailyCountLimit: 5 });
      const page = json<{ value: { list: { accountNumberMasked: string }[]; total: number } }>(
        await call(suite.app, API.withdrawals, caller),
      ).value;
      expect(page.total).toBe(1);
      expect(page.list[0]?.accountNumberMasked).toBe('****6789');
    });

    it('refuses amounts out of range, a wrong password and more than the balance, holding nothing', async () => {
      const { caller, account } = await readyMember(500_000);
      const below = await ask(caller, {
        bankAccountId: account.accountId,
        amount: Number(WITHDRAWAL_SETTINGS.minAmount) - 1,
      });
      expect(below.statusCode).toBe(400);
      expect(json(below)).toMatchObject({
        code: 'WITHDRAWAL_AMOUNT_OUT_OF_RANGE',
        value: { minAmount: 100_000 },
      });
      const above = await ask(caller, {
        bankAccountId: account.accountId,
        amount: Number(WITHDRAWAL_SETTINGS.maxAmount) + 1,
      });
      expect(json(above)).toMatchObject({ code: 'WITHDRAWAL_AMOUNT_OUT_OF_RANGE' });
      const wrong = await ask(caller, {
        bankAccountId: account.accountId,
        amount: 200_000,
        paymentPassword: '000000',
      });
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong)).toMatchObject({ code: 'WRONG_PAYMENT_PASSWORD' });
      const tooMuch = await ask(caller, { bankAccountId: account.accountId, amount: 600_000 });
      expect(tooMuch.statusCode).toBe(409);
      expect(json(tooMuch)).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect((await ask(caller, { bankAccountId: randomUUID(), amount: 200_000 })).statusCode).toBe(404);
      expect(await walletOf(caller)).toMatchObject({ available: 500_000, held: 0 });
      expect(
        json<{ value: { total: number } }>(await call(suite.app, API.withdrawals, caller)).value.total,
      ).toBe(0);
    });

    it('allows the daily count of requests; rejected ones do not count; a new day starts afresh', async () => {
      const { caller, account } = await readyMember(10_000_000);
      const made = [];
      for (let index = 0; index < WITHDRAWAL_SETTINGS.dailyCountLimit; index += 1) {
        made.push(await newWithdrawal(caller, account.accountId, 100_000));
      }
      const over = await ask(caller, { bankAccountId: account.accountId, amount: 100_000 });
      expect(over.statusCode).toBe(429);
      expect(json(over)).toMatchObject({ code: 'WITHDRAWAL_DAILY_LIMIT', value: { limit: 5 } });
      expect(await walletOf(caller)).toMatchObject({ available: 9_500_000, held: 500_000 });

      expect(await reject(made[0]?.requestId ?? '')).toMatchObject({ changed: true });
      await newWithdrawal(caller, account.accountId, 100_000);
      expect((await ask(caller, { bankAccountId: account.accountId, amount: 100_000 })).statusCode).toBe(429);

      time.advance(withdrawalDayStart(time.clock()).getTime() + 24 * 3_600_000 - time.clock().getTime());
      await newWithdrawal(caller, account.accountId, 100_000);
    });

    it('counts the day from midnight in Vietnam time', () => {
      expect(withdrawalDayStart(new Date('2030-03-01T16:59:59Z')).toISOString()).toBe(
        '2030-02-28T17:00:00.000Z',
      );
      expect(withdrawalDayStart(new Date('2030-03-01T17:00:00Z')).toISOString()).toBe(
        '2030-03-01T17:00:00.000Z',
      );
    });
  });

  describe('decisions', () => {
    it('takes no decision from a shared token: the old operator calls and page are gone', async () => {
      for (const url of [
        '/api/withdrawal/ops/requests',
        '/api/withdrawal/ops/approve',
        '/withdrawal/operator',
      ]) {
        const response = await suite.app.inject({
          method: url.endsWith('approve') ? 'POST' : 'GET',
          url,
          headers: { authorization: 'Bearer any-token-at-all-0123456789' },
          ...(url.endsWith('approve') && { payload: { requestId: randomUUID() } }),
        });
        expect(response.statusCode).toBe(404);
      }
    });

    it('pays an approved request once: the held money leaves the wallet', async () => {
      const { caller, account } = await readyMember(1_000_000);
      const made = await newWithdrawal(caller, account.accountId, 400_000);

      expect(await approve(made.requestId)).toMatchObject({
        changed: true,
        awaitingSecondApproval: false,
        withdrawal: { status: 'paid', accountNumber: account.accountNumber },
      });
      expect(await walletOf(caller)).toMatchObject({ available: 600_000, held: 0 });
      expect(await approve(made.requestId)).toMatchObject({ changed: false });
      expect(await reject(made.requestId)).toEqual({ code: 'WITHDRAWAL_CLOSED', value: { status: 'paid' } });
      expect(await walletOf(caller)).toMatchObject({ available: 600_000, held: 0 });
      expect(
        json(await call(suite.app, API.withdrawal, caller, { query: { requestId: made.requestId } })),
      ).toMatchObject({
        value: { status: 'paid' },
      });
      expect(await approve(randomUUID())).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('returns the money of a rejected request with the reason', async () => {
      const { caller, account } = await readyMember(1_000_000);
      const made = await newWithdrawal(caller, account.accountId, 250_000);
      expect(await reject(made.requestId, 'Sai số tài khoản')).toMatchObject({
        changed: true,
        withdrawal: { status: 'rejected', rejectReason: 'Sai số tài khoản' },
      });
      expect(await walletOf(caller)).toMatchObject({ available: 1_000_000, held: 0 });
      expect(await approve(made.requestId)).toMatchObject({ code: 'WITHDRAWAL_CLOSED' });
      expect(await walletOf(caller)).toMatchObject({ available: 1_000_000, held: 0 });
    });

    it('resolves concurrent approve and reject clicks of one request exactly once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { caller, account } = await readyMember(1_000_000);
        const made = await newWithdrawal(caller, account.accountId, 300_000);
        const answers = await Promise.all(
          [0, 1, 2, 3].map((index) => (index % 2 === 0 ? approve : reject)(made.requestId)),
        );
        const changed = answers.filter((answer) => 'changed' in answer && answer.changed);
        expect(changed).toHaveLength(1);
        const outcome = changed[0] && 'withdrawal' in changed[0] ? changed[0].withdrawal.status : undefined;
        for (const answer of answers) {
          if (!('changed' in answer)) expect(answer.code).toBe('WITHDRAWAL_CLOSED');
        }
        expect(await walletOf(caller)).toMatchObject(
          outcome === 'paid' ? { available: 700_000, held: 0 } : { available: 1_000_000, held: 0 },
        );
        const settlements = await database.current.db
          .select()
          .from(ledgerTransaction)
          .where(eq(ledgerTransaction.idempotencyKey, withdrawalSettleKey(made.requestId)));
        expect(settlements).toHaveLength(1);
      }
      expect((await checkLedger(database.current.db)).problems).toEqual([]);
    });
  });

  describe('ledger check', () => {
    it('finds every request held, settled as decided, and the held money equal to the pending requests', async () => {
      const { caller, account } = await readyMember(1_000_000);
      await newWithdrawal(caller, account.accountId, 150_000);
      const paid = await newWithdrawal(caller, account.accountId, 100_000);
      const rejected = await newWithdrawal(caller, account.accountId, 120_000);
      await approve(paid.requestId);
      await reject(rejected.requestId);
      const report = await checkWithdrawals(database.current.db);
      expect(report.problems).toEqual([]);
      expect(report.summary).toMatch(/withdrawal requests: \d+ paid, \d+ pending, \d+ rejected/);
    });

    it('names a stray release, a request whose hold differs and held money without a request', async () => {
      const { row, caller, account } = await readyMember(1_000_000);
      const made = await newWithdrawal(caller, account.accountId, 200_000);
      const rolledBack = new Error('roll back the tampering');
      const problems = await database.current.db
        .transaction(async (tx) => {
          const ledger = createLedgerService({
            db: tx,
            ledger: createLedgerRepository(tx),
            clock: time.clock,
          });
          await ledger.post(
            {
              merchantCode: 'kimlong',
              memberId: row.id,
              idempotencyKey: `stray-release:${made.requestId}`,
              kind: 'withdrawal_release',
              amount: 200_000n,
              reference: `withdrawal:${made.requestId}`,
            },
            tx,
          );
          await tx
            .update(withdrawalRequest)
            .set({ amount: 200_001n })
            .where(eq(withdrawalRequest.id, made.requestId));
          const found = (await checkWithdrawals(tx)).problems.map((problem) => problem.kind);
          throw Object.assign(rolledBack, { found });
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
          return (error as Error & { found: string[] }).found;
        });
      expect([...problems].sort()).toEqual([
        'held_mismatch',
        'withdrawal_hold_mismatch',
        'withdrawal_transaction_without_request',
      ]);
      expect((await checkWithdrawals(database.current.db)).problems).toEqual([]);
    });
  });
});
