import { describe, expect, it } from 'vitest';
import { fairStream, hashServerSeed } from './fair.ts';
import { itCommitsAndReveals } from './round-checks.ts';
import {
  asianResult,
  type BetLeg,
  type BetPick,
  canCashOut,
  combinedOddsBp,
  createMatch,
  finalResult,
  generateMatches,
  goalWeights,
  type MarketKey,
  type MatchInput,
  type MatchResult,
  type MatchScore,
  playMatch,
  potentialReturn,
  resolveMatch,
  scoreChances,
  selectionResult,
  settleSportsBet,
  type SportId,
  SPORTS,
  type SportsBet,
  type SportsMatch,
  validateSlip,
  verifyMatch,
} from './sports.ts';

const KICK_OFF = new Date('2030-06-01T12:00:00Z');
const BEFORE = new Date('2030-06-01T11:59:59Z');
const seedsOf = (nonce: number) => ({ serverSeed: `match-${nonce}`, clientSeed: 'sportsbook', nonce });
const match = (input: Partial<MatchInput> = {}): SportsMatch =>
  createMatch({
    id: 'm1',
    sport: 'football',
    home: 'sai-gon-stars',
    away: 'vinh-lions',
    kickOff: KICK_OFF,
    seeds: seedsOf(1),
    ...input,
  });
const teamsOf = (sport: SportId, home: number, away: number) => {
  const { teams } = SPORTS[sport];
  return [teams[home], teams[away]] as const;
};

describe('score model', () => {
  it('weighs goals as a Poisson law, exactly and within 2^32', () => {
    const weights = goalWeights(100);
    const sum = weights.reduce((total, weight) => total + weight, 0);
    expect(sum).toBeLessThanOrEqual(2 ** 32);
    expect(sum).toBeGreaterThan(2 ** 32 - 11);
    // λ = 1: λ^k / k! gives 1, 1, ½, ⅙ …
    expect((weights[1] ?? 0) / (weights[0] ?? 1)).toBeCloseTo(1, 8);
    expect((weights[2] ?? 0) / (weights[0] ?? 1)).toBeCloseTo(0.5, 8);
    expect((weights[3] ?? 0) / (weights[0] ?? 1)).toBeCloseTo(1 / 6, 8);
    // λ = 2.5: P(0) = e^−2.5 (the cut at 10 goals moves it by less than 10^−4).
    expect((goalWeights(250)[0] ?? 0) / 2 ** 32).toBeCloseTo(Math.exp(-2.5), 4);
  });

  it('weighs a best-of-three series by its map chances', () => {
    const [home, away] = teamsOf('lol', 2, 2);
    if (!home || !away) throw new Error('no teams');
    const chances = scoreChances('lol', home, away);
    expect(chances.total).toBe(10_000n ** 3n);
    // Even teams: 2–0, 2–1, 1–2, 0–2 a quarter each.
    expect(chances.scores.map((score) => [score.home, score.away, score.weight])).toEqual([
      [2, 0, 250_000_000_000n],
      [0, 2, 250_000_000_000n],
      [2, 1, 250_000_000_000n],
      [1, 2, 250_000_000_000n],
    ]);
  });

  it('draws scores at the model’s chances', () => {
    for (const sport of ['football', 'cs2'] as const) {
      const [home, away] = teamsOf(sport, 1, 4);
      if (!home || !away) throw new Error('no teams');
      const chances = scoreChances(sport, home, away);
      const homeWins = chances.scores.filter((score) => score.home > score.away);
      const expected =
        Number(homeWins.reduce((sum, score) => sum + score.weight, 0n)) / Number(chances.total);
      let wins = 0;
      const matches = 4_000;
      for (let nonce = 0; nonce < matches; nonce += 1) {
        const score = playMatch(fairStream('sports', seedsOf(nonce)), sport, home, away);
        if (score.home > score.away) wins += 1;
      }
      // The standard error is at most 0.8 points.
      expect(Math.abs(wins / matches - expected)).toBeLessThan(0.035);
    }
  });

  it('plays e-sports map by map until a side has two', () => {
    const [home, away] = teamsOf('dota2', 0, 5);
    if (!home || !away) throw new Error('no teams');
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const score = playMatch(fairStream('sports', seedsOf(nonce)), 'dota2', home, away);
      expect(Math.max(score.home, score.away)).toBe(2);
      expect(score.maps).toHaveLength(score.home + score.away);
      expect(score.maps?.at(-1)).toBe(score.home === 2 ? 'home' : 'away');
    }
  });
});

