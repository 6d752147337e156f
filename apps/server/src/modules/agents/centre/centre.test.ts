import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import {
  agentAnnouncementPage,
  agentInfo,
  agentKpi,
  downlineMember,
  downlinePage,
  maskUsername,
  parsePeriod,
  teamReport,
} from '@kl/contracts/agents';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeAll, expect, it } from 'vitest';
import { announcement, gameRound } from '../../../db/schema/index.ts';
import { type Caller, call } from '../../../test/accounts.ts';
import { json } from '../../../test/app.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../../test/suite.ts';
import { attach, makeAgent, registeredAt, settlement } from './testing.ts';

/**
 * The agent centre (docs/agents.md, "Agent centre"): agent A has a direct member a1 and a sub-agent S,
 * whose member s1 is in A's team but not its direct downline; agent B has its own member b1.
 */
describeEachDatabase('agent centre', (kind) => {
  const suite = useTestApp(kind, { config: { rateLimitMax: 100_000 } });
  const { database, time, newMember, fund } = suite;
  const db = () => database.current.db;

  type Someone = { id: string; username: string; caller: MemberCaller };
  let A: Someone, S: Someone, a1: Someone, s1: Someone, B: Someone, b1: Someone;
  let stake = 0;
  let payout = 0;

  const someone = async (): Promise<Someone> => {
    const { row, caller } = await newMember();
    return { id: row.id, username: row.username, caller };
  };

  async function get<T extends z.ZodType>(
    schema: T,
    entry: { method: string; path: string },
    caller: Caller,
    query: Record<string, string> = {},
  ): Promise<z.infer<T>> {
    const response = await call(suite.app, entry, caller, { query });
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(json<{ value: unknown }>(response).value);
  }
  const memberPath = (memberId: string) => ({
    method: API.agentDownlineMember.method,
    path: API.agentDownlineMember.path.replace(':memberId', memberId),
  });
  const kpi = (caller: Caller, query: Record<string, string>) => get(agentKpi, API.agentKpi, caller, query);
  const downline = (query: Record<string, string>) => get(downlinePage, API.agentDownline, A.caller, query);

  beforeAll(async () => {
    [A, S, a1, s1, B, b1] = await Promise.all([
      someone(),
      someone(),
      someone(),
      someone(),
      someone(),
      someone(),
    ]);
    await makeAgent(db(), A.id);
    await makeAgent(db(), B.id);
    await attach(db(), a1.id, A.id);
    await attach(db(), S.id, A.id);
    await makeAgent(db(), S.id, A.id);
    await attach(db(), s1.id, S.id);
    await attach(db(), b1.id, B.id);
    // Registered on 2030-02-28 (a1) and 2030-03-01 (S, s1) GMT+8; B's member on 2030-03-01 too.
    await registeredAt(db(), a1.id, new Date('2030-02-28T10:00:00.000Z'));
    await registeredAt(db(), S.id, new Date('2030-03-01T01:00:00.000Z'));
    await registeredAt(db(), s1.id, new Date('2030-03-01T02:00:00.000Z'));
    await registeredAt(db(), b1.id, new Date('2030-03-01T02:00:00.000Z'));

    // The clock is 2030-03-01 16:00 GMT+8.
    await fund(a1.id, 500_000);
    await fund(s1.id, 300_000);
    await fund(b1.id, 1_000_000);
    const spin = await call(suite.app, API.slotSpin, s1.caller, {
      payload: { lineBet: 100, requestKey: randomUUID(), mode: 'wallet' },
    });
    expect(spin.statusCode, spin.body).toBe(200);
    const [round] = await db().select().from(gameRound).where(eq(gameRound.memberId, s1.id));
    stake = Number(round?.stake);
    payout = Number(round?.payout);
    expect(stake).toBeGreaterThan(0);
  });

  it('answers only agents: a member who is not one gets MEMBER_NOT_AGENT, a visitor NOT_LOGGED_IN', async () => {
    const refused = await call(suite.app, API.agentInfo, a1.caller);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'MEMBER_NOT_AGENT' });
    const visitor = await call(suite.app, API.agentKpi, { ip: '10.9.9.9' });
    expect(json(visitor)).toMatchObject({ code: 'NOT_LOGGED_IN' });

    const info = await get(agentInfo, API.agentInfo, S.caller);
    expect(info).toMatchObject({
      username: S.username,
      level: 2,
      parent: maskUsername(A.username),
      maxDepth: 3,
      canCreateSubAgents: true,
      directSize: 1,
      teamSize: 1,
      subAgents: 0,
    });
    expect(await get(agentInfo, API.agentInfo, A.caller)).toMatchObject({
      level: 1,
      parent: null,
      directSize: 2,
      teamSize: 3,
      subAgents: 1,
    });
  });

  it('shows the direct downline and the whole team side by side, real money of today', async () => {
    const today = await kpi(A.caller, { range: 'today' });
    expect(today).toMatchObject({ range: 'today', from: '2030-03-01', to: '2030-03-01', currency: 'VND' });
    expect(today.direct).toEqual({
      teamSize: 2,
      newMembers: 1,
      activeMembers: 0,
      firstDeposits: 1,
      firstDepositAmount: 500_000,
      deposits: 500_000,
      withdrawals: 0,
      turnover: 0,
      ggr: 0,
      bonuses: 0,
      commission: 0,
    });
    expect(today.team).toEqual({
      teamSize: 3,
      newMembers: 2,
      activeMembers: 1,
      firstDeposits: 2,
      firstDepositAmount: 800_000,
      deposits: 800_000,
      withdrawals: 0,
      turnover: stake,
      ggr: stake - payout,
      bonuses: 0,
      commission: 0,
    });
    // The sub-agent sees its own member only; B sees none of A's.
    const sub = await kpi(S.caller, { range: 'today' });
    expect(sub.direct).toMatchObject({ teamSize: 1, deposits: 300_000, turnover: stake });
    expect((await kpi(B.caller, { range: 'today' })).team).toMatchObject({
      teamSize: 1,
      deposits: 1_000_000,
    });
  });

  it('cuts days at midnight GMT+8 (16:00 UTC)', async () => {
    time.advance(Date.parse('2030-03-01T15:59:59.999Z') - time.clock().getTime());
    await fund(a1.id, 100);
    time.advance(1);
    await fund(a1.id, 200);
    const march1 = await kpi(A.caller, { range: 'custom', from: '2030-03-01', to: '2030-03-01' });
    expect(march1.direct.deposits).toBe(500_100);
    expect(march1.direct.firstDeposits).toBe(1);
    const today = await kpi(A.caller, { range: 'today' });
    expect(today).toMatchObject({ from: '2030-03-02', to: '2030-03-02' });
    expect(today.direct).toMatchObject({ deposits: 200, firstDeposits: 0, newMembers: 0, teamSize: 2 });
    expect((await kpi(A.caller, { range: 'yesterday' })).direct.deposits).toBe(500_100);
    // 2030-03-02 is a Saturday: this week runs from Monday 2030-02-25.
    const week = await kpi(A.caller, { range: 'this_week' });
    expect(week).toMatchObject({ from: '2030-02-25', to: '2030-03-02' });
    expect(week.team).toMatchObject({ deposits: 800_300, newMembers: 3, teamSize: 3 });
  });

  it('lists the downline masked, filtered, sorted and paged, without contact data', async () => {
    const direct = await downline({});
    expect(direct.total).toBe(2);
    expect(direct.list.map((row) => row.memberId).sort()).toEqual([a1.id, S.id].sort());
    const team = await downline({ scope: 'team', sort: 'deposits', order: 'desc' });
    expect(team.total).toBe(3);
    expect(team.list.map((row) => row.memberId)).toEqual([a1.id, s1.id, S.id]);
    expect(team.list[0]).toMatchObject({
      username: maskUsername(a1.username),
      isAgent: false,
      depth: 1,
      registeredAt: '2030-02-28T10:00:00.000Z',
      deposits: 500_300,
    });
    expect(team.list[1]).toMatchObject({ depth: 2, turnover: stake, ggr: stake - payout });
    expect(team.list[0]?.lastLoginAt).not.toBeNull();
    const body = (await call(suite.app, API.agentDownline, A.caller, { query: { scope: 'team' } })).body;
    for (const who of [a1, S, s1]) expect(body).not.toContain(who.username);
    expect(body).not.toContain('NGUYEN');

    expect((await downline({ scope: 'team', kind: 'agent' })).list.map((row) => row.memberId)).toEqual([
      S.id,
    ]);
    expect((await downline({ scope: 'team', kind: 'member' })).total).toBe(2);
    // A part of the name in other letter case (all of it but the first letter: unique to s1).
    const named = await downline({ scope: 'team', username: s1.username.slice(1).toUpperCase() });
    expect(named.list.map((row) => row.memberId)).toEqual([s1.id]);
    expect((await downline({ scope: 'team', username: '%' })).total).toBe(0);
    const registered = await downline({
      scope: 'team',
      registeredFrom: '2030-03-01',
      registeredTo: '2030-03-01',
    });
    expect(registered.list.map((row) => row.memberId).sort()).toEqual([S.id, s1.id].sort());
    // Money columns of 2030-03-02 only: a1's 200.
    const march2 = await downline({ scope: 'team', from: '2030-03-02', to: '2030-03-02', sort: 'deposits' });
    expect(march2.list.map((row) => row.deposits)).toEqual([200, 0, 0]);
    const paged = await downline({
      scope: 'team',
      sort: 'registeredAt',
      order: 'asc',
      pageSize: '1',
      pageNo: '2',
    });
    expect(paged).toMatchObject({ total: 3, pageNo: 2, pageSize: 1 });
    expect(paged.list.map((row) => row.memberId)).toEqual([S.id]);
  });

  it('shows a team member in detail, and nobody outside the team', async () => {
    const detail = await get(downlineMember, memberPath(s1.id), A.caller);
    expect(detail).toMatchObject({
      memberId: s1.id,
      username: maskUsername(s1.username),
      depth: 2,
      via: [maskUsername(S.username)],
      firstDepositAt: '2030-03-01T08:00:00.000Z',
      allTime: { deposits: 300_000, turnover: stake, ggr: stake - payout, withdrawals: 0, bonuses: 0 },
      thisMonth: { deposits: 300_000, turnover: stake },
    });
    const response = await call(suite.app, memberPath(s1.id), A.caller);
    expect(response.body).not.toContain(s1.username);
    expect(response.body).not.toContain('NGUYEN');

    for (const [caller, memberId] of [
      [A.caller, b1.id],
      [A.caller, A.id],
      [A.caller, randomUUID()],
      [S.caller, a1.id],
      [B.caller, s1.id],
    ] as const) {
      const refused = await call(suite.app, memberPath(memberId), caller);
      expect(refused.statusCode, refused.body).toBe(404);
      expect(json(refused)).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('reports the team by day, week and month with empty periods and totals, and as CSV', async () => {
    const byDay = await get(teamReport, API.agentTeamReport, A.caller, {
      by: 'day',
      from: '2030-02-27',
      to: '2030-03-02',
    });
    expect(byDay.rows.map((row) => [row.period, row.figures.newMembers, row.figures.teamSize])).toEqual([
      ['2030-02-27', 0, 0],
      ['2030-02-28', 1, 1],
      ['2030-03-01', 2, 3],
      ['2030-03-02', 0, 3],
    ]);
    expect(byDay.rows.map((row) => row.figures.deposits)).toEqual([0, 0, 800_100, 200]);
    expect(byDay.totals).toMatchObject({
      teamSize: 3,
      newMembers: 3,
      deposits: 800_300,
      activeMembers: 1,
      turnover: stake,
    });

    const byWeek = await get(teamReport, API.agentTeamReport, A.caller, {
      by: 'week',
      from: '2030-02-20',
      to: '2030-03-04',
    });
    expect(byWeek.rows.map((row) => [row.period, row.from, row.to, row.figures.deposits])).toEqual([
      ['2030-02-18', '2030-02-20', '2030-02-24', 0],
      ['2030-02-25', '2030-02-25', '2030-03-03', 800_300],
      ['2030-03-04', '2030-03-04', '2030-03-04', 0],
    ]);
    const byMonth = await get(teamReport, API.agentTeamReport, A.caller, {
      by: 'month',
      from: '2030-02-15',
      to: '2030-03-10',
    });
    expect(byMonth.rows.map((row) => [row.period, row.from, row.to, row.figures.newMembers])).toEqual([
      ['2030-02', '2030-02-15', '2030-02-28', 1],
      ['2030-03', '2030-03-01', '2030-03-10', 2],
    ]);

    const csv = await call(suite.app, API.agentTeamReportCsv, A.caller, {
      query: { by: 'day', from: '2030-03-01', to: '2030-03-02', lang: 'en' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="team-report-day-2030-03-01-2030-03-02.csv"',
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFPeriod,From,To,Team size,New members,Active members,First deposits,/);
    expect(lines[0]).toContain('Deposits (VND)');
    expect(lines[1]).toBe(
      `2030-03-01,2030-03-01,2030-03-01,3,2,1,2,800000,800100,0,${stake},${stake - payout},0,0`,
    );
    expect(lines[2]).toBe('2030-03-02,2030-03-02,2030-03-02,3,0,0,0,0,200,0,0,0,0,0');
    expect(lines[3]).toMatch(/^Total,2030-03-01,2030-03-02,3,2,1,2,800000,800300,/);
    const vi = await call(suite.app, API.agentTeamReportCsv, A.caller, {
      query: { from: '2030-03-01', to: '2030-03-02' },
    });
    expect(vi.body.startsWith('\uFEFFKỳ,Từ ngày,Đến ngày,Quy mô đội')).toBe(true);
    const refused = await call(suite.app, API.agentTeamReportCsv, a1.caller, {
      query: { from: '2030-03-01', to: '2030-03-02' },
    });
    expect(json(refused)).toMatchObject({ code: 'MEMBER_NOT_AGENT' });
  });

  it('lists the current agent announcements (content code A) only', async () => {
    const now = time.clock().getTime();
    const at = (ms: number) => new Date(now + ms);
    const before = await get(agentAnnouncementPage, API.agentAnnouncements, A.caller, { lang: 'en' });
    const base = { merchantCode: 'kimlong', content: { vi: '<p>Nội dung</p>', en: '<p>Content</p>' } };
    await db()
      .insert(announcement)
      .values([
        {
          ...base,
          key: 'agent-current',
          type: 'A',
          title: { vi: 'Tin đại lý', en: 'Agent news' },
          publishedAt: at(-1),
        },
        {
          ...base,
          key: 'agent-expired',
          type: 'A',
          title: { vi: 'Cũ' },
          publishedAt: at(-120_000),
          expiresAt: at(-1),
        },
        { ...base, key: 'agent-later', type: 'A', title: { vi: 'Sau' }, publishedAt: at(60_000) },
        {
          ...base,
          key: 'agent-off',
          type: 'A',
          title: { vi: 'Tắt' },
          publishedAt: at(-60_000),
          active: false,
        },
        { ...base, key: 'player-news', type: 'PL', title: { vi: 'Người chơi' }, publishedAt: at(-1) },
      ]);
    const page = await get(agentAnnouncementPage, API.agentAnnouncements, A.caller, { lang: 'en' });
    expect(page.total).toBe(before.total + 1);
    expect(page.list[0]).toEqual({
      id: expect.any(Number),
      title: 'Agent news',
      content: '<p>Content</p>',
      date: at(-1).toISOString(),
    });
    const shown = await db()
      .select()
      .from(announcement)
      .where(
        inArray(
          announcement.id,
          page.list.map((item) => item.id),
        ),
      );
    expect(shown.map((row) => row.type)).toEqual(page.list.map(() => 'A'));
    const refused = await call(suite.app, API.agentAnnouncements, a1.caller);
    expect(json(refused)).toMatchObject({ code: 'MEMBER_NOT_AGENT' });
  });

  it('counts the commission paid for periods in the range: the agent’s own (direct), its team’s too (team)', async () => {
    const day = parsePeriod('2030-03-01')!;
    const hour = parsePeriod('2030-03-01T10')!;
    const earlier = parsePeriod('2030-02-27')!;
    const pay = (
      agentMemberId: string,
      period: typeof day,
      amount: number,
      status: 'paid' | 'refused' = 'paid',
    ) =>
      settlement(db(), time.clock, {
        agentMemberId,
        kind: period.type === 'hour' ? 'hourly' : 'salary',
        periodKey: period.key,
        start: period.start,
        end: period.end,
        amount,
        status,
      });
    await pay(A.id, day, 10_000);
    await pay(S.id, day, 5_000);
    await pay(S.id, hour, 7_000, 'refused');
    await pay(A.id, earlier, 3_000);
    await pay(B.id, day, 9_000);
    const march1 = await kpi(A.caller, { range: 'yesterday' });
    expect(march1.direct.commission).toBe(10_000);
    expect(march1.team.commission).toBe(15_000);
    expect((await kpi(S.caller, { range: 'yesterday' })).direct.commission).toBe(5_000);
    const report = await get(teamReport, API.agentTeamReport, A.caller, {
      from: '2030-02-27',
      to: '2030-03-01',
    });
    expect(report.rows.map((row) => row.figures.commission)).toEqual([3_000, 0, 15_000]);
    expect(report.totals.commission).toBe(18_000);
  });
});
