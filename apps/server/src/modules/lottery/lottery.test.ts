import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { successEnvelope } from '@kl/contracts/envelope';
import { lotteryListResult, lotteryMenu } from '@kl/contracts/games';
import {
  type LotteryBetType,
  type LotteryGameDetail,
  lotteryGameDetail,
  lotteryGamesResult,
  lotteryNumero,
  lotteryOrdersPage,
  lotteryResultsPage,
  placeLotteryBetResult,
  recentLotteryResult,
} from '@kl/contracts/lottery';
import { type TransactionHistory, walletBalance } from '@kl/contracts/wallet';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRound, ledgerTransaction, lotteryBet, lotteryDraw } from '../../db/schema/index.ts';
import { call, freshIp, testClock } from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { createGameRecordsModule } from '../game-records/index.ts';
import { checkLedger, createLedgerRepository, createLedgerService } from '../wallet/index.ts';
import { createTestMember, sessionOf } from '../wallet/testing.ts';
import { createLotteryRepository } from './repository.ts';
import { BET_TYPES } from './rules/bet-types.ts';
import { allNumbers, type DrawResult, RESULT_FORMATS, resultFromSeed, sha256Hex } from './rules/results.ts';
import { nextDrawTimes, plannedDraw } from './schedule.ts';
import { createLotteryService, LOTTERY_VENDOR_CODE, lotteryWinKey } from './service.ts';

// Monday 2030-03-04, 10:00 in Vietnam (03:00 UTC).
const START = new Date('2030-03-04T03:00:00.000Z');

describe('lottery schedule', () => {
  const daily = {
    schedule: 'daily' as const,
    weekdays: [1, 6],
    drawTime: '16:15',
    intervalSeconds: null,
    stations: null,
    name: 'TP. Hồ Chí Minh',
    closeSeconds: 900,
  };
  it('finds the next daily draws on their weekdays in Vietnam time', () => {
    const times = nextDrawTimes(daily, START, 3).map((time) => time.toISOString());
    expect(times).toEqual([
      '2030-03-04T09:15:00.000Z',
      '2030-03-09T09:15:00.000Z',
      '2030-03-11T09:15:00.000Z',
    ]);
    const draw = plannedDraw(daily, new Date('2030-03-09T09:15:00.000Z'));
    expect(draw).toMatchObject({ issue: '20300309', station: 'TP. Hồ Chí Minh' });
    expect(draw.closeAt.toISOString()).toBe('2030-03-09T09:00:00.000Z');
  });

  it('numbers fast draws within the Vietnam day', () => {
    const fast = {
      ...daily,
      schedule: 'interval' as const,
      weekdays: null,
      drawTime: null,
      intervalSeconds: 60,
    };
    const [next] = nextDrawTimes(fast, START, 1);
    expect(next?.toISOString()).toBe('2030-03-04T03:01:00.000Z');
    expect(plannedDraw(fast, next ?? START).issue).toBe('20300304-0601');
    // The draw at Vietnam midnight is the last of the day before.
    expect(plannedDraw(fast, new Date('2030-03-04T17:00:00.000Z')).issue).toBe('20300304-1440');
    expect(plannedDraw(fast, new Date('2030-03-04T17:01:00.000Z')).issue).toBe('20300305-0001');
  });
});