describe('how a selection ends', () => {
  const result = (key: MarketKey, pick: BetPick, home: number, away: number) =>
    selectionResult(key, pick, { home, away });
  const handicap = (quarters: number): MarketKey => ({ kind: 'handicap', quarters });
  const total = (quarters: number): MarketKey => ({ kind: 'total', quarters });

  it('splits quarter lines into the two neighbouring lines', () => {
    expect([-5, -3, -1, 1, 3, 5].map(asianResult)).toEqual([
      'loss',
      'loss',
      'half-loss',
      'half-win',
      'win',
      'win',
    ]);
    expect([-2, 0, 2].map(asianResult)).toEqual(['loss', 'push', 'win']);
  });

  it('settles 1X2 and the e-sports winner', () => {
    expect((['home', 'draw', 'away'] as const).map((pick) => result({ kind: '1x2' }, pick, 1, 1))).toEqual([
      'loss',
      'win',
      'loss',
    ]);
    expect(result({ kind: '1x2' }, 'away', 0, 2)).toBe('win');
    expect(result({ kind: 'winner' }, 'home', 2, 1)).toBe('win');
    expect(result({ kind: 'winner' }, 'away', 2, 1)).toBe('loss');
  });

  it('settles the Asian handicap on half, whole and quarter lines', () => {
    // Home −0.5 / away +0.5.
    expect([result(handicap(-2), 'home', 1, 0), result(handicap(-2), 'away', 1, 1)]).toEqual(['win', 'win']);
    expect(result(handicap(-2), 'home', 1, 1)).toBe('loss');
    // Home −1.5: needs two goals.
    expect([result(handicap(-6), 'home', 2, 1), result(handicap(-6), 'home', 3, 1)]).toEqual(['loss', 'win']);
    // Home 0 (draw no bet) and −1: a push on the line.
    expect([result(handicap(0), 'home', 1, 1), result(handicap(0), 'away', 1, 1)]).toEqual(['push', 'push']);
    expect([result(handicap(-4), 'home', 2, 1), result(handicap(-4), 'away', 2, 1)]).toEqual([
      'push',
      'push',
    ]);
    // Home −0.75 = −0.5 and −1: by one goal half won; the away side +0.75 half lost.
    expect([result(handicap(-3), 'home', 1, 0), result(handicap(-3), 'away', 1, 0)]).toEqual([
      'half-win',
      'half-loss',
    ]);
    expect([result(handicap(-3), 'home', 2, 0), result(handicap(-3), 'home', 0, 0)]).toEqual(['win', 'loss']);
    // Home −0.25 = 0 and −0.5: a draw half lost; home +0.25 on a draw half won.
    expect(result(handicap(-1), 'home', 0, 0)).toBe('half-loss');
    expect(result(handicap(1), 'home', 0, 0)).toBe('half-win');
    expect(result(handicap(1), 'home', 0, 1)).toBe('loss');
  });

  it('settles over/under on half, whole and quarter lines', () => {
    expect([result(total(10), 'over', 2, 1), result(total(10), 'under', 2, 1)]).toEqual(['win', 'loss']);
    expect([result(total(12), 'over', 2, 1), result(total(12), 'under', 2, 1)]).toEqual(['push', 'push']);
    // 2.25 = 2 and 2.5; 2.75 = 2.5 and 3.
    expect([result(total(9), 'over', 1, 1), result(total(9), 'under', 1, 1)]).toEqual([
      'half-loss',
      'half-win',
    ]);
    expect([result(total(11), 'over', 2, 1), result(total(11), 'under', 2, 1)]).toEqual([
      'half-win',
      'half-loss',
    ]);
  });

  it('refuses a pick the market does not have, or a line off the quarters', () => {
    expect(() => result({ kind: 'total', quarters: 10 }, 'home', 1, 0)).toThrow(RangeError);
    expect(() => result({ kind: 'winner' }, 'draw', 1, 0)).toThrow(RangeError);
    expect(() => result({ kind: 'handicap', quarters: 0.5 }, 'home', 1, 0)).toThrow(RangeError);
  });
});

