import type {
  SandboxMatch,
  SandboxMatches,
  SandboxPlaceTableBetResult,
  SandboxSlip,
  SandboxTableGame,
  SandboxTableRound,
  SandboxTableState,
} from '@kl/contracts/sandbox-provider';
import { eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sandboxProviderCalls as calls } from '@kl/contracts/sandbox-provider';
import { sandboxTableRound } from '@kl/sandboxes/db/schema';
import { ledgerTransaction } from '../../../db/schema/index.ts';
import { HOUR_MS, MINUTE_MS } from '../../../platform/clock.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../../test/suite.ts';
import { launchableGameId } from '../testing.ts';
import { resolveBaccaratRound, settleBaccarat } from '@kl/sandboxes/provider/games/baccarat';
import { resolveBauCuaRound, settleBauCua } from '@kl/sandboxes/provider/games/bau-cua';
import { resolveCockfightRound, settleCockfight } from '@kl/sandboxes/provider/games/cockfight';
import type { Commitment } from '@kl/sandboxes/provider/games/fair';
import {
  type BetLeg,
  createMatch,
  finalResult,
  type MatchResult,
  resolveMatch,
  settleSportsBet,
  type SportId,
} from '@kl/sandboxes/provider/games/sports';
import { resolveXocDiaRound, settleXocDia } from '@kl/sandboxes/provider/games/xoc-dia';
import { SANDBOX_PROVIDER_CODE } from '@kl/sandboxes/provider/index';
import { PASS_CEILING_MS, type PassTimers } from '@kl/sandboxes/provider/scheduler';
import { cashOutValue } from '@kl/sandboxes/provider/sports-book';
import { BETTING_MS, RESULT_MS } from '@kl/sandboxes/provider/tables';
import { clientCall, gameRecordOf, useSandboxProvider } from './testing.ts';

/**
 * The sandbox provider as a player and the operator see it (docs/decisions/026-sandbox-provider.md): the
 * app listens on a loopback port and the provider calls its wallet there, over HTTP, signed with its own
 * key. The tests move the clock and run the provider's scheduler by hand.
 */

