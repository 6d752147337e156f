import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { CreateLotteryRequest } from '@kl/contracts/admin/lotteries';
import { failureEnvelope } from '@kl/contracts/envelope';
import { IN_HOUSE_LOTTERY_VENDOR } from '@kl/contracts/games';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { lotteryOdds } from '../../../db/schema/index.ts';
import { call, type Caller } from '../../../test/accounts.ts';
import { json } from '../../../test/app.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { createLotteryScheduler, standardOddsRows } from '../../lottery/index.ts';
import { createTestDrawMachine } from '../../lottery/testing.ts';
import { checkLedger } from '../../wallet/index.ts';

const FUNDS = 10_000_000;

/** A fast lottery of this file's own (the files share their database's seed, not their writes). */
const fast = (code: string, change: Partial<CreateLotteryRequest> = {}): CreateLotteryRequest => ({
  code,
  name: `Siêu Tốc ${code}`,
  region: 'MB',
  category: 'ELOTT',
  playTypes: ['ent', 'trad'],
  schedule: { kind: 'interval', intervalSeconds: 120 },
  closeSeconds: 10,
  maxPerDraw: 50_000_000,
  sortOrder: 50,
  ...change,
});

/** What an edit sends of a lottery: everything but its code, region and category. */
const fieldsOf = (lottery: CreateLotteryRequest) => ({
  name: lottery.name,
  playTypes: lottery.playTypes,
  schedule: lottery.schedule,
  closeSeconds: lottery.closeSeconds,
  maxPerDraw: lottery.maxPerDraw,
  sortOrder: lottery.sortOrder,
  enabled: lottery.enabled,
});