describe('prices', () => {
  /** Each selection's exact return to player on the match's chances, with a large stake. */
  const returns = (m: SportsMatch) => {
    const [home, away] = [m.home, m.away];
    const chances = scoreChances(m.sport, home, away);
    const stake = 100_000_000n;
    return m.markets.flatMap((market) =>
      market.selections.map(({ pick, oddsBp }) => {
        const bet: SportsBet = {
          kind: 'single',
          stake,
          legs: [{ matchId: m.id, market: market.key, pick, oddsBp }],
          firstKickOff: m.kickOff,
        };
        let back = 0n;
        for (const score of chances.scores) {
          const settled = settleSportsBet(bet, new Map([[m.id, finalResult(score)]]));
          if (settled.settled) back += settled.returned * score.weight;
        }
        return {
          market: market.id,
          pick,
          rtp: Number((back * 1_000_000n) / (stake * chances.total)) / 1_000_000,
        };
      }),
    );
  };

  it('offers 1X2, the main Asian handicap and the main over/under, with a 5 % margin', () => {
    const m = match();
    expect(m.markets.map((market) => market.key.kind)).toEqual(['1x2', 'handicap', 'total']);
    const [threeWay] = m.markets;
    const overround = (threeWay?.selections ?? []).reduce(
      (sum, selection) => sum + 10_000 / selection.oddsBp,
      0,
    );
    // Two-decimal prices rounded down add a little to the 5 %.
    expect(overround).toBeGreaterThanOrEqual(1.05);
    expect(overround).toBeLessThan(1.06);
    for (const market of m.markets)
      for (const selection of market.selections) expect(selection.oddsBp % 100).toBe(0);
    // The main lines are near even money on both sides.
    for (const market of m.markets.slice(1))
      for (const selection of market.selections)
        expect(Math.abs(selection.oddsBp - 19_000)).toBeLessThan(2_500);
  });

  it('gives every selection a return a little under 1 / 1.05 of what is at risk', () => {
    for (const m of [
      match(),
      match({ home: 'da-lat-pines', away: 'ha-noi-dragons' }),
      match({ sport: 'cs2', home: 'iron-lotus', away: 'paper-tigers' }),
    ]) {
      for (const { market, pick, rtp } of returns(m)) {
        expect([market, pick, rtp < 1]).toEqual([market, pick, true]);
        // At least 1 / 1.05 less the rounding of the price to 0.01 (under 0.01 / 1.2 of it).
        expect([market, pick, rtp > 1 / 1.05 - 0.009]).toEqual([market, pick, true]);
        if (market === '1x2' || market === 'winner')
          expect([market, pick, rtp <= 1 / 1.05]).toEqual([market, pick, true]);
      }
    }
  });

  it('prices e-sports on the winner, the ±1.5 map handicap and 2.5 maps', () => {
    const m = match({ sport: 'lol', home: 'jade-phoenix', away: 'neon-tigers' });
    expect(m.markets.map((market) => market.id)).toEqual(['winner', 'handicap:-6', 'total:10']);
  });
});

