import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { expect, it } from 'vitest';
import type { MemberRow } from '../../../db/schema/index.ts';
import { call, freshIp } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { useSettlementSuite } from '../../agents/settlement/testing.ts';
import { createTestMember, sessionOf } from '../../wallet/testing.ts';

const THRESHOLD = 10_000_000;
/** The insider's offer: 10,000,000 ₫ an hour for any turnover at all. */
const FOR_NOTHING = { kind: 'hourly', terms: { tiers: [{ minTurnover: 0, amount: 10_000_000 }] } } as const;
const FOR_ONE_DONG = { kind: 'hourly', terms: { tiers: [{ minTurnover: 1, amount: 10_000_000 }] } } as const;

/**
 * The insider case of docs/agents.md ("Offers under four eyes", "Paid at once, by running total"): a
 * finance operator cannot offer pay for no play, cannot put an offer before the agent alone, and the hourly
 * settlements it would earn are paid at once only up to the approval threshold a GMT+8 day; the rest waits
 * for a finance operator who neither proposed nor approved the contract.
 */
describeEachDatabase('back office: contract offers under four eyes, agent pay by running total', (kind) => {
  const { suite, operators, request, value, db, fixtures, moveTo, signInAgain } = useSettlementSuite(
    kind,
    { proposer: 'finance', approver: 'finance', payer: 'finance' },
    THRESHOLD,
  );
  const { time } = suite;
  /** The agent's available balance, read with a fresh session (an earlier one expires as the clock moves). */
  const available = async (row: MemberRow) =>
    (await suite.walletOf({ ip: freshIp(), cookie: await sessionOf(db(), row, time.clock) })).available;
  const settle = (period: string) =>
    value(adminCalls.adminSettlePeriod, operators.payer, { payload: { period } });

  /** An agent (made in the back office) with one funded member in its team. */
  const agentWithPlayer = async () => {
    const agent = await suite.newMember();
    await value(adminCalls.adminMakeAgent, operators.proposer, { payload: { username: agent.row.username } });
    const player = await createTestMember(db());
    await suite.fund(player.id, 50_000_000);
    await fixtures.underAgent(agent.row.id, [player.id]);
    return { ...agent, player: player.id };
  };

  it('refuses pay for no play, keeps the offer from the agent until a second operator approves it, and pays the day’s second 10,000,000 ₫ only on another operator’s approval', async () => {
    // 2030-03-01T08:00Z: 16:00 of 2030-03-01 in GMT+8.
    const agent = await agentWithPlayer();
    const username = agent.row.username;

    expectFailure(
      await request(adminCalls.adminOfferContract, operators.proposer, {
        payload: { username, ...FOR_NOTHING },
      }),
      400,
      'INVALID_INPUT',
    );
    const proposal = await value(adminCalls.adminOfferContract, operators.proposer, {
      payload: { username, ...FOR_ONE_DONG },
    });
    expect(proposal.status).toBe('proposed');

    // The agent sees nothing and cannot accept it.
    expect(
      answerValue(API.contractRequests, await call(suite.app, API.contractRequests, agent.caller)),
    ).toEqual({ dailysalreqtype: 0, divtypecompperiodreq: 0, contracthoursalreq: 0 });
    const shown = await call(suite.app, API.agentContract, agent.caller, { query: { kind: 'hourly' } });
    expect(answerValue(API.agentContract, shown).contract).toBeNull();
    expectFailure(
      await call(suite.app, API.acceptContract, agent.caller, { payload: { contractId: proposal.id } }),
      404,
      'NOT_FOUND',
    );

    // Its proposer cannot approve it; a second operator does, and the agent accepts.
    expectFailure(
      await request(adminCalls.adminApproveContract, operators.proposer, {
        params: { contractId: proposal.id },
      }),
      409,
      'SECOND_APPROVER_REQUIRED',
    );
    const approved = await value(adminCalls.adminApproveContract, operators.approver, {
      params: { contractId: proposal.id },
    });
    expect(approved).toMatchObject({ status: 'pending', approvedBy: operators.approver.username });
    const accepted = await call(suite.app, API.acceptContract, agent.caller, {
      payload: { contractId: proposal.id },
    });
    expect(answerValue(API.acceptContract, accepted).status).toBe('accepted');

    // 16:00–17:00 GMT+8 without team play: nothing. 17:00 and 18:00 with play: 10,000,000 ₫ each.
    moveTo('2030-03-01T09:30:00.000Z');
    await fixtures.play(agent.player, 1);
    moveTo('2030-03-01T10:30:00.000Z');
    await fixtures.play(agent.player, 5_000);
    moveTo('2030-03-01T11:00:00.000Z');
    await signInAgain();
    expect(await settle('2030-03-01T16')).toMatchObject({ paid: 0, nothingDue: 1, awaitingApproval: 0 });
    expect(await settle('2030-03-01T17')).toMatchObject({
      paid: 1,
      amountPaid: THRESHOLD,
      awaitingApproval: 0,
    });
    // The day's running total is at the threshold: the second settlement waits.
    expect(await settle('2030-03-01T18')).toMatchObject({ paid: 0, awaitingApproval: 1 });
    expect(await available(agent.row)).toBe(THRESHOLD);

    const waiting = await value(adminCalls.adminSettlements, operators.payer, {
      query: { username, status: 'awaiting_approval' },
    });
    expect(waiting.list.map((row) => [row.period, row.amount])).toEqual([['2030-03-01T18', THRESHOLD]]);
    const settlementId = waiting.list[0]!.id;
    const approve = (who: 'proposer' | 'approver' | 'payer') =>
      request(adminCalls.adminDecideSettlement, operators[who], {
        params: { settlementId },
        payload: { decision: 'approve' },
      });
    for (const who of ['proposer', 'approver'] as const) {
      const refused = await approve(who);
      expectFailure(refused, 409, 'SECOND_APPROVER_REQUIRED');
      expect(JSON.parse(refused.body)).toMatchObject({ value: { reason: `contract_${who}` } });
    }
    expect(answerValue(adminCalls.adminDecideSettlement, await approve('payer'))).toMatchObject({
      status: 'paid',
      decidedBy: operators.payer.username,
    });
    expect(await available(agent.row)).toBe(2 * THRESHOLD);
  });

  it('counts the running total per GMT+8 day, one settlement at a time: two settled at once cannot both fit', async () => {
    // The next GMT+8 day starts at 2030-03-01T16:00Z; nothing was paid at once in it yet.
    const agent = await agentWithPlayer();
    const proposal = await value(adminCalls.adminOfferContract, operators.proposer, {
      payload: { username: agent.row.username, ...FOR_ONE_DONG },
    });
    await value(adminCalls.adminApproveContract, operators.approver, { params: { contractId: proposal.id } });
    answerValue(
      API.acceptContract,
      await call(suite.app, API.acceptContract, agent.caller, { payload: { contractId: proposal.id } }),
    );
    moveTo('2030-03-01T16:10:00.000Z');
    await fixtures.play(agent.player, 1_000);
    moveTo('2030-03-01T17:10:00.000Z');
    await fixtures.play(agent.player, 1_000);
    moveTo('2030-03-01T18:00:00.000Z');
    await signInAgain();
    const runs = await Promise.all([settle('2030-03-02T00'), settle('2030-03-02T01')]);
    expect(runs.map((run) => [run.paid, run.awaitingApproval]).sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(await available(agent.row)).toBe(THRESHOLD);
  });
});