/** Setting the lotteries up in the back office (docs/back-office.md, "Lotteries"). */
describeEachDatabase('back-office lotteries', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(
    kind,
    { owner: 'owner', finance: 'finance' },
    // Answers kept in memory, as in production: a stale lottery menu would show.
    { config: { answerCache: true } },
  );
  const db = () => suite.database.current.db;
  const drawMachine = () => createTestDrawMachine(db(), suite.time.clock);
  /** One tick of the draw scheduler, as the leader process runs it. */
  const schedulerTick = () =>
    createLotteryScheduler({
      lotteryService: drawMachine(),
      clock: suite.time.clock,
      log: suite.app.log,
    }).tick();

  const create = (payload: unknown, operator = operators.owner) =>
    request(adminCalls.adminCreateLottery, operator, { payload });
  const created = async (payload: CreateLotteryRequest) =>
    answerValue(adminCalls.adminCreateLottery, await create(payload));
  const update = (code: string, payload: unknown) =>
    request(adminCalls.adminUpdateLottery, operators.owner, { params: { code }, payload });
  const setEnabled = (code: string, enabled: boolean) =>
    request(adminCalls.adminSetLotteryEnabled, operators.owner, { params: { code }, payload: { enabled } });
  const lotteryOf = async (code: string) => {
    const found = (await value(adminCalls.adminLotteries, operators.finance)).list.find(
      (lottery) => lottery.code === code,
    );
    if (!found) throw new Error(`no lottery ${code}`);
    return found;
  };
  const menuGameIds = async (caller: Caller) =>
    answerValue(API.lotteryMenu, await call(suite.app, API.lotteryMenu, caller)).groups.flatMap((group) =>
      group.games.map((game) => game.gameId),
    );
  const placeOn = (caller: Caller, drawId: string) =>
    call(suite.app, API.placeLotteryBet, caller, {
      payload: {
        drawId,
        betType: 'TAI_XIU',
        selections: [['TAI']],
        points: 2,
        prizeMode: 'Elott',
        requestKey: randomUUID(),
      },
    });
  /** What an INVALID_INPUT answer says was wrong: `path reason` of each issue, or its field and reason. */
  const refusals = (response: Awaited<ReturnType<typeof create>>) => {
    expectFailure(response, 400, 'INVALID_INPUT');
    const { value: found } = failureEnvelope.parse(json(response)) as {
      value?: { issues?: { path: string; message: string }[]; field?: string; reason?: string };
    };
    return (
      found?.issues?.map((issue) => `${issue.path} ${issue.message}`) ?? [`${found?.field} ${found?.reason}`]
    );
  };

  it('adds a fast lottery that players list, launch and bet on once the scheduler made its draws', async () => {
    const member = await suite.newMember();
    await suite.fund(member.row.id, FUNDS);
    const before = await menuGameIds(member.caller);

    const answer = await created(fast('TSTA'));
    expect(answer.standardOddsWritten).toBe(false);
    const [catalogueGame] = answer.lottery.catalogueGames;
    expect(answer.lottery).toMatchObject({
      code: 'TSTA',
      category: 'ELOTT',
      schedule: { kind: 'interval', intervalSeconds: 120 },
      enabled: true,
      pendingDraws: 0,
      nextDrawAt: null,
    });
    expect(catalogueGame).toMatchObject({
      name: 'Siêu Tốc TSTA',
      vassalage: IN_HOUSE_LOTTERY_VENDOR,
      enabled: true,
    });
    const gameId = catalogueGame?.gameId ?? '';

    // The scheduler creates the draws of every lottery switched on, the new one with them.
    await schedulerTick();
    const scheduled = await lotteryOf('TSTA');
    expect(scheduled.pendingDraws).toBeGreaterThanOrEqual(2);
    expect(new Date(scheduled.nextDrawAt ?? 0).getTime() % 120_000).toBe(0);

    // The player's lottery menu (kept in memory) shows it at once, and its launch opens the lottery.
    expect(before).not.toContain(gameId);
    expect(await menuGameIds(member.caller)).toContain(gameId);
    const launched = answerValue(
      API.launchGame,
      await call(suite.app, API.launchGame, member.caller, { payload: { gameId } }),
    );
    expect(launched).toMatchObject({ kind: 'lottery', playType: 'ent' });
    expect(launched.url).toContain(`/games/${gameId}?`);
    const detail = answerValue(
      API.lotteryGame,
      await call(suite.app, API.lotteryGame, member.caller, { query: { gameId, prizeMode: 'Elott' } }),
    );
    expect(detail).toMatchObject({ code: 'TSTA', maxPerDraw: 50_000_000 });
    expect(detail.betTypes.map((type) => type.code)).toContain('TAI_XIU');
    const bet = answerValue(API.placeLotteryBet, await placeOn(member.caller, detail.openDraw?.id ?? ''));
    expect(bet.bet).toMatchObject({ gameCode: 'TSTA', status: 'open' });
    expect((await suite.walletOf(member.caller)).available).toBe(FUNDS - bet.bet.amount);

    // Audited: the lottery, its catalogue game (and the vendor, made with the category's first lottery).
    const [entry] = await auditTrail(operators.owner, 'lottery', 'TSTA');
    expect(entry).toMatchObject({
      action: 'lottery.create',
      operatorUsername: operators.owner.username,
      after: { code: 'TSTA', catalogueGameId: gameId, standardOddsWritten: false, maxPerDraw: 50_000_000 },
    });
    const games = (
      await value(adminCalls.adminAudit, operators.owner, {
        query: { action: 'game.create', pageSize: '100' },
      })
    ).list;
    expect(games.map((row) => row.after)).toContainEqual(
      expect.objectContaining({ gameId, vassalage: IN_HOUSE_LOTTERY_VENDOR, gameType: 'ELOTT' }),
    );
    const vendors = (
      await value(adminCalls.adminAudit, operators.owner, { query: { action: 'game_vendor.create' } })
    ).list;
    expect(vendors.map((row) => row.targetId)).toContain(`ELOTT:${IN_HOUSE_LOTTERY_VENDOR}`);
  });

  it('refuses what the table and the draw engine refuse, with the field and the reason', async () => {
    const daily: Partial<CreateLotteryRequest> = {
      category: 'LOTT',
      playTypes: ['trad'],
      schedule: { kind: 'daily', weekdays: [1, 3], drawTime: '18:30', stations: null },
      closeSeconds: 900,
    };
    expect(refusals(await create({ ...fast('tst'), code: 'tst' }))).toEqual([
      expect.stringMatching(/^code /),
    ]);
    expect(refusals(await create(fast('TSTB', { category: 'LOTT' })))).toEqual([
      'schedule.kind SCHEDULE_OF_CATEGORY',
    ]);
    expect(
      refusals(await create(fast('TSTB', { schedule: { kind: 'interval', intervalSeconds: 7_000 } }))),
    ).toEqual(['schedule.intervalSeconds INTERVAL_DIVIDES_DAY']);
    expect(refusals(await create(fast('TSTB', { closeSeconds: 120 })))).toEqual([
      'closeSeconds CLOSE_AFTER_PREVIOUS_DRAW',
    ]);
    expect(refusals(await create(fast('TSTB', { playTypes: ['ent', 'ent'] })))).toEqual([
      'playTypes PLAY_TYPES_REPEATED',
    ]);
    expect(
      refusals(
        await create(
          fast('TSTB', {
            ...daily,
            region: 'MN',
            schedule: { kind: 'daily', weekdays: [1], drawTime: '16:15', stations: { 1: 'Cà Mau' } },
          }),
        ),
      ),
    ).toEqual(['schedule.stations STATIONS_NORTH_ONLY']);
    expect(
      refusals(
        await create(
          fast('TSTB', {
            ...daily,
            schedule: { kind: 'daily', weekdays: [1], drawTime: '18:15', stations: { 2: 'Quảng Ninh' } },
          }),
        ),
      ),
    ).toEqual(['schedule.stations STATION_NOT_DRAWING']);
    for (const bad of [
      { schedule: { kind: 'daily', weekdays: [1], drawTime: '24:00' } },
      { schedule: { kind: 'daily', weekdays: [], drawTime: '18:00' } },
      { maxPerDraw: 0 },
      { closeSeconds: -1 },
      { name: '   ' },
      { region: 'MX' },
    ]) {
      expectFailure(await create({ ...fast('TSTB'), ...daily, ...bad }), 400, 'INVALID_INPUT');
    }
    // A code the merchant has (the demo's northern lottery): 409, nothing added.
    expectFailure(await create(fast('MB')), 409, 'LOTTERY_EXISTS');
    // Finance reads the lotteries but adds none.
    expectFailure(await create(fast('TSTB'), operators.finance), 403, 'PERMISSION_DENIED');
    expect(
      (await value(adminCalls.adminLotteries, operators.finance)).list.map((row) => row.code),
    ).not.toContain('TSTB');

    // An edit is checked against the lottery's own category and region.
    await created(fast('TSTC'));
    const fields = fieldsOf(fast('TSTC'));
    expect(refusals(await update('TSTC', { ...fields, ...daily }))).toEqual([
      'schedule.kind SCHEDULE_OF_CATEGORY',
    ]);
    expectFailure(await update('NOPE', fields), 404, 'NOT_FOUND');
  });

  it('edits a northern daily lottery: its stations and draw time; the catalogue game takes its name', async () => {
    const northern = fast('TSTD', {
      name: 'Miền Bắc Tối',
      category: 'LOTT',
      playTypes: ['trad'],
      schedule: { kind: 'daily', weekdays: [1, 2, 3, 4, 5], drawTime: '19:00', stations: null },
      closeSeconds: 900,
    });
    const { code } = northern;
    const fields = fieldsOf(northern);
    const { lottery } = await created(northern);
    const edited = answerValue(
      adminCalls.adminUpdateLottery,
      await update(code, {
        ...fields,
        name: 'Miền Bắc 19h30',
        schedule: {
          kind: 'daily',
          weekdays: [5, 1],
          drawTime: '19:30',
          stations: { 1: 'Hà Nội', 5: 'Hải Phòng' },
        },
      }),
    );
    expect(edited).toMatchObject({
      name: 'Miền Bắc 19h30',
      schedule: {
        kind: 'daily',
        weekdays: [1, 5],
        drawTime: '19:30',
        stations: { 1: 'Hà Nội', 5: 'Hải Phòng' },
      },
    });
    expect(edited.catalogueGames).toEqual([{ ...lottery.catalogueGames[0], name: 'Miền Bắc 19h30' }]);
    // Players' list of daily lotteries names it so; its draws are at 19:30 with the station of the day.
    const list = answerValue(
      API.lotteryList,
      await call(suite.app, API.lotteryList, { ip: operators.owner.ip }, { query: { gameType: 'LOTT' } }),
    ).list;
    expect(list.find((game) => game.gameId === lottery.catalogueGames[0]?.gameId)?.gameName).toBe(
      'Miền Bắc 19h30',
    );
    await schedulerTick();
    const { nextDrawAt } = await lotteryOf(code);
    expect(nextDrawAt?.slice(11, 16)).toBe('12:30');
    const today = answerValue(
      API.lotteryGame,
      await call(suite.app, API.lotteryGame, { ip: operators.owner.ip }, { query: { code } }),
    ).openDraw;
    // The suite's clock is a Friday (weekday 5).
    expect(today).toMatchObject({ drawAt: nextDrawAt, station: 'Hải Phòng' });

    const [entry] = await auditTrail(operators.owner, 'lottery', code);
    expect(entry).toMatchObject({
      action: 'lottery.update',
      before: { name: 'Miền Bắc Tối', schedule: { drawTime: '19:00', stations: null } },
      after: { name: 'Miền Bắc 19h30', schedule: { drawTime: '19:30' } },
    });
    // The same edit again changes nothing and writes nothing.
    answerValue(
      adminCalls.adminUpdateLottery,
      await update(code, { ...fields, name: edited.name, schedule: edited.schedule }),
    );
    expect(await auditTrail(operators.owner, 'lottery', code)).toHaveLength(2);
  });

  it('switching off stops bets and new draws at once; the bets taken are drawn and settled; on again', async () => {
    const member = await suite.newMember();
    await suite.fund(member.row.id, FUNDS);
    const { lottery } = await created(fast('TSTE'));
    const gameId = lottery.catalogueGames[0]?.gameId ?? '';
    await schedulerTick();
    const open = answerValue(
      API.lotteryGame,
      await call(suite.app, API.lotteryGame, member.caller, { query: { code: 'TSTE', prizeMode: 'Elott' } }),
    ).openDraw;
    const taken = answerValue(API.placeLotteryBet, await placeOn(member.caller, open?.id ?? '')).bet;

    const off = answerValue(adminCalls.adminSetLotteryEnabled, await setEnabled('TSTE', false));
    expect(off).toMatchObject({ enabled: false, openBets: 1 });
    expect(off.pendingDraws).toBeGreaterThanOrEqual(1);
    expect(off.catalogueGames.map((game) => game.enabled)).toEqual([false]);
    // No bet from now, not even on the draw that took the one before; no launch, not in the lists.
    expectFailure(await placeOn(member.caller, open?.id ?? ''), 409, 'LOTTERY_BETTING_CLOSED');
    expectFailure(
      await call(suite.app, API.launchGame, member.caller, { payload: { gameId } }),
      403,
      'FEATURE_NOT_ENABLED',
    );
    expect(await menuGameIds(member.caller)).not.toContain(gameId);
    const games = answerValue(API.lotteryGames, await call(suite.app, API.lotteryGames, member.caller)).list;
    expect(games.map((game) => game.code)).not.toContain('TSTE');

    // The draws already made are drawn at their time and the bet settled; none is made after them.
    suite.time.advance(new Date(off.nextDrawAt ?? 0).getTime() - suite.time.clock().getTime() + 15 * 60_000);
    await schedulerTick();
    const after = await lotteryOf('TSTE');
    expect(after).toMatchObject({ pendingDraws: 0, openBets: 0, nextDrawAt: null });
    const orders = answerValue(
      API.lotteryOrders,
      await call(suite.app, API.lotteryOrders, member.caller),
    ).list;
    expect(orders.find((bet) => bet.id === taken.id)?.status).toMatch(/^(won|lost)$/);

    const audit = await auditTrail(operators.owner, 'lottery', 'TSTE');
    expect(audit[0]).toMatchObject({
      action: 'lottery.update',
      before: { enabled: true },
      after: { enabled: false, catalogueGamesChanged: [gameId] },
    });

    // On again: its catalogue game comes back and the scheduler makes its draws again.
    const on = answerValue(adminCalls.adminSetLotteryEnabled, await setEnabled('TSTE', true));
    expect(on.catalogueGames.map((game) => game.enabled)).toEqual([true]);
    await schedulerTick();
    expect((await lotteryOf('TSTE')).pendingDraws).toBeGreaterThanOrEqual(2);
    expect(await menuGameIds(member.caller)).toContain(gameId);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('the first lottery of a merchant without odds writes the standard odds', async () => {
    await db().delete(lotteryOdds).where(eq(lotteryOdds.merchantCode, 'kimlong'));
    expect((await value(adminCalls.adminLotteries, operators.owner)).hasOdds).toBe(false);
    const answer = await created(fast('TSTF'));
    expect(answer.standardOddsWritten).toBe(true);
    const odds = (await value(adminCalls.adminLotteryOdds, operators.finance)).list;
    expect(odds).toHaveLength(standardOddsRows('kimlong').length);
    expect(odds).toContainEqual(
      expect.objectContaining({ prizeMode: 'Lott', betType: 'LO2', region: 'MB', pricePerPoint: 27_000 }),
    );
    const [entry] = await auditTrail(operators.owner, 'lottery', 'TSTF');
    expect(entry?.after).toMatchObject({ standardOddsWritten: true });
    // The next one finds odds and writes none.
    expect((await created(fast('TSTG'))).standardOddsWritten).toBe(false);
  });
});
