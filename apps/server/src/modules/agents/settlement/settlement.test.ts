import { API, SESSION_COOKIE } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { ContractTerms } from '@kl/contracts/agent-contracts';
import type { ApiEntry } from '@kl/contracts/api-call';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerTransaction, type MemberRow, operatorAudit } from '../../../db/schema/index.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { MemberCaller } from '../../../test/suite.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { testConfig } from '../../../test/app.ts';
import { pathOf } from '../../../test/back-office.ts';
import { freshIp } from '../../../test/accounts.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { createAgentContractRepository, createAgentContractService } from '../../agent-contracts/index.ts';
import { checkDeposits } from '../../deposit/index.ts';
import { checkLedger, checkWagering, createWalletModule } from '../../wallet/index.ts';
import { checkWithdrawals } from '../../withdrawal/index.ts';
import { createTestMember, sessionOf } from '../../wallet/testing.ts';
import { createSettlementService, type SettlementService } from './service.ts';
import { useSettlementSuite } from './testing.ts';

const THRESHOLD = 1_000_000;

const SALARY: ContractTerms = {
  kind: 'salary',
  terms: {
    tiers: [
      { minTurnover: 1_000_000, minActiveMembers: 2, salary: 200_000 },
      { minTurnover: 3_000_000, minActiveMembers: 2, salary: 500_000 },
      { minTurnover: 10_000_000, minActiveMembers: 2, salary: 5_000_000 },
    ],
  },
};
const HOURLY: ContractTerms = {
  kind: 'hourly',
  terms: { tiers: [{ minTurnover: 500_000, amount: 20_000 }] },
};
const DIVIDEND: ContractTerms = {
  kind: 'dividend',
  terms: { period: 'half_month', tiers: [{ minNetLoss: 100_000, minActiveMembers: 1, percentBp: 1000 }] },
};

