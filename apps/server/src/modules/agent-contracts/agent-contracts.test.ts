import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { agentContract, agentContractAnswer, contractRequests } from '@kl/contracts/agent-contracts';
import { successEnvelope } from '@kl/contracts/envelope';
import { expect, it } from 'vitest';
import { call, freshIp } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { useBackOfficeSuite } from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const SALARY = {
  kind: 'salary',
  terms: {
    tiers: [
      { minTurnover: 10_000_000, minActiveMembers: 5, salary: 200_000 },
      { minTurnover: 50_000_000, minActiveMembers: 10, salary: 1_200_000 },
    ],
  },
} as const;
const DIVIDEND = {
  kind: 'dividend',
  terms: { period: 'half_month', tiers: [{ minNetLoss: 20_000_000, minActiveMembers: 8, percentBp: 1500 }] },
} as const;
const HOURLY = { kind: 'hourly', terms: { tiers: [{ minTurnover: 2_000_000, amount: 20_000 }] } } as const;

describeEachDatabase('agent contracts', (kind) => {
  // Offers are made in the back office: one operator proposes, another approves (docs/agents.md).
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    proposer: 'finance',
    approver: 'owner',
  });
  const { time } = suite;
  const newMember = (type = 1) => suite.newMember({ type });
  type Caller = Awaited<ReturnType<typeof newMember>>['caller'];

  /** A call of the retired shared-token operator API, with a bearer token. */
  const tokenCall = (path: string, payload: unknown) =>
    suite.app.inject({
      method: 'POST',
      url: path,
      headers: { 'accept-language': 'en', authorization: 'Bearer test-ops-token-for-agent-contracts' },
      payload: payload as object,
    });
  const propose = (username: string, terms: object = SALARY) =>
    request(adminCalls.adminOfferContract, operators.proposer, { payload: { username, ...terms } });
  /** An offer the agent is shown: proposed by one operator, approved by the other. */
  const offer = async (username: string, terms: object = SALARY) => {
    const proposal = await value(adminCalls.adminOfferContract, operators.proposer, {
      payload: { username, ...terms },
    });
    expect(proposal.status).toBe('proposed');
    return value(adminCalls.adminApproveContract, operators.approver, {
      params: { contractId: proposal.id },
    });
  };
  const requestsOf = async (caller: Caller) => {
    const response = await call(suite.app, API.contractRequests, caller);
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(contractRequests).parse(json(response)).value;
  };
  const contractOf = async (caller: Caller, contractKind: string) => {
    const response = await call(suite.app, API.agentContract, caller, { query: { kind: contractKind } });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(agentContractAnswer).parse(json(response)).value.contract;
  };
  const answer = (caller: Caller, entry: { method: string; path: string }, contractId: string) =>
    call(suite.app, entry, caller, { payload: { contractId } });

  it('offer → the contract reply names it → accept once → a second answer is refused', async () => {
    const { row, caller } = await newMember();
    expect(await requestsOf(caller)).toEqual({
      dailysalreqtype: 0,
      divtypecompperiodreq: 0,
      contracthoursalreq: 0,
    });
    expect(await contractOf(caller, 'salary')).toBeNull();

    time.advance(1000);
    const offered = await offer(row.username.toUpperCase());
    expect(offered).toMatchObject({
      memberId: row.id,
      kind: 'salary',
      status: 'pending',
      offeredBy: 'operator',
      currency: 'VND',
      proposedBy: operators.proposer.username,
      approvedBy: operators.approver.username,
    });
    expect(await requestsOf(caller)).toEqual({
      dailysalreqtype: 1,
      divtypecompperiodreq: 0,
      contracthoursalreq: 0,
    });

    const shown = await contractOf(caller, 'salary');
    expect(shown).toMatchObject({
      id: offered.id,
      status: 'pending',
      terms: SALARY.terms,
      answeredAt: null,
    });

    const accepted = await answer(caller, API.acceptContract, offered.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const value = successEnvelope(agentContract).parse(json(accepted)).value;
    expect(value.status).toBe('accepted');
    expect(value.answeredAt).toBe(time.clock().toISOString());

    for (const entry of [API.acceptContract, API.refuseContract]) {
      const again = await answer(caller, entry, offered.id);
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ code: 'CONTRACT_CLOSED', value: { status: 'accepted' } });
    }
    expect(await requestsOf(caller)).toEqual({
      dailysalreqtype: 0,
      divtypecompperiodreq: 0,
      contracthoursalreq: 0,
    });
    // Answered contracts stay readable.
    expect(await contractOf(caller, 'salary')).toMatchObject({ id: offered.id, status: 'accepted' });
  });

  it('answers once when accept and refuse arrive together', async () => {
    const { row, caller } = await newMember(2);
    const offered = await offer(row.username, HOURLY);
    const answers = await Promise.all([
      answer(caller, API.acceptContract, offered.id),
      answer(caller, API.refuseContract, offered.id),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses; each kind has its own field; a refused contract stays readable', async () => {
    const { row, caller } = await newMember();
    await offer(row.username, SALARY);
    const dividend = await offer(row.username, DIVIDEND);
    await offer(row.username, HOURLY);
    expect(await requestsOf(caller)).toEqual({
      dailysalreqtype: 1,
      divtypecompperiodreq: 1,
      contracthoursalreq: 1,
    });

    const refused = await answer(caller, API.refuseContract, dividend.id);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await requestsOf(caller)).toEqual({
      dailysalreqtype: 1,
      divtypecompperiodreq: 0,
      contracthoursalreq: 1,
    });
    expect(await contractOf(caller, 'dividend')).toMatchObject({
      status: 'refused',
      terms: DIVIDEND.terms,
    });
  });

  it('a new offer of a kind supersedes the waiting one', async () => {
    const { row, caller } = await newMember();
    const first = await offer(row.username);
    time.advance(1000);
    const second = await offer(row.username, {
      kind: 'salary',
      terms: { tiers: [{ minTurnover: 1, minActiveMembers: 0, salary: 50_000 }] },
    });
    expect(await contractOf(caller, 'salary')).toMatchObject({ id: second.id, status: 'pending' });

    const late = await answer(caller, API.acceptContract, first.id);
    expect(late.statusCode).toBe(409);
    expect(json(late)).toMatchObject({ code: 'CONTRACT_CLOSED', value: { status: 'superseded' } });
    expect((await answer(caller, API.acceptContract, second.id)).statusCode).toBe(200);

    // After an answer, a new offer waits again and is the one shown.
    time.advance(1000);
    const third = await offer(row.username);
    expect(await requestsOf(caller)).toMatchObject({ dailysalreqtype: 1 });
    expect(await contractOf(caller, 'salary')).toMatchObject({ id: third.id, status: 'pending' });
  });

  it('the agent sees nothing of a proposal until a second operator approves it, nor of a rejected one', async () => {
    const { row, caller } = await newMember();
    const shown = await offer(row.username);
    time.advance(1000);
    const waiting = await value(adminCalls.adminOfferContract, operators.proposer, {
      payload: { username: row.username, ...SALARY },
    });
    // The offer the agent was shown is still the one it reads and answers.
    expect(await contractOf(caller, 'salary')).toMatchObject({ id: shown.id, status: 'pending' });
    const hourly = await value(adminCalls.adminOfferContract, operators.proposer, {
      payload: { username: row.username, ...HOURLY },
    });
    expect(await requestsOf(caller)).toEqual({
      dailysalreqtype: 1,
      divtypecompperiodreq: 0,
      contracthoursalreq: 0,
    });
    expect(await contractOf(caller, 'hourly')).toBeNull();
    for (const entry of [API.acceptContract, API.refuseContract]) {
      const early = await answer(caller, entry, hourly.id);
      expect(early.statusCode, early.body).toBe(404);
    }
    const listed = await call(suite.app, API.agentContracts, caller);
    expect(successEnvelope(API.agentContracts.response).parse(json(listed)).value.contracts).toEqual([
      expect.objectContaining({ id: shown.id }),
    ]);

    // Rejected: never shown. Approved: it replaces the offer the agent had not answered.
    await value(adminCalls.adminRejectContract, operators.approver, { params: { contractId: hourly.id } });
    expect(await contractOf(caller, 'hourly')).toBeNull();
    expect((await answer(caller, API.acceptContract, hourly.id)).statusCode).toBe(404);
    time.advance(1000);
    await value(adminCalls.adminApproveContract, operators.approver, { params: { contractId: waiting.id } });
    expect(await contractOf(caller, 'salary')).toMatchObject({ id: waiting.id, status: 'pending' });
    expect(json(await answer(caller, API.acceptContract, shown.id))).toMatchObject({
      code: 'CONTRACT_CLOSED',
      value: { status: 'superseded' },
    });
    const history = await call(suite.app, API.agentContracts, caller);
    expect(
      successEnvelope(API.agentContracts.response)
        .parse(json(history))
        .value.contracts.map((contract) => [contract.id, contract.status]),
    ).toEqual([
      [waiting.id, 'pending'],
      [shown.id, 'superseded'],
    ]);
  });

  it('offers only to agents (types 1 and 2)', async () => {
    for (const type of [0, 4, 40, 41, 42]) {
      const { row } = await newMember(type);
      const response = await propose(row.username);
      expect(response.statusCode, `type ${type}`).toBe(409);
      expect(json(response)).toMatchObject({
        code: 'MEMBER_NOT_AGENT',
        message: 'This member is not an agent',
      });
    }
    const unknown = await propose('nobody-here');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ value: { reason: 'member_not_found' } });
  });

  it('refuses bad terms with INVALID_INPUT, a tier with a threshold of zero too', async () => {
    const { row } = await newMember();
    const bad = [
      { kind: 'salary', terms: { tiers: [{ minTurnover: 0, minActiveMembers: 5, salary: 200_000 }] } },
      { kind: 'hourly', terms: { tiers: [{ minTurnover: 0, amount: 10_000_000 }] } },
      {
        kind: 'dividend',
        terms: { period: 'month', tiers: [{ minNetLoss: 0, minActiveMembers: 1, percentBp: 1000 }] },
      },
      { kind: 'salary', terms: { tiers: [] } },
      { kind: 'salary', terms: { tiers: [{ minTurnover: 1.5, minActiveMembers: 1, salary: 10 }] } },
      { kind: 'hourly', terms: { tiers: [{ minTurnover: 100, amount: 0 }] } },
      {
        kind: 'hourly',
        terms: {
          tiers: [
            { minTurnover: 100, amount: 10 },
            { minTurnover: 100, amount: 20 },
          ],
        },
      },
      {
        kind: 'dividend',
        terms: { period: 'week', tiers: [{ minNetLoss: 0, minActiveMembers: 0, percentBp: 10 }] },
      },
      {
        kind: 'dividend',
        terms: { period: 'month', tiers: [{ minNetLoss: 0, minActiveMembers: 0, percentBp: 10001 }] },
      },
      { kind: 'bonus', terms: { tiers: [] } },
    ];
    for (const terms of bad) {
      const response = await propose(row.username, terms);
      expect(response.statusCode, JSON.stringify(terms)).toBe(400);
      expect(json(response)).toMatchObject({ code: 'INVALID_INPUT' });
    }
  });

  it('trial members are never checked and may not read or answer contracts', async () => {
    const { caller } = await newMember(4);
    expect(await requestsOf(caller)).toEqual({
      dailysalreqtype: 0,
      divtypecompperiodreq: 0,
      contracthoursalreq: 0,
    });
    const read = await call(suite.app, API.agentContract, caller, { query: { kind: 'salary' } });
    expect(read.statusCode).toBe(403);
    expect(json(read)).toMatchObject({ code: 'FEATURE_NOT_ENABLED', value: { reason: 'free_reject' } });
  });

  it('a member cannot answer another member’s contract; visitors are refused', async () => {
    const owner = await newMember();
    const other = await newMember();
    const offered = await offer(owner.row.username);
    const response = await answer(other.caller, API.acceptContract, offered.id);
    expect(response.statusCode).toBe(404);
    const visitor = await call(suite.app, API.contractRequests, { ip: freshIp() });
    expect(visitor.statusCode).toBe(401);
  });

  it('a member is made an agent by a named operator in the back office; no token call makes one', async () => {
    const { row, caller } = await newMember(0);
    for (const path of ['/api/ops/agent-contracts/agents', '/api/ops/agent-contracts/offers']) {
      const refused = await tokenCall(path, { username: row.username, ...SALARY });
      expect(refused.statusCode, path).toBe(404);
    }
    // Not an agent: nothing can be offered to it yet.
    expect((await propose(row.username)).statusCode).toBe(409);

    const made = await value(adminCalls.adminMakeAgent, operators.approver, {
      payload: { username: row.username },
    });
    expect(made).toMatchObject({ username: row.username, type: 1, level: 1 });
    const [entry] = await auditTrail(operators.approver, 'member', row.id);
    expect(entry).toMatchObject({
      action: 'agent.create',
      operatorUsername: operators.approver.username,
      before: { username: row.username, type: 0 },
    });

    await offer(row.username);
    expect(await requestsOf(caller)).toMatchObject({ dailysalreqtype: 1 });
  });
});
