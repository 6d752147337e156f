import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { expect, it } from 'vitest';
import type { Caller } from '../../../test/accounts.ts';
import { call } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { createTestDrawMachine } from '../../lottery/testing.ts';
import { checkLedger } from '../../wallet/index.ts';

const FUNDS = 10_000_000;

describeEachDatabase('back-office lottery draws', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { owner: 'owner', finance: 'finance' });

  const db = () => suite.database.current.db;
  /** The draw machine, as the scheduler runs it. */
  const drawMachine = () => createTestDrawMachine(db(), suite.time.clock);

  const openDrawOf = async (code: string) => {
    const detail = answerValue(
      API.lotteryGame,
      await call(
        suite.app,
        API.lotteryGame,
        { ip: operators.owner.ip },
        { query: { code, prizeMode: 'Lott' } },
      ),
    );
    if (!detail.openDraw) throw new Error(`no open draw of ${code}`);
    return detail.openDraw;
  };
  const place = (caller: Caller, drawId: string, number: string) =>
    call(suite.app, API.placeLotteryBet, caller, {
      payload: {
        drawId,
        betType: 'LO2',
        selections: [[number]],
        points: 1,
        prizeMode: 'Lott',
        requestKey: randomUUID(),
      },
    });
  const placed = async (caller: Caller, drawId: string, number: string) =>
    answerValue(API.placeLotteryBet, await place(caller, drawId, number)).bet;
  const walletOf = async (caller: Caller) => (await suite.walletOf(caller)).available;
  const drawsOf = async (query: Record<string, string>, operator = operators.owner) =>
    answerValue(
      adminCalls.adminLotteryDraws,
      await request(adminCalls.adminLotteryDraws, operator, { query }),
    );
  const voidDraw = (drawId: string, reason = 'Kết quả đài bị hoãn') =>
    request(adminCalls.adminVoidLotteryDraw, operators.owner, {
      params: { drawId },
      payload: { reason },
    });

  it('voids an open draw: every open bet refunded once, the bets cancelled, the ledger balanced', async () => {
    const alice = await suite.newMember();
    const bob = await suite.newMember();
    await suite.fund(alice.row.id, FUNDS);
    await suite.fund(bob.row.id, FUNDS);
    const draw = await openDrawOf('ST1');

    const first = await placed(alice.caller, draw.id, '12');
    const second = await placed(alice.caller, draw.id, '34');
    // Bob cancels his bet himself first: it is not refunded a second time.
    const own = await placed(bob.caller, draw.id, '56');
    answerValue(
      API.cancelLotteryBet,
      await call(suite.app, API.cancelLotteryBet, bob.caller, { payload: { betId: own.id } }),
    );
    expect(await walletOf(alice.caller)).toBe(FUNDS - first.amount - second.amount);

    const before = await drawsOf({ game: 'ST1', status: 'scheduled' });
    expect(before.games.map((game) => game.code)).toContain('ST1');
    expect(before.list.find((row) => row.id === draw.id)).toMatchObject({
      gameCode: 'ST1',
      status: 'scheduled',
      bets: 3,
      stake: first.amount + second.amount + own.amount,
      openBets: 2,
      refunded: own.amount,
    });

    const voided = answerValue(adminCalls.adminVoidLotteryDraw, await voidDraw(draw.id));
    expect(voided).toMatchObject({
      changed: true,
      refundedBets: 2,
      refundedAmount: first.amount + second.amount,
      draw: { id: draw.id, status: 'void', openBets: 0, voidReason: 'Kết quả đài bị hoãn' },
    });
    expect(voided.draw.voidedAt).toBe(suite.time.clock().toISOString());
    expect(await walletOf(alice.caller)).toBe(FUNDS);
    expect(await walletOf(bob.caller)).toBe(FUNDS);
    const orders = answerValue(
      API.lotteryOrders,
      await call(suite.app, API.lotteryOrders, alice.caller),
    ).list;
    expect(orders.map((bet) => [bet.id, bet.status])).toEqual(
      expect.arrayContaining([
        [first.id, 'cancelled'],
        [second.id, 'cancelled'],
      ]),
    );

    // A second void (another click) refunds nothing; the draw takes no bet and is never drawn.
    const again = answerValue(adminCalls.adminVoidLotteryDraw, await voidDraw(draw.id, 'again'));
    expect(again).toMatchObject({ changed: false, refundedBets: 0, refundedAmount: 0 });
    expect(again.draw.voidReason).toBe('Kết quả đài bị hoãn');
    expect(await walletOf(alice.caller)).toBe(FUNDS);
    expectFailure(await place(alice.caller, draw.id, '78'), 409, 'LOTTERY_BETTING_CLOSED');
    expect((await openDrawOf('ST1')).id).not.toBe(draw.id);
    suite.time.advance(new Date(draw.drawAt).getTime() - suite.time.clock().getTime() + 1_000);
    await drawMachine().runDue();
    expect((await drawsOf({ game: 'ST1', status: 'void' })).list.map((row) => row.id)).toEqual([draw.id]);

    const audit = answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, { query: { action: 'lottery_draw.void' } }),
    ).list;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      targetType: 'lottery_draw',
      targetId: draw.id,
      before: { status: 'scheduled' },
      after: { status: 'void', reason: 'Kết quả đài bị hoãn', refundedBets: 2 },
    });
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('refuses a drawn draw, an unknown one and a void without a reason; finance reads but cannot void', async () => {
    const member = await suite.newMember();
    await suite.fund(member.row.id, FUNDS);
    const draw = await openDrawOf('ST3');
    await placed(member.caller, draw.id, '21');
    suite.time.advance(new Date(draw.drawAt).getTime() - suite.time.clock().getTime() + 1_000);
    await drawMachine().runDue();

    expectFailure(await voidDraw(draw.id), 409, 'LOTTERY_DRAW_NOT_VOIDABLE');
    const [row] = (await drawsOf({ game: 'ST3', status: 'settled' }, operators.finance)).list;
    expect(row).toMatchObject({ id: draw.id, bets: 1, openBets: 0, voidedAt: null });
    expectFailure(await voidDraw(randomUUID()), 404, 'NOT_FOUND');
    expectFailure(await voidDraw(draw.id, '  '), 400, 'INVALID_INPUT');
    const refused = await request(adminCalls.adminVoidLotteryDraw, operators.finance, {
      params: { drawId: draw.id },
      payload: { reason: 'no' },
    });
    expectFailure(refused, 403, 'PERMISSION_DENIED');
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
