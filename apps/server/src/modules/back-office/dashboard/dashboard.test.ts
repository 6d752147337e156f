import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { DEFAULT_MONEY_CONTROLS } from '@kl/contracts/admin/controls';
import { dashboard, type Dashboard } from '@kl/contracts/admin/money';
import { successEnvelope } from '@kl/contracts/envelope';
import { slotSpinResult } from '@kl/contracts/slot';
import { bankAccount } from '@kl/contracts/withdrawal';
import type { LedgerKind } from '@kl/contracts/wallet';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { chatConversation, chatMessage, member } from '../../../db/schema/index.ts';
import { call, registerByUsername } from '../../../test/accounts.ts';
import { json } from '../../../test/app.ts';
import {
  adminRequest,
  createOperator,
  type OperatorCaller,
  signInOperator,
} from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../../test/suite.ts';
import { giveApprovedKyc } from '../../kyc/testing.ts';
import { createLedgerRepository, createLedgerService } from '../../wallet/index.ts';

const PAYMENT_PASSWORD = '246810';

/**
 * The dashboard's figures against what members did, on a day of their own (the suite's clock is in 2030,
 * after anything the seed holds): a registration, deposits, a slot spin through the API, lottery-like bets
 * and wins on the ledger (one bet reversed), a trial member's play money, a withdrawal paid, a bonus, and
 * a movement on each side of midnight in Vietnam.
 */