describe('matches', () => {
  it('checks its teams and margin', () => {
    expect(() => match({ away: 'sai-gon-stars' })).toThrow(RangeError);
    expect(() => match({ away: 'jade-phoenix' })).toThrow(RangeError);
    expect(() => match({ marginBp: -1 })).toThrow(RangeError);
    expect(match({ marginBp: 800 }).marginBp).toBe(800);
  });

  it('generates a programme in which no team plays twice', () => {
    const matches = generateMatches({
      sport: 'football',
      pairing: fairStream('sports', { serverSeed: 'programme', clientSeed: 'week-1', nonce: 0 }),
      matches: Array.from({ length: 6 }, (_, index) => ({
        id: `w1-${index}`,
        kickOff: new Date(KICK_OFF.getTime() + index * 3_600_000),
        seeds: seedsOf(index),
      })),
    });
    expect(matches.map((m) => m.id)).toEqual(['w1-0', 'w1-1', 'w1-2', 'w1-3', 'w1-4', 'w1-5']);
    expect(new Set(matches.flatMap((m) => [m.home.id, m.away.id])).size).toBe(12);
    expect(matches[5]?.kickOff.toISOString()).toBe('2030-06-01T17:00:00.000Z');
    expect(matches[2]?.serverSeedHash).toBe(hashServerSeed('match-2'));
    expect(() =>
      generateMatches({
        sport: 'lol',
        pairing: fairStream('sports', seedsOf(0)),
        matches: Array.from({ length: 4 }, (_, index) => ({
          id: `x${index}`,
          kickOff: KICK_OFF,
          seeds: seedsOf(index),
        })),
      }),
    ).toThrow(RangeError);
  });

  const football = match();
  itCommitsAndReveals(
    'sports',
    {
      create: (seeds) =>
        createMatch({
          id: 'm1',
          sport: 'football',
          home: 'sai-gon-stars',
          away: 'vinh-lions',
          kickOff: KICK_OFF,
          seeds,
        }),
      resolve: resolveMatch,
      verify: (revealed, claimed: MatchScore) =>
        verifyMatch({ ...revealed, sport: 'football', home: football.home, away: football.away }, claimed),
    },
    (source) => playMatch(source, 'football', football.home, football.away),
    (score) => ({ home: score.home + 1, away: score.away }),
  );
});

describe('bet slips', () => {
  const first = match({ id: 'a' });
  const second = match({
    id: 'b',
    home: 'hue-imperials',
    away: 'can-tho-rivers',
    kickOff: new Date('2030-06-01T14:00:00Z'),
  });
  const legOf = (m: SportsMatch, index: number, pick = 0): BetLeg => {
    const market = m.markets[index];
    const selection = market?.selections[pick];
    if (!market || !selection) throw new Error('no such selection');
    return { matchId: m.id, market: market.key, pick: selection.pick, oddsBp: selection.oddsBp };
  };
  const check = (legs: BetLeg[], stake = 100n, now = BEFORE) =>
    validateSlip({ stake, legs }, [first, second], now);

  it('takes singles and accumulators on offered prices before kick-off', () => {
    const single = check([legOf(first, 0)]);
    expect(single).toMatchObject({ ok: true, bet: { kind: 'single', stake: 100n, firstKickOff: KICK_OFF } });
    const acca = check([legOf(second, 1), legOf(first, 2, 1)]);
    expect(acca).toMatchObject({ ok: true, bet: { kind: 'accumulator', firstKickOff: KICK_OFF } });
  });

  it('refuses two legs of one match, a started match, a changed price, an unknown selection and bad stakes', () => {
    expect(check([legOf(first, 0), legOf(first, 2)])).toEqual({
      ok: false,
      problem: 'same-match-twice',
      matchId: 'a',
    });
    expect(check([legOf(second, 0), legOf(first, 0)], 100n, KICK_OFF)).toEqual({
      ok: false,
      problem: 'match-started',
      matchId: 'a',
    });
    expect(check([{ ...legOf(first, 0), oddsBp: 50_000 }])).toMatchObject({
      ok: false,
      problem: 'odds-changed',
    });
    expect(check([{ ...legOf(first, 1), market: { kind: 'handicap', quarters: 40 } }])).toMatchObject({
      ok: false,
      problem: 'unknown-selection',
    });
    expect(check([{ ...legOf(first, 0), pick: 'over' }])).toMatchObject({
      ok: false,
      problem: 'unknown-selection',
    });
    expect(check([{ ...legOf(first, 0), matchId: 'z' }])).toMatchObject({
      ok: false,
      problem: 'unknown-match',
    });
    expect(check([legOf(first, 0)], 0n)).toEqual({ ok: false, problem: 'invalid-stake' });
    expect(check([])).toEqual({ ok: false, problem: 'no-legs' });
  });

  it('can be cashed out only before kick-off', () => {
    const checked = check([legOf(first, 0)]);
    if (!checked.ok) throw new Error('refused');
    expect(canCashOut(checked.bet, BEFORE, KICK_OFF)).toBe(true);
    expect(canCashOut(checked.bet, KICK_OFF, KICK_OFF)).toBe(false);
    expect(canCashOut(checked.bet, new Date('2030-06-01T13:00:00Z'), second.kickOff)).toBe(false);
  });
});

