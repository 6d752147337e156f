import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { successEnvelope } from '@kl/contracts/envelope';
import { slotSession, slotSpinResult, type SlotSpinResult } from '@kl/contracts/slot';
import { TREASURE_SHIP } from '@kl/contracts/slot-machines/treasure-ship';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { game, ledgerAccount, ledgerEntry, slotJackpotPool, slotSeed } from '../../db/schema/index.ts';
import { call } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { type MemberCaller as Caller, useTestApp } from '../../test/suite.ts';
import { checkLedger } from '../wallet/index.ts';
import { checkJackpots } from './jackpot-check.ts';
import { playRound } from './engine.ts';
import { fairDraws, hashServerSeed } from './fair.ts';

/**
 * The studio's progressive jackpot (docs/decisions/061-slot-studio.md): every stake on Thuyền Kho Báu adds
 * 1% to its pool (the ledger's house:jackpot account), and the round that shows five treasure chests takes
 * the whole pool, its own share included, in the same transaction as its stake.
 */
describeEachDatabase('slot jackpot', { embedded: true }, (kind) => {
  const suite = useTestApp(kind, { config: { rateLimitMax: 100_000 } });
  const { database, walletOf, newMember, fund } = suite;

  const spinValue = (response: LightMyRequestResponse): SlotSpinResult => {
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(slotSpinResult).parse(json(response)).value;
  };
  const spin = (caller: Caller, gameId: string, body: { lineBet?: number; mode?: 'wallet' | 'play' } = {}) =>
    call(suite.app, API.slotSpin, caller, {
      payload: { lineBet: 1_000, requestKey: randomUUID(), gameId, ...body },
    }).then(spinValue);
  const sessionOf = async (caller: Caller, gameId: string, mode: 'wallet' | 'play' = 'wallet') =>
    successEnvelope(slotSession).parse(
      json(await call(suite.app, API.slotSession, caller, { query: { gameId, mode } })),
    ).value;
  const treasureShip = async () => {
    const [title] = await database.current.db
      .select()
      .from(game)
      .where(and(eq(game.vassalage, 'BGS'), eq(game.slotMachine, TREASURE_SHIP.id)))
      .limit(1);
    if (!title) throw new Error('no title opens the jackpot machine');
    return title.gameId;
  };
  const pools = async () =>
    Object.fromEntries(
      (await database.current.db.select().from(slotJackpotPool)).map((row) => [row.money, row.amount]),
    );
  /** The real house jackpot account's entries (its balance waits for the roll-up of house entries). */
  const houseJackpot = async () => {
    const [row] = await database.current.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)::text` })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .where(
        and(eq(ledgerAccount.kind, 'jackpot'), isNull(ledgerAccount.memberId), eq(ledgerAccount.demo, false)),
      );
    return BigInt(row?.total ?? '0');
  };

  it('every stake feeds the pool, concurrent ones included, and the pool is the house jackpot account', async () => {
    const gameId = await treasureShip();
    const players = await Promise.all(Array.from({ length: 4 }, () => newMember()));
    for (const { row } of players) await fund(row.id, 2_000_000);
    const before = (await pools()).real ?? 0n;
    const results = await Promise.all(
      players.flatMap(({ caller }) => Array.from({ length: 5 }, () => spin(caller, gameId))),
    );
    const total = results.reduce((sum, result) => sum + result.round.totalBet, 0);
    expect(results.every((result) => result.round.machineId === TREASURE_SHIP.id)).toBe(true);
    // Ten lines at 1,000 a line: 10,000 a round, of which 1% (100) goes to the pool.
    expect(total).toBe(20 * 10_000);
    const won = results.reduce((sum, result) => sum + result.round.jackpotWin, 0);
    expect(won).toBe(0);
    expect((await pools()).real).toBe(before + BigInt(total / 100));
    expect(await houseJackpot()).toBe((await pools()).real);
    const [first] = players;
    expect((await sessionOf(first!.caller, gameId)).machine.jackpot).toEqual({
      symbol: 'JACKPOT',
      count: 5,
      contribution: 0.01,
      pool: Number(before) + total / 100,
    });
  });

  it('five chests in view take the whole pool with the round’s own share, in the round’s transaction', async () => {
    const gameId = await treasureShip();
    const { row, caller } = await newMember();
    await fund(row.id, 1_000_000);
    // A known server seed for the member's active seed, and a client seed (the member's own choice) whose
    // first round shows five chests: found by replaying the engine, as anyone holding the seeds could.
    await sessionOf(caller, gameId);
    const serverSeed = 'f'.repeat(64);
    await database.current.db
      .update(slotSeed)
      .set({ serverSeed, serverSeedHash: hashServerSeed(serverSeed) })
      .where(and(eq(slotSeed.memberId, row.id), isNull(slotSeed.revealedAt)));
    let clientSeed = '';
    for (let attempt = 0; clientSeed === ''; attempt += 1) {
      const candidate = `chests-${attempt}`;
      const round = playRound(
        TREASURE_SHIP.machine,
        fairDraws({ serverSeed, clientSeed: candidate, nonce: 0 }),
        1,
      );
      if (round.spins[0]?.jackpot) clientSeed = candidate;
    }
    await call(suite.app, API.slotClientSeed, caller, { payload: { clientSeed } });

    const pool = (await pools()).real ?? 0n;
    const result = await spin(caller, gameId);
    const share = result.round.totalBet / 100;
    expect(result.round.spins[0]?.jackpot).toBe(true);
    expect(result.round.jackpotWin).toBe(Number(pool) + share);
    const paytable = result.round.spins.reduce((sum, each) => sum + each.win, 0);
    expect(result.round.totalWin).toBe(paytable + result.round.jackpotWin);
    expect(result.balance.amount).toBe(1_000_000 - result.round.totalBet + result.round.totalWin);
    expect((await walletOf(caller)).available).toBe(result.balance.amount);
    expect(result.jackpotPool).toBe(0);
    expect((await pools()).real).toBe(0n);
    expect(await houseJackpot()).toBe(0n);

    // The next stake starts the pool again.
    const next = await spin(caller, gameId);
    expect(next.jackpotPool).toBe(next.round.totalBet / 100);
  });

  it('free play feeds a play-money pool of its own, apart from the real one', async () => {
    const gameId = await treasureShip();
    const { caller } = await newMember();
    const real = (await pools()).real ?? 0n;
    const played = await spin(caller, gameId, { mode: 'play' });
    expect(played.round.money).toBe('play');
    expect((await pools()).play).toBeGreaterThanOrEqual(BigInt(played.round.totalBet / 100));
    expect((await pools()).real ?? 0n).toBe(real);
    expect((await sessionOf(caller, gameId, 'play')).machine.jackpot?.pool).toBe(
      Number((await pools()).play),
    );
  });

  it('leaves the ledger clean, the pools holding what the house jackpot account does', async () => {
    expect((await checkLedger(database.current.db)).problems).toEqual([]);
    const jackpots = await checkJackpots(database.current.db);
    expect(jackpots.problems).toEqual([]);
    expect(jackpots.summary).not.toBe('jackpot pools: 0');
  });
});
