import { randomUUID } from 'node:crypto';
import { adminCalls } from '@kl/contracts/admin/calls';
import { expect, it } from 'vitest';
import { gameRound, type NewGameRound } from '../../../db/schema/index.ts';
import { answerValue, csvLines, expectFailure } from '../../../test/answers.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

/** The bets list: every real member's game records, and their CSV (docs/back-office.md, "Bets"). */
describeEachDatabase('back-office bets', (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(kind, {
    owner: 'owner',
    risk: 'risk',
    support: 'support',
  });
  const db = () => suite.database.current.db;
  let made = 0;
  const prefix = () =>
    `bet${process.pid % 100}x${(made += 1)}${Math.floor(Math.random() * 1e4)}`.slice(0, 11);

  /** A round of the member recorded straight in the game records. */
  async function round(memberId: string, values: Partial<NewGameRound> & Pick<NewGameRound, 'createdAt'>) {
    const [row] = await db()
      .insert(gameRound)
      .values({
        merchantCode: 'kimlong',
        memberId,
        vendorCode: 'KL',
        roundKey: randomUUID(),
        gameId: '1001',
        nodeId: '1001',
        gameType: 'RNG',
        gameName: 'Kim Long Slot',
        currency: 'VND',
        stake: 10_000n,
        payout: 0n,
        status: 'open',
        betTransactionId: null,
        ...values,
      })
      .returning();
    if (!row) throw new Error('the round was not written');
    return row;
  }

  /** A member with three rounds (settled, cancelled, open, in that order) and a trial member's round. */
  async function played() {
    const name = prefix();
    const { row } = await suite.newMember({ username: `${name}a` });
    const trial = await suite.newMember({ username: `${name}t`, type: 4 });
    // 20:00 UTC on 31 March: 03:00 on 1 April in Vietnam.
    const at = (minutes: number) => new Date(Date.parse('2030-03-31T20:00:00.000Z') + minutes * 60_000);
    const settled = await round(row.id, {
      gameName: '=HYPERLINK("http://evil.example")',
      stake: 10_000n,
      payout: 25_000n,
      status: 'settled',
      createdAt: at(0),
      settledAt: at(1),
    });
    const cancelled = await round(row.id, {
      vendorCode: 'SBO',
      gameType: 'SPORTS',
      gameId: 'M88',
      gameName: 'Match',
      stake: 3_000n,
      payout: 3_000n,
      status: 'cancelled',
      createdAt: at(2),
      settledAt: at(3),
    });
    const open = await round(row.id, { stake: 5_000n, createdAt: at(4) });
    await round(trial.row.id, { stake: 7_000n, createdAt: at(5) });
    return { name, member: row, settled, cancelled, open };
  }

  it('lists every real member’s rounds newest first, by member, game, status and period', async () => {
    const { name, member, settled, cancelled, open } = await played();
    const list = (query: Record<string, string>) =>
      value(adminCalls.adminBets, operators.risk, { query: { username: name, ...query } });

    const all = await list({});
    // The trial member's play money is left out.
    expect(all.total).toBe(3);
    expect(all.list.map((bet) => bet.id)).toEqual([open.id, cancelled.id, settled.id]);
    expect(all.list[2]).toEqual({
      id: settled.id,
      roundId: settled.roundKey,
      memberId: member.id,
      username: member.username,
      vendorCode: 'KL',
      gameType: 'RNG',
      gameId: '1001',
      nodeId: '1001',
      gameName: '=HYPERLINK("http://evil.example")',
      currency: 'VND',
      stake: 10_000,
      payout: 25_000,
      net: 15_000,
      status: 'settled',
      createdAt: '2030-03-31T20:00:00.000Z',
      settledAt: '2030-03-31T20:01:00.000Z',
    });
    expect(all.list.map((bet) => bet.net)).toEqual([-5_000, 0, 15_000]);
    expect((await list({ gameType: 'SPORTS' })).list.map((bet) => bet.id)).toEqual([cancelled.id]);
    expect((await list({ vendorCode: 'KL', status: 'open' })).list.map((bet) => bet.id)).toEqual([open.id]);
    const period = { from: '2030-03-31T20:01:00.000Z', to: '2030-03-31T20:04:00.000Z' };
    expect((await list(period)).list.map((bet) => bet.id)).toEqual([cancelled.id]);
    const paged = await list({ pageNo: '2', pageSize: '2' });
    expect(paged).toMatchObject({ pageNo: 2, pageSize: 2, total: 3 });
    expect(paged.list.map((bet) => bet.id)).toEqual([settled.id]);
    expect((await list({ username: `${name}t` })).total).toBe(0);

    expectFailure(
      await request(adminCalls.adminBets, operators.risk, { query: { status: 'won' } }),
      400,
      'INVALID_INPUT',
    );
    // The reports area: support does not read it.
    expectFailure(await request(adminCalls.adminBets, operators.support, {}), 403, 'PERMISSION_DENIED');
  });

  it('exports the rounds the filters select as CSV, in the merchant’s time zone, audited', async () => {
    const { name, member, settled, cancelled, open } = await played();
    const response = await request(adminCalls.adminBetsCsv, operators.risk, {
      query: { username: name, lang: 'en' },
    });
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bets-\d{8}-\d{6}\.csv"$/);
    expect(csvLines(response)).toEqual([
      'Placed,Member,Vendor,Category,Game ID,Game,Round,Stake (VND),Payout (VND),Net (VND),Status,Settled',
      `2030-04-01T03:04:00+07:00,${member.username},KL,RNG,1001,Kim Long Slot,${open.roundKey},5000,0,-5000,Open,`,
      `2030-04-01T03:02:00+07:00,${member.username},SBO,SPORTS,M88,Match,${cancelled.roundKey},3000,3000,0,Cancelled,2030-04-01T03:03:00+07:00`,
      `2030-04-01T03:00:00+07:00,${member.username},KL,RNG,1001,"'=HYPERLINK(""http://evil.example"")",${settled.roundKey},10000,25000,15000,Settled,2030-04-01T03:01:00+07:00`,
    ]);
    const settledOnly = csvLines(
      await request(adminCalls.adminBetsCsv, operators.risk, {
        query: { username: name, status: 'settled' },
      }),
    );
    expect(settledOnly[0]?.startsWith('Thời gian cược,Thành viên,Nhà cung cấp')).toBe(true);
    expect(settledOnly.slice(1).map((line) => line.split(',')[6])).toEqual([settled.roundKey]);
    expect(settledOnly[1]).toContain(',Đã kết toán,');

    const log = answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, {
        query: { action: 'bet.export', operator: operators.risk.username },
      }),
    ).list;
    expect(log.map((entry) => [entry.targetType, entry.after])).toEqual([
      [
        'bets',
        { filter: { username: name, status: 'settled' }, lang: 'vi', rows: 1, timeZone: 'Asia/Ho_Chi_Minh' },
      ],
      ['bets', { filter: { username: name }, lang: 'en', rows: 3, timeZone: 'Asia/Ho_Chi_Minh' }],
    ]);
    expectFailure(
      await request(adminCalls.adminBetsCsv, operators.support, { query: { username: name } }),
      403,
      'PERMISSION_DENIED',
    );
  });
});
