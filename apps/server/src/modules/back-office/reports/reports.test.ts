import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { member } from '../../../db/schema/index.ts';
import { call, registerByUsername } from '../../../test/accounts.ts';
import { answerValue, csvLines, expectFailure } from '../../../test/answers.ts';
import { newOperator, type OperatorCaller, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { createLedgerRepository, createLedgerService } from '../../wallet/index.ts';

/**
 * Reports against what members did, each test on a Vietnam day of its own (the suite's clock is in 2030,
 * after anything the seed holds).
 */
describeEachDatabase('back-office reports', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { owner: 'owner' });
  const db = () => suite.database.current.db;

  /** Moves the clock to `iso` (later than now), signing the owner in again (the session idles out). */
  const moveTo = async (iso: string) => {
    suite.time.advance(Date.parse(iso) - suite.time.clock().getTime());
    operators.owner = await newOperator(suite, 'owner');
  };
  const csv = (query: Record<string, string>, operator: OperatorCaller = operators.owner) =>
    request(adminCalls.adminReportCsv, operator, { query });
  const bet = (memberId: string, amount: number) =>
    createLedgerService({ db: db(), ledger: createLedgerRepository(db()), clock: suite.time.clock }).post({
      merchantCode: 'kimlong',
      memberId,
      idempotencyKey: `report-test:${randomUUID()}`,
      kind: 'bet',
      amount: BigInt(amount),
    });

  it('has the deposit and the bet of a day, as JSON and as CSV', async () => {
    await moveTo('2030-03-05T02:00:00.000Z'); // 09:00 on 5 March in Vietnam
    const player = await registerByUsername(suite.app);
    const [row] = await db().select().from(member).where(eq(member.username, player.username));
    if (!row) throw new Error('registered member not found');
    await suite.fund(row.id, 500_000);
    await bet(row.id, 20_000);

    const zero = {
      deposits: 0,
      withdrawals: 0,
      bets: 0,
      wins: 0,
      ggr: 0,
      bonuses: 0,
      adjustmentCredits: 0,
      adjustmentDebits: 0,
      adjustments: 0,
      newMembers: 0,
      activeMembers: 0,
    };
    const day = { ...zero, deposits: 500_000, bets: 20_000, ggr: 20_000, newMembers: 1, activeMembers: 1 };
    const report = answerValue(
      adminCalls.adminReportDaily,
      await request(adminCalls.adminReportDaily, operators.owner, {
        query: { from: '2030-03-04', to: '2030-03-06' },
      }),
    );
    expect(report).toEqual({
      from: '2030-03-04',
      to: '2030-03-06',
      currency: 'VND',
      days: [
        { day: '2030-03-04', ...zero },
        { day: '2030-03-05', ...day },
        { day: '2030-03-06', ...zero },
      ],
      totals: day,
    });

    const response = await csv({ report: 'daily', from: '2030-03-05', to: '2030-03-05', lang: 'en' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report-daily-2030-03-05-2030-03-05.csv"',
    );
    const [header, line, total] = csvLines(response);
    expect(header?.split(',').slice(0, 4)).toEqual([
      'Day',
      'Deposits (VND)',
      'Withdrawals (VND)',
      'Bets (VND)',
    ]);
    expect(line).toBe('2030-03-05,500000,0,20000,0,20000,0,0,0,0,1,1');
    expect(total).toBe('Total,500000,0,20000,0,20000,0,0,0,0,1,1');
    // Vietnamese headers by default.
    const [vietnamese] = csvLines(await csv({ report: 'daily', from: '2030-03-05', to: '2030-03-05' }));
    expect(vietnamese?.startsWith('Ngày,Nạp tiền (VND)')).toBe(true);
    // Each download is audited: who exported which report of which period, in which language.
    const exported = answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, {
        query: { action: 'report.export', operator: operators.owner.username },
      }),
    ).list;
    expect(exported.map((entry) => [entry.operatorUsername, entry.targetType, entry.after])).toEqual([
      [
        operators.owner.username,
        'report',
        { filter: { report: 'daily', from: '2030-03-05', to: '2030-03-05' }, lang: 'vi' },
      ],
      [
        operators.owner.username,
        'report',
        { filter: { report: 'daily', from: '2030-03-05', to: '2030-03-05' }, lang: 'en' },
      ],
    ]);
  });

  it('reports games from the game records and promotions from their claims; formula-like cells are neutralised', async () => {
    await moveTo('2030-03-08T02:00:00.000Z');
    const at = (offset: number) => new Date(suite.time.clock().getTime() + offset).toISOString();
    const promotion = (code: string, title: { vi: string; en?: string }) =>
      request(adminCalls.adminCreatePromotion, operators.owner, {
        payload: {
          code,
          type: 'FIRST_DEPOSIT',
          title,
          summary: { vi: 'Tóm tắt' },
          detailHtml: { vi: '<p>Chi tiết</p>' },
          startsAt: at(-60_000),
          endsAt: at(86_400_000),
          bonus: { kind: 'percent', percent: 50, cap: 200_000 },
          minDeposit: 100_000,
          turnover: { multiple: 3, base: 'bonus' },
        },
      });
    const suffix = `${process.pid % 1000}`;
    const made = answerValue(
      adminCalls.adminCreatePromotion,
      await promotion(`RPT${suffix}`, { vi: '=HYPERLINK("http://evil.example","x")', en: '@SUM(A1:A2)' }),
    );
    answerValue(adminCalls.adminCreatePromotion, await promotion(`RPTPLUS${suffix}`, { vi: '+84 hotline' }));
    answerValue(
      adminCalls.adminCreatePromotion,
      await promotion(`RPTMINUS${suffix}`, { vi: '-50% off, today' }),
    );

    // Published by a second operator (docs/back-office.md, "Promotions"): members see it from then on.
    const publisher = await newOperator(suite, 'risk');
    answerValue(
      adminCalls.adminPublishPromotion,
      await request(adminCalls.adminPublishPromotion, publisher, {
        params: { promotionId: made.id },
        payload: { draftAt: null },
      }),
    );

    const { caller } = await suite.newMember();
    const applied = await call(suite.app, API.applyPromotion, caller, { payload: { promotionId: made.id } });
    expect(applied.statusCode, applied.body).toBe(200);
    await suite.deposit(caller, 200_000, 1_000);
    const claimId = answerValue(
      API.promotionClaims,
      await call(suite.app, API.promotionClaims, caller),
    ).list.find((claim) => claim.promotionId === made.id)?.id;
    const claimed = await call(suite.app, API.claimBonus, caller, { payload: { claimId } });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const spin = answerValue(
      API.slotSpin,
      await call(suite.app, API.slotSpin, caller, { payload: { lineBet: 500, requestKey: randomUUID() } }),
    );
    const { totalBet, totalWin } = spin.round;
    const period = { from: '2030-03-08', to: '2030-03-08' };

    const games = answerValue(
      adminCalls.adminReportGames,
      await request(adminCalls.adminReportGames, operators.owner, { query: period }),
    );
    expect(games.total).toBe(1);
    expect(games.list).toEqual([
      expect.objectContaining({ bets: 1, stake: totalBet, payout: totalWin, ggr: totalBet - totalWin }),
    ]);
    expect(games.totals).toEqual({ bets: 1, stake: totalBet, payout: totalWin, ggr: totalBet - totalWin });
    const [game] = games.list;
    const gameLines = csvLines(await csv({ report: 'games', ...period }));
    expect(gameLines[1]).toBe(
      [
        game?.vendorCode,
        game?.gameType,
        game?.gameId,
        game?.gameName,
        1,
        totalBet,
        totalWin,
        totalBet - totalWin,
      ].join(','),
    );

    const claims = answerValue(
      adminCalls.adminPromotionClaims,
      await request(adminCalls.adminPromotionClaims, operators.owner, {
        params: { promotionId: made.id },
      }),
    );
    const done = claims.list[0]?.turnoverDone ?? 0;
    expect(done).toBeGreaterThan(0);
    const promotions = answerValue(
      adminCalls.adminReportPromotions,
      await request(adminCalls.adminReportPromotions, operators.owner, {
        query: { ...period, pageSize: '100' },
      }),
    );
    const figures = {
      claims: 1,
      claimed: 1,
      bonusPaid: 100_000,
      turnoverRequired: 300_000,
      turnoverDone: done,
    };
    expect(promotions.list.find((row) => row.promotionId === made.id)).toEqual({
      promotionId: made.id,
      code: made.code,
      type: 'FIRST_DEPOSIT',
      title: made.title,
      ...figures,
    });
    expect(promotions.totals).toEqual(figures);

    const vi = csvLines(await csv({ report: 'promotions', ...period }));
    expect(vi).toContain(
      `${made.id},${made.code},FIRST_DEPOSIT,"'=HYPERLINK(""http://evil.example"",""x"")",1,1,100000,300000,${done}`,
    );
    expect(vi.some((line) => line.includes(",'+84 hotline,"))).toBe(true);
    expect(vi.some((line) => line.includes(`,"'-50% off, today",`))).toBe(true);
    const en = csvLines(await csv({ report: 'promotions', ...period, lang: 'en' }));
    expect(en).toContain(`${made.id},${made.code},FIRST_DEPOSIT,'@SUM(A1:A2),1,1,100000,300000,${done}`);
    // No cell of any report starts a formula; a negative figure (a member's net win) stays a number.
    for (const line of [...vi, ...en, ...gameLines])
      expect(line).not.toMatch(/(^|,)"?(?:[=+@]|-(?!\d+(?:,|$)))/);
  });

  it('counts the days of the merchant time zone set in the site settings', async () => {
    await moveTo('2030-03-12T20:00:00.000Z'); // 03:00 on 13 March in Vietnam, still 12 March in UTC
    const player = await registerByUsername(suite.app);
    const [row] = await db().select().from(member).where(eq(member.username, player.username));
    if (!row) throw new Error('registered member not found');
    await suite.fund(row.id, 100_000);
    const depositsByDay = async () => {
      const report = answerValue(
        adminCalls.adminReportDaily,
        await request(adminCalls.adminReportDaily, operators.owner, {
          query: { from: '2030-03-12', to: '2030-03-13' },
        }),
      );
      return report.days.map((day) => [day.day, day.deposits]);
    };
    const setZone = async (timeZone: string) => {
      const {
        merchantCode: _m,
        smsAvailable: _s,
        socialLoginAvailable: _f,
        updatedAt: _u,
        ...body
      } = answerValue(
        adminCalls.adminSiteSettings,
        await request(adminCalls.adminSiteSettings, operators.owner),
      );
      const payload = { ...body, general: { ...body.general, timeZone } };
      answerValue(
        adminCalls.adminSetSiteSettings,
        await request(adminCalls.adminSetSiteSettings, operators.owner, { payload }),
      );
    };

    expect(await depositsByDay()).toEqual([
      ['2030-03-12', 0],
      ['2030-03-13', 100_000],
    ]);
    await setZone('UTC');
    try {
      expect(await depositsByDay()).toEqual([
        ['2030-03-12', 100_000],
        ['2030-03-13', 0],
      ]);
    } finally {
      await setZone('Asia/Ho_Chi_Minh');
    }
  });

  it('limits the period to 92 days and the reports to their roles', async () => {
    const days92 = { from: '2030-01-01', to: '2030-04-02' };
    expect((await request(adminCalls.adminReportDaily, operators.owner, { query: days92 })).statusCode).toBe(
      200,
    );
    for (const query of <Record<string, string>[]>[
      { from: '2030-01-01', to: '2030-04-03' },
      { from: '2030-03-02', to: '2030-03-01' },
      { from: '2030-03-01' },
      { from: '2030-02-30', to: '2030-03-01' },
    ]) {
      expectFailure(
        await request(adminCalls.adminReportDaily, operators.owner, { query }),
        400,
        'INVALID_INPUT',
      );
      expectFailure(await csv({ report: 'games', ...query }), 400, 'INVALID_INPUT');
    }
    expectFailure(await csv({ report: 'members', ...days92 }), 400, 'INVALID_INPUT');

    const finance = await newOperator(suite, 'finance');
    expect(csvLines(await csv({ report: 'promotions', ...days92 }, finance)).length).toBeGreaterThan(1);
    const support = await newOperator(suite, 'support');
    expectFailure(await csv({ report: 'daily', ...days92 }, support), 403, 'PERMISSION_DENIED');
    expectFailure(
      await request(adminCalls.adminReportCsv, undefined, {
        query: { report: 'daily', ...days92 },
      }),
      401,
      'NOT_LOGGED_IN',
    );
  });
});
