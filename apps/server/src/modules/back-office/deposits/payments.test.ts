import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { CreateDepositChannelRequest } from '@kl/contracts/admin/payments';
import { expect, it } from 'vitest';
import { call } from '../../../test/accounts.ts';
import { answerValue, csvLines, expectFailure } from '../../../test/answers.ts';
import { testConfig } from '../../../test/app.ts';
import { payAtGateway } from '../../../test/gateway.ts';
import { newOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';
import { checkDeposits } from '../../deposit/index.ts';
import { checkLedger } from '../../wallet/index.ts';
import { setMoneyControls } from '../controls/testing.ts';

/**
 * Payments operations (docs/back-office.md, "Deposit channels and payments operations"): the merchant's
 * channels as players see them, orders confirmed or refused by hand under four eyes, and bank statements.
 */
describeEachDatabase('back-office payments operations', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    owner: 'owner',
    finance: 'finance',
    second: 'finance',
    risk: 'risk',
    support: 'support',
  });
  const db = () => suite.database.current.db;
  let counter = 0;
  const uniqueCode = (prefix: string) => `${prefix}-${Date.now() % 1_000_000}-${(counter += 1)}`;

  const bankChannel = (code: string, overrides: Partial<CreateDepositChannelRequest> = {}) =>
    ({
      code,
      kind: 'vietqr',
      name: { vi: 'Chuyển khoản ACB', en: 'ACB transfer' },
      minAmount: 10_000,
      maxAmount: 50_000_000,
      quickAmounts: [100_000, 50_000],
      expiryMinutes: 20,
      bank: {
        bankName: 'ACB',
        bankBin: '970416',
        accountNumber: '123456789',
        accountName: 'CONG TY KIM LONG',
      },
      ...overrides,
    }) satisfies CreateDepositChannelRequest;

  const playerChannels = async (caller: MemberCaller) =>
    answerValue(API.depositChannels, await call(suite.app, API.depositChannels, caller)).list;

  async function newOrder(caller: MemberCaller, amount: number, channelCode = 'bank-transfer') {
    return answerValue(
      API.createDepositOrder,
      await call(suite.app, API.createDepositOrder, caller, { payload: { channelCode, amount } }),
    );
  }
  const balanceOf = async (caller: MemberCaller) => (await suite.walletOf(caller)).sumBalance;
  const expectBooksSound = async () => {
    expect((await checkLedger(db())).problems).toEqual([]);
    expect((await checkDeposits(db())).problems).toEqual([]);
  };
  const confirm = (orderId: string, operator = operators.finance, bankReference = 'FT2611290001') =>
    request(adminCalls.adminConfirmDeposit, operator, {
      params: { orderId },
      payload: { bankReference, reason: 'Seen on the bank account' },
    });
  const approve = (orderId: string, operator = operators.second) =>
    request(adminCalls.adminApproveDeposit, operator, { params: { orderId } });

  it('adds, edits, switches off and reorders channels; players see each change at once; audited', async () => {
    const { caller } = await suite.newMember();
    const code = uniqueCode('acb');
    const created = await value(adminCalls.adminCreateDepositChannel, operators.finance, {
      payload: bankChannel(code),
    });
    expect(created).toMatchObject({
      code,
      kind: 'vietqr',
      enabled: true,
      orders: 0,
      quickAmounts: [50_000, 100_000],
    });
    expect(await playerChannels(caller)).toContainEqual(
      expect.objectContaining({
        code,
        name: 'ACB transfer',
        minAmount: 10_000,
        quickAmounts: [50_000, 100_000],
      }),
    );

    await value(adminCalls.adminUpdateDepositChannel, operators.finance, {
      params: { code },
      payload: { ...bankChannel(code), name: { vi: 'ACB mới', en: 'ACB new' }, minAmount: 20_000 },
    });
    expect((await playerChannels(caller)).find((channel) => channel.code === code)).toMatchObject({
      name: 'ACB new',
      minAmount: 20_000,
    });

    const all = (await value(adminCalls.adminDepositChannels, operators.risk)).list.map((row) => row.code);
    const reordered = [code, ...all.filter((other) => other !== code)];
    await value(adminCalls.adminReorderDepositChannels, operators.finance, { payload: { codes: reordered } });
    expect((await playerChannels(caller)).map((channel) => channel.code)[0]).toBe(code);
    expectFailure(
      await request(adminCalls.adminReorderDepositChannels, operators.finance, {
        payload: { codes: [code] },
      }),
      400,
      'INVALID_INPUT',
    );

    await value(adminCalls.adminSetDepositChannelEnabled, operators.finance, {
      params: { code },
      payload: { enabled: false },
    });
    expect((await playerChannels(caller)).map((channel) => channel.code)).not.toContain(code);
    // A channel no order was made on may be deleted.
    await value(adminCalls.adminDeleteDepositChannel, operators.finance, { params: { code } });
    expect(
      (await value(adminCalls.adminDepositChannels, operators.finance)).list.map((row) => row.code),
    ).not.toContain(code);

    const trail = await auditTrail(operators.owner, 'deposit_channel', code);
    expect(trail.map((entry) => entry.action)).toEqual([
      'deposit_channel.delete',
      'deposit_channel.update',
      'deposit_channel.update',
      'deposit_channel.create',
    ]);
    expect(trail[2]).toMatchObject({ before: { minAmount: 10_000 }, after: { minAmount: 20_000 } });
  });

  it('changes the withdrawal limits players are held to at once; audited; risk only reads them', async () => {
    const { caller } = await suite.newMember();
    const before = await value(adminCalls.adminWithdrawalLimits, operators.risk);
    // The identity rules of the merchant's configuration: a check before a first withdrawal, nothing above.
    expect(before).toMatchObject({ kycFirstWithdrawal: true, kycAbove: null, twoFactorAbove: null });
    const amounts = { minAmount: 200_000, maxAmount: 20_000_000, dailyCountLimit: 3 };
    const rules = { kycFirstWithdrawal: false, kycAbove: 5_000_000, twoFactorAbove: 10_000_000 };
    const limits = { ...amounts, ...rules };
    expect(await value(adminCalls.adminSetWithdrawalLimits, operators.finance, { payload: limits })).toEqual({
      currency: 'VND',
      ...limits,
    });
    expect(await value(adminCalls.adminWithdrawalLimits, operators.risk)).toEqual({
      currency: 'VND',
      ...limits,
    });
    const info = answerValue(API.withdrawalInfo, await call(suite.app, API.withdrawalInfo, caller));
    expect(info).toMatchObject({
      ...amounts,
      kyc: {
        state: 'none',
        firstWithdrawal: true,
        requiredForFirstWithdrawal: false,
        requiredAbove: 5_000_000,
      },
      twoFactorAbove: 10_000_000,
    });
    expectFailure(
      await request(adminCalls.adminSetWithdrawalLimits, operators.finance, {
        payload: { ...limits, kycAbove: 0 },
      }),
      400,
      'INVALID_INPUT',
    );
    expectFailure(
      await request(adminCalls.adminSetWithdrawalLimits, operators.finance, {
        payload: { ...limits, maxAmount: 100_000 },
      }),
      400,
      'INVALID_INPUT',
    );
    expectFailure(
      await request(adminCalls.adminSetWithdrawalLimits, operators.risk, { payload: limits }),
      403,
      'PERMISSION_DENIED',
    );
    const [entry] = await auditTrail(operators.owner, 'merchant', 'kimlong');
    expect(entry).toMatchObject({
      action: 'withdrawal_setting.update',
      before: { maxAmount: before.maxAmount, kycFirstWithdrawal: true, kycAbove: null, twoFactorAbove: null },
      after: limits,
    });
    await value(adminCalls.adminSetWithdrawalLimits, operators.finance, { payload: before });
  });

  it('validates channels, refuses a taken code, and never deletes a channel with orders', async () => {
    const code = uniqueCode('val');
    const bad: [string, Partial<CreateDepositChannelRequest>][] = [
      ['bin', { bank: { bankName: 'ACB', bankBin: '97041', accountNumber: '123456789', accountName: 'X' } }],
      [
        'account',
        { bank: { bankName: 'ACB', bankBin: '970416', accountNumber: '12AB5678', accountName: 'X' } },
      ],
      ['limits', { minAmount: 100_000, maxAmount: 50_000 }],
      ['zero', { minAmount: 0 }],
      ['quick', { quickAmounts: [5_000] }],
      ['english', { name: { vi: 'Tên', en: '' } }],
      ['wallet', { kind: 'ewallet' }],
    ];
    for (const [, overrides] of bad) {
      const refused = await request(adminCalls.adminCreateDepositChannel, operators.finance, {
        payload: bankChannel(code, overrides),
      });
      expectFailure(refused, 400, 'INVALID_INPUT');
    }
    await value(adminCalls.adminCreateDepositChannel, operators.finance, { payload: bankChannel(code) });
    expectFailure(
      await request(adminCalls.adminCreateDepositChannel, operators.finance, { payload: bankChannel(code) }),
      409,
      'DEPOSIT_CHANNEL_EXISTS',
    );
    // Risk reads the channels but changes nothing.
    expectFailure(
      await request(adminCalls.adminSetDepositChannelEnabled, operators.risk, {
        params: { code },
        payload: { enabled: false },
      }),
      403,
      'PERMISSION_DENIED',
    );
    const { caller } = await suite.newMember();
    await newOrder(caller, 30_000, code);
    expectFailure(
      await request(adminCalls.adminDeleteDepositChannel, operators.finance, { params: { code } }),
      409,
      'DEPOSIT_CHANNEL_IN_USE',
    );
    const kept = await value(adminCalls.adminDepositChannels, operators.finance);
    expect(kept.list.find((row) => row.code === code)).toMatchObject({ orders: 1 });
  });

  it('confirms an order by hand once, however many confirmations and gateway callbacks race', async () => {
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 10_000_000 });
    const { caller } = await suite.newMember();
    const order = await newOrder(caller, 150_000);
    const secret = testConfig().paymentCallbackSecret ?? '';
    const [first, second, paid] = await Promise.all([
      confirm(order.orderId),
      confirm(order.orderId, operators.second),
      payAtGateway(suite.app, order.payUrl ?? '', { secret, clock: suite.time.clock }),
    ]);
    expect(paid.status, paid.body).toBe(303);
    const outcomes = [first, second].map(
      (response) => answerValue(adminCalls.adminConfirmDeposit, response).outcome,
    );
    expect(outcomes.filter((outcome) => outcome === 'credited').length).toBeLessThanOrEqual(1);
    expect(await balanceOf(caller)).toBe(150_000);
    const again = answerValue(adminCalls.adminConfirmDeposit, await confirm(order.orderId));
    expect(again).toMatchObject({ status: 'paid', outcome: 'already_credited' });
    expect(await balanceOf(caller)).toBe(150_000);

    // Without the gateway: two operators at once credit it once, and the list shows who confirmed it.
    const other = await newOrder(caller, 70_000);
    const both = await Promise.all([confirm(other.orderId), confirm(other.orderId, operators.second)]);
    const kinds = both
      .map((response) => answerValue(adminCalls.adminConfirmDeposit, response).outcome)
      .sort();
    expect(kinds).toEqual(['already_credited', 'credited']);
    expect(await balanceOf(caller)).toBe(220_000);
    const [listed] = (
      await value(adminCalls.adminDeposits, operators.finance, { query: { reference: other.referenceCode } })
    ).list;
    expect(listed).toMatchObject({
      status: 'paid',
      gatewayReference: 'FT2611290001',
      confirmation: { status: 'credited', reason: 'Seen on the bank account', approvedBy: null },
    });
    const trail = await auditTrail(operators.owner, 'deposit_order', other.orderId);
    expect(trail.map((entry) => entry.action)).toEqual(['deposit.confirm']);
    await expectBooksSound();
  });

  it('above the threshold credits at a second, different operator’s approval', async () => {
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 100_000 });
    const { caller } = await suite.newMember();
    const order = await newOrder(caller, 500_000);
    const first = answerValue(adminCalls.adminConfirmDeposit, await confirm(order.orderId));
    expect(first).toMatchObject({
      status: 'pending',
      outcome: 'awaiting_second_approval',
      confirmation: {
        status: 'awaiting_second_approval',
        confirmedBy: { username: operators.finance.username },
      },
    });
    expect(await balanceOf(caller)).toBe(0);
    // The first confirmer never gives the second approval; confirming again changes nothing.
    expectFailure(await approve(order.orderId, operators.finance), 409, 'SECOND_APPROVER_REQUIRED');
    expect(answerValue(adminCalls.adminConfirmDeposit, await confirm(order.orderId)).outcome).toBe(
      'awaiting_second_approval',
    );
    expect(await balanceOf(caller)).toBe(0);
    const [a, b] = await Promise.all([approve(order.orderId), approve(order.orderId, operators.owner)]);
    const results = [a, b]
      .map((response) => answerValue(adminCalls.adminApproveDeposit, response).outcome)
      .sort();
    expect(results).toEqual(['already_credited', 'credited']);
    expect(await balanceOf(caller)).toBe(500_000);
    const trail = await auditTrail(operators.owner, 'deposit_order', order.orderId);
    expect(trail.map((entry) => entry.action)).toEqual(['deposit.confirm', 'deposit.first_confirm']);
    // Nothing waiting on a fresh order.
    const fresh = await newOrder(caller, 60_000);
    expectFailure(await approve(fresh.orderId), 409, 'DEPOSIT_NOT_AWAITING_APPROVAL');
    await expectBooksSound();
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 10_000_000 });
  });

  it('counts the orders waiting for a second approval on the dashboard and lists them; the gateway’s payment ends the wait', async () => {
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 100_000 });
    const { row, caller } = await suite.newMember();
    const waiting = async () => (await value(adminCalls.adminDashboard, operators.risk)).pending.deposits;
    const listed = async (query: Record<string, string>) =>
      (
        await value(adminCalls.adminDeposits, operators.risk, { query: { username: row.username, ...query } })
      ).list.map((order) => order.orderId);
    const before = await waiting();
    const big = await newOrder(caller, 500_000);
    const overtaken = await newOrder(caller, 300_000);
    await newOrder(caller, 60_000);
    for (const order of [big, overtaken]) {
      expect(answerValue(adminCalls.adminConfirmDeposit, await confirm(order.orderId)).outcome).toBe(
        'awaiting_second_approval',
      );
    }
    expect(await waiting()).toBe(before + 2);
    // The gateway paid one meanwhile: it waits for nobody now.
    await suite.settleAtGateway(caller, overtaken.orderId);
    expect(await waiting()).toBe(before + 1);
    expect(await listed({ confirmation: 'awaiting_second_approval' })).toEqual([big.orderId]);
    expect((await listed({})).length).toBe(3);
    expectFailure(
      await request(adminCalls.adminDeposits, operators.risk, { query: { confirmation: 'confirmed' } }),
      400,
      'INVALID_INPUT',
    );
    answerValue(adminCalls.adminApproveDeposit, await approve(big.orderId));
    expect(await waiting()).toBe(before);
    expect(await listed({ confirmation: 'awaiting_second_approval' })).toEqual([]);
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 10_000_000 });
  });

  it('exports the orders the filters select as CSV, newest first, with their confirmations; audited', async () => {
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 100_000 });
    const { row, caller } = await suite.newMember();
    const waitingOrder = await newOrder(caller, 500_000);
    answerValue(adminCalls.adminConfirmDeposit, await confirm(waitingOrder.orderId));
    suite.time.advance(1_000);
    const credited = await newOrder(caller, 80_000);
    answerValue(adminCalls.adminConfirmDeposit, await confirm(credited.orderId, operators.finance, '=cmd|x'));
    suite.time.advance(1_000);
    const open = await newOrder(caller, 60_000);
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 10_000_000 });

    const orders = (
      await value(adminCalls.adminDeposits, operators.risk, { query: { username: row.username } })
    ).list;
    expect(orders.map((order) => order.orderId)).toEqual([
      open.orderId,
      credited.orderId,
      waitingOrder.orderId,
    ]);
    // Times on Vietnam's wall clock (UTC+7 all year), with the offset.
    const vietnam = (iso: string | null) =>
      iso === null ? '' : `${new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;
    const line = (orderId: string, rest: string) => {
      const order = orders.find((each) => each.orderId === orderId);
      if (!order) throw new Error('order not listed');
      return `${vietnam(order.createdAt)},${orderId},${row.username},${order.amount},bank-transfer,${rest}`;
    };
    const paid = orders.find((order) => order.orderId === credited.orderId);
    const response = await request(adminCalls.adminDepositsCsv, operators.risk, {
      query: { username: row.username, lang: 'en' },
    });
    expect(csvLines(response)).toEqual([
      'Created,Order,Member,Amount (VND),Channel,Status,Transfer reference,Gateway reference,Paid,' +
        'Confirmation by hand,Confirmed by,Second approval by,Failure reason',
      line(open.orderId, `Pending,${open.referenceCode},,,,,,`),
      // The bank's reference is kept as the gateway's; a formula in it is neutralised.
      line(
        credited.orderId,
        `Paid,${credited.referenceCode},'=cmd|x,${vietnam(paid?.paidAt ?? null)},Confirmed by hand,${operators.finance.username},,`,
      ),
      line(
        waitingOrder.orderId,
        `Pending,${waitingOrder.referenceCode},,,Awaiting a second approval,${operators.finance.username},,`,
      ),
    ]);
    // The filters of the list apply; Vietnamese words by default.
    expect(
      csvLines(
        await request(adminCalls.adminDepositsCsv, operators.risk, {
          query: { username: row.username, confirmation: 'awaiting_second_approval' },
        }),
      ).slice(1),
    ).toEqual([
      `${vietnam(orders[2]?.createdAt ?? null)},${waitingOrder.orderId},${row.username},500000,bank-transfer,Chờ thanh toán,${waitingOrder.referenceCode},,,Chờ duyệt lần hai,${operators.finance.username},,`,
    ]);
    const log = (
      await value(adminCalls.adminAudit, operators.owner, {
        query: { action: 'deposit.export', operator: operators.risk.username },
      })
    ).list;
    expect(log.map((entry) => entry.after)).toEqual([
      {
        filter: { username: row.username, confirmation: 'awaiting_second_approval' },
        lang: 'vi',
        rows: 1,
        timeZone: 'Asia/Ho_Chi_Minh',
      },
      { filter: { username: row.username }, lang: 'en', rows: 3, timeZone: 'Asia/Ho_Chi_Minh' },
    ]);
    // Support does not read deposits, and so does not export them.
    expectFailure(
      await request(adminCalls.adminDepositsCsv, operators.support, { query: { username: row.username } }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it('refuses an order with a reason; a refused or paid order is closed; bad input is 400', async () => {
    const { caller } = await suite.newMember();
    const order = await newOrder(caller, 60_000);
    const refused = await value(adminCalls.adminRefuseDeposit, operators.finance, {
      params: { orderId: order.orderId },
      payload: { reason: 'No such transfer on the account' },
    });
    expect(refused).toMatchObject({ status: 'failed', outcome: 'refused' });
    expectFailure(await confirm(order.orderId), 409, 'DEPOSIT_ORDER_CLOSED');
    const refusedAgain = await request(adminCalls.adminRefuseDeposit, operators.finance, {
      params: { orderId: order.orderId },
      payload: { reason: 'again' },
    });
    expectFailure(refusedAgain, 409, 'DEPOSIT_ORDER_CLOSED');
    const [entry] = await auditTrail(operators.owner, 'deposit_order', order.orderId);
    expect(entry).toMatchObject({
      action: 'deposit.refuse',
      after: { reason: 'No such transfer on the account' },
    });
    expectFailure(
      await request(adminCalls.adminConfirmDeposit, operators.finance, {
        params: { orderId: order.orderId },
        payload: { bankReference: '', reason: 'x' },
      }),
      400,
      'INVALID_INPUT',
    );
    expectFailure(await confirm('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectFailure(await confirm(order.orderId, operators.risk), 403, 'PERMISSION_DENIED');
    expect(await balanceOf(caller)).toBe(0);
  });

  it('matches a statement: one line credits its order once, the unmatched line is kept, a second upload credits nothing', async () => {
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 10_000_000 });
    const { caller } = await suite.newMember();
    const order = await newOrder(caller, 250_000);
    const closed = await newOrder(caller, 65_000);
    await value(adminCalls.adminRefuseDeposit, operators.finance, {
      params: { orderId: closed.orderId },
      payload: { reason: 'test' },
    });
    const txn = `FT${Date.now()}`;
    const content = [
      '\uFEFFdate,amount,description,transaction id',
      `29/11/2026,"250,000",CT DEN ${order.referenceCode.toLowerCase()} NAP TIEN,${txn}A`,
      `2026-11-29,90000,CHUYEN TIEN KHONG GHI MA,${txn}B`,
      `2026-11-29,-50000,PHI DICH VU,${txn}C`,
      `2026-13-01,1000,BAD DATE,${txn}D`,
      `2026-11-29,65000,${closed.referenceCode},${txn}E`,
    ].join('\r\n');
    const upload = () =>
      request(adminCalls.adminUploadStatement, operators.finance, {
        payload: { fileName: 'acb-2026-11-29.csv', content },
      });
    const [one, two] = await Promise.all([upload(), upload()]);
    const results = [one, two].map((response) => answerValue(adminCalls.adminUploadStatement, response));
    expect(await balanceOf(caller)).toBe(250_000);
    // Each line is claimed by its transaction id on its own, so two uploads at
    // once may interleave: every line is first seen by exactly one of them and is
    // a duplicate in the other; lines that record nothing read the same in both.
    const outcomesOf = (lineNo: number) =>
      results.map((result) => result.lines.find((line) => line.lineNo === lineNo)?.outcome).sort();
    expect(outcomesOf(2)).toEqual(['duplicate', 'matched']);
    expect(outcomesOf(3)).toEqual(['duplicate', 'no_order']);
    expect(outcomesOf(4)).toEqual(['not_credit', 'not_credit']);
    expect(outcomesOf(5)).toEqual(['malformed', 'malformed']);
    expect(outcomesOf(6)).toEqual(['duplicate', 'order_closed']);
    expect(results.flatMap((result) => result.lines).find((line) => line.lineNo === 5)?.problem).toBe('DATE');
    const firstResult = results.find((result) => result.counts.matched === 1);
    expect(firstResult?.lines[0]).toMatchObject({
      orderId: order.orderId,
      referenceCode: order.referenceCode,
    });

    const again = answerValue(adminCalls.adminUploadStatement, await upload());
    expect(again.counts).toMatchObject({ matched: 0, duplicate: 3, not_credit: 1, malformed: 1 });
    expect(await balanceOf(caller)).toBe(250_000);

    const unmatched = await value(adminCalls.adminUnmatchedStatementLines, operators.risk);
    const kept = unmatched.list.filter((line) => line.transactionId?.startsWith(txn));
    expect(kept.map((line) => [line.transactionId, line.outcome])).toEqual([
      [`${txn}E`, 'order_closed'],
      [`${txn}B`, 'no_order'],
    ]);
    expect(kept[1]).toMatchObject({
      amount: 90_000,
      fileName: 'acb-2026-11-29.csv',
      uploadedBy: operators.finance.username,
    });

    // The member made an order of that amount: an operator confirms it from the line.
    const late = await newOrder(caller, 90_000);
    const lineId = kept[1]?.id ?? 0;
    const wrong = await newOrder(caller, 91_000);
    expectFailure(
      await request(adminCalls.adminConfirmFromStatementLine, operators.second, {
        params: { lineId },
        payload: { order: wrong.referenceCode, reason: 'Member called' },
      }),
      409,
      'DEPOSIT_AMOUNT_DIFFERS',
    );
    const fromLine = await value(adminCalls.adminConfirmFromStatementLine, operators.second, {
      params: { lineId },
      payload: { order: late.referenceCode, reason: 'Member called' },
    });
    expect(fromLine).toMatchObject({ orderId: late.orderId, status: 'paid', outcome: 'credited' });
    expect(await balanceOf(caller)).toBe(340_000);
    expectFailure(
      await request(adminCalls.adminConfirmFromStatementLine, operators.second, {
        params: { lineId },
        payload: { order: late.referenceCode, reason: 'again' },
      }),
      409,
      'STATEMENT_LINE_CLOSED',
    );
    const left = await value(adminCalls.adminUnmatchedStatementLines, operators.finance);
    expect(left.list.map((line) => line.id)).not.toContain(lineId);
    const uploads = await value(adminCalls.adminAudit, operators.owner, {
      query: { action: 'bank_statement' },
    });
    expect(uploads.list.map((entry) => entry.action)).toContain('bank_statement_line.confirm');
    expect(uploads.list.filter((entry) => entry.action === 'bank_statement.upload')).toHaveLength(3);
    await expectBooksSound();
  });

  it('keeps a statement line above the threshold as awaiting its second approval, and refuses bad files', async () => {
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 100_000 });
    const { caller } = await suite.newMember();
    const order = await newOrder(caller, 300_000);
    const result = await value(adminCalls.adminUploadStatement, operators.finance, {
      payload: { fileName: 'big.csv', content: `2026-11-29,300.000,${order.referenceCode}\n` },
    });
    expect(result.lines).toMatchObject([
      { lineNo: 1, outcome: 'awaiting_second_approval', orderId: order.orderId },
    ]);
    expect(await balanceOf(caller)).toBe(0);
    expectFailure(await approve(order.orderId, operators.finance), 409, 'SECOND_APPROVER_REQUIRED');
    expect(answerValue(adminCalls.adminApproveDeposit, await approve(order.orderId)).outcome).toBe(
      'credited',
    );
    expect(await balanceOf(caller)).toBe(300_000);

    const tooMany = Array.from({ length: 5001 }, (_, index) => `2026-11-29,1000,LINE ${index},`).join('\n');
    expectFailure(
      await request(adminCalls.adminUploadStatement, operators.finance, {
        payload: { fileName: 'many.csv', content: tooMany },
      }),
      400,
      'INVALID_INPUT',
    );
    const readOnly = await newOperator(suite, 'finance', { readOnly: true });
    expectFailure(
      await request(adminCalls.adminUploadStatement, readOnly, {
        payload: { fileName: 'x.csv', content: 'x' },
      }),
      403,
      'PERMISSION_DENIED',
    );
    await expectBooksSound();
    await setMoneyControls(db(), suite.time.clock, { depositConfirmSecondApprovalAbove: 10_000_000 });
  });
});