describeEachDatabase('lottery', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock(START);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database.current, { clock: time.clock });
  });
  afterAll(() => app.close());

  const db = () => database.current.db;
  const ledger = () =>
    createLedgerService({ db: db(), ledger: createLedgerRepository(db()), clock: time.clock });
  const service = () =>
    createLotteryService({
      db: db(),
      lottery: createLotteryRepository(db()),
      ledgerService: ledger(),
      clock: time.clock,
      gameRecords: createGameRecordsModule({ db: db(), clock: time.clock }).gameRecordsService,
    });

  async function newMember(options: { type?: number; funds?: number } = {}) {
    const row = await createTestMember(db(), { type: options.type ?? 0 });
    const trial = options.type === 4;
    await ledger().post({
      merchantCode: 'kimlong',
      memberId: row.id,
      idempotencyKey: trial ? `trial_credit:${row.id}` : `test-deposit:${randomUUID()}`,
      kind: trial ? 'trial_credit' : 'deposit',
      amount: BigInt(options.funds ?? 10_000_000),
    });
    return { row, caller: { ip: freshIp(), cookie: await sessionOf(db(), row, time.clock) } };
  }
  type Caller = Awaited<ReturnType<typeof newMember>>['caller'];

  const balanceOf = async (caller: Caller) =>
    successEnvelope(walletBalance).parse(json(await call(app, API.wallet, caller))).value.available;
  const gameOf = async (code: string, prizeMode = 'Lott'): Promise<LotteryGameDetail> => {
    const response = await call(app, API.lotteryGame, { ip: freshIp() }, { query: { code, prizeMode } });
    expect(response.statusCode).toBe(200);
    return successEnvelope(lotteryGameDetail).parse(json(response)).value;
  };
  const place = (
    caller: Caller,
    body: {
      drawId: string;
      betType: LotteryBetType;
      selections: string[][];
      points?: number;
      prizeMode?: string;
    },
    requestKey = randomUUID(),
  ) =>
    call(app, API.placeLotteryBet, caller, {
      payload: { prizeMode: 'Lott', points: 1, requestKey, ...body },
    });
  const placed = async (...args: Parameters<typeof place>) => {
    const response = await place(...args);
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(placeLotteryBetResult).parse(json(response)).value;
  };
  const ordersOf = async (caller: Caller, query: Record<string, string> = {}) =>
    successEnvelope(lotteryOrdersPage).parse(json(await call(app, API.lotteryOrders, caller, { query })))
      .value;
  /** Gives a draw a known seed (as if it had been drawn from the random source). */
  async function fixSeed(drawId: string, seed: string) {
    await db()
      .update(lotteryDraw)
      .set({ seed, seedHash: sha256Hex(seed) })
      .where(eq(lotteryDraw.id, drawId));
  }
  /** Moves the clock past a draw's time and runs the draw machine once. */
  async function drawNow(drawAt: string) {
    const wait = new Date(drawAt).getTime() - time.clock().getTime();
    if (wait >= 0) time.advance(wait + 1_000);
    return service().runDue();
  }

  it('lists daily games with their weekday schedule and stations, and fast games', async () => {
    const daily = successEnvelope(lotteryGamesResult).parse(
      json(await call(app, API.lotteryGames, { ip: freshIp() }, { query: { category: 'LOTT' } })),
    ).value;
    const byCode = new Map(daily.list.map((game) => [game.code, game]));
    expect(byCode.get('MB')?.nextDraw).toMatchObject({
      issue: '20300304',
      station: 'Hà Nội',
      drawAt: '2030-03-04T11:15:00.000Z',
      closeAt: '2030-03-04T11:00:00.000Z',
    });
    expect(byCode.get('MN_HCM')?.nextDraw?.drawAt).toBe('2030-03-04T09:15:00.000Z');
    expect(byCode.get('MT_TTH')?.nextDraw?.drawAt).toBe('2030-03-04T10:15:00.000Z');
    expect(byCode.get('MN_BT')?.nextDraw?.drawAt).toBe('2030-03-05T09:15:00.000Z');
    expect(byCode.get('MB')?.catalogueGameIds.length).toBeGreaterThanOrEqual(2);
    expect(daily.list.every((game) => game.category === 'LOTT')).toBe(true);

    const fast = successEnvelope(lotteryGamesResult).parse(
      json(await call(app, API.lotteryGames, { ip: freshIp() }, { query: { category: 'ELOTT' } })),
    ).value;
    expect(fast.list.map((game) => game.code)).toEqual(['ST1', 'ST3', 'ST5']);
    expect(fast.list[0]?.nextDraw).toMatchObject({
      issue: '20300304-0601',
      drawAt: '2030-03-04T03:01:00.000Z',
      closeAt: '2030-03-04T03:00:50.000Z',
    });
    expect(fast.list[0]?.nextDraw?.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('opens the lottery of a launched catalogue game, with the odds of the prize mode', async () => {
    const list = successEnvelope(lotteryGamesResult).parse(
      json(await call(app, API.lotteryGames, { ip: freshIp() }, { query: { category: 'ELOTT' } })),
    ).value;
    const catalogueId = list.list[0]?.catalogueGameIds[0] ?? '';
    const response = await call(
      app,
      API.lotteryGame,
      { ip: freshIp() },
      { query: { gameId: catalogueId, prizeMode: 'Elott' } },
    );
    const detail = successEnvelope(lotteryGameDetail).parse(json(response)).value;
    expect(detail).toMatchObject({ code: 'ST1', prizeMode: 'Elott', playTypes: ['ent', 'trad'] });
    expect(detail.betTypes.map((type) => type.code)).toContain('TAI_XIU');
    const lott = await gameOf('MB');
    const lo = (game: LotteryGameDetail) => game.betTypes.find((type) => type.code === 'LO2');
    expect(lo(lott)).toMatchObject({ pricePerPoint: 27_000, payoutPerPoint: 95_000 });
    expect(lott.betTypes.map((type) => type.code)).not.toContain('TAI_XIU');
    expect(lo(await gameOf('MN_HCM'))?.pricePerPoint).toBe(18_000);
    expect(lo(await gameOf('MB', 'ZY'))?.payoutPerPoint).toBeLessThan(95_000);
    const unknown = await call(app, API.lotteryGame, { ip: freshIp() }, { query: { code: 'NOPE' } });
    expect(unknown.statusCode).toBe(404);

    // The catalogue's lottery list and menu carry the next draw of each linked game.
    const catalogue = successEnvelope(lotteryListResult).parse(
      json(await call(app, API.lotteryList, { ip: freshIp() }, { query: { gameType: 'LOTT' } })),
    ).value;
    const northern = catalogue.list.find((item) => item.vassalage === 'TCG' && item.gameName === 'Miền Bắc');
    expect(catalogue.nextDraws[northern?.gameId ?? '']).toMatchObject({
      code: 'MB',
      issue: '20300304',
      closeAt: '2030-03-04T11:00:00.000Z',
    });
    const menu = successEnvelope(lotteryMenu).parse(
      json(await call(app, API.lotteryMenu, { ip: freshIp() })),
    ).value;
    expect(menu.nextDraws[catalogueId]?.code).toBe('ST1');
  });

  it('draws each region in its format, publishing the seed that gives the result', async () => {
    for (const code of ['MN_HCM', 'MT_TTH', 'MB']) {
      const game = await gameOf(code);
      const draw = game.openDraw;
      if (!draw) throw new Error(`no open draw of ${code}`);
      await drawNow(draw.drawAt);
      const results = successEnvelope(lotteryResultsPage).parse(
        json(await call(app, API.lotteryResults, { ip: freshIp() }, { query: { code } })),
      ).value;
      const drawn = results.list.find((item) => item.id === draw.id);
      if (!drawn) throw new Error(`draw of ${code} not in its results`);
      expect(sha256Hex(drawn.seed)).toBe(draw.seedHash);
      expect(drawn.result).toEqual(resultFromSeed(game.region, drawn.seed));
      const format = RESULT_FORMATS[game.region];
      expect(Object.keys(drawn.result)).toEqual(format.map((prize) => prize.prize));
      for (const { prize, count, digits } of format) {
        expect(drawn.result[prize]).toHaveLength(count);
        for (const number of drawn.result[prize] ?? [])
          expect(number).toMatch(new RegExp(`^\\d{${digits}}$`));
      }
      expect(allNumbers(drawn.result as DrawResult)).toHaveLength(game.region === 'MB' ? 27 : 18);
    }
    const numero = successEnvelope(lotteryNumero).parse(
      json(await call(app, API.lotteryNumero, { ip: freshIp() }, { query: { code: 'MB' } })),
    ).value;
    expect(numero.numbers).toHaveLength(27);
    expect(numero.heads.flat()).toHaveLength(27);
    const recent = successEnvelope(recentLotteryResult).parse(
      json(await call(app, API.recentLottery, { ip: freshIp() }, { query: { category: 'LOTT' } })),
    ).value;
    expect(recent.list.map((item) => item.code)).toEqual(expect.arrayContaining(['MB', 'MN_HCM', 'MT_TTH']));
  });

  it('settles every bet type on a known result: hits × points × payout, credited once', async () => {
    const { caller } = await newMember({ funds: 50_000_000 });
    const game = await gameOf('ST5');
    const draw = game.openDraw;
    if (!draw) throw new Error('no open ST5 draw');
    const seed = 'a known seed for the settlement test';
    await fixSeed(draw.id, seed);
    const result = resultFromSeed('MB', seed);
    const special = result.DB?.[0] ?? '';
    const lastTwo = allNumbers(result).map((number) => number.slice(-2));
    const distinct = [...new Set(lastTwo)];
    const two = special.slice(-2);
    const winning: Record<LotteryBetType, string[]> = {
      LO2: [result.G7?.[0]?.slice(-2) ?? ''],
      LO3: [result.G6?.[0]?.slice(-3) ?? ''],
      LO4: [result.G5?.[0]?.slice(-4) ?? ''],
      XIEN2: distinct.slice(0, 2),
      XIEN3: distinct.slice(0, 3),
      XIEN4: distinct.slice(0, 4),
      DE_SPECIAL: [two],
      DE_HEAD: [result.G7?.[0]?.slice(-2) ?? ''],
      DE_HEAD_TAIL: [two],
      DE_FIRST: [result.G1?.[0]?.slice(-2) ?? ''],
      CANG3: [special.slice(-3)],
      CANG4: [special.slice(-4)],
      DAU: [two[0] ?? ''],
      DUOI: [two[1] ?? ''],
      TAI_XIU: [Number(two) >= 50 ? 'TAI' : 'XIU'],
      CHAN_LE: [Number(two) % 2 === 0 ? 'CHAN' : 'LE'],
      SUM: [String(Number(two[0]) + Number(two[1]))],
    };
    /** A selection of the same shape that does not win. */
    const losing = (type: LotteryBetType): string[] => {
      const rule = BET_TYPES[type].pick;
      const candidates =
        rule.kind === 'option'
          ? rule.options.map((option) => [option])
          : Array.from({ length: 10 ** rule.digits }, (_, index) =>
              String(index).padStart(rule.digits, '0'),
            ).map((number, index, all) =>
              Array.from(
                { length: rule.count },
                (_, offset) => all[(index + offset * 7) % all.length] ?? number,
              ),
            );
      const found = candidates.find((pick) => BET_TYPES[type].hits(result, 'MB', pick) === 0);
      if (!found) throw new Error(`no losing pick of ${type}`);
      return found;
    };

    const before = await balanceOf(caller);
    let expectedWins = 0;
    let stakes = 0;
    const expected = new Map<string, { payout: number; hits: number }>();
    for (const offer of game.betTypes) {
      const type = offer.code;
      const win = winning[type];
      expect(BET_TYPES[type].hits(result, 'MB', win), type).toBeGreaterThan(0);
      const points = 2;
      const { bet } = await placed(caller, {
        drawId: draw.id,
        betType: type,
        selections: [win, losing(type)],
        points,
      });
      expect(bet.amount).toBe(2 * points * offer.pricePerPoint);
      stakes += bet.amount;
      const hits = BET_TYPES[type].hits(result, 'MB', win);
      const perPoint = offer.payoutsByOption?.[win[0] ?? ''] ?? offer.payoutPerPoint;
      const payout = hits * points * perPoint;
      expectedWins += payout;
      expected.set(bet.id, { payout, hits });
    }
    expect(expected.size).toBe(17);
    // A bet that only loses.
    const { bet: lost } = await placed(caller, {
      drawId: draw.id,
      betType: 'CANG4',
      selections: [losing('CANG4')],
    });
    stakes += lost.amount;
    expect(await balanceOf(caller)).toBe(before - stakes);

    await drawNow(draw.drawAt);
    const orders = await ordersOf(caller, { pageSize: '50' });
    for (const order of orders.list) {
      const want = expected.get(order.id);
      if (!want) {
        expect(order).toMatchObject({ id: lost.id, status: 'lost', payout: 0, hits: 0 });
        continue;
      }
      expect(order, order.betType).toMatchObject({ status: 'won', payout: want.payout, hits: want.hits });
    }
    expect(await balanceOf(caller)).toBe(before - stakes + expectedWins);
    const won = await ordersOf(caller, { status: 'won' });
    expect(won.total).toBe(17);

    // Settling again pays nothing more.
    const [row] = await db().select().from(lotteryDraw).where(eq(lotteryDraw.id, draw.id));
    expect(row?.status).toBe('settled');
    if (row) await service().settleDraw(row);
    expect(await balanceOf(caller)).toBe(before - stakes + expectedWins);
    // Every bet is in the game records, settled.
    const rounds = await db().select().from(gameRound).where(eq(gameRound.vendorCode, LOTTERY_VENDOR_CODE));
    const ours = rounds.filter((round) => expected.has(round.roundKey));
    expect(ours).toHaveLength(17);
    expect(ours.every((round) => round.status === 'settled')).toBe(true);
    // The member's history names the game and the draw of each stake and win, not the ledger's reference.
    const history = json<{ value: TransactionHistory }>(
      await call(app, API.walletTransactions, caller, { query: { kind: 'bet,win', pageSize: '50' } }),
    ).value;
    expect(history.list.filter((line) => line.kind === 'bet')).toHaveLength(18);
    expect(history.list.filter((line) => line.kind === 'win')).toHaveLength(17);
    for (const line of history.list) expect(line.game).toEqual({ name: game.name, round: draw.issue });
  });

  it('refuses bad bets: after close, wrong picks, bet types the game does not take, not enough money', async () => {
    const { caller } = await newMember({ funds: 30_000 });
    const fast = await gameOf('ST1');
    const draw = fast.openDraw;
    if (!draw) throw new Error('no open ST1 draw');
    const badPick = await place(caller, { drawId: draw.id, betType: 'LO2', selections: [['7']] });
    expect(badPick.statusCode).toBe(400);
    expect(json(badPick)).toMatchObject({ code: 'INVALID_INPUT' });
    const daily = await gameOf('MN_BT');
    const notOffered = await place(caller, {
      drawId: daily.openDraw?.id ?? '',
      betType: 'TAI_XIU',
      selections: [['TAI']],
    });
    expect(json(notOffered)).toMatchObject({ code: 'INVALID_INPUT' });
    const tooMuch = await place(caller, { drawId: draw.id, betType: 'LO2', selections: [['12']], points: 2 });
    expect(json(tooMuch)).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const zero = await place(caller, {
      drawId: draw.id,
      betType: 'DE_SPECIAL',
      selections: [['12']],
      points: 0,
    });
    expect(zero.statusCode).toBe(400);

    const { bet } = await placed(caller, { drawId: draw.id, betType: 'DE_SPECIAL', selections: [['12']] });
    time.advance(new Date(draw.closeAt).getTime() - time.clock().getTime());
    const late = await place(caller, { drawId: draw.id, betType: 'DE_SPECIAL', selections: [['13']] });
    expect(late.statusCode).toBe(409);
    expect(json(late)).toMatchObject({ code: 'LOTTERY_BETTING_CLOSED' });
    const lateCancel = await call(app, API.cancelLotteryBet, caller, { payload: { betId: bet.id } });
    expect(json(lateCancel)).toMatchObject({ code: 'LOTTERY_BETTING_CLOSED' });
    expect(await balanceOf(caller)).toBe(29_000);
  });

  it('cancels before close once, answers the same request key with the same bet, and trial bets are demo', async () => {
    const { caller } = await newMember({ funds: 1_000_000 });
    const draw = (await gameOf('ST3')).openDraw;
    if (!draw) throw new Error('no open ST3 draw');
    const key = randomUUID();
    const first = await placed(
      caller,
      { drawId: draw.id, betType: 'LO2', selections: [['12'], ['34']] },
      key,
    );
    const again = await placed(
      caller,
      { drawId: draw.id, betType: 'LO2', selections: [['12'], ['34']] },
      key,
    );
    expect(again.bet.id).toBe(first.bet.id);
    expect(first.balance).toBe(1_000_000 - 54_000);
    expect(await balanceOf(caller)).toBe(1_000_000 - 54_000);
    expect(first.bet.cancellable).toBe(true);

    const cancel = () => call(app, API.cancelLotteryBet, caller, { payload: { betId: first.bet.id } });
    const [one, two] = await Promise.all([cancel(), cancel()]);
    expect(one?.statusCode).toBe(200);
    expect(two?.statusCode).toBe(200);
    expect(await balanceOf(caller)).toBe(1_000_000);
    expect(successEnvelope(placeLotteryBetResult).parse(json(await cancel())).value.bet.status).toBe(
      'cancelled',
    );
    const reversals = await db()
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `lottery-cancel:${first.bet.id}`));
    expect(reversals).toHaveLength(1);
    expect(await balanceOf(caller)).toBe(1_000_000);
    const other = await newMember();
    const notMine = await call(app, API.cancelLotteryBet, other.caller, { payload: { betId: first.bet.id } });
    expect(notMine.statusCode).toBe(404);

    const trial = await newMember({ type: 4, funds: 2_000_000 });
    const demo = await placed(trial.caller, {
      drawId: draw.id,
      betType: 'TAI_XIU',
      selections: [['TAI']],
      points: 5,
    });
    expect(demo.bet).toMatchObject({ demo: true, amount: 5_000 });
    expect(demo.balance).toBe(2_000_000 - 5_000);
  });

  it('holds the limit per number and per draw, also for bets at once', async () => {
    const { caller } = await newMember({ funds: 10_000_000 });
    const draw = (await gameOf('ST3')).openDraw;
    if (!draw) throw new Error('no open ST3 draw');
    // CANG4: 1,000 a point, at most 50 points on one number of a draw.
    const bet = (points: number, number = '1234') =>
      place(caller, { drawId: draw.id, betType: 'CANG4', selections: [[number]], points });
    const results = await Promise.all([bet(30), bet(30)]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((response) => response.statusCode === 409);
    expect(json(refused ?? { body: '{}' })).toMatchObject({
      code: 'LOTTERY_LIMIT_EXCEEDED',
      value: { scope: 'NUMBER' },
    });
    expect((await bet(20)).statusCode).toBe(200);
    expect((await bet(1)).statusCode).toBe(409);
    expect((await bet(50, '4321')).statusCode).toBe(200);
    expect(await balanceOf(caller)).toBe(10_000_000 - 100_000);

    // The whole stake of one member on one draw: at most 200,000,000 on a fast draw.
    const rich = await newMember({ funds: 300_000_000 });
    const lo = (number: string, points: number) =>
      place(rich.caller, { drawId: draw.id, betType: 'LO2', selections: [[number]], points });
    expect((await lo('11', 5_000)).statusCode).toBe(200);
    const overNumber = await lo('11', 1);
    expect(json(overNumber)).toMatchObject({ code: 'LOTTERY_LIMIT_EXCEEDED', value: { scope: 'NUMBER' } });
    const overDraw = await lo('22', 3_000);
    expect(overDraw.statusCode).toBe(409);
    expect(json(overDraw)).toMatchObject({ code: 'LOTTERY_LIMIT_EXCEEDED', value: { scope: 'DRAW' } });
    expect(await balanceOf(rich.caller)).toBe(300_000_000 - 135_000_000);
  });

  it('draws and settles a draw missed while the server was down, once, on restart', async () => {
    const { caller } = await newMember({ funds: 1_000_000 });
    const draw = (await gameOf('ST1')).openDraw;
    if (!draw) throw new Error('no open ST1 draw');
    const seed = 'the seed of a draw missed while down';
    await fixSeed(draw.id, seed);
    const result = resultFromSeed('MB', seed);
    const special = result.DB?.[0]?.slice(-2) ?? '';
    const { bet } = await placed(caller, {
      drawId: draw.id,
      betType: 'DE_SPECIAL',
      selections: [[special]],
      points: 3,
    });
    const payout =
      (await gameOf('ST1')).betTypes.find((type) => type.code === 'DE_SPECIAL')?.payoutPerPoint ?? 0;

    // The server is down for 20 minutes; then it starts again with its scheduler.
    time.advanceMinutes(20);
    const restarted = await buildTestApp(database.current, { clock: time.clock, lotteryScheduler: true });
    await restarted.ready();
    const [row] = await db().select().from(lotteryDraw).where(eq(lotteryDraw.id, draw.id));
    expect(row).toMatchObject({ status: 'settled', seed });
    const [settled] = await db().select().from(lotteryBet).where(eq(lotteryBet.id, bet.id));
    expect(settled).toMatchObject({ status: 'won', payout: BigInt(3 * payout) });
    await restarted.close();
    // A second restart changes nothing.
    const again = await buildTestApp(database.current, { clock: time.clock, lotteryScheduler: true });
    await again.ready();
    await again.close();
    const wins = await db()
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, lotteryWinKey(bet.id)));
    expect(wins).toHaveLength(1);
    expect(await balanceOf(caller)).toBe(1_000_000 - 3_000 + 3 * payout);
  });

  it('pays once when two processes settle the same draws at once', async () => {
    const members = await Promise.all([newMember(), newMember(), newMember()]);
    const draw = (await gameOf('ST1')).openDraw;
    if (!draw) throw new Error('no open ST1 draw');
    const seed = 'the seed of a draw settled twice at once';
    await fixSeed(draw.id, seed);
    const special = resultFromSeed('MB', seed).DB?.[0]?.slice(-2) ?? '';
    const bets = [];
    for (const { caller } of members) {
      for (const betType of ['DE_SPECIAL', 'LO2'] as const) {
        bets.push((await placed(caller, { drawId: draw.id, betType, selections: [[special]] })).bet);
      }
    }
    time.advance(new Date(draw.drawAt).getTime() - time.clock().getTime() + 1_000);
    const [one, two] = [service(), service()];
    await Promise.all([one.runDue(), two.runDue(), one.runDue()]);
    for (const bet of bets) {
      const wins = await db()
        .select()
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.idempotencyKey, lotteryWinKey(bet.id)));
      expect(wins, bet.betType).toHaveLength(1);
    }
    const open = await db()
      .select()
      .from(lotteryBet)
      .where(and(eq(lotteryBet.drawId, draw.id), eq(lotteryBet.status, 'open')));
    expect(open).toHaveLength(0);
    const allWins = await db()
      .select()
      .from(ledgerTransaction)
      .where(like(ledgerTransaction.idempotencyKey, 'lottery-win:%'));
    expect(new Set(allWins.map((row) => row.idempotencyKey)).size).toBe(allWins.length);
  });

  it('refuses a member on a time-out', async () => {
    const { row, caller } = await newMember();
    const started = await call(app, API.startTimeOut, caller, { payload: { period: '24h' } });
    expect(started.statusCode, started.body).toBe(200);
    const again = { ip: freshIp(), cookie: await sessionOf(db(), row, time.clock) };
    const draw = (await gameOf('ST5')).openDraw;
    const response = await place(again, { drawId: draw?.id ?? '', betType: 'LO2', selections: [['12']] });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: 'ACCOUNT_TIMED_OUT' });
    expect(await balanceOf(again)).toBe(10_000_000);
  });

  it('leaves the ledger balanced', async () => {
    await service().runDue();
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