describeEachDatabase('sandbox provider', (kind) => {
  const t = useTestApp(kind);
  const sandbox = useSandboxProvider(t, launchableGameId);
  const { sandboxProvider } = sandbox;

  /** A member with `funds`, launched at the provider: the provider's session. */
  async function player(funds: number) {
    const { memberId, caller, sessionId, opened } = await sandbox.player(funds);
    expect(opened.value).toMatchObject({
      balance: funds,
      currency: 'VND',
      gameId: sandbox.gameId,
      demo: false,
    });
    return { memberId, caller, sessionId };
  }

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;
  const tableOf = async (sessionId: string, game: SandboxTableGame) => {
    const answer = await clientCall<SandboxTableState>(sandbox.app, calls.sandboxProviderTable, sessionId, {
      query: { game },
    });
    expect(answer.status).toBe(200);
    return answer.value;
  };
  /** The table's round taking bets: after a round's close, the clock moves on to the next one's opening. */
  const bettingRound = async (sessionId: string, game: SandboxTableGame) => {
    const state = await tableOf(sessionId, game);
    if (state.current.phase === 'betting') return state.current;
    t.time.advance(Date.parse(state.current.closesAt) + RESULT_MS - t.time.clock().getTime());
    return (await tableOf(sessionId, game)).current;
  };
  const commitmentOf = (round: SandboxTableRound): Commitment => ({
    serverSeedHash: round.fairness.serverSeedHash,
    clientSeed: round.fairness.clientSeed,
    nonce: round.fairness.nonce,
  });

  /** Bets on the table's current round, moves the clock past its close and settles; the round played. */
  const playTableRound = (sessionId: string, game: SandboxTableGame, kind: string, stake: number) =>
    playTableBets(sessionId, game, [{ kind, stake }]);

  /** The same with several bet lines in one bet (one stake at the wallet, their total). */
  async function playTableBets(
    sessionId: string,
    game: SandboxTableGame,
    bets: readonly { kind: string; stake: number }[],
  ) {
    const current = await bettingRound(sessionId, game);
    expect(current).toMatchObject({ phase: 'betting', fairness: { serverSeed: null }, outcome: null });
    const roundId = current.roundId;
    const placed = await clientCall<SandboxPlaceTableBetResult>(
      sandbox.app,
      calls.sandboxProviderPlaceTableBet,
      sessionId,
      { payload: { game, roundId, bets } },
    );
    const stake = bets.reduce((sum, bet) => sum + bet.stake, 0);
    expect(placed.status, JSON.stringify(placed.value)).toBe(200);
    expect(placed.value.bet).toMatchObject({ roundId, stake, status: 'accepted' });
    t.time.advance(BETTING_MS + 1);
    await sandbox.provider.tick();
    const after = await tableOf(sessionId, game);
    const played = after.results.find((round) => round.roundId === roundId);
    if (!played?.fairness.serverSeed) throw new Error('the round was not revealed');
    expect(after.myBets.find((bet) => bet.roundId === roundId)?.status).toBe('settled');
    return { roundId, played, serverSeed: played.fairness.serverSeed, balanceAfterBet: placed.value.balance };
  }

  const recordOf = (caller: MemberCaller, roundId: string) => gameRecordOf(t.app, caller, roundId);

  it('settles a baccarat round: the banker bet paid as the engine pays the revealed deal', async () => {
    const { caller, sessionId } = await player(1_000_000);
    const { roundId, played, serverSeed, balanceAfterBet } = await playTableRound(
      sessionId,
      'baccarat',
      'banker',
      100_000,
    );
    expect(balanceAfterBet).toBe(900_000);
    const outcome = resolveBaccaratRound(commitmentOf(played), serverSeed).outcome;
    expect(played.outcome).toEqual(outcome);
    const [settled] = settleBaccarat([{ kind: 'banker', stake: 100_000n }], outcome);
    const returned = Number(settled?.returned);
    expect(await balanceOf(caller)).toBe(1_000_000 - 100_000 + returned);
    expect(await recordOf(caller, roundId)).toMatchObject({
      vendorCode: SANDBOX_PROVIDER_CODE,
      stake: 100_000,
      payout: returned,
      status: 'settled',
    });
  });

  it('settles a xóc đĩa round the same way, and a new round opens after the result', async () => {
    const { caller, sessionId } = await player(500_000);
    const { roundId, played, serverSeed } = await playTableRound(sessionId, 'xoc-dia', 'chan', 40_000);
    const outcome = resolveXocDiaRound(commitmentOf(played), serverSeed).outcome;
    expect(played.outcome).toEqual(outcome);
    const returned = Number(settleXocDia([{ kind: 'chan', stake: 40_000n }], outcome)[0]?.returned);
    expect(returned).toBe(outcome.reds % 2 === 0 ? 78_400 : 0);
    expect(await balanceOf(caller)).toBe(500_000 - 40_000 + returned);
    expect(await recordOf(caller, roundId)).toMatchObject({ stake: 40_000, payout: returned });

    // Betting on the closed round is refused; the next round opens once the result time is over.
    const late = await clientCall(sandbox.app, calls.sandboxProviderPlaceTableBet, sessionId, {
      payload: { game: 'xoc-dia', roundId, bets: [{ kind: 'le', stake: 1_000 }] },
    });
    expect(late).toMatchObject({ status: 409, code: 'GAME_ROUND_CLOSED' });
    t.time.advance(BETTING_MS);
    expect((await tableOf(sessionId, 'xoc-dia')).current).toMatchObject({ phase: 'betting' });
  });

  /**
   * A round of several bet lines paid as the rules say: the engine returns `expected` for them, the
   * wallet holds `funds − stake + expected`, and the game record shows the stake and the payout.
   */
  async function expectPaid(round: {
    caller: MemberCaller;
    roundId: string;
    funds: number;
    stake: number;
    expected: number;
    settled: readonly { returned: bigint }[];
  }) {
    const { caller, roundId, funds, stake, expected, settled } = round;
    expect(settled.reduce((sum, bet) => sum + Number(bet.returned), 0)).toBe(expected);
    expect(await balanceOf(caller)).toBe(funds - stake + expected);
    expect(await recordOf(caller, roundId)).toMatchObject({ stake, payout: expected, status: 'settled' });
  }

  it('settles a bầu cua round of two faces, each paid 1:1 per matching die, the stake of the others lost', async () => {
    const { caller, sessionId } = await player(300_000);
    const bets = [
      { kind: 'cua', stake: 20_000 },
      { kind: 'tom', stake: 10_000 },
    ] as const;
    const { roundId, played, serverSeed, balanceAfterBet } = await playTableBets(sessionId, 'bau-cua', bets);
    expect(balanceAfterBet).toBe(270_000);
    const outcome = resolveBauCuaRound(commitmentOf(played), serverSeed).outcome;
    expect(played.outcome).toEqual(outcome);
    // Each face returns its stake and the stake again for each die showing it, or nothing.
    const expected = bets.reduce((sum, bet) => {
      const matches = outcome.dice.filter((face) => face === bet.kind).length;
      return sum + (matches === 0 ? 0 : bet.stake * (1 + matches));
    }, 0);
    const settled = settleBauCua(
      bets.map((bet) => ({ kind: bet.kind, stake: BigInt(bet.stake) })),
      outcome,
    );
    await expectPaid({ caller, roundId, funds: 300_000, stake: 30_000, expected, settled });
  });

  it('settles a cockfight round at the odds the round offered: meron at its price, a draw 8:1 and pushing meron', async () => {
    const { caller, sessionId } = await player(300_000);
    const bets = [
      { kind: 'meron', stake: 50_000 },
      { kind: 'draw', stake: 5_000 },
    ] as const;
    const { roundId, played, serverSeed } = await playTableBets(sessionId, 'cockfight', bets);
    const odds = { meronBp: Number(played.params?.meronBp), walaBp: Number(played.params?.walaBp) };
    expect(odds.meronBp).toBeGreaterThan(10_000);
    expect(odds.walaBp).toBeGreaterThan(10_000);
    const outcome = resolveCockfightRound({ ...commitmentOf(played), ...odds }, serverSeed).outcome;
    expect(played.outcome).toEqual(outcome);
    const expected = {
      meron: Math.floor((50_000 * odds.meronBp) / 10_000),
      wala: 0,
      draw: 50_000 + 5_000 * 9,
    }[outcome.result];
    const settled = settleCockfight(
      bets.map((bet) => ({ kind: bet.kind, stake: BigInt(bet.stake) })),
      odds,
      outcome,
    );
    await expectPaid({ caller, roundId, funds: 300_000, stake: 55_000, expected, settled });
  });

  it('refuses a bet above the balance with the wallet’s not-enough-money answer, moving nothing', async () => {
    const { caller, sessionId } = await player(50_000);
    const current = await bettingRound(sessionId, 'baccarat');
    const refused = await clientCall(sandbox.app, calls.sandboxProviderPlaceTableBet, sessionId, {
      payload: { game: 'baccarat', roundId: current.roundId, bets: [{ kind: 'banker', stake: 50_001 }] },
    });
    expect(refused).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_BALANCE',
      value: { providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY' },
    });
    expect(await balanceOf(caller)).toBe(50_000);
    expect((await tableOf(sessionId, 'baccarat')).myBets).toEqual([]);
    expect(await recordOf(caller, current.roundId)).toBeUndefined();
    // Without its session id, the provider knows no player.
    const anonymous = await clientCall(sandbox.app, calls.sandboxProviderBalance, undefined);
    expect(anonymous).toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
  });

  it('settles a single and an accumulator when their matches end; no cash-out after kick-off', async () => {
    const { caller, sessionId } = await player(300_000);
    await sandbox.provider.tick();
    const listed = await clientCall<SandboxMatches>(sandbox.app, calls.sandboxProviderMatches, sessionId);
    const open = listed.value.matches.filter((match) => match.status === 'open');
    const [first, second, third] = open;
    if (!first || !second || !third) throw new Error('the book lists too few matches');
    const legOf = (match: SandboxMatch, selection = 0): BetLeg => {
      const market = match.markets[0];
      const chosen = market?.selections[selection];
      if (!market || !chosen) throw new Error('a match without prices');
      return { matchId: match.matchId, market: market.key, pick: chosen.pick, oddsBp: chosen.oddsBp };
    };
    const place = (stake: number, legs: BetLeg[]) =>
      clientCall<{ slip: SandboxSlip; balance: number }>(
        sandbox.app,
        calls.sandboxProviderPlaceSlip,
        sessionId,
        {
          payload: { stake, legs },
        },
      );
    const single = await place(20_000, [legOf(first)]);
    expect(single.status, JSON.stringify(single.value)).toBe(200);
    const accumulator = await place(10_000, [legOf(first, 1), legOf(second)]);
    expect(accumulator.value.slip).toMatchObject({ kind: 'accumulator', status: 'open' });
    const stale = await place(10_000, [{ ...legOf(second), oddsBp: legOf(second).oddsBp + 100 }]);
    expect(stale).toMatchObject({
      status: 409,
      code: 'BET_SLIP_REFUSED',
      value: { problem: 'odds-changed' },
    });

    // Before kick-off a slip cashes out at its fair value at the prices taken.
    const early = await place(10_000, [legOf(third)]);
    const cashed = await clientCall<{ slip: SandboxSlip }>(
      sandbox.app,
      calls.sandboxProviderCashOut,
      sessionId,
      {
        payload: { slipId: early.value.slip.slipId },
      },
    );
    const cashValue = Number(cashOutValue(10_000n, 1, [500]));
    expect(cashed.value.slip).toMatchObject({ status: 'cashed-out', returned: cashValue });

    const kickOff = Math.min(Date.parse(first.kickOff), Date.parse(second.kickOff));
    t.time.advance(kickOff - t.time.clock().getTime() + 1);
    const late = await clientCall(sandbox.app, calls.sandboxProviderCashOut, sessionId, {
      payload: { slipId: single.value.slip.slipId },
    });
    expect(late).toMatchObject({ status: 409, code: 'CASH_OUT_CLOSED' });

    const lastEnd = Math.max(Date.parse(first.endsAt), Date.parse(second.endsAt));
    t.time.advance(lastEnd - t.time.clock().getTime() + 1);
    await sandbox.provider.tick();
    const finished = (await clientCall<SandboxMatches>(sandbox.app, calls.sandboxProviderMatches, sessionId))
      .value;
    const results = new Map<string, MatchResult>();
    for (const match of finished.matches.filter((candidate) => candidate.status === 'finished')) {
      const seed = match.fairness.serverSeed;
      if (!seed) throw new Error('a finished match without its seed');
      const engine = createMatch({
        id: match.matchId,
        sport: match.sport as SportId,
        home: match.home.id,
        away: match.away.id,
        kickOff: new Date(match.kickOff),
        seeds: { serverSeed: seed, clientSeed: match.fairness.clientSeed, nonce: match.fairness.nonce },
      });
      const score = resolveMatch(engine, seed).outcome;
      expect(match.score).toEqual({ home: score.home, away: score.away });
      results.set(match.matchId, finalResult(score));
    }
    const slips = (
      await clientCall<{ slips: SandboxSlip[] }>(sandbox.app, calls.sandboxProviderSlips, sessionId)
    ).value.slips;
    let returned = 0;
    for (const placed of [single.value.slip, accumulator.value.slip]) {
      const expected = settleSportsBet(
        {
          kind: placed.kind,
          stake: BigInt(placed.stake),
          legs: placed.legs,
          firstKickOff: new Date(kickOff),
        },
        results,
      );
      if (!expected.settled) throw new Error('the engine cannot settle the slip yet');
      expect(slips.find((slip) => slip.slipId === placed.slipId)).toMatchObject({
        status: 'settled',
        outcome: expected.outcome,
        returned: Number(expected.returned),
      });
      returned += Number(expected.returned);
    }
    expect(await balanceOf(caller)).toBe(300_000 - 20_000 - 10_000 - 10_000 + cashValue + returned);
    expect(await recordOf(caller, single.value.slip.slipId)).toMatchObject({
      stake: 20_000,
      status: 'settled',
    });
  });

  it('pays a fishing shot at once: the cannon staked, the catch returned', async () => {
    const { caller, sessionId } = await player(10_000);
    const shot = await clientCall<{ returned: number; balance: number; multiplier: number }>(
      sandbox.app,
      calls.sandboxProviderFishingShot,
      sessionId,
      { payload: { cannonCost: 1_000 } },
    );
    expect(shot.status, JSON.stringify(shot.value)).toBe(200);
    expect(shot.value.returned).toBe(1_000 * shot.value.multiplier);
    expect(await balanceOf(caller)).toBe(10_000 - 1_000 + shot.value.returned);
    expect(shot.value.balance).toBe(10_000 - 1_000 + shot.value.returned);
  });

  it('settles exactly once when a restart interrupted the settlement after the wallet paid', async () => {
    const { caller, sessionId } = await player(200_000);
    const current = await bettingRound(sessionId, 'baccarat');
    const placed = await clientCall(sandbox.app, calls.sandboxProviderPlaceTableBet, sessionId, {
      payload: { game: 'baccarat', roundId: current.roundId, bets: [{ kind: 'player', stake: 30_000 }] },
    });
    expect(placed.status).toBe(200);
    t.time.advance(BETTING_MS + 1);
    // The process dies right after the wallet paid: the win reached the wallet, its answer never came back.
    const crashing = sandboxProvider({
      attempts: 1,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (String(input).endsWith('/win')) throw new Error('the process died');
        return response;
      },
    });
    await expect(crashing.tick()).rejects.toThrow(/did not answer win/);
    const restarted = sandboxProvider();
    await restarted.tick();
    const after = await tableOf(sessionId, 'baccarat');
    const played = after.results.find((round) => round.roundId === current.roundId);
    if (!played?.fairness.serverSeed) throw new Error('the round was not settled after the restart');
    const outcome = resolveBaccaratRound(commitmentOf(played), played.fairness.serverSeed).outcome;
    const returned = Number(settleBaccarat([{ kind: 'player', stake: 30_000n }], outcome)[0]?.returned);
    expect(await balanceOf(caller)).toBe(200_000 - 30_000 + returned);
    const wins = await t.database.current.db
      .select({ id: ledgerTransaction.id })
      .from(ledgerTransaction)
      .where(
        like(
          ledgerTransaction.idempotencyKey,
          `provider-win:${SANDBOX_PROVIDER_CODE}:win:${current.roundId}:%`,
        ),
      );
    expect(wins.length).toBe(returned > 0 ? 1 : 0);
    // Settling again changes nothing.
    await restarted.tick();
    expect(await balanceOf(caller)).toBe(200_000 - 30_000 + returned);
    expect(await recordOf(caller, current.roundId)).toMatchObject({ payout: returned, status: 'settled' });
  });

  it('passes only when something is due: idle, once a minute; a table looked at settles at its close', async () => {
    const planned: { run: () => void; ms: number }[] = [];
    const timers: PassTimers = {
      set(run, ms) {
        const entry = { run, ms };
        planned.push(entry);
        return entry;
      },
      clear(handle) {
        const index = planned.findIndex((entry) => entry === handle);
        if (index >= 0) planned.splice(index, 1);
      },
    };
    const timed = sandboxProvider(undefined, timers);
    const passes = timed.startTimer(t.app.log, 1);
    let passCount = 0;
    /** Moves the clock to the pass planned and runs it. */
    const nextPass = async () => {
      const next = planned.shift();
      if (!next) throw new Error('no pass planned');
      t.time.advance(next.ms);
      next.run();
      passCount += 1;
      await passes.idle();
      expect(planned.length).toBe(1);
    };

    // What the earlier tests left due is done first (a few passes); then nothing is due.
    t.time.advance(3 * HOUR_MS);
    for (let pass = 0; pass < 30 && planned[0]?.ms !== PASS_CEILING_MS; pass += 1) await nextPass();
    expect(planned[0]?.ms).toBe(PASS_CEILING_MS);
    passCount = 0;
    const idleFrom = t.time.clock().getTime();
    while (t.time.clock().getTime() - idleFrom < 10 * MINUTE_MS) await nextPass();
    // Ten passes in ten idle minutes (a 1 s tick ran six hundred, five queries each).
    expect(passCount).toBe(10);

    // A look at a table plans the pass at its round's close; that pass settles the round.
    const { caller, sessionId } = await player(100_000);
    const session = await timed.sessions.resolve(`Bearer ${sessionId}`);
    const state = await timed.tables.state(session, 'xoc-dia');
    const closesAt = Date.parse(state.current.closesAt);
    expect(passes.plannedAt()).toBe(closesAt);
    const placed = await timed.tables.place(session, {
      game: 'xoc-dia',
      roundId: state.current.roundId,
      bets: [{ kind: 'chan', stake: 10_000 }],
    });
    expect(placed.bet.status).toBe('accepted');
    await nextPass();
    expect(t.time.clock().getTime()).toBe(closesAt);
    const [settled] = await sandbox.db
      .select()
      .from(sandboxTableRound)
      .where(eq(sandboxTableRound.id, state.current.roundId));
    expect(settled?.status).toBe('settled');
    expect(await recordOf(caller, state.current.roundId)).toMatchObject({ status: 'settled' });
    // The table was looked at: its next round opens after the result time, and closes in its turn.
    expect(planned[0]?.ms).toBe(RESULT_MS);
    await nextPass();
    const reopened = await timed.tables.currentRound('xoc-dia');
    expect(reopened.seq).toBe(settled?.seq === undefined ? NaN : settled.seq + 1);
    expect(planned[0]?.ms).toBe(BETTING_MS);
    // Once nobody has looked for a while, rounds stop opening and the passes are a minute apart again.
    for (let pass = 0; pass < 30 && planned[0]?.ms !== PASS_CEILING_MS; pass += 1) await nextPass();
    expect(planned[0]?.ms).toBe(PASS_CEILING_MS);
    await passes.stop();
    expect(planned).toEqual([]);
  });
});
