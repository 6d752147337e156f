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

describeEachDatabase('back office: agent applications, agents and offers', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    owner: 'owner',
    support: 'support',
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
    expect(offered.contract).toMatchObject({ kind: 'salary', status: 'pending' });
    expect((await auditTrail(operators.owner, 'agent_contract', offered.contract.id))[0]).toMatchObject({
      action: 'agent_contract.offer',
      after: { username: row.username },
    });

    // Accepted by the agent: the list shows the kind.
    const accepted = await call(suite.app, API.acceptContract, caller, {
      payload: { contractId: offered.contract.id },
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
});
