import { API, successEnvelope } from '@kl/contracts';
import { TRIAL_CREDIT_AMOUNT, transactionHistory, walletBalance } from '@kl/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransaction, member } from '../../db/schema/index.ts';
import { call, freshIp, sessionCookieOf, testClock } from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { createWalletModule, trialCreditKey } from './index.ts';
import { createTestMember, sessionOf } from './testing.ts';

describeEachDatabase('wallet', (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock();
  let app: FastifyInstance;
  let wallet: ReturnType<typeof createWalletModule>;

  beforeAll(async () => {
    app = await buildTestApp(database.current, { clock: time.clock });
    wallet = createWalletModule({ db: database.current.db, clock: time.clock });
  });
  afterAll(() => app.close());

  let keys = 0;
  const post = (
    memberId: string,
    ledgerKind: 'deposit' | 'bet' | 'bonus' | 'withdrawal_hold',
    amount: number,
  ) =>
    wallet.ledgerService.post({
      merchantCode: 'kimlong',
      memberId,
      idempotencyKey: `wallet-test:${(keys += 1)}`,
      kind: ledgerKind,
      amount: BigInt(amount),
      // A bonus of a promotion that asks no turnover: nothing locked.
      ...(ledgerKind === 'bonus' && { turnover: { multiple: 0, base: 'bonus' as const } }),
    });
  const realMember = async () => {
    const row = await createTestMember(database.current.db);
    return { row, caller: { ip: freshIp(), cookie: await sessionOf(database.current.db, row, time.clock) } };
  };
  const balanceOf = async (caller: { ip: string; cookie: string }) => {
    const response = await call(app, API.wallet, caller);
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(walletBalance).parse(json(response)).value;
  };
  const historyOf = async (caller: { ip: string; cookie: string }, query: Record<string, string> = {}) => {
    const response = await call(app, API.walletTransactions, caller, { query });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(transactionHistory).parse(json(response)).value;
  };

  describe('GET wallet', () => {
    it('needs a session', async () => {
      const response = await call(app, API.wallet, { ip: freshIp() });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ code: 'NOT_LOGGED_IN' });
    });

    it('answers sumBalance (the available balance) and held apart, never cached', async () => {
      const { row, caller } = await realMember();
      const response = await call(app, API.wallet, caller);
      expect(response.headers['x-module-id']).toBe('FUNDTRANS3');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(await balanceOf(caller)).toEqual({
        sumBalance: 0,
        available: 0,
        held: 0,
        currency: 'VND',
        decimals: 0,
        demo: false,
      });
      // Money without a turnover requirement (a deposit is locked until played through once).
      await post(row.id, 'bonus', 1_000_000);
      await post(row.id, 'withdrawal_hold', 400_000);
      expect(await balanceOf(caller)).toMatchObject({
        sumBalance: 600_000,
        available: 600_000,
        held: 400_000,
      });
    });
  });

  describe('trial members', () => {
    it('get the demo credit once, on trial login, shown as demo', async () => {
      const trial = await call(app, API.trialLogin, { ip: freshIp() });
      expect(trial.statusCode).toBe(200);
      const caller = { ip: freshIp(), cookie: sessionCookieOf(trial) ?? '' };
      expect(await balanceOf(caller)).toMatchObject({
        sumBalance: TRIAL_CREDIT_AMOUNT,
        available: TRIAL_CREDIT_AMOUNT,
        held: 0,
        demo: true,
      });
      const history = await historyOf(caller);
      expect(history.list).toEqual([
        expect.objectContaining({
          kind: 'trial_credit',
          amount: TRIAL_CREDIT_AMOUNT,
          balanceAfter: TRIAL_CREDIT_AMOUNT,
        }),
      ]);
      // The credit's key is the member's: posting it again changes nothing.
      const userName = json<{ value: { userName: string } }>(trial).value.userName;
      const [row] = await database.current.db.select().from(member).where(eq(member.username, userName));
      if (!row) throw new Error('the trial member is missing');
      await wallet.creditTrialMember(row, database.current.db);
      expect((await balanceOf(caller)).available).toBe(TRIAL_CREDIT_AMOUNT);
      const credits = await database.current.db
        .select()
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.memberId, row.id),
            eq(ledgerTransaction.idempotencyKey, trialCreditKey(row.id)),
          ),
        );
      expect(credits).toHaveLength(1);
      expect(credits[0]?.demo).toBe(true);
    });
  });

  describe('GET transaction history', () => {
    it('pages newest first and filters by kind and time range', async () => {
      const { row, caller } = await realMember();
      const start = time.clock();
      await post(row.id, 'deposit', 500_000);
      time.advanceMinutes(5);
      await post(row.id, 'bet', 20_000);
      time.advanceMinutes(5);
      await post(row.id, 'bonus', 50_000);

      const response = await call(app, API.walletTransactions, caller, { query: { pageSize: '2' } });
      expect(response.headers['x-module-id']).toBe('MEMTRANS3');
      const first = successEnvelope(transactionHistory).parse(json(response)).value;
      expect(first).toMatchObject({ total: 3, totalPages: 2, pageNum: 1 });
      expect(first.list.map((item) => [item.kind, item.availableChange, item.balanceAfter])).toEqual([
        ['bonus', 50_000, 530_000],
        ['bet', -20_000, 480_000],
      ]);
      expect(first.list[0]?.createdAt).toBe(new Date(start.getTime() + 10 * 60_000).toISOString());
      const second = await historyOf(caller, { pageSize: '2', pageNo: '2' });
      expect(second.list.map((item) => item.kind)).toEqual(['deposit']);

      const kinds = await historyOf(caller, { kind: 'deposit,bonus' });
      expect(kinds.list.map((item) => item.kind)).toEqual(['bonus', 'deposit']);
      const range = await historyOf(caller, {
        from: new Date(start.getTime() + 60_000).toISOString(),
        to: new Date(start.getTime() + 10 * 60_000).toISOString(),
      });
      expect(range.list.map((item) => item.kind)).toEqual(['bet']);
      const withOffset = await historyOf(caller, { from: '2000-01-01T07:00:00+07:00' });
      expect(withOffset.total).toBe(3);
    });

    it('refuses an unknown kind, a range that ends before it starts and a bad page', async () => {
      const { caller } = await realMember();
      const queries: Record<string, string>[] = [
        { kind: 'jackpot' },
        { kind: 'deposit,,nothing' },
        { from: '2030-03-02T00:00:00Z', to: '2030-03-01T00:00:00Z' },
        { from: 'yesterday' },
        { pageSize: '101' },
        { pageNo: '0' },
      ];
      for (const query of queries) {
        const response = await call(app, API.walletTransactions, caller, { query });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(json(response)).toMatchObject({ code: 'INVALID_INPUT' });
      }
    });

    it('shows a member only their own transactions', async () => {
      const one = await realMember();
      const other = await realMember();
      await post(one.row.id, 'deposit', 10_000);
      expect((await historyOf(other.caller)).total).toBe(0);
      expect((await historyOf(one.caller)).total).toBe(1);
    });
  });
});
