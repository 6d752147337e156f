import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { successEnvelope } from '@kl/contracts/envelope';
import {
  SLOT_PLAY_MONEY_START,
  slotHistory,
  slotRotateResult,
  slotRound,
  slotSeedState,
  slotSession,
  slotSpinResult,
  type SlotSpinResult,
} from '@kl/contracts/slot';
import type { TransactionHistory } from '@kl/contracts/wallet';
import { studioMachine } from '@kl/contracts/slot-machines/index';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { game, gameRound, ledgerTransaction, slotRound as slotRoundTable } from '../../db/schema/index.ts';
import { call, freshIp } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { type MemberCaller as Caller, useTestApp } from '../../test/suite.ts';
import { checkLedger, createLedgerRepository, createLedgerService } from '../wallet/index.ts';
import { sessionOf } from '../wallet/testing.ts';
import { playRound } from './engine.ts';
import { fairDraws, hashServerSeed } from './fair.ts';
import { SLOT_MACHINE } from './machine.ts';

describeEachDatabase('slot', { embedded: true }, (kind) => {
  const suite = useTestApp(kind, { config: { rateLimitMax: 100_000 } });
  const { database, time, walletOf, newMember, fund } = suite;

  const sessionOfCaller = async (caller: Caller, mode: 'wallet' | 'play' = 'wallet') =>
    successEnvelope(slotSession).parse(
      json(await call(suite.app, API.slotSession, caller, { query: { mode } })),
    ).value;
  const spin = (
    caller: Caller,
    body: { lineBet?: number; requestKey?: string; mode?: 'wallet' | 'play'; gameId?: string } = {},
  ) =>
    call(suite.app, API.slotSpin, caller, {
      payload: { lineBet: 100, requestKey: randomUUID(), ...body },
    });
  const spinValue = (response: LightMyRequestResponse): SlotSpinResult => {
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(slotSpinResult).parse(json(response)).value;
  };
  const historyOf = async (caller: Caller) =>
    successEnvelope(slotHistory).parse(
      json(await call(suite.app, API.slotHistory, caller, { query: { pageSize: '100' } })),
    ).value;
  const slotLedgerRows = (memberId: string) =>
    database.current.db
      .select()
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.memberId, memberId), eq(ledgerTransaction.kind, 'game_round')));

  it('describes the machine, the balance and the seed (hash only)', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 500_000);
    const session = await sessionOfCaller(caller);
    expect(session.machine.reelCount).toBe(5);
    expect(session.machine.rows).toBe(3);
    expect(session.machine.lines).toHaveLength(20);
    expect(session.machine.betLevels).toEqual([100, 200, 500, 1_000, 2_000, 5_000]);
    expect(session.balance).toEqual({ money: 'real', amount: 500_000, currency: 'VND' });
    expect(session.seed.nonce).toBe(0);
    expect(session.seed.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.game.house).toBe(true);
    expect(JSON.stringify(session)).not.toContain('serverSeed"');
  });

  it('a spin moves the balance by exactly −bet + win in one ledger transaction and is stored', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 1_000_000);
    const result = spinValue(await spin(caller, { lineBet: 500 }));
    expect(result.replayed).toBe(false);
    expect(result.round.totalBet).toBe(10_000);
    expect(result.round.money).toBe('real');
    expect(result.round.nonce).toBe(0);
    expect(result.round.serverSeed).toBeNull();
    expect(result.seed.nonce).toBe(1);
    const expected = 1_000_000 - 10_000 + result.round.totalWin;
    expect(result.balance.amount).toBe(expected);
    expect((await walletOf(caller)).available).toBe(expected);
    const rows = await slotLedgerRows(row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idempotencyKey).toBe(`slot:${result.round.roundId}`);
    expect(rows[0]?.amount).toBe(10_000n);
    expect(rows[0]?.payout).toBe(BigInt(result.round.totalWin));
    // Recorded in the game records, settled with the win.
    const records = await database.current.db.select().from(gameRound).where(eq(gameRound.memberId, row.id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      status: 'settled',
      stake: 10_000n,
      payout: BigInt(result.round.totalWin),
    });
  });

  it('the same requestKey twice answers one round', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 100_000);
    const requestKey = randomUUID();
    const first = spinValue(await spin(caller, { requestKey }));
    const again = spinValue(await spin(caller, { requestKey }));
    expect(again.replayed).toBe(true);
    expect(again.round).toEqual(first.round);
    const both = await Promise.all([
      spin(caller, { requestKey: 'same-key-1' }),
      spin(caller, { requestKey: 'same-key-1' }),
    ]);
    const values = both.map(spinValue);
    expect(values[0]?.round.roundId).toBe(values[1]?.round.roundId);
    expect(await slotLedgerRows(row.id)).toHaveLength(2);
    expect((await historyOf(caller)).total).toBe(2);
    // The same key asking for another bet is a conflict.
    const conflict = await spin(caller, { requestKey, lineBet: 200 });
    expect(conflict.statusCode).toBe(409);
    expect(json(conflict)).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('20 concurrent spins take 20 distinct nonces and leave start − bets + wins', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 2_000_000);
    const results = (
      await Promise.all(Array.from({ length: 20 }, () => spin(caller, { lineBet: 1_000 })))
    ).map(spinValue);
    const nonces = results.map((result) => result.round.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, index) => index));
    const wins = results.reduce((sum, result) => sum + result.round.totalWin, 0);
    expect((await walletOf(caller)).available).toBe(2_000_000 - 20 * 20_000 + wins);
    expect(await slotLedgerRows(row.id)).toHaveLength(20);
  });

  it('rotating reveals the seed and every past round recomputes from (server seed, client seed, nonce)', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 1_000_000);
    const before = await sessionOfCaller(caller);
    for (let index = 0; index < 5; index += 1) spinValue(await spin(caller, { lineBet: 200 }));
    const changed = await call(suite.app, API.slotClientSeed, caller, {
      payload: { clientSeed: 'my lucky seed!' },
    });
    expect(successEnvelope(slotSeedState).parse(json(changed)).value).toMatchObject({
      clientSeed: 'my lucky seed!',
      nonce: 5,
    });
    for (let index = 0; index < 3; index += 1) spinValue(await spin(caller, { lineBet: 200 }));
    expect((await historyOf(caller)).list.every((round) => round.serverSeed === null)).toBe(true);

    const rotated = successEnvelope(slotRotateResult).parse(
      json(await call(suite.app, API.slotRotateSeed, caller, { payload: {} })),
    ).value;
    expect(rotated.revealed.serverSeedHash).toBe(before.seed.serverSeedHash);
    expect(hashServerSeed(rotated.revealed.serverSeed)).toBe(before.seed.serverSeedHash);
    expect(rotated.revealed.rounds).toBe(8);
    expect(rotated.seed.nonce).toBe(0);
    expect(rotated.seed.serverSeedHash).not.toBe(before.seed.serverSeedHash);
    expect(rotated.seed.clientSeed).toBe('my lucky seed!');

    const history = await historyOf(caller);
    expect(history.list).toHaveLength(8);
    for (const round of history.list) {
      expect(round.serverSeed).toBe(rotated.revealed.serverSeed);
      expect(round.machineId).toBe('golden-dragon');
      const replay = playRound(
        SLOT_MACHINE,
        fairDraws({ serverSeed: round.serverSeed ?? '', clientSeed: round.clientSeed, nonce: round.nonce }),
        round.lineBet,
      );
      expect(replay.spins).toEqual(round.spins);
      expect(replay.totalWin).toBe(round.totalWin);
      const one = successEnvelope(slotRound).parse(
        json(await call(suite.app, API.slotRound, caller, { query: { roundId: round.roundId } })),
      ).value;
      expect(one).toEqual(round);
    }
    expect(history.list.filter((round) => round.clientSeed === 'my lucky seed!')).toHaveLength(3);
    // The next round uses the new seed from nonce 0.
    const next = spinValue(await spin(caller));
    expect(next.round.nonce).toBe(0);
    expect(next.round.serverSeedHash).toBe(rotated.seed.serverSeedHash);
  });

  it('a rotation in the middle of concurrent spins: every spin plays, each with one seed and nonce', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 1_000_000);
    await sessionOfCaller(caller);
    const spins = Array.from({ length: 10 }, () => spin(caller));
    const rotation = call(suite.app, API.slotRotateSeed, caller, { payload: {} });
    const [results, rotated] = await Promise.all([Promise.all(spins), rotation]);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const rounds = results.map(spinValue).map((result) => result.round);
    const keys = new Set(rounds.map((round) => `${round.serverSeedHash}:${round.nonce}`));
    expect(keys.size).toBe(10);
    const revealed = successEnvelope(slotRotateResult).parse(json(rotated)).value.revealed;
    const history = await historyOf(caller);
    expect(history.total).toBe(10);
    for (const round of history.list.filter((item) => item.serverSeed !== null)) {
      expect(round.serverSeed).toBe(revealed.serverSeed);
      const replay = playRound(
        SLOT_MACHINE,
        fairDraws({ serverSeed: revealed.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce }),
        round.lineBet,
      );
      expect(replay.spins).toEqual(round.spins);
    }
    expect(history.list.filter((item) => item.serverSeed !== null)).toHaveLength(revealed.rounds);
  });

  it('refuses a bad client seed and a bet that is not a bet level', async () => {
    const { caller } = await newMember();
    for (const clientSeed of ['', 'x'.repeat(65), 'tab\there']) {
      const response = await call(suite.app, API.slotClientSeed, caller, { payload: { clientSeed } });
      expect(response.statusCode).toBe(400);
    }
    expect((await spin(caller, { lineBet: 150 })).statusCode).toBe(400);
    expect(
      (
        await call(
          suite.app,
          API.slotSpin,
          { ip: freshIp() },
          { payload: { lineBet: 100, requestKey: randomUUID() } },
        )
      ).statusCode,
    ).toBe(401);
  });

  it('not enough balance is refused and stores nothing (no nonce taken)', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 1_999);
    const response = await spin(caller, { lineBet: 100 });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await slotLedgerRows(row.id)).toHaveLength(0);
    expect(
      await database.current.db.select().from(slotRoundTable).where(eq(slotRoundTable.memberId, row.id)),
    ).toHaveLength(0);
    expect((await sessionOfCaller(caller)).seed.nonce).toBe(0);
    expect((await walletOf(caller)).available).toBe(1_999);
  });

  it('a member on a time-out is refused', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 100_000);
    const started = await call(suite.app, API.startTimeOut, caller, { payload: { period: '24h' } });
    expect(started.statusCode, started.body).toBe(200);
    const again = { ip: freshIp(), cookie: await sessionOf(database.current.db, row, time.clock) };
    const response = await spin(again);
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: 'ACCOUNT_TIMED_OUT' });
    expect(await slotLedgerRows(row.id)).toHaveLength(0);
  });

  it('free play uses play money that never touches the ledger or the real balance', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 300_000);
    const session = await sessionOfCaller(caller, 'play');
    expect(session.balance).toEqual({ money: 'play', amount: SLOT_PLAY_MONEY_START, currency: 'VND' });
    let balance = SLOT_PLAY_MONEY_START;
    for (let index = 0; index < 4; index += 1) {
      const result = spinValue(await spin(caller, { mode: 'play', lineBet: 5_000 }));
      expect(result.round.money).toBe('play');
      balance = balance - 100_000 + result.round.totalWin;
      expect(result.balance.amount).toBe(balance);
    }
    expect((await walletOf(caller)).available).toBe(300_000);
    expect(await slotLedgerRows(row.id)).toHaveLength(0);
    expect(
      await database.current.db.select().from(gameRound).where(eq(gameRound.memberId, row.id)),
    ).toHaveLength(0);
    expect((await sessionOfCaller(caller)).balance).toEqual({
      money: 'real',
      amount: 300_000,
      currency: 'VND',
    });
  });

  it('a trial member plays with demo money, apart from real balances', async () => {
    const { row, caller } = await newMember({ type: 4 });
    const ledger = createLedgerService({
      db: database.current.db,
      ledger: createLedgerRepository(database.current.db),
      clock: time.clock,
    });
    await ledger.post({
      merchantCode: 'kimlong',
      memberId: row.id,
      idempotencyKey: `trial_credit:${row.id}`,
      kind: 'trial_credit',
      amount: 2_000_000n,
    });
    const session = await sessionOfCaller(caller);
    expect(session.balance).toEqual({ money: 'demo', amount: 2_000_000, currency: 'VND' });
    const result = spinValue(await spin(caller, { lineBet: 1_000 }));
    expect(result.round.money).toBe('demo');
    expect(result.balance.amount).toBe(2_000_000 - 20_000 + result.round.totalWin);
    const rows = await slotLedgerRows(row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.demo).toBe(true);
  });

  it('plays as a launched in-house game, and as the machine otherwise', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 100_000);
    const [bgs] = await database.current.db
      .select()
      .from(game)
      .where(and(eq(game.vassalage, 'BGS'), eq(game.gameType, 'RNG')))
      .limit(1);
    expect(bgs).toBeDefined();
    const asGame = spinValue(await spin(caller, { gameId: bgs?.gameId ?? '' }));
    expect(asGame.round.gameName).toBe(bgs?.gameName);
    const session = successEnvelope(slotSession).parse(
      json(await call(suite.app, API.slotSession, caller, { query: { gameId: bgs?.gameId ?? '' } })),
    ).value;
    expect(session.game).toEqual({ gameId: bgs?.gameId, gameName: bgs?.gameName, house: false });
    const records = await database.current.db.select().from(gameRound).where(eq(gameRound.memberId, row.id));
    expect(records[0]).toMatchObject({ gameId: bgs?.gameId, vendorCode: 'BGS' });
    // The member's history names the game and the round, not the ledger's reference.
    const history = json<{ value: TransactionHistory }>(
      await call(suite.app, API.walletTransactions, caller, { query: { kind: 'game_round' } }),
    ).value;
    expect(history.list.map((line) => line.game)).toEqual([
      { name: bgs?.gameName, round: asGame.round.roundId },
    ]);
  });

  it('each in-house title opens its studio machine: its reels, its total bet, its rounds replayed on it', async () => {
    const { row, caller } = await newMember();
    await fund(row.id, 1_000_000);
    const titles = await database.current.db
      .select()
      .from(game)
      .where(and(eq(game.vassalage, 'BGS'), eq(game.gameType, 'RNG')))
      .orderBy(asc(game.id))
      .limit(5);
    // The catalogue gives the titles the studio's machines in turn, the first keeping Rồng Vàng.
    expect(titles.map((title) => title.slotMachine)).toEqual([
      'golden-dragon',
      'lucky-sevens',
      'jade-garden',
      'gem-cascade',
      'golden-koi',
    ]);
    const sessions = await Promise.all(
      titles.map(
        async (title) =>
          successEnvelope(slotSession).parse(
            json(await call(suite.app, API.slotSession, caller, { query: { gameId: title.gameId } })),
          ).value,
      ),
    );
    expect(sessions.map((session) => session.machine.id)).toEqual(titles.map((title) => title.slotMachine));
    const [dragon, sevens, garden] = sessions;
    expect(dragon?.machine).toMatchObject({
      name: 'Rồng Vàng',
      reelCount: 5,
      rows: 3,
      lineCount: 20,
      ways: null,
    });
    expect(sevens?.machine).toMatchObject({
      name: 'Bảy May Mắn',
      reelCount: 3,
      rows: 3,
      lineCount: 5,
      ways: null,
    });
    expect(garden?.machine).toMatchObject({ reelCount: 5, ways: { count: 243, betUnits: 25 } });
    expect(new Set(sessions.map((session) => session.machine.theme)).size).toBe(5);
    expect(sevens?.machine.reels).not.toEqual(dragon?.machine.reels);

    // A round of each costs its bet per line times its lines (or bet units) and is kept with its machine.
    let expected = 1_000_000;
    for (const [index, title] of titles.entries()) {
      const played = spinValue(await spin(caller, { gameId: title.gameId, lineBet: 200 }));
      expect(played.round.machineId).toBe(title.slotMachine);
      expect(played.round.totalBet).toBe(200 * [20, 5, 25, 25, 10][index]!);
      expected += played.round.totalWin - played.round.totalBet;
      expect(played.balance.amount).toBe(expected);
    }
    expect((await walletOf(caller)).available).toBe(expected);

    // Revealed, each round replays on its own machine, and on no other.
    await call(suite.app, API.slotRotateSeed, caller, { payload: {} });
    const rounds = (await historyOf(caller)).list;
    expect(rounds.map((round) => round.machineId).reverse()).toEqual(
      titles.map((title) => title.slotMachine),
    );
    for (const round of rounds) {
      const studio = studioMachine(round.machineId);
      const draws = () =>
        fairDraws({ serverSeed: round.serverSeed ?? '', clientSeed: round.clientSeed, nonce: round.nonce });
      expect(playRound(studio!.machine, draws(), round.lineBet).spins).toEqual(round.spins);
    }
    const sevensRound = rounds.find((round) => round.machineId === 'lucky-sevens');
    expect(sevensRound?.spins[0]?.grid).toHaveLength(3);
  });

  it('plays no other vendor’s game: a third-party slot’s id is the machine’s own round', async () => {
    const { caller } = await newMember();
    const [tiger] = await database.current.db
      .select()
      .from(game)
      .where(and(eq(game.vassalage, 'TIGER'), eq(game.gameType, 'RNG')))
      .limit(1);
    expect(tiger).toBeDefined();
    const session = successEnvelope(slotSession).parse(
      json(await call(suite.app, API.slotSession, caller, { query: { gameId: tiger?.gameId ?? '' } })),
    ).value;
    expect(session.game.house).toBe(true);
    expect(session.game.gameName).not.toBe(tiger?.gameName);
  });

  it('leaves the ledger clean', async () => {
    expect((await checkLedger(database.current.db)).problems).toEqual([]);
  });
});
