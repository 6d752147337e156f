import { randomInt } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { expect, it } from 'vitest';
import { call } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, type OperatorCaller, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';

describeEachDatabase('back-office deposits', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { finance: 'finance' });

  const orders = async (query: Record<string, string>, operator: OperatorCaller = operators.finance) =>
    answerValue(adminCalls.adminDeposits, await request(adminCalls.adminDeposits, operator, { query }));
  const uniqueName = (prefix: string) => `${prefix}${randomInt(1e8)}`.slice(0, 15);

  /** An order the member made and left pending (or had the sandbox gateway fail). */
  async function order(caller: MemberCaller, amount: number, outcome?: 'failed') {
    const created = answerValue(
      API.createDepositOrder,
      await call(suite.app, API.createDepositOrder, caller, {
        payload: { channelCode: 'bank-transfer', amount },
      }),
    );
    if (outcome) await suite.settleAtGateway(caller, created.orderId, outcome);
    return created;
  }

  it('finds an order paid in the sandbox by the gateway’s reference, our order id or the transfer reference', async () => {
    const username = uniqueName('dq');
    const { row, caller } = await suite.newMember({ username });
    await suite.deposit(caller, 120_000, 60_000);
    const pending = await order(caller, 80_000);

    const mine = await orders({ username: username.toUpperCase() });
    expect(mine.total).toBe(2);
    const [newest, paid] = mine.list;
    expect(newest).toMatchObject({
      orderId: pending.orderId,
      status: 'pending',
      gatewayReference: null,
      paidAt: null,
      amount: 80_000,
    });
    expect(paid).toMatchObject({
      memberId: row.id,
      username,
      amount: 120_000,
      currency: 'VND',
      status: 'paid',
      channel: 'bank-transfer',
      gatewayReference: expect.stringMatching(/^SBX/),
    });
    expect(paid?.paidAt).not.toBeNull();

    const byGateway = await orders({ reference: paid?.gatewayReference ?? '' });
    expect(byGateway.list.map((item) => item.orderId)).toEqual([paid?.orderId]);
    expect((await orders({ reference: pending.orderId.toUpperCase() })).list).toEqual([newest]);
    expect((await orders({ reference: pending.referenceCode.toLowerCase() })).list).toEqual([newest]);
    expect((await orders({ reference: 'SBX-none' })).total).toBe(0);
    expect((await orders({ username, status: 'paid' })).list.map((item) => item.orderId)).toEqual([
      paid?.orderId,
    ]);
  });

  it('shows a pending order whose time is up as expired, and a failed one with its gateway reference', async () => {
    const username = uniqueName('dx');
    const { caller } = await suite.newMember({ username });
    const failed = await order(caller, 60_000, 'failed');
    suite.time.advance(1000);
    const late = await order(caller, 70_000);
    suite.time.advanceMinutes(31);
    const fresh = await order(caller, 90_000);
    // The operator's session ended while idle: a new sign-in.
    operators.finance = await newOperator(suite, 'finance');

    expect((await orders({ username, status: 'pending' })).list.map((item) => item.orderId)).toEqual([
      fresh.orderId,
    ]);
    expect((await orders({ username, status: 'expired' })).list.map((item) => item.orderId)).toEqual([
      late.orderId,
    ]);
    const [failedRow] = (await orders({ username, status: 'failed' })).list;
    expect(failedRow).toMatchObject({ orderId: failed.orderId, gatewayReference: expect.any(String) });

    // The period: from inclusive, to exclusive, on the order time.
    const ids = async (query: Record<string, string>) =>
      (await orders({ username, ...query })).list.map((item) => item.orderId);
    expect(await ids({ to: late.createdAt })).toEqual([failed.orderId]);
    expect(await ids({ from: late.createdAt })).toEqual([fresh.orderId, late.orderId]);
    expect(await ids({ from: late.createdAt, to: fresh.createdAt })).toEqual([late.orderId]);
    const paged = await orders({ username, pageNo: '2', pageSize: '2' });
    expect(paged).toMatchObject({ pageNo: 2, pageSize: 2, total: 3 });
    expect(paged.list.map((item) => item.orderId)).toEqual([failed.orderId]);
  });

  it('is read by the money roles only, and refuses bad input with 400', async () => {
    const content = await newOperator(suite, 'content');
    expect((await request(adminCalls.adminDeposits, content)).statusCode).toBe(403);
    const queries: Record<string, string>[] = [
      { status: 'lost' },
      { from: 'yesterday' },
      { pageSize: '1000' },
    ];
    for (const query of queries) {
      const refused = await request(adminCalls.adminDeposits, operators.finance, { query });
      expectFailure(refused, 400, 'INVALID_INPUT');
    }
  });
});