describeEachDatabase('back-office dashboard', (kind) => {
  const suite = useTestApp(kind, {
    config: {
      rateLimitMax: 100_000,
    },
  });
  const db = () => suite.database.current.db;
  const ledger = () =>
    createLedgerService({ db: db(), ledger: createLedgerRepository(db()), clock: suite.time.clock });
  const post = (memberId: string, kind: LedgerKind, amount: number, extra: { payout?: bigint } = {}) =>
    ledger().post({
      merchantCode: 'kimlong',
      memberId,
      idempotencyKey: `dashboard-test:${randomUUID()}`,
      kind,
      amount: BigInt(amount),
      ...extra,
    });

  const dashboardOf = async (
    operator: OperatorCaller,
    period: 'today' | '7d' | '30d',
  ): Promise<Dashboard> => {
    const response = await adminRequest(suite.app, adminCalls.adminDashboard, operator, {
      query: { period },
    });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(dashboard).parse(json(response)).value;
  };
  const signedIn = async () => {
    const made = await createOperator(db(), suite.time.clock, { role: 'support' });
    return signInOperator(suite.app, suite.time, made.username);
  };

  /**
   * A payment password and a bank account of the member's, as the site sets them, and an identity checked
   * (the merchant asks for it before a first withdrawal); answers the account id.
   */
  async function readyToWithdraw({ row, caller }: { row: { id: string }; caller: MemberCaller }) {
    await giveApprovedKyc(db(), row.id);
    const set = await call(suite.app, API.setPaymentPassword, caller, {
      payload: { password: PAYMENT_PASSWORD, confirmPassword: PAYMENT_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const accountNumber = `0199${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const bound = await call(suite.app, API.addBankAccount, caller, {
      payload: { bankCode: 'VCB', accountNumber, accountName: 'NGUYEN VAN AN' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    return successEnvelope(bankAccount).parse(json(bound)).value.accountId;
  }

  /** The member asks for a withdrawal through the site; answers the request id. */
  async function withdraw(caller: MemberCaller, bankAccountId: string, amount: number) {
    const made = await call(suite.app, API.createWithdrawal, caller, {
      payload: { bankAccountId, amount, paymentPassword: PAYMENT_PASSWORD, requestKey: randomUUID() },
    });
    expect(made.statusCode, made.body).toBe(200);
    return json<{ value: { withdrawal: { requestId: string } } }>(made).value.withdrawal.requestId;
  }

  it('shows exactly the real money moved, per Vietnam day, and the work waiting', async () => {
    const start = suite.time.clock(); // 2030-03-01 08:00 UTC, 15:00 in Vietnam
    expect(start.toISOString()).toBe('2030-03-01T08:00:00.000Z');
    let operator = await signedIn();
    const before = await dashboardOf(operator, 'today');
    expect(before.totals).toEqual({
      deposits: 0,
      withdrawals: 0,
      bets: 0,
      wins: 0,
      ggr: 0,
      bonuses: 0,
      newMembers: 0,
      activeMembers: 0,
    });

    // 1 March (Vietnam): a member registers, deposits, spins the slot, bets and wins on the ledger.
    const player = await registerByUsername(suite.app);
    const [row] = await db().select().from(member).where(eq(member.username, player.username));
    if (!row) throw new Error('registered member not found');
    await suite.fund(row.id, 500_000);
    const spin = await call(suite.app, API.slotSpin, player, {
      payload: { lineBet: 500, requestKey: randomUUID() },
    });
    expect(spin.statusCode, spin.body).toBe(200);
    const round = successEnvelope(slotSpinResult).parse(json(spin)).value.round;
    expect(round.totalBet).toBe(10_000);
    await post(row.id, 'bet', 20_000);
    await post(row.id, 'win', 50_000);
    const cancelled = await post(row.id, 'bet', 5_000);
    await ledger().post({
      merchantCode: 'kimlong',
      memberId: row.id,
      idempotencyKey: `dashboard-test:${randomUUID()}`,
      kind: 'reversal',
      reversesTransactionId: cancelled.transactionId,
    });
    // Play money of a trial member is no real money.
    const trial = await suite.newMember({ type: 4 });
    await post(trial.row.id, 'trial_credit', 2_000_000);
    await post(trial.row.id, 'game_round', 10_000, { payout: 40_000n });
    // The last second of 1 March in Vietnam, then the first of 2 March.
    suite.time.advance(Date.parse('2030-03-01T16:59:59.000Z') - suite.time.clock().getTime());
    await post(row.id, 'bet', 1_000);
    suite.time.advance(1_000);
    await post(row.id, 'bet', 2_000);

    // 2 March: another member (registered long before) is paid a withdrawal and asks another; a bonus.
    const payee = await suite.newMember();
    await suite.fund(payee.row.id, 400_000);
    const bankAccountId = await readyToWithdraw(payee);
    const paid = await withdraw(payee.caller, bankAccountId, 200_000);
    const made = await createOperator(db(), suite.time.clock, { role: 'finance' });
    const cashier = await signInOperator(suite.app, suite.time, made.username);
    const approved = await adminRequest(suite.app, adminCalls.adminApproveWithdrawal, cashier, {
      params: { withdrawalId: paid },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await withdraw(payee.caller, bankAccountId, 100_000);
    await post(row.id, 'bonus', 30_000);

    // Work waiting: an adjustment for a second operator, a chat the member wrote in and no operator read.
    operator = await signedIn();
    const finance = await createOperator(db(), suite.time.clock, { role: 'finance' });
    const requester = await signInOperator(suite.app, suite.time, finance.username);
    const adjust = (amount: number) =>
      adminRequest(suite.app, adminCalls.adminCreateAdjustment, requester, {
        payload: {
          memberId: row.id,
          direction: 'credit',
          amount,
          reason: 'dashboard check',
          idempotencyKey: randomUUID(),
        },
      });
    expect(json(await adjust(1_000)).value).toMatchObject({ status: 'applied' });
    const beyondToday = DEFAULT_MONEY_CONTROLS.creditLimitPerMemberDay;
    expect(json(await adjust(beyondToday)).value).toMatchObject({ status: 'pending' });
    const conversation = async (memberId: string, answered: boolean) => {
      const [made] = await db()
        .insert(chatConversation)
        .values({ merchantCode: 'kimlong', memberId, createdAt: suite.time.clock() })
        .returning();
      if (!made) throw new Error('no conversation');
      const [asked] = await db()
        .insert(chatMessage)
        .values({
          conversationId: made.id,
          sender: 'member',
          body: 'where is my money',
          createdAt: suite.time.clock(),
        })
        .returning();
      if (answered && asked) {
        const [reply] = await db()
          .insert(chatMessage)
          .values({
            conversationId: made.id,
            sender: 'operator',
            body: 'on its way',
            createdAt: suite.time.clock(),
          })
          .returning();
        await db()
          .update(chatConversation)
          .set({ operatorReadId: reply?.id ?? 0 })
          .where(eq(chatConversation.id, made.id));
      }
    };
    await conversation(row.id, false);
    await conversation(payee.row.id, true);

    const day1 = {
      deposits: 500_000,
      withdrawals: 0,
      bets: 10_000 + 20_000 + 1_000,
      wins: round.totalWin + 50_000,
      bonuses: 0,
    };
    const day2 = { deposits: 400_000, withdrawals: 200_000, bets: 2_000, wins: 0, bonuses: 30_000 };
    const withGgr = (day: typeof day1) => ({ ...day, ggr: day.bets - day.wins });

    const today = await dashboardOf(operator, 'today');
    expect(today.period).toBe('today');
    expect(today.currency).toBe('VND');
    expect(today.totals).toEqual({ ...withGgr(day2), newMembers: 0, activeMembers: 1 });
    expect(today.days).toEqual([{ day: '2030-03-02', ...withGgr(day2) }]);
    expect(today.pending).toEqual({
      withdrawals: before.pending.withdrawals + 1,
      adjustments: before.pending.adjustments + 1,
      // Deposit orders waiting for a second approval: counted in payments.test.ts.
      deposits: before.pending.deposits,
      chats: before.pending.chats + 1,
    });

    const week = await dashboardOf(operator, '7d');
    expect(week.days.map((day) => day.day)).toEqual([
      '2030-02-24',
      '2030-02-25',
      '2030-02-26',
      '2030-02-27',
      '2030-02-28',
      '2030-03-01',
      '2030-03-02',
    ]);
    const zero = { deposits: 0, withdrawals: 0, bets: 0, wins: 0, ggr: 0, bonuses: 0 };
    expect(week.days.slice(0, 5)).toEqual(
      ['2030-02-24', '2030-02-25', '2030-02-26', '2030-02-27', '2030-02-28'].map((day) => ({ day, ...zero })),
    );
    expect(week.days[5]).toEqual({ day: '2030-03-01', ...withGgr(day1) });
    expect(week.days[6]).toEqual({ day: '2030-03-02', ...withGgr(day2) });
    const sum = (field: keyof typeof day1) => day1[field] + day2[field];
    expect(week.totals).toEqual({
      deposits: sum('deposits'),
      withdrawals: sum('withdrawals'),
      bets: sum('bets'),
      wins: sum('wins'),
      ggr: sum('bets') - sum('wins'),
      bonuses: sum('bonuses'),
      newMembers: 1,
      activeMembers: 1,
    });

    const month = await dashboardOf(operator, '30d');
    expect(month.days).toHaveLength(30);
    expect(month.days[0]?.day).toBe('2030-02-01');
    expect(month.totals).toEqual(week.totals);

    // An unknown period is refused.
    const bad = await adminRequest(suite.app, adminCalls.adminDashboard, operator, {
      query: { period: '1y' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