describe('settling bets', () => {
  const leg = (matchId: string, market: MarketKey, pick: BetPick, oddsBp: number): BetLeg => ({
    matchId,
    market,
    pick,
    oddsBp,
  });
  const bet = (stake: bigint, ...legs: BetLeg[]): SportsBet => ({
    kind: legs.length > 1 ? 'accumulator' : 'single',
    stake,
    legs,
    firstKickOff: KICK_OFF,
  });
  const final = (home: number, away: number): MatchResult => ({ kind: 'final', home, away });
  const settle = (b: SportsBet, results: Record<string, MatchResult>) =>
    settleSportsBet(b, new Map(Object.entries(results)));
  const homeWin = leg('a', { kind: '1x2' }, 'home', 19_500);
  const over = leg('b', { kind: 'total', quarters: 10 }, 'over', 15_000);

  it('pays a single at its odds, rounding down to the minor unit', () => {
    expect(settle(bet(1_000n, homeWin), { a: final(2, 0) })).toMatchObject({
      outcome: 'won',
      returned: 1_950n,
    });
    expect(settle(bet(7n, homeWin), { a: final(2, 0) })).toMatchObject({ returned: 13n });
    expect(settle(bet(1_000n, homeWin), { a: final(0, 0) })).toMatchObject({ outcome: 'lost', returned: 0n });
    expect(settle(bet(1_000n, homeWin), { a: { kind: 'void' } })).toMatchObject({
      outcome: 'refunded',
      returned: 1_000n,
    });
  });

  it('pays half results of quarter lines on half the stake', () => {
    const quarter = leg('a', { kind: 'handicap', quarters: -3 }, 'home', 19_000);
    // Won by one: half at 1.90, half back: 950 + 500.
    expect(settle(bet(1_000n, quarter), { a: final(1, 0) })).toMatchObject({
      outcome: 'won',
      returned: 1_450n,
    });
    const away = leg('a', { kind: 'handicap', quarters: -3 }, 'away', 19_000);
    expect(settle(bet(1_001n, away), { a: final(1, 0) })).toMatchObject({
      outcome: 'partly-lost',
      returned: 500n,
    });
  });

  it('multiplies an accumulator’s legs, a void leg counting 1.00', () => {
    expect(combinedOddsBp([homeWin, over])).toBe(29_250n);
    expect(potentialReturn(bet(100n, homeWin, over))).toBe(292n);
    expect(settle(bet(100n, homeWin, over), { a: final(1, 0), b: final(2, 1) })).toMatchObject({
      outcome: 'won',
      returned: 292n,
    });
    expect(settle(bet(100n, homeWin, over), { a: { kind: 'void' }, b: final(2, 1) })).toMatchObject({
      outcome: 'won',
      returned: 150n,
    });
    const threeLegs = bet(1_000n, homeWin, over, leg('c', { kind: 'total', quarters: 9 }, 'under', 20_000));
    // 1.95 × 1.50 × (half of 2.00 and half back = 1.50) = 4.3875.
    expect(settle(threeLegs, { a: final(1, 0), b: final(3, 0), c: final(1, 1) })).toMatchObject({
      returned: 4_387n,
    });
  });

  it('loses an accumulator on any lost leg, at once, and waits for the others otherwise', () => {
    const acca = bet(100n, homeWin, over);
    expect(settle(acca, { b: final(0, 0) })).toMatchObject({ settled: true, outcome: 'lost', returned: 0n });
    const waiting = settle(acca, { a: final(1, 0) });
    expect(waiting.settled).toBe(false);
    expect(waiting.legs.map((settled) => settled.result)).toEqual(['win', 'pending']);
  });
});
