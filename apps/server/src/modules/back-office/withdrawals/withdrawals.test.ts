import { randomInt, randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerTransaction } from '../../../db/schema/index.ts';
import { call } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';
import { withdrawalSettleKey } from '../../withdrawal/index.ts';

const PAYMENT_PASSWORD = '246810';

describeEachDatabase('back-office withdrawals', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { finance: 'finance', owner: 'owner' });
  const db = () => suite.database.current.db;

  /** A member with a payment password, a bound bank account and `balance` in the wallet. */
  async function readyMember(username: string, balance = 1_000_000) {
    const { row, caller } = await suite.newMember({ username });
    await suite.fund(row.id, balance);
    const password = { password: PAYMENT_PASSWORD, confirmPassword: PAYMENT_PASSWORD };
    expect((await call(suite.app, API.setPaymentPassword, caller, { payload: password })).statusCode).toBe(
      200,
    );
    const account = answerValue(
      API.addBankAccount,
      await call(suite.app, API.addBankAccount, caller, {
        payload: {
          bankCode: 'VCB',
          accountNumber: `09${String(randomInt(1e9)).padStart(9, '0')}`,
          accountName: 'NGUYEN VAN AN',
        },
      }),
    );
    return { row, caller, account };
  }

  async function withdraw(caller: MemberCaller, bankAccountId: string, amount = 200_000): Promise<string> {
    const response = await call(suite.app, API.createWithdrawal, caller, {
      payload: { bankAccountId, amount, paymentPassword: PAYMENT_PASSWORD, requestKey: randomUUID() },
    });
    return answerValue(API.createWithdrawal, response).withdrawal.requestId;
  }

  const queue = (query: Record<string, string>, operator = operators.finance) =>
    request(adminCalls.adminWithdrawals, operator, { query });
  const approve = (withdrawalId: string, operator = operators.finance) =>
    request(adminCalls.adminApproveWithdrawal, operator, { params: { withdrawalId } });
  const reject = (withdrawalId: string, reason: string, operator = operators.finance) =>
    request(adminCalls.adminRejectWithdrawal, operator, {
      params: { withdrawalId },
      payload: { reason },
    });
  const auditOf = async (targetId: string) =>
    answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, {
        query: { target: targetId },
      }),
    ).list;
  const uniqueName = (prefix: string) => `${prefix}${randomInt(1e8)}`.slice(0, 15);

  it('is paid once when two approvals arrive together; the member sees it paid; audited once', async () => {
    const { caller, account } = await readyMember(uniqueName('wqpay'));
    const requestId = await withdraw(caller, account.accountId);

    const decisions = (await Promise.all([approve(requestId), approve(requestId)])).map((response) =>
      answerValue(adminCalls.adminApproveWithdrawal, response),
    );
    expect(decisions.map((decision) => decision.changed).sort()).toEqual([false, true]);
    for (const decision of decisions)
      expect(decision.withdrawal).toMatchObject({ requestId, status: 'paid' });
    const settlements = await db()
      .select()
      .from(ledgerTransaction)
      .where(
        and(
          eq(ledgerTransaction.merchantCode, 'kimlong'),
          eq(ledgerTransaction.idempotencyKey, withdrawalSettleKey(requestId)),
        ),
      );
    expect(settlements).toHaveLength(1);

    const mine = answerValue(API.withdrawals, await call(suite.app, API.withdrawals, caller));
    expect(mine.list.find((item) => item.requestId === requestId)).toMatchObject({ status: 'paid' });

    const entries = await auditOf(requestId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'withdrawal.approve',
      operatorUsername: operators.finance.username,
      targetType: 'withdrawal',
      before: { status: 'pending', amount: 200_000 },
      after: { status: 'paid', rejectReason: null },
    });

    // The other outcome is refused; an unknown request is 404; neither writes to the audit.
    const late = await reject(requestId, 'too late');
    expectFailure(late, 409, 'WITHDRAWAL_CLOSED');
    expect((await approve(randomUUID())).statusCode).toBe(404);
    expect(await auditOf(requestId)).toHaveLength(1);
  });

  it('rejects with a reason: the held money returns, the audit keeps the reason', async () => {
    const { caller, account } = await readyMember(uniqueName('wqrej'));
    const requestId = await withdraw(caller, account.accountId, 300_000);
    expect(await suite.walletOf(caller)).toMatchObject({ available: 700_000, held: 300_000 });

    const first = answerValue(adminCalls.adminApproveWithdrawal, await reject(requestId, 'name mismatch'));
    expect(first).toMatchObject({
      changed: true,
      withdrawal: { status: 'rejected', rejectReason: 'name mismatch' },
    });
    const again = answerValue(adminCalls.adminApproveWithdrawal, await reject(requestId, 'name mismatch'));
    expect(again.changed).toBe(false);
    expect(await suite.walletOf(caller)).toMatchObject({ available: 1_000_000, held: 0 });
    expect((await approve(requestId)).statusCode).toBe(409);

    const entries = await auditOf(requestId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'withdrawal.reject',
      before: { status: 'pending', amount: 300_000 },
      after: { status: 'rejected', rejectReason: 'name mismatch' },
    });
  });

  it('lists by status, username prefix in any case and period, pending oldest first, with turnover owed', async () => {
    const prefix = uniqueName('wqlist').slice(0, 10);
    const alice = await readyMember(`${prefix}a`);
    const bob = await readyMember(`${prefix}b`);
    // A deposit through the gateway asks its turnover (1× by default) and locks itself until it is played.
    await suite.deposit(bob.caller, 100_000);
    const start = suite.time.clock().toISOString();
    const first = await withdraw(alice.caller, alice.account.accountId, 150_000);
    suite.time.advance(60_000);
    const second = await withdraw(bob.caller, bob.account.accountId, 160_000);
    suite.time.advance(60_000);
    const third = await withdraw(alice.caller, alice.account.accountId, 170_000);

    const pending = answerValue(adminCalls.adminWithdrawals, await queue({ username: prefix.toUpperCase() }));
    expect(pending.list.map((row) => row.requestId)).toEqual([first, second, third]);
    expect(pending.total).toBe(3);
    expect(pending.list[1]).toMatchObject({
      username: `${prefix}b`,
      amount: 160_000,
      status: 'pending',
      turnoverOwed: 100_000,
      locked: 100_000,
    });
    expect(pending.list[0]).toMatchObject({ turnoverOwed: 0, locked: 0 });
    expect(pending.list[0]?.accountNumber).toBe(alice.account.accountNumber);

    const paged = answerValue(
      adminCalls.adminWithdrawals,
      await queue({ username: prefix, pageNo: '2', pageSize: '2' }),
    );
    expect(paged).toMatchObject({ pageNo: 2, pageSize: 2, total: 3 });
    expect(paged.list.map((row) => row.requestId)).toEqual([third]);

    const minute = new Date(Date.parse(start) + 60_000).toISOString();
    const early = answerValue(
      adminCalls.adminWithdrawals,
      await queue({ username: prefix, from: start, to: minute }),
    );
    expect(early.list.map((row) => row.requestId)).toEqual([first]);
    const later = answerValue(adminCalls.adminWithdrawals, await queue({ username: prefix, from: minute }));
    expect(later.list.map((row) => row.requestId)).toEqual([second, third]);
    expect(answerValue(adminCalls.adminWithdrawals, await queue({ username: `${prefix}a` })).total).toBe(2);
    // LIKE's own characters are taken literally.
    expect(answerValue(adminCalls.adminWithdrawals, await queue({ username: '%' })).total).toBe(0);

    await approve(first);
    suite.time.advance(60_000);
    await approve(third);
    const paid = answerValue(adminCalls.adminWithdrawals, await queue({ username: prefix, status: 'paid' }));
    expect(paid.list.map((row) => row.requestId)).toEqual([third, first]);
  });

  it('refuses bad input with 400 and other roles with 403', async () => {
    expect((await queue({ status: 'lost' })).statusCode).toBe(400);
    const backwards = await queue({ from: '2030-03-02T00:00:00.000Z', to: '2030-03-01T00:00:00.000Z' });
    expectFailure(backwards, 400, 'INVALID_INPUT');
    expect((await approve('not-a-uuid')).statusCode).toBe(400);
    expect((await reject(randomUUID(), '  ')).statusCode).toBe(400);

    const risk = await newOperator(suite, 'risk');
    expect((await queue({}, risk)).statusCode).toBe(200);
    const refused = await approve(randomUUID(), risk);
    expectFailure(refused, 403, 'PERMISSION_DENIED');
    const content = await newOperator(suite, 'content');
    expect((await queue({}, content)).statusCode).toBe(403);
    expect((await request(adminCalls.adminWithdrawals, undefined)).statusCode).toBe(401);
  });
});
