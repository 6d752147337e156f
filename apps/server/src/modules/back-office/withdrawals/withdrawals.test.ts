import { randomInt, randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_MONEY_CONTROLS } from '@kl/contracts/admin/controls';
import { expect, it } from 'vitest';
import { ledgerTransaction, member } from '../../../db/schema/index.ts';
import { call } from '../../../test/accounts.ts';
import { answerValue, csvLines, expectFailure } from '../../../test/answers.ts';
import {
  acceptInvitation,
  inviteOperator,
  newOperator,
  signInOperator,
  useBackOfficeSuite,
} from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';
import { giveApprovedKyc } from '../../kyc/testing.ts';
import { createLedgerRepository, createLedgerService } from '../../wallet/index.ts';
import { withdrawalSettleKey } from '../../withdrawal/index.ts';
import { setMoneyControls } from '../controls/testing.ts';

const PAYMENT_PASSWORD = '246810';

describeEachDatabase('back-office withdrawals', { embedded: true }, (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { finance: 'finance', owner: 'owner' });
  const db = () => suite.database.current.db;

  /** A member with a payment password, a bound bank account and `balance` in the wallet. */
  async function readyMember(username: string, balance = 1_000_000) {
    const { row, caller } = await suite.newMember({ username });
    if (balance > 0) await suite.fund(row.id, balance);
    // The merchant checks a member's identity before a first withdrawal.
    await giveApprovedKyc(suite.database.current.db, row.id);
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

  /**
   * Two members of a fresh username prefix (`<prefix>a`, `<prefix>b`) and three pending requests a minute
   * apart: alice's, bob's, alice's; `before` runs with bob ready, before the first.
   */
  async function threeRequests(
    name: string,
    before: (bob: Awaited<ReturnType<typeof readyMember>>) => Promise<void> = async () => {},
  ) {
    const prefix = uniqueName(name).slice(0, 10);
    const alice = await readyMember(`${prefix}a`);
    const bob = await readyMember(`${prefix}b`);
    await before(bob);
    const start = suite.time.clock().toISOString();
    const first = await withdraw(alice.caller, alice.account.accountId, 150_000);
    suite.time.advance(60_000);
    const second = await withdraw(bob.caller, bob.account.accountId, 160_000);
    suite.time.advance(60_000);
    const third = await withdraw(alice.caller, alice.account.accountId, 170_000);
    return { prefix, alice, bob, start, first, second, third };
  }

  it('lists by status, username prefix in any case and period, pending oldest first, with turnover owed', async () => {
    const { prefix, alice, start, first, second, third } = await threeRequests('wqlist', async (bob) => {
      // A deposit through the gateway asks its turnover (1× by default) and locks itself until it is played.
      await suite.deposit(bob.caller, 100_000);
    });

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

  it('exports the requests the filters select as CSV in the queue’s order, with the bank account; audited', async () => {
    const { prefix, first, second, third } = await threeRequests('wqcsv');
    const listed = answerValue(
      adminCalls.adminWithdrawals,
      await queue({ username: prefix, status: 'pending' }),
    );
    const vietnam = (iso: string | null) =>
      iso === null ? '' : `${new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;
    const line = (row: (typeof listed.list)[number], rest: string) =>
      `${vietnam(row.createdAt)},${row.requestId},${row.username},${row.amount},${row.bankName},` +
      `${row.accountNumber},${row.accountName},${rest}`;
    const exportCsv = (query: Record<string, string>, operator = operators.finance) =>
      request(adminCalls.adminWithdrawalsCsv, operator, { query });

    // Pending (the default) oldest first, as the queue pays them.
    const pending = csvLines(await exportCsv({ username: prefix, lang: 'en' }));
    expect(pending[0]).toBe(
      'Requested,Request,Member,Amount (VND),Bank,Account number,Account name,Status,Decided,Reject reason',
    );
    expect(pending.slice(1)).toEqual(listed.list.map((row) => line(row, 'Pending,,')));
    expect(listed.list.map((row) => row.requestId)).toEqual([first, second, third]);
    // The others newest first; a reason written like a formula is neutralised.
    answerValue(adminCalls.adminRejectWithdrawal, await reject(first, '@SUM(1+1) wrong account'));
    suite.time.advance(60_000);
    answerValue(adminCalls.adminRejectWithdrawal, await reject(third, 'duplicate'));
    const rejected = answerValue(
      adminCalls.adminWithdrawals,
      await queue({ username: prefix, status: 'rejected' }),
    ).list;
    expect(rejected.map((row) => row.requestId)).toEqual([third, first]);
    expect(csvLines(await exportCsv({ username: prefix, status: 'rejected' })).slice(1)).toEqual([
      ...rejected.map((row, index) =>
        line(
          row,
          `Đã từ chối,${vietnam(row.decidedAt)},${index === 0 ? 'duplicate' : "'@SUM(1+1) wrong account"}`,
        ),
      ),
    ]);
    const log = answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, {
        query: { action: 'withdrawal.export', operator: operators.finance.username },
      }),
    ).list;
    expect(log.map((entry) => entry.after)).toEqual([
      { filter: { status: 'rejected', username: prefix }, lang: 'vi', rows: 2, timeZone: 'Asia/Ho_Chi_Minh' },
      { filter: { status: 'pending', username: prefix }, lang: 'en', rows: 3, timeZone: 'Asia/Ho_Chi_Minh' },
    ]);
    // Whoever may not read withdrawals may not export them.
    const content = await newOperator(suite, 'content');
    expectFailure(await exportCsv({ username: prefix }, content), 403, 'PERMISSION_DENIED');
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
  const adjust = (
    operator: typeof operators.finance,
    memberId: string,
    amount: number,
    direction = 'credit',
  ) =>
    request(adminCalls.adminCreateAdjustment, operator, {
      payload: { memberId, direction, amount, reason: 'goodwill credit', idempotencyKey: randomUUID() },
    });
  const queued = async (requestId: string, operator = operators.finance) => {
    const page = answerValue(adminCalls.adminWithdrawals, await queue({ pageSize: '100' }, operator));
    const found = page.list.find((row) => row.requestId === requestId);
    if (!found) throw new Error(`withdrawal ${requestId} is not in the queue`);
    return found;
  };

  it('an operator who credited the member may not pay their withdrawal; the queue says who may instead', async () => {
    const { row, caller, account } = await readyMember(uniqueName('wqsod'), 0);
    const credited = answerValue(
      adminCalls.adminCreateAdjustment,
      await adjust(operators.finance, row.id, 500_000),
    );
    expect(credited.status).toBe('applied');
    const requestId = await withdraw(caller, account.accountId, 400_000);

    const refused = await approve(requestId);
    expectFailure(refused, 403, 'SEGREGATION_OF_DUTIES');
    const { value } = refused.json() as { value: { reasons: string[]; eligible: string[] } };
    expect(value.reasons).toEqual(['credited']);
    expect(value.eligible).toContain(operators.owner.username);
    expect(value.eligible).not.toContain(operators.finance.username);
    expect(await suite.walletOf(caller)).toMatchObject({ held: 400_000 });

    const seen = await queued(requestId);
    expect(seen.approval).toMatchObject({
      required: 1,
      firstApprovedBy: null,
      youMay: false,
      blocked: [{ username: operators.finance.username, reasons: ['credited'] }],
    });
    expect(seen.approval.eligible).toContain(operators.owner.username);
    expect((await queued(requestId, operators.owner)).approval.youMay).toBe(true);

    const paid = answerValue(adminCalls.adminApproveWithdrawal, await approve(requestId, operators.owner));
    expect(paid).toMatchObject({
      changed: true,
      awaitingSecondApproval: false,
      withdrawal: { status: 'paid' },
    });
    const entries = await auditOf(requestId);
    expect(entries.map((entry) => [entry.action, entry.operatorUsername])).toEqual([
      ['withdrawal.approve', operators.owner.username],
    ]);
  });

  it('the maker of a credit is kept from the payout for the segregation period; its checker is not', async () => {
    const { row, caller, account } = await readyMember(uniqueName('wqsod2'), 0);
    const asker = await newOperator(suite, 'finance');
    const pending = answerValue(
      adminCalls.adminCreateAdjustment,
      await adjust(asker, row.id, DEFAULT_MONEY_CONTROLS.creditLimitPerMemberDay + 1),
    );
    expect(pending.status).toBe('pending');
    const approved = await request(adminCalls.adminDecideAdjustment, operators.finance, {
      params: { adjustmentId: pending.id },
      payload: { approve: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const requestId = await withdraw(caller, account.accountId, 300_000);
    const seen = await queued(requestId);
    expect(seen.approval.blocked).toEqual([{ username: asker.username, reasons: ['credited'] }]);
    expect(seen.approval.youMay).toBe(true);
    expectFailure(await approve(requestId, asker), 403, 'SEGREGATION_OF_DUTIES');
    const askersView = await queued(requestId, asker);
    expect(askersView.approval.youMay).toBe(false);
    expect(askersView.approval.eligible).toContain(operators.finance.username);

    // After the merchant's period, the credit no longer keeps them from it. (The suite's operators sign in
    // again afterwards: their sessions do not outlive the days the clock moved.)
    suite.time.advance((DEFAULT_MONEY_CONTROLS.segregationDays + 1) * 24 * 60 * 60 * 1000);
    for (const name of ['finance', 'owner'] as const) {
      const { username, secret } = operators[name];
      operators[name] = await signInOperator(suite.app, suite.time, username, secret);
    }
    const later = await newOperator(suite, 'finance');
    const other = await readyMember(uniqueName('wqsod3'), 500_000);
    const laterRequest = await withdraw(other.caller, other.account.accountId, 100_000);
    expect((await queued(laterRequest, later)).approval.youMay).toBe(true);
    const fresh = await queued(requestId, later);
    expect(fresh.approval.blocked).toEqual([]);
    expect(answerValue(adminCalls.adminApproveWithdrawal, await approve(requestId, later)).changed).toBe(
      true,
    );
  });

  it('above the second-approval amount two operators pay it: the first approval waits, the same one cannot pay', async () => {
    await setMoneyControls(db(), suite.time.clock, { withdrawalSecondApprovalAbove: 250_000 });
    try {
      const { caller, account } = await readyMember(uniqueName('wqtwo'), 1_000_000);
      const small = await withdraw(caller, account.accountId, 250_000);
      expect((await queued(small)).approval.required).toBe(1);
      const large = await withdraw(caller, account.accountId, 250_001);
      expect((await queued(large)).approval.required).toBe(2);

      const first = answerValue(adminCalls.adminApproveWithdrawal, await approve(large));
      expect(first).toMatchObject({
        changed: true,
        awaitingSecondApproval: true,
        withdrawal: { status: 'pending' },
      });
      expect(await suite.walletOf(caller)).toMatchObject({ held: 500_001 });
      // Clicking again: still waiting, nothing moved.
      const again = answerValue(adminCalls.adminApproveWithdrawal, await approve(large));
      expect(again).toMatchObject({ changed: false, awaitingSecondApproval: true });
      const seen = await queued(large);
      expect(seen.approval).toMatchObject({
        required: 2,
        firstApprovedBy: operators.finance.username,
        youMay: false,
        blocked: [{ username: operators.finance.username, reasons: ['first_approval'] }],
      });
      expect(seen.approval.firstApprovedAt).not.toBeNull();

      const second = answerValue(adminCalls.adminApproveWithdrawal, await approve(large, operators.owner));
      expect(second).toMatchObject({
        changed: true,
        awaitingSecondApproval: false,
        withdrawal: { status: 'paid' },
      });
      expect(await suite.walletOf(caller)).toMatchObject({ held: 250_000 });
      expect((await auditOf(large)).map((entry) => [entry.action, entry.operatorUsername])).toEqual([
        ['withdrawal.approve', operators.owner.username],
        ['withdrawal.first_approval', operators.finance.username],
      ]);
      // Parallel second approvals of another large request pay it once.
      const third = await withdraw(caller, account.accountId, 300_000);
      answerValue(adminCalls.adminApproveWithdrawal, await approve(third, operators.owner));
      const checkers = [];
      for (let index = 0; index < 3; index += 1) checkers.push(await newOperator(suite, 'finance'));
      const answers = await Promise.all(checkers.map((checker) => approve(third, checker)));
      const decided = answers.map((response) => answerValue(adminCalls.adminApproveWithdrawal, response));
      expect(decided.filter((decision) => decision.changed)).toHaveLength(1);
      const settlements = await db()
        .select()
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.idempotencyKey, withdrawalSettleKey(third)));
      expect(settlements).toHaveLength(1);
    } finally {
      await setMoneyControls(db(), suite.time.clock, {
        withdrawalSecondApprovalAbove: DEFAULT_MONEY_CONTROLS.withdrawalSecondApprovalAbove,
      });
    }
  });

  it('shows where the money came from since the last paid withdrawal, with who credited it and the risk flags', async () => {
    const name = uniqueName('wqorig');
    const { row, caller, account } = await readyMember(name, 0);
    const ledger = createLedgerService({
      db: db(),
      ledger: createLedgerRepository(db()),
      clock: suite.time.clock,
    });
    const post = (kind: 'deposit' | 'bet' | 'win' | 'bonus', amount: number) =>
      ledger.post({
        merchantCode: 'kimlong',
        memberId: row.id,
        idempotencyKey: `origin:${randomUUID()}`,
        kind,
        amount: BigInt(amount),
      });
    await post('deposit', 300_000);
    const earlier = await withdraw(caller, account.accountId, 100_000);
    answerValue(adminCalls.adminApproveWithdrawal, await approve(earlier));
    suite.time.advance(60_000);

    // Since then: a deposit, play, a bonus above the deposits and a manual credit.
    await post('deposit', 100_000);
    await post('bet', 50_000);
    await post('win', 80_000);
    await post('bonus', 150_000);
    const asker = await newOperator(suite, 'finance');
    answerValue(adminCalls.adminCreateAdjustment, await adjust(asker, row.id, 20_000));
    // Another member on the same device, and one who tried to bind this member's bank account.
    const twin = await suite.newMember({ username: uniqueName('wqtwin') });
    await db()
      .update(member)
      .set({ registerDevice: `device-${name}` })
      .where(eq(member.id, row.id));
    await db()
      .update(member)
      .set({ registerDevice: `device-${name}` })
      .where(eq(member.id, twin.row.id));
    const taken = await call(suite.app, API.addBankAccount, twin.caller, {
      payload: { bankCode: 'VCB', accountNumber: account.accountNumber, accountName: 'NGUYEN VAN AN' },
    });
    expect(taken.statusCode).toBe(409);
    suite.time.advance(60_000);
    const requestId = await withdraw(caller, account.accountId, 200_000);

    const { provenance } = await queued(requestId);
    expect(provenance).toMatchObject({
      deposits: 100_000,
      stakes: 50_000,
      winnings: 80_000,
      bonuses: 150_000,
      manualCredits: 20_000,
      manualDebits: 0,
      agentPay: 0,
      adjustments: [{ direction: 'credit', amount: 20_000, requestedBy: asker.username, decidedBy: null }],
    });
    expect(provenance.since).not.toBeNull();
    const flags = new Map(provenance.flags.map((flag) => [flag.flag, flag.members]));
    expect(flags.get('shared_bank_account')).toEqual([twin.row.username]);
    expect(flags.get('shared_device')).toEqual([twin.row.username]);
    expect(flags.get('bonus_over_deposits')).toEqual([]);
    expect(flags.get('manual_credit')).toEqual([]);
  });
  it('one finance operator cannot split credits past four eyes and pay them out: one applied, the rest wait, the payout refused', async () => {
    const limit = DEFAULT_MONEY_CONTROLS.creditLimitPerMemberDay;
    const { row, caller, account } = await readyMember(uniqueName('wqsplit'), 0);
    const maker = await newOperator(suite, 'finance');
    const statuses = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push(answerValue(adminCalls.adminCreateAdjustment, await adjust(maker, row.id, limit)).status);
    }
    expect(statuses).toEqual(['applied', 'pending', 'pending', 'pending', 'pending']);
    expect(await suite.walletOf(caller)).toMatchObject({ available: limit });

    const requestId = await withdraw(caller, account.accountId, limit);
    const refused = await approve(requestId, maker);
    expectFailure(refused, 403, 'SEGREGATION_OF_DUTIES');
    expect(await suite.walletOf(caller)).toMatchObject({ available: 0, held: limit });
    const { approval, provenance } = await queued(requestId, maker);
    expect(approval.youMay).toBe(false);
    expect(provenance.adjustments).toEqual([
      expect.objectContaining({ amount: limit, requestedBy: maker.username, decidedBy: null }),
    ]);
    expect(provenance.flags.map((flag) => flag.flag)).toContain('manual_credit');
  });
  it('keeps out an account whose invitation link the maker held, and the holder of the maker’s link', async () => {
    const inviter = await newOperator(suite, 'owner');
    const issued = await inviteOperator(suite.app, inviter, 'finance');
    const invitee = await acceptInvitation(suite.app, suite.time, issued.invitation.token);

    // The inviter credits a member: the account it held the link of may not pay them out either.
    const first = await readyMember(uniqueName('wqcred'), 0);
    answerValue(adminCalls.adminCreateAdjustment, await adjust(inviter, first.row.id, 300_000));
    const one = await withdraw(first.caller, first.account.accountId, 300_000);
    expect((await queued(one)).approval.blocked).toEqual(
      expect.arrayContaining([
        { username: inviter.username, reasons: ['credited'] },
        { username: invitee.username, reasons: ['credentials'] },
      ]),
    );
    const refused = await approve(one, invitee);
    expectFailure(refused, 403, 'SEGREGATION_OF_DUTIES');
    expect((refused.json() as { value: { reasons: string[] } }).value.reasons).toEqual(['credentials']);

    // The invitee credits another member: nor may the inviter, who held its link.
    const second = await readyMember(uniqueName('wqcred2'), 0);
    answerValue(adminCalls.adminCreateAdjustment, await adjust(invitee, second.row.id, 300_000));
    const two = await withdraw(second.caller, second.account.accountId, 300_000);
    expectFailure(await approve(two, inviter), 403, 'SEGREGATION_OF_DUTIES');
    expect(answerValue(adminCalls.adminApproveWithdrawal, await approve(two)).changed).toBe(true);
  });
});
