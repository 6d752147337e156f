import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { call } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

const MESSAGE = 'I run a Zalo group of 300 players in Da Nang.';
const SALARY = {
  kind: 'salary',
  terms: { tiers: [{ minTurnover: 10_000_000, minActiveMembers: 2, salary: 200_000 }] },
} as const;

describeEachDatabase('back office: agent applications, agents and offers under four eyes', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    owner: 'owner',
    support: 'support',
    finance: 'finance',
  });
  type Caller = Awaited<ReturnType<typeof suite.newMember>>['caller'];

  const apply = (caller: Caller, payload: object = { message: MESSAGE, contact: 'Zalo 0912345678' }) =>
    call(suite.app, API.agentApply, caller, { payload });
  const stateOf = async (caller: Caller) =>
    answerValue(API.agentApplicationState, await call(suite.app, API.agentApplicationState, caller));
  const decide = (applicationId: string, payload: object) =>
    request(adminCalls.adminDecideAgentApplication, operators.owner, { params: { applicationId }, payload });

  it('takes one application at a time; the operator approves it and the member becomes an agent', async () => {
    const { row, caller } = await suite.newMember();
    expect(await stateOf(caller)).toEqual({ isAgent: false, application: null });
    expectFailure(await apply(caller, { message: 'short' }), 400, 'INVALID_INPUT');
    const sent = answerValue(API.agentApply, await apply(caller));
    expect(sent).toMatchObject({
      status: 'pending',
      message: MESSAGE,
      contact: 'Zalo 0912345678',
      decidedAt: null,
    });
    expectFailure(await apply(caller), 409, 'AGENT_APPLICATION_PENDING');
    expect((await stateOf(caller)).application?.id).toBe(sent.id);

    const trial = await suite.newMember({ type: 4 });
    expectFailure(await apply(trial.caller), 403, 'FEATURE_NOT_ENABLED');

    const waiting = await value(adminCalls.adminAgentApplications, operators.support, {
      query: { status: 'pending' },
    });
    expect(waiting.list.find((item) => item.id === sent.id)).toMatchObject({
      memberId: row.id,
      username: row.username,
      status: 'pending',
    });
    // Support reads, never decides.
    expectFailure(
      await request(adminCalls.adminDecideAgentApplication, operators.support, {
        params: { applicationId: sent.id },
        payload: { decision: 'approve' },
      }),
      403,
      'PERMISSION_DENIED',
    );

    const approved = answerValue(
      adminCalls.adminDecideAgentApplication,
      await decide(sent.id, { decision: 'approve', note: 'Welcome aboard' }),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: operators.owner.username,
      note: 'Welcome aboard',
    });
    expect(await stateOf(caller)).toMatchObject({
      isAgent: true,
      application: { id: sent.id, status: 'approved', note: 'Welcome aboard' },
    });
    answerValue(API.agentCreateLink, await call(suite.app, API.agentCreateLink, caller, { payload: {} }));
    expectFailure(await apply(caller), 409, 'ALREADY_AGENT');

    // Deciding again, or an unknown application.
    expectFailure(await decide(sent.id, { decision: 'refuse' }), 409, 'ALREADY_AGENT');
    expectFailure(await decide(randomUUID(), { decision: 'approve' }), 404, 'NOT_FOUND');

    const trail = await auditTrail(operators.owner, 'agent_application', sent.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'agent_application.approve',
      operatorUsername: operators.owner.username,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
  });

  it('refuses an application with a note; the member may apply again', async () => {
    const { caller } = await suite.newMember();
    const sent = answerValue(API.agentApply, await apply(caller, { message: MESSAGE }));
    const refused = answerValue(
      adminCalls.adminDecideAgentApplication,
      await decide(sent.id, { decision: 'refuse', note: 'Not enough players yet' }),
    );
    expect(refused).toMatchObject({ status: 'refused', contact: null, note: 'Not enough players yet' });
    expect(await stateOf(caller)).toMatchObject({ isAgent: false, application: { status: 'refused' } });
    expectFailure(await decide(sent.id, { decision: 'approve' }), 400, 'INVALID_INPUT');
    expectFailure(await call(suite.app, API.agentLinks, caller), 409, 'MEMBER_NOT_AGENT');
    expect((await auditTrail(operators.owner, 'agent_application', sent.id))[0]?.action).toBe(
      'agent_application.refuse',
    );
    answerValue(API.agentApply, await apply(caller));
  });

  it('makes agents directly, lists them, and offers them contracts, every action audited', async () => {
    const { row, caller } = await suite.newMember();
    const made = await value(adminCalls.adminMakeAgent, operators.owner, {
      payload: { username: row.username },
    });
    expect(made).toMatchObject({ username: row.username, type: 1, level: 1, activeLinks: 0, contracts: [] });
    expect(await auditTrail(operators.owner, 'member', row.id)).toMatchObject([
      { action: 'agent.create', before: { type: 0 }, after: { type: 1, level: 1 } },
    ]);
    expectFailure(
      await request(adminCalls.adminMakeAgent, operators.support, { payload: { username: row.username } }),
      403,
      'PERMISSION_DENIED',
    );

    const plain = await suite.newMember();
    expectFailure(
      await request(adminCalls.adminOfferContract, operators.owner, {
        payload: { username: plain.row.username, ...SALARY },
      }),
      409,
      'MEMBER_NOT_AGENT',
    );
    const offered = await value(adminCalls.adminOfferContract, operators.owner, {
      payload: { username: row.username, ...SALARY },
    });
    expect(offered).toMatchObject({
      kind: 'salary',
      status: 'proposed',
      username: row.username,
      terms: SALARY.terms,
      proposedBy: operators.owner.username,
      approvedBy: null,
      approval: { youMay: false },
    });
    expect(offered.approval.eligible).toContain(operators.finance.username);
    expect(offered.approval.eligible).not.toContain(operators.owner.username);
    expect(offered.approval.eligible).not.toContain(operators.support.username);
    expect((await auditTrail(operators.owner, 'agent_contract', offered.id))[0]).toMatchObject({
      action: 'agent_contract.propose',
      operatorUsername: operators.owner.username,
      after: { username: row.username, status: 'proposed', proposedBy: operators.owner.username },
    });

    // The proposals waiting, with who may decide: support reads them, the finance operator may decide.
    const read = await value(adminCalls.adminContractProposals, operators.support, {
      query: { pageSize: '100' },
    });
    expect(read.list.find((item) => item.id === offered.id)).toMatchObject({
      proposedBy: operators.owner.username,
      approval: { youMay: false },
    });
    const forFinance = await value(adminCalls.adminContractProposals, operators.finance, {
      query: { pageSize: '100' },
    });
    expect(forFinance.list.find((item) => item.id === offered.id)?.approval.youMay).toBe(true);
    expectFailure(
      await request(adminCalls.adminApproveContract, operators.support, {
        params: { contractId: offered.id },
      }),
      403,
      'PERMISSION_DENIED',
    );

    // Its proposer cannot decide it; two approvals at once approve once.
    for (const entry of [adminCalls.adminApproveContract, adminCalls.adminRejectContract]) {
      expectFailure(
        await request(entry, operators.owner, { params: { contractId: offered.id } }),
        409,
        'SECOND_APPROVER_REQUIRED',
      );
    }
    const approvals = await Promise.all(
      [0, 1].map(() =>
        request(adminCalls.adminApproveContract, operators.finance, { params: { contractId: offered.id } }),
      ),
    );
    expect(approvals.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expectFailure(
      approvals.find((response) => response.statusCode === 409)!,
      409,
      'CONTRACT_CLOSED',
    );
    const approved = answerValue(
      adminCalls.adminApproveContract,
      approvals.find((response) => response.statusCode === 200)!,
    );
    expect(approved).toMatchObject({
      id: offered.id,
      status: 'pending',
      proposedBy: operators.owner.username,
      approvedBy: operators.finance.username,
      approval: { eligible: [], youMay: false },
    });
    expectFailure(
      await request(adminCalls.adminRejectContract, operators.finance, {
        params: { contractId: offered.id },
      }),
      409,
      'CONTRACT_CLOSED',
    );
    expect(
      (
        await value(adminCalls.adminContractProposals, operators.finance, { query: { pageSize: '100' } })
      ).list.map((item) => item.id),
    ).not.toContain(offered.id);
    const trail = await auditTrail(operators.owner, 'agent_contract', offered.id);
    expect(trail.map((entry) => [entry.action, entry.operatorUsername])).toEqual([
      ['agent_contract.approve', operators.finance.username],
      ['agent_contract.propose', operators.owner.username],
    ]);
    expect(trail[0]).toMatchObject({
      before: { status: 'proposed' },
      after: {
        status: 'pending',
        proposedBy: operators.owner.username,
        approvedBy: operators.finance.username,
      },
    });

    // Accepted by the agent: the list shows the kind.
    const accepted = await call(suite.app, API.acceptContract, caller, {
      payload: { contractId: offered.id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const page = await value(adminCalls.adminAgents, operators.support, {
      query: { username: row.username },
    });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      memberId: row.id,
      directSize: 0,
      teamSize: 0,
      contracts: ['salary'],
    });
  });

  it('a newer proposal replaces the one waiting; a rejected one never reaches the agent, audited with both operators', async () => {
    const { row, caller } = await suite.newMember();
    await value(adminCalls.adminMakeAgent, operators.owner, { payload: { username: row.username } });
    const first = await value(adminCalls.adminOfferContract, operators.finance, {
      payload: { username: row.username, ...SALARY },
    });
    suite.time.advance(1000);
    const second = await value(adminCalls.adminOfferContract, operators.finance, {
      payload: { username: row.username, offeredBy: 'Đại lý tổng', ...SALARY },
    });
    expect((await auditTrail(operators.owner, 'agent_contract', second.id))[0]).toMatchObject({
      action: 'agent_contract.propose',
      before: { replacedId: first.id },
    });
    expectFailure(
      await request(adminCalls.adminApproveContract, operators.owner, { params: { contractId: first.id } }),
      409,
      'CONTRACT_CLOSED',
    );
    const waiting = await value(adminCalls.adminContractProposals, operators.owner, {
      query: { pageSize: '100' },
    });
    const mine = waiting.list.filter((item) => item.memberId === row.id);
    expect(mine.map((item) => [item.id, item.offeredBy, item.approval.youMay])).toEqual([
      [second.id, 'Đại lý tổng', true],
    ]);

    const rejected = await value(adminCalls.adminRejectContract, operators.owner, {
      params: { contractId: second.id },
    });
    expect(rejected).toMatchObject({ status: 'rejected', proposedBy: operators.finance.username });
    expect((await auditTrail(operators.owner, 'agent_contract', second.id))[0]).toMatchObject({
      action: 'agent_contract.reject',
      operatorUsername: operators.owner.username,
      before: { status: 'proposed' },
      after: { status: 'rejected', proposedBy: operators.finance.username },
    });
    const contract = await call(suite.app, API.agentContract, caller, { query: { kind: 'salary' } });
    expect(answerValue(API.agentContract, contract).contract).toBeNull();
    expect(
      answerValue(API.contractRequests, await call(suite.app, API.contractRequests, caller)),
    ).toMatchObject({ dailysalreqtype: 0 });
    expectFailure(
      await request(adminCalls.adminApproveContract, operators.owner, {
        params: { contractId: randomUUID() },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('an offer whose tier pays for no play is refused before anything is written', async () => {
    const { row } = await suite.newMember();
    await value(adminCalls.adminMakeAgent, operators.owner, { payload: { username: row.username } });
    const zero = [
      { kind: 'hourly', terms: { tiers: [{ minTurnover: 0, amount: 10_000_000 }] } },
      { kind: 'salary', terms: { tiers: [{ minTurnover: 0, minActiveMembers: 0, salary: 1_000_000 }] } },
      {
        kind: 'dividend',
        terms: { period: 'half_month', tiers: [{ minNetLoss: 0, minActiveMembers: 0, percentBp: 5000 }] },
      },
    ];
    for (const terms of zero) {
      expectFailure(
        await request(adminCalls.adminOfferContract, operators.finance, {
          payload: { username: row.username, ...terms },
        }),
        400,
        'INVALID_INPUT',
      );
    }
    const waiting = await value(adminCalls.adminContractProposals, operators.owner, {
      query: { pageSize: '100' },
    });
    expect(waiting.list.filter((item) => item.memberId === row.id)).toEqual([]);
  });
});
