import {
  type SandboxMatch,
  type SandboxMatches,
  type SandboxPlaceSlipRequest,
  type SandboxSlip,
} from '@kl/contracts/sandbox-provider';
import { addMs, type Clock, MINUTE_MS } from '../platform/clock.ts';
import { randomToken } from '../platform/crypto.ts';
import { DomainError } from '../platform/api.ts';
import { fairStream } from './games/fair.ts';
import { BASIS_POINTS } from './games/payout.ts';
import {
  type BetLeg,
  canCashOut,
  createMatch,
  finalResult,
  generateMatches,
  type MatchResult,
  potentialReturn,
  resolveMatch,
  settleSportsBet,
  type SportId,
  type SportsBet,
  type SportsMatch,
  validateSlip,
} from './games/sports.ts';
import type { MatchRow, SandboxRepository, SlipRow } from './repository.ts';
import type { SandboxActivity } from './scheduler.ts';
import { asPlayer, type ProviderSessionRow, runEach } from './sessions.ts';
import type { WalletClient } from './wallet-client.ts';

/**
 * The sports and e-sports book (docs/decisions/026-sandbox-provider.md): simulated matches generated
 * ahead with the engine (teams paired, prices from the score model, the seed of the score committed),
 * kicking off MATCH_LEAD_MS after they are listed and ending MATCH_MS later, when the seed is revealed
 * and the score played. A slip (a single or an accumulator, checked by the engine's `validateSlip`) is
 * one wallet round named by the slip's id: the `bet` at placement, one `win` that ends the round when the
 * engine settles it (a lost leg settles an accumulator at once). Cash-out is offered until the first
 * kick-off, at the slip's fair value at the prices taken: the stake divided by (1 + margin) for each leg;
 * after it, refused (CASH_OUT_CLOSED).
 *
 * A slip's money intent is written before its wallet call (`settled` or `cashed-out` with the amount,
 * `settledAt` empty until the wallet answered), so a restart sends the same `win` again and pays once.
 */

export const MATCH_LEAD_MS = 10 * MINUTE_MS;
export const MATCH_SPACING_MS = 5 * MINUTE_MS;
export const MATCH_MS = 5 * MINUTE_MS;
/** A placement still pending after this long got no answer: it is rolled back. */
export const PENDING_SLIP_MS = MINUTE_MS;
/** Matches per sport kept ahead (not yet kicked off). */
const AHEAD: Readonly<Record<SportId, number>> = { football: 4, lol: 2, cs2: 2, dota2: 2 };
const SPORT_IDS = Object.keys(AHEAD) as SportId[];

const engineMatch = (row: MatchRow): SportsMatch =>
  createMatch({
    id: row.id,
    sport: row.sport as SportId,
    home: row.homeId,
    away: row.awayId,
    kickOff: row.kickOff,
    seeds: { serverSeed: row.serverSeed, clientSeed: row.clientSeed, nonce: row.nonce },
    marginBp: row.marginBp,
  });

function toMatch(row: MatchRow, now: Date): SandboxMatch {
  const match = engineMatch(row);
  const finished = row.score !== null;
  return {
    matchId: row.id,
    sport: match.sport,
    home: { id: match.home.id, name: match.home.name },
    away: { id: match.away.id, name: match.away.name },
    kickOff: row.kickOff.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: finished ? 'finished' : now.getTime() < row.kickOff.getTime() ? 'open' : 'started',
    markets: match.markets,
    score: row.score ?? null,
    fairness: {
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      serverSeed: finished ? row.serverSeed : null,
    },
  };
}

const betOf = (row: SlipRow): SportsBet => ({
  kind: row.kind,
  stake: row.stake,
  legs: row.legs as BetLeg[],
  firstKickOff: row.firstKickOff,
});

function toSlip(row: SlipRow, results: ReadonlyMap<string, MatchResult>): SandboxSlip {
  const bet = betOf(row);
  const settlement = settleSportsBet(bet, results);
  return {
    slipId: row.id,
    kind: row.kind,
    stake: Number(row.stake),
    legs: settlement.legs.map((leg) => ({ ...leg, result: leg.result })),
    potentialReturn: Number(potentialReturn(bet)),
    status: row.status,
    outcome: row.outcome,
    returned: row.returned === null ? null : Number(row.returned),
    placedAt: row.placedAt.toISOString(),
  };
}

/** What a slip is cashed out for before kick-off: its fair value at the prices taken, rounded down. */
export function cashOutValue(stake: bigint, legs: number, marginBp: readonly number[]): bigint {
  let numerator = stake;
  let denominator = 1n;
  for (let leg = 0; leg < legs; leg += 1) {
    numerator *= BASIS_POINTS;
    denominator *= BASIS_POINTS + BigInt(marginBp[leg] ?? 0);
  }
  return numerator / denominator;
}

