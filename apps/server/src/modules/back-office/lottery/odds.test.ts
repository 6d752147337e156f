import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminLotteryOdds, ChangeLotteryOddsRequest } from '@kl/contracts/admin/lotteries';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { lotteryBet } from '../../../db/schema/index.ts';
import { call, type Caller } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import {
  acceptInvitation,
  inviteOperator,
  type OperatorCaller,
  useBackOfficeSuite,
} from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

/**
 * The lottery's odds in the back office (docs/back-office.md, "Lotteries"): read by the lottery area; a
 * change that only tightens them applies at once; one that pays more, costs less or takes more waits for a
 * second, independent owner (docs/decisions/032-four-eyes.md). A bet keeps the odds it was placed at.
 */
describeEachDatabase('back-office lottery odds', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    owner: 'owner',
    second: 'owner',
    risk: 'risk',
  });

  const oddsOf = async (key: Pick<AdminLotteryOdds, 'prizeMode' | 'betType' | 'region' | 'pick'>) => {
    const row = (await value(adminCalls.adminLotteryOdds, operators.risk)).list.find(
      (odds) =>
        odds.prizeMode === key.prizeMode &&
        odds.betType === key.betType &&
        odds.region === key.region &&
        odds.pick === key.pick,
    );
    if (!row) throw new Error(`no odds ${JSON.stringify(key)}`);
    return row;
  };
  const change = (body: ChangeLotteryOddsRequest, operator: OperatorCaller = operators.owner) =>
    request(adminCalls.adminChangeLotteryOdds, operator, { payload: body });
  const decide = (operator: OperatorCaller, requestId: string, approve = true) =>
    request(adminCalls.adminDecideOperatorRequest, operator, { params: { requestId }, payload: { approve } });
  /** What the player's lottery screen offers of a bet type on the northern lottery. */
  const offered = async (caller: Caller, betType: string) => {
    const detail = answerValue(
      API.lotteryGame,
      await call(suite.app, API.lotteryGame, caller, { query: { code: 'MB', prizeMode: 'Lott' } }),
    );
    return { detail, offer: detail.betTypes.find((type) => type.code === betType) };
  };
  const lo2 = { prizeMode: 'Lott', betType: 'LO2', region: 'MB', pick: '*' } as const;

  it('lists every prize mode’s odds; a change that only tightens applies at once and is audited', async () => {
    const odds = (await value(adminCalls.adminLotteryOdds, operators.risk)).list;
    expect(new Set(odds.map((row) => row.prizeMode))).toEqual(new Set(['Lott', 'ZY', 'Elott', 'SEA']));
    const current = await oddsOf({ prizeMode: 'ZY', betType: 'DE_SPECIAL', region: '*', pick: '*' });
    expect(current).toMatchObject({ pricePerPoint: 1_000, pending: null });

    const tighter = {
      prizeMode: 'ZY',
      betType: 'DE_SPECIAL',
      region: '*',
      pick: '*',
      pricePerPoint: 1_000,
      payoutPerPoint: current.payoutPerPoint - 1_000,
      maxPerNumber: current.maxPerNumber / 2,
      note: 'tighter after the review',
    } as const;
    const applied = answerValue(adminCalls.adminChangeLotteryOdds, await change(tighter));
    expect(applied).toMatchObject({
      applied: true,
      request: null,
      odds: { payoutPerPoint: tighter.payoutPerPoint, maxPerNumber: tighter.maxPerNumber },
    });
    const [entry] = await auditTrail(operators.owner, 'lottery_odds', 'ZY:DE_SPECIAL:*:*');
    expect(entry).toMatchObject({
      action: 'lottery_odds.update',
      operatorUsername: operators.owner.username,
      before: { payoutPerPoint: current.payoutPerPoint, maxPerNumber: current.maxPerNumber },
      after: { payoutPerPoint: tighter.payoutPerPoint, note: 'tighter after the review' },
    });
    // The same values again change nothing and write nothing.
    answerValue(adminCalls.adminChangeLotteryOdds, await change(tighter));
    expect(await auditTrail(operators.owner, 'lottery_odds', 'ZY:DE_SPECIAL:*:*')).toHaveLength(1);

    // Risk reads them but changes none; an unknown row is 404; bad values 400.
    expectFailure(await change(tighter, operators.risk), 403, 'PERMISSION_DENIED');
    expectFailure(await change({ ...tighter, region: 'MB' }), 404, 'NOT_FOUND');
    expectFailure(await change({ ...tighter, payoutPerPoint: 0 }), 400, 'INVALID_INPUT');
    expectFailure(await change({ ...tighter, note: ' ' }), 400, 'INVALID_INPUT');
  });

  it('a change that pays more waits for a second, independent owner; bets keep the odds they were placed at', async () => {
    const member = await suite.newMember();
    await suite.fund(member.row.id, 10_000_000);
    const current = await oddsOf(lo2);
    const before = await offered(member.caller, 'LO2');
    expect(before.offer?.payoutPerPoint).toBe(current.payoutPerPoint);

    const richer = {
      ...lo2,
      ...current,
      payoutPerPoint: current.payoutPerPoint + 5_000,
      note: 'promotion week',
    };
    const asked = answerValue(adminCalls.adminChangeLotteryOdds, await change(richer));
    expect(asked).toMatchObject({
      applied: false,
      odds: { payoutPerPoint: current.payoutPerPoint },
      request: { kind: 'lottery_odds.update', area: 'lottery', status: 'pending', target: 'Lott:LO2:MB:*' },
    });
    const requestId = asked.request?.id ?? '';
    expect((await oddsOf(lo2)).pending).toMatchObject({
      requestId,
      requestedBy: operators.owner.username,
      payoutPerPoint: richer.payoutPerPoint,
    });
    // Another loosening change of the row while one waits: refused. A lower price loosens too.
    expectFailure(
      await change({
        ...richer,
        payoutPerPoint: current.payoutPerPoint,
        pricePerPoint: current.pricePerPoint - 1,
      }),
      409,
      'OPERATOR_REQUEST_PENDING',
    );

    // A bet placed now keeps the payout it was placed at.
    const placed = answerValue(
      API.placeLotteryBet,
      await call(suite.app, API.placeLotteryBet, member.caller, {
        payload: {
          drawId: before.detail.openDraw?.id ?? '',
          betType: 'LO2',
          selections: [['27']],
          points: 1,
          prizeMode: 'Lott',
          requestKey: randomUUID(),
        },
      }),
    ).bet;

    // Not its asker, nor an owner whose invitation link the asker held; risk may not decide it.
    expectFailure(await decide(operators.owner, requestId), 409, 'SECOND_APPROVER_REQUIRED');
    const issued = await inviteOperator(suite.app, operators.owner, 'owner');
    const puppet = await acceptInvitation(suite.app, suite.time, issued.invitation.token);
    expectFailure(await decide(puppet, requestId), 409, 'APPROVER_NOT_INDEPENDENT');
    expectFailure(await decide(operators.risk, requestId), 403, 'PERMISSION_DENIED');
    expect((await offered(member.caller, 'LO2')).offer?.payoutPerPoint).toBe(current.payoutPerPoint);

    const decided = answerValue(
      adminCalls.adminDecideOperatorRequest,
      await decide(operators.second, requestId),
    );
    expect(decided.request).toMatchObject({ status: 'approved', targetLabel: 'Lott · LO2 · MB · *' });
    expect(await oddsOf(lo2)).toMatchObject({ payoutPerPoint: richer.payoutPerPoint, pending: null });
    expect((await offered(member.caller, 'LO2')).offer?.payoutPerPoint).toBe(richer.payoutPerPoint);
    const [entry] = await auditTrail(operators.owner, 'lottery_odds', 'Lott:LO2:MB:*');
    expect(entry).toMatchObject({
      action: 'lottery_odds.update',
      operatorUsername: operators.second.username,
      before: { payoutPerPoint: current.payoutPerPoint },
      after: { payoutPerPoint: richer.payoutPerPoint, note: 'promotion week' },
    });
    const [kept] = await suite.database.current.db
      .select({ payouts: lotteryBet.payouts })
      .from(lotteryBet)
      .where(eq(lotteryBet.id, placed.id));
    expect(kept?.payouts).toEqual([String(current.payoutPerPoint)]);
  });

  it('the price of one option is every option’s of its bet type (a bet prices its selections alike)', async () => {
    const nine = await oddsOf({ prizeMode: 'Elott', betType: 'SUM', region: '*', pick: '9' });
    const answer = answerValue(
      adminCalls.adminChangeLotteryOdds,
      await change({ ...nine, pricePerPoint: nine.pricePerPoint * 2, note: 'dearer sums' }),
    );
    expect(answer.applied).toBe(true);
    const sums = (await value(adminCalls.adminLotteryOdds, operators.risk)).list.filter(
      (row) => row.prizeMode === 'Elott' && row.betType === 'SUM',
    );
    expect(sums.map((row) => row.pick)).toEqual(Array.from({ length: 19 }, (_, sum) => String(sum)));
    expect(new Set(sums.map((row) => row.pricePerPoint))).toEqual(new Set([nine.pricePerPoint * 2]));
  });
});