describeEachDatabase('agent settlements', { embedded: true }, (kind) => {
  const { suite, operators, request, value, db, fixtures, moveTo, signInAgain } = useSettlementSuite(
    kind,
    { finance: 'finance', support: 'support' },
    THRESHOLD,
  );
  const { time } = suite;
  let service: SettlementService;

  beforeAll(() => {
    const clock = time.clock;
    service = createSettlementService({
      db: db(),
      clock,
      config: testConfig({ agentSettlementApprovalThreshold: THRESHOLD }),
      merchantCode: 'kimlong',
      ledgerService: createWalletModule({ db: db(), clock }).ledgerService,
      agentContractService: createAgentContractService({
        db: db(),
        contracts: createAgentContractRepository(db()),
        clock,
      }),
    });
  });

  /** A fresh session of a member (an earlier one expires while the clock moves on). */
  const relogin = async (row: MemberRow): Promise<MemberCaller> => ({
    ip: freshIp(),
    cookie: await sessionOf(db(), row, time.clock),
  });

  /** An agent with an accepted contract, and `size` funded members in its direct downline. */
  const agentWithTeam = async (contract: ContractTerms, size: number) => {
    const agentMember = await suite.newMember({ type: 1 });
    await fixtures.topAgent(agentMember.row.id);
    const contractId = await fixtures.accepted(agentMember.row.id, contract);
    const team: string[] = [];
    for (let index = 0; index < size; index += 1) {
      const row = await createTestMember(db());
      await suite.fund(row.id, 20_000_000);
      team.push(row.id);
    }
    await fixtures.underAgent(agentMember.row.id, team);
    return { ...agentMember, contractId, team };
  };

  const memberGet = (
    caller: MemberCaller,
    entry: Pick<ApiEntry, 'method' | 'path'>,
    options: { params?: Record<string, string>; query?: Record<string, string> } = {},
  ) =>
    suite.app.inject({
      method: entry.method,
      url: pathOf(entry, options.params),
      remoteAddress: caller.ip,
      headers: { cookie: `${SESSION_COOKIE}=${caller.cookie}`, 'accept-language': 'en' },
      query: options.query ?? {},
    });

  const commissionsOf = (memberId: string) =>
    db()
      .select()
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.memberId, memberId), eq(ledgerTransaction.kind, 'agent_commission')));

  const expectLedgerSound = async () => {
    expect((await checkLedger(db())).problems).toEqual([]);
    expect((await checkWagering(db())).problems).toEqual([]);
    expect((await checkDeposits(db())).problems).toEqual([]);
    expect((await checkWithdrawals(db())).problems).toEqual([]);
  };

  it('settles a closed day once: the salary of the tier reached, paid into the agent’s wallet', async () => {
    // 2030-03-01T08:00Z is 16:00 of 2030-03-01 in GMT+8.
    const a = await agentWithTeam(SALARY, 2);
    await fixtures.play(a.team[0]!, 600_000);
    await fixtures.play(a.team[1]!, 400_000, 100_000);
    // Outside the team: not counted.
    const stranger = await createTestMember(db());
    await suite.fund(stranger.id, 20_000_000);
    await fixtures.play(stranger.id, 9_000_000);

    await expect(service.settle('2030-03-01', { by: 'test' })).rejects.toMatchObject({
      code: 'PERIOD_NOT_CLOSED',
    });
    time.advance(60_000);
    // The last instant of the day still belongs to it.
    moveTo('2030-03-01T15:59:59.999Z');
    await fixtures.play(a.team[0]!, 1);
    await expect(service.settle('2030-03-01', { by: 'test' })).rejects.toThrow(DomainError);

    moveTo('2030-03-01T16:00:00.000Z');
    const first = await service.settle('2030-03-01', { by: 'test' });
    expect(first).toMatchObject({
      periods: [
        '2030-03-01',
        ...Array.from({ length: 24 }, (_, h) => `2030-03-01T${String(h).padStart(2, '0')}`),
      ],
      paid: 1,
      awaitingApproval: 0,
      alreadySettled: 0,
      amountPaid: 200_000,
    });
    const again = await service.settle('2030-03-01', { by: 'test' });
    expect(again).toMatchObject({ paid: 0, alreadySettled: 1, amountPaid: 0 });
    await Promise.all([service.settle('2030-03-01', { by: 'x' }), service.settle('2030-03-01', { by: 'y' })]);

    expect((await suite.walletOf(a.caller)).available).toBe(200_000);
    const commissions = await commissionsOf(a.row.id);
    expect(commissions.map((row) => [row.idempotencyKey, row.amount])).toEqual([
      [`agent:salary:${a.row.id}:2030-03-01`, 200_000n],
    ]);
    await expectLedgerSound();

    const page = answerValue(API.agentStatements, await memberGet(a.caller, API.agentStatements));
    expect(page.total).toBe(1);
    const [statement] = page.list;
    expect(statement).toMatchObject({
      kind: 'salary',
      period: '2030-03-01',
      periodStart: '2030-02-28T16:00:00.000Z',
      periodEnd: '2030-03-01T16:00:00.000Z',
      contractId: a.contractId,
      amount: 200_000,
      status: 'paid',
      basis: { turnover: 1_000_001, activeMembers: 2, tier: 0, netLoss: null, carriedIn: null },
    });
    expect(commissions[0]?.reference).toBe(`agent-settlement:${statement!.id}`);
    const one = answerValue(
      API.agentStatement,
      await memberGet(a.caller, API.agentStatement, { params: { id: statement!.id } }),
    );
    expect(one).toEqual(statement);
  });

  it('settles an hour: the hour at midnight GMT+8 from its own rounds, an hour below the tier pays nothing', async () => {
    // Now 2030-03-02 00:00 GMT+8.
    const b = await agentWithTeam(HOURLY, 1);
    time.advance(10 * 60_000);
    await fixtures.play(b.team[0]!, 500_000);
    moveTo('2030-03-01T17:30:00.000Z');
    await fixtures.play(b.team[0]!, 499_999);
    await expect(service.settle('2030-03-02T01', { by: 'test' })).rejects.toMatchObject({
      code: 'PERIOD_NOT_CLOSED',
    });
    moveTo('2030-03-01T18:00:00.000Z');
    // Two runs at once (two processes' schedulers): one writes and pays, the other finds it settled.
    const runs = await Promise.all([
      service.settle('2030-03-02T00', { by: 'one' }),
      service.settle('2030-03-02T00', { by: 'two' }),
    ]);
    expect(runs.map((run) => [run.paid, run.amountPaid, run.alreadySettled]).sort()).toEqual([
      [0, 0, 1],
      [1, 20_000, 0],
    ]);
    expect(runs[0]).toMatchObject({ periods: ['2030-03-02T00'], awaitingApproval: 0, nothingDue: 0 });
    expect(await service.settle('2030-03-02T01', { by: 'test' })).toMatchObject({ paid: 0, nothingDue: 1 });
    expect(await service.settle('2030-03-02T00', { by: 'test' })).toMatchObject({
      paid: 0,
      alreadySettled: 1,
    });
    expect((await suite.walletOf(b.caller)).available).toBe(20_000);

    const page = answerValue(
      API.agentStatements,
      await memberGet(b.caller, API.agentStatements, { query: { kind: 'hourly' } }),
    );
    expect(page.list.map((row) => [row.period, row.status, row.amount])).toEqual([
      ['2030-03-02T01', 'nothing_due', 0],
      ['2030-03-02T00', 'paid', 20_000],
    ]);
    const salaries = answerValue(
      API.agentStatements,
      await memberGet(b.caller, API.agentStatements, { query: { kind: 'salary' } }),
    );
    expect(salaries.total).toBe(0);
  });

  it('above the threshold a settlement waits for finance: approved once under parallel approvals, or refused', async () => {
    const c = await agentWithTeam(SALARY, 2);
    const d = await agentWithTeam(SALARY, 2);
    for (const member of [...c.team, ...d.team]) await fixtures.play(member, 5_000_000);
    moveTo('2030-03-02T16:00:00.000Z');
    await signInAgain();

    expectFailure(
      await request(adminCalls.adminSettlePeriod, operators.support, { payload: { period: '2030-03-02' } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await request(adminCalls.adminSettlePeriod, operators.finance, { payload: { period: '2030-03-03' } }),
      409,
      'PERIOD_NOT_CLOSED',
    );
    expectFailure(
      await request(adminCalls.adminSettlePeriod, operators.finance, { payload: { period: '2030-03-32' } }),
      400,
      'INVALID_INPUT',
    );
    const result = await value(adminCalls.adminSettlePeriod, operators.finance, {
      payload: { period: '2030-03-02' },
    });
    // c and d wait; the hourly agent's two hours were settled before.
    expect(result).toMatchObject({ paid: 0, awaitingApproval: 2, amountPaid: 0 });
    expect(result.alreadySettled).toBeGreaterThanOrEqual(2);

    const waiting = await value(adminCalls.adminSettlements, operators.support, {
      query: { status: 'awaiting_approval' },
    });
    expect(waiting.awaitingApproval).toBe(2);
    expect(waiting.list.map((row) => [row.username, row.amount, row.status]).sort()).toEqual(
      [
        [c.row.username, 5_000_000, 'awaiting_approval'],
        [d.row.username, 5_000_000, 'awaiting_approval'],
      ].sort(),
    );
    const ofC = waiting.list.find((row) => row.agentMemberId === c.row.id)!;
    const ofD = waiting.list.find((row) => row.agentMemberId === d.row.id)!;
    const byName = await value(adminCalls.adminSettlements, operators.finance, {
      query: { username: c.row.username.slice(1), kind: 'salary' },
    });
    expect(byName.list.map((row) => row.id)).toEqual([ofC.id]);
    expect(byName.awaitingApproval).toBe(2);

    const decide = (id: string, decision: 'approve' | 'refuse', note?: string) =>
      request(adminCalls.adminDecideSettlement, operators.finance, {
        params: { settlementId: id },
        payload: { decision, ...(note && { note }) },
      });
    const approvals = await Promise.all([decide(ofC.id, 'approve'), decide(ofC.id, 'approve')]);
    expect(approvals.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const approved = approvals.find((response) => response.statusCode === 200)!;
    expect(answerValue(adminCalls.adminDecideSettlement, approved)).toMatchObject({
      status: 'paid',
      decidedBy: operators.finance.username,
      amount: 5_000_000,
    });
    expectFailure(
      approvals.find((response) => response.statusCode === 409)!,
      409,
      'SETTLEMENT_CLOSED',
    );
    expect((await suite.walletOf(c.caller)).available).toBe(5_000_000);
    expect(await commissionsOf(c.row.id)).toHaveLength(1);

    const refused = answerValue(
      adminCalls.adminDecideSettlement,
      await decide(ofD.id, 'refuse', 'team play under review'),
    );
    expect(refused).toMatchObject({ status: 'refused', note: 'team play under review', amount: 5_000_000 });
    expectFailure(await decide(ofD.id, 'approve'), 409, 'SETTLEMENT_CLOSED');
    expect((await suite.walletOf(d.caller)).available).toBe(0);
    expect(await commissionsOf(d.row.id)).toHaveLength(0);
    expectFailure(
      await request(adminCalls.adminDecideSettlement, operators.support, {
        params: { settlementId: ofD.id },
        payload: { decision: 'approve' },
      }),
      403,
      'PERMISSION_DENIED',
    );

    const after = await value(adminCalls.adminSettlements, operators.finance, {
      query: { status: 'awaiting_approval' },
    });
    expect(after.awaitingApproval).toBe(0);
    await expectLedgerSound();

    // Each agent reads its own statement only.
    expectFailure(
      await memberGet(d.caller, API.agentStatement, { params: { id: ofC.id } }),
      404,
      'NOT_FOUND',
    );
    expect(
      answerValue(
        API.agentStatement,
        await memberGet(d.caller, API.agentStatement, { params: { id: ofD.id } }),
      ),
    ).toMatchObject({ status: 'refused', amount: 5_000_000 });
  });

  it('the audit log records finance’s decisions and the periods it settled, by whom', async () => {
    const entries = await db()
      .select()
      .from(operatorAudit)
      .where(like(operatorAudit.action, 'agent_settlement.%'));
    expect(entries.map((entry) => [entry.action, entry.operatorUsername]).sort()).toEqual([
      ['agent_settlement.approve', operators.finance.username],
      ['agent_settlement.refuse', operators.finance.username],
      ['agent_settlement.settle_period', operators.finance.username],
    ]);
    const refusal = entries.find((entry) => entry.action === 'agent_settlement.refuse');
    expect(refusal?.before).toMatchObject({ status: 'awaiting_approval' });
    expect(refusal?.after).toMatchObject({ status: 'refused', note: 'team play under review' });
  });

  it('carries a dividend’s negative periods forward until the team’s loss covers them', async () => {
    // Now 2030-03-03 00:00 GMT+8, in 2030-03-H1.
    const e = await agentWithTeam(DIVIDEND, 1);
    const [player] = e.team as [string];
    await fixtures.play(player, 100_000, 500_000);
    moveTo('2030-03-15T16:00:00.000Z');
    expect(await service.settle('2030-03-H1', { by: 'test' })).toMatchObject({
      periods: ['2030-03-H1'],
      nothingDue: 1,
      paid: 0,
    });

    await fixtures.play(player, 600_000, 300_000);
    moveTo('2030-03-31T16:00:00.000Z');
    expect(await service.settle('2030-03-H2', { by: 'test' })).toMatchObject({ nothingDue: 1, paid: 0 });
    // A monthly settlement leaves half-month contracts alone.
    expect(await service.settle('2030-03', { by: 'test' })).toMatchObject({
      paid: 0,
      nothingDue: 0,
      alreadySettled: 0,
    });

    await fixtures.play(player, 1_100_000);
    moveTo('2030-04-15T16:00:00.000Z');
    expect(await service.settle('2030-04-H1', { by: 'test' })).toMatchObject({
      paid: 1,
      amountPaid: 100_000,
    });

    const caller = await relogin(e.row);
    const page = answerValue(API.agentStatements, await memberGet(caller, API.agentStatements));
    expect(page.list.map((row) => [row.period, row.status, row.amount, row.basis])).toEqual([
      [
        '2030-04-H1',
        'paid',
        100_000,
        {
          turnover: 1_100_000,
          activeMembers: 1,
          netLoss: 1_100_000,
          carriedIn: -100_000,
          carriedOut: 0,
          tier: 0,
          percentBp: 1000,
        },
      ],
      [
        '2030-03-H2',
        'nothing_due',
        0,
        expect.objectContaining({ netLoss: 300_000, carriedIn: -400_000, carriedOut: -100_000, tier: null }),
      ],
      [
        '2030-03-H1',
        'nothing_due',
        0,
        expect.objectContaining({ netLoss: -400_000, carriedIn: 0, carriedOut: -400_000, tier: null }),
      ],
    ]);
    expect((await suite.walletOf(caller)).available).toBe(100_000);
    const keys = await db()
      .select({ key: ledgerTransaction.idempotencyKey })
      .from(ledgerTransaction)
      .where(like(ledgerTransaction.idempotencyKey, `agent:dividend:${e.row.id}:%`));
    expect(keys).toEqual([{ key: `agent:dividend:${e.row.id}:2030-04-H1` }]);
    await expectLedgerSound();
  });

  it('contracts and statements are for agents only; an agent sees every contract it was offered', async () => {
    const member = await suite.newMember();
    for (const entry of [API.agentContracts, API.agentStatements]) {
      expectFailure(await memberGet(member.caller, entry), 409, 'MEMBER_NOT_AGENT');
    }
    const f = await suite.newMember({ type: 1 });
    await fixtures.topAgent(f.row.id);
    const first = await fixtures.accepted(f.row.id, SALARY);
    time.advance(1000);
    const second = await fixtures.accepted(f.row.id, HOURLY);
    const { contracts } = answerValue(API.agentContracts, await memberGet(f.caller, API.agentContracts));
    expect(contracts.map((contract) => [contract.id, contract.kind, contract.status])).toEqual([
      [second, 'hourly', 'accepted'],
      [first, 'salary', 'accepted'],
    ]);
  });
});