export function createSportsBook(deps: {
  repo: SandboxRepository;
  clock: Clock;
  wallet: WalletClient;
  activity?: SandboxActivity;
}) {
  const { repo, clock, wallet } = deps;
  /** When the programme is next short of a match (the earliest listed kick-off), as this process knows. */
  let programmeDueAt = Number.NEGATIVE_INFINITY;

  const matchesById = (ids: readonly string[]) => repo.matchesById(ids);

  const resultsOf = (rows: readonly MatchRow[]) =>
    new Map<string, MatchResult>(
      rows.flatMap((row) => (row.score ? [[row.id, finalResult(row.score)] as const] : [])),
    );

  const slipSession = async (row: SlipRow) => {
    const session = await repo.findSession(row.sessionId);
    if (!session) throw new Error(`slip ${row.id} has no session`);
    return session;
  };

  /** Pays a slip whose amount is decided (settled or cashed out) and not yet confirmed by the wallet. */
  async function pay(row: SlipRow): Promise<void> {
    const session = await slipSession(row);
    await wallet.win({
      sessionId: session.walletSessionId,
      transactionId: `win:${row.id}`,
      roundId: row.id,
      amount: Number(row.returned ?? 0n),
      currency: session.currency,
      roundClosed: true,
    });
    await repo.markSlipPaid(row.id, clock());
  }

  /** Keeps AHEAD matches per sport not yet kicked off. */
  async function ensureMatches(): Promise<void> {
    const now = clock();
    let nextKickOff = Number.POSITIVE_INFINITY;
    for (const sport of SPORT_IDS) {
      const upcoming = await repo.upcomingKickOffs(sport, now);
      const soonest = upcoming.at(-1)?.kickOff.getTime();
      if (soonest !== undefined) nextKickOff = Math.min(nextKickOff, soonest);
      const missing = AHEAD[sport] - upcoming.length;
      if (missing <= 0) continue;
      const after = upcoming[0]?.kickOff.getTime() ?? now.getTime() + MATCH_LEAD_MS - MATCH_SPACING_MS;
      const batch = Array.from({ length: missing }, (_, index) => ({
        id: `${sport}-${randomToken(9)}`,
        kickOff: new Date(after + (index + 1) * MATCH_SPACING_MS),
        seeds: { serverSeed: randomToken(32), clientSeed: randomToken(8), nonce: 0 },
      }));
      // Each batch pairs its own teams, so a team never plays itself; its pairing decides no result.
      const pairing = fairStream('sports', {
        serverSeed: randomToken(32),
        clientSeed: 'pairing',
        nonce: 0,
      });
      const matches = generateMatches({ sport, pairing, matches: batch });
      await repo.insertMatches(
        matches.map((match, index) => ({
          id: match.id,
          sport,
          homeId: match.home.id,
          awayId: match.away.id,
          serverSeed: batch[index]?.seeds.serverSeed ?? '',
          serverSeedHash: match.serverSeedHash,
          clientSeed: match.clientSeed,
          nonce: match.nonce,
          marginBp: match.marginBp,
          kickOff: match.kickOff,
          endsAt: addMs(match.kickOff, MATCH_MS),
          createdAt: now,
        })),
      );
      for (const match of matches) nextKickOff = Math.min(nextKickOff, match.kickOff.getTime());
    }
    programmeDueAt = nextKickOff;
  }

  return {
    /** When the programme is next short of a match, as far as this process knows (epoch ms). */
    programmeDueAt: () => programmeDueAt,

    ensureMatches,

    /** The programme, kept first when it is short (the first look after an idle time). */
    async matches(): Promise<SandboxMatches> {
      deps.activity?.bookLooked();
      if (clock().getTime() >= programmeDueAt) await ensureMatches();
      const now = clock();
      const rows = await repo.matchesEndingAfter(addMs(now, -MATCH_MS));
      return { now: now.toISOString(), matches: rows.map((row) => toMatch(row, now)) };
    },

    async place(session: ProviderSessionRow, request: SandboxPlaceSlipRequest) {
      const now = clock();
      const rows = await matchesById([...new Set(request.legs.map((leg) => leg.matchId))]);
      const slip = { stake: BigInt(request.stake), legs: request.legs };
      const check = validateSlip(slip, rows.map(engineMatch), now);
      if (!check.ok)
        throw new DomainError('BET_SLIP_REFUSED', {
          problem: check.problem,
          ...(check.matchId !== undefined && { matchId: check.matchId }),
        });
      const lastEndsAt = new Date(Math.max(...rows.map((row) => row.endsAt.getTime())));
      const pending = await repo.insertSlip({
        sessionId: session.id,
        playerId: session.playerId,
        kind: check.bet.kind,
        stake: check.bet.stake,
        legs: check.bet.legs,
        firstKickOff: check.bet.firstKickOff,
        lastEndsAt,
        status: 'pending',
        placedAt: now,
      });
      deps.activity?.due(addMs(now, PENDING_SLIP_MS));
      let balance: number;
      try {
        const answer = await asPlayer(() =>
          wallet.bet({
            sessionId: session.walletSessionId,
            transactionId: `bet:${pending.id}`,
            roundId: pending.id,
            amount: request.stake,
            currency: session.currency,
          }),
        );
        balance = answer.balance;
      } catch (error) {
        if (error instanceof DomainError && error.code !== 'GAME_PROVIDER_UNAVAILABLE')
          await repo.deleteSlip(pending.id);
        throw error;
      }
      const open = await repo.openSlip(pending.id);
      if (!open) throw new DomainError('BET_SLIP_REFUSED', { reason: 'SLIP_ROLLED_BACK' });
      return { slip: toSlip(open, new Map()), balance };
    },

    async slips(session: ProviderSessionRow): Promise<{ slips: SandboxSlip[] }> {
      const rows = await repo.playerSlips(session.playerId, 50);
      const matches = await matchesById([
        ...new Set(rows.flatMap((row) => (row.legs as BetLeg[]).map((leg) => leg.matchId))),
      ]);
      const results = resultsOf(matches);
      return { slips: rows.map((row) => toSlip(row, results)) };
    },

    /** Cashes out an open slip before its first kick-off; refused after it (CASH_OUT_CLOSED). */
    async cashOut(session: ProviderSessionRow, slipId: string) {
      const now = clock();
      const row = /^[0-9a-f-]{36}$/i.test(slipId)
        ? await repo.findPlayerSlip(slipId, session.playerId)
        : undefined;
      if (!row) throw new DomainError('NOT_FOUND', { reason: 'SLIP_NOT_FOUND' });
      if (row.status !== 'open') throw new DomainError('CASH_OUT_CLOSED', { reason: 'SLIP_NOT_OPEN' });
      const bet = betOf(row);
      if (!canCashOut(bet, now, row.firstKickOff))
        throw new DomainError('CASH_OUT_CLOSED', { reason: 'MATCH_STARTED' });
      const matches = await matchesById(bet.legs.map((leg) => leg.matchId));
      const margins = bet.legs.map((leg) => matches.find((match) => match.id === leg.matchId)?.marginBp ?? 0);
      const value = cashOutValue(bet.stake, bet.legs.length, margins);
      const cashed = await repo.cashOutSlip(row.id, value);
      if (!cashed) throw new DomainError('CASH_OUT_CLOSED', { reason: 'SLIP_NOT_OPEN' });
      await asPlayer(() => pay(cashed));
      const balance = await asPlayer(() => wallet.balance({ sessionId: session.walletSessionId }));
      return { slip: toSlip({ ...cashed, settledAt: now }, resultsOf(matches)), balance: balance.balance };
    },

    /**
     * Plays the matches that ended, settles the slips the engine can settle, pays those not yet paid and
     * rolls back placements that never got an answer. Returns the number of slips paid.
     */
    async settleDue(): Promise<number> {
      const now = clock();
      for (const row of await repo.endedUnplayedMatches(now)) {
        const { outcome } = resolveMatch(engineMatch(row), row.serverSeed);
        await repo.setMatchScore(row.id, { home: outcome.home, away: outcome.away });
      }
      const open = await repo.openSlipsKickedOff(now);
      for (const row of open) {
        const bet = betOf(row);
        const settlement = settleSportsBet(
          bet,
          resultsOf(await matchesById(bet.legs.map((leg) => leg.matchId))),
        );
        if (!settlement.settled) continue;
        await repo.settleSlip(row.id, settlement.outcome, settlement.returned);
      }
      const unpaid = await repo.unpaidSlips();
      await runEach(unpaid, pay);
      const stale = await repo.pendingSlips(addMs(now, -PENDING_SLIP_MS));
      await runEach(stale, async (row) => {
        const session = await slipSession(row);
        await wallet.rollback({
          sessionId: session.walletSessionId,
          transactionId: `rollback:bet:${row.id}`,
          betTransactionId: `bet:${row.id}`,
        });
        await repo.markSlipRolledBack(row.id);
      });
      return unpaid.length;
    },
  };
}

export type SportsBook = ReturnType<typeof createSportsBook>;
