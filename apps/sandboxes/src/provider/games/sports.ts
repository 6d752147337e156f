import {
  type Commitment,
  commit,
  type FairSeeds,
  pickWeighted,
  type Resolved,
  type Reveal,
  resolveWith,
  shuffledIndices,
  type UniformSource,
  type Verification,
  verifyWith,
} from './fair.ts';
import { assertStake, BASIS_POINTS } from './payout.ts';

/**
 * Simulated sports and e-sports matches: fixtures between teams of a fixed list per sport, priced from the
 * same model that later draws the final score from the match's fair stream, so the odds are the model's
 * true chances less a bookmaker's margin.
 *
 * Score models:
 * - football: each side's goals are Poisson with an expected number λ set by the two ratings (home
 *   λ = 1.45 + 0.04 × rating difference, away λ = 1.10 − 0.04 × the difference, each kept in 0.30–3.50), cut
 *   at 10 goals. The weights of 0–10 goals are λ^k / k! computed exactly in integers and scaled to 2^32,
 *   so drawing a score is two exact weighted draws and pricing is exact rational arithmetic;
 * - e-sports (LoL, CS2, Dota 2): a best-of-three series, each map won by the home side with a chance of
 *   50 % + 1.2 points per rating point of difference (kept in 15–85 %), drawn map by map.
 *
 * Markets: 1X2 (football) or the match winner (e-sports); the Asian handicap and the over/under on the line
 * closest to even money among the sport's lines. Lines are integers in quarters (−3 is −0.75, 10 is 2.5):
 * half lines (−0.5, 2.5) never push, whole lines (0, −1, 3) push on the line, quarter lines (−0.25, 2.75)
 * put half the stake on each neighbouring line, giving half-won and half-lost results.
 *
 * Odds are decimal (stake included) in basis points. For a selection whose stake wins with probability A
 * (counting a half win as half) and comes back with probability B (a push, or the returned half of a half
 * win or half loss), the fair odds d solve A·d + B = 1; the price is (1 − B) / (A × (1 + margin)) rounded
 * down to 0.01, so a market's prices carry the margin on the part of the stake at risk (1X2 at 5 %:
 * Σ 1/odds a little over 1.05) and the rounding only ever favours the house. Prices are capped at 100.00;
 * a selection that would price below 1.01 is not offered (nor its market).
 */

export type SportId = 'football' | 'lol' | 'cs2' | 'dota2';

export interface Team {
  id: string;
  name: string;
  /** Strength, 0–100; only differences matter. */
  rating: number;
}

interface SportRules {
  name: string;
  score: 'goals' | 'maps';
  teams: readonly Team[];
  /** The home handicap lines a match may be offered at, in quarters. */
  handicapLines: readonly number[];
  /** The total lines a match may be offered at, in quarters. */
  totalLines: readonly number[];
}

const quartersFrom = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Fictional teams, so that no real club's name is used. */
export const SPORTS: Readonly<Record<SportId, SportRules>> = {
  football: {
    name: 'Football',
    score: 'goals',
    teams: [
      { id: 'ha-noi-dragons', name: 'Hà Nội Dragons', rating: 86 },
      { id: 'sai-gon-stars', name: 'Sài Gòn Stars', rating: 84 },
      { id: 'da-nang-waves', name: 'Đà Nẵng Waves', rating: 80 },
      { id: 'hai-phong-anchors', name: 'Hải Phòng Anchors', rating: 78 },
      { id: 'thanh-hoa-tigers', name: 'Thanh Hóa Tigers', rating: 76 },
      { id: 'nha-trang-sharks', name: 'Nha Trang Sharks', rating: 74 },
      { id: 'hue-imperials', name: 'Huế Imperials', rating: 72 },
      { id: 'vinh-lions', name: 'Vinh Lions', rating: 70 },
      { id: 'can-tho-rivers', name: 'Cần Thơ Rivers', rating: 68 },
      { id: 'quy-nhon-eagles', name: 'Quy Nhơn Eagles', rating: 66 },
      { id: 'bien-hoa-bulls', name: 'Biên Hòa Bulls', rating: 64 },
      { id: 'da-lat-pines', name: 'Đà Lạt Pines', rating: 62 },
    ],
    handicapLines: quartersFrom(-12, 12),
    totalLines: quartersFrom(2, 26),
  },
  lol: {
    name: 'League of Legends',
    score: 'maps',
    teams: [
      { id: 'jade-phoenix', name: 'Jade Phoenix', rating: 88 },
      { id: 'mekong-storm', name: 'Mekong Storm', rating: 84 },
      { id: 'lotus-esports', name: 'Lotus Esports', rating: 80 },
      { id: 'thunder-buffalo', name: 'Thunder Buffalo', rating: 76 },
      { id: 'neon-tigers', name: 'Neon Tigers', rating: 72 },
      { id: 'silk-road-gaming', name: 'Silk Road Gaming', rating: 68 },
    ],
    handicapLines: [-6, 6],
    totalLines: [10],
  },
  cs2: {
    name: 'Counter-Strike 2',
    score: 'maps',
    teams: [
      { id: 'iron-lotus', name: 'Iron Lotus', rating: 87 },
      { id: 'red-river-five', name: 'Red River Five', rating: 83 },
      { id: 'monsoon', name: 'Monsoon', rating: 79 },
      { id: 'bamboo-snipers', name: 'Bamboo Snipers', rating: 75 },
      { id: 'night-market', name: 'Night Market', rating: 71 },
      { id: 'paper-tigers', name: 'Paper Tigers', rating: 66 },
    ],
    handicapLines: [-6, 6],
    totalLines: [10],
  },
  dota2: {
    name: 'Dota 2',
    score: 'maps',
    teams: [
      { id: 'ancient-carp', name: 'Ancient Carp', rating: 86 },
      { id: 'typhoon-five', name: 'Typhoon Five', rating: 82 },
      { id: 'golden-turtle', name: 'Golden Turtle', rating: 78 },
      { id: 'highland-wolves', name: 'Highland Wolves', rating: 74 },
      { id: 'lantern-guild', name: 'Lantern Guild', rating: 70 },
      { id: 'rice-field-raiders', name: 'Rice Field Raiders', rating: 65 },
    ],
    handicapLines: [-6, 6],
    totalLines: [10],
  },
};

export const MAX_GOALS = 10;
/** Maps to win an e-sports series (best of three). */
export const MAPS_TO_WIN = 2;
export const DEFAULT_MARGIN_BP = 500;
export const MIN_ODDS_BP = 10_100;
export const MAX_ODDS_BP = 1_000_000;
export const MAX_ACCUMULATOR_LEGS = 12;
/** Prices are shown to two decimals: rounded down to 0.01 (100 basis points). */
const PRICE_STEP_BP = 100n;

// ——— the score model ———

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Expected goals of each side, in hundredths. */
export const expectedGoals = (home: Team, away: Team): { home: number; away: number } => ({
  home: clamp(145 + 4 * (home.rating - away.rating), 30, 350),
  away: clamp(110 + 4 * (away.rating - home.rating), 30, 350),
});

/** The home side's chance of winning a map, in basis points. */
export const mapWinBp = (home: Team, away: Team): number =>
  clamp(5_000 + 120 * (home.rating - away.rating), 1_500, 8_500);

/**
 * Weights of 0 … MAX_GOALS goals for an expected λ (in hundredths): λ^k / k! for each k, times
 * 100^MAX_GOALS × MAX_GOALS! to make them integers, then scaled to sum to at most 2^32 (rounded down).
 */
export function goalWeights(lambdaHundredths: number): number[] {
  const lambda = BigInt(lambdaHundredths);
  const exact: bigint[] = [];
  for (let goals = 0; goals <= MAX_GOALS; goals += 1) {
    let weight = lambda ** BigInt(goals) * 100n ** BigInt(MAX_GOALS - goals);
    for (let factor = goals + 1; factor <= MAX_GOALS; factor += 1) weight *= BigInt(factor);
    exact.push(weight);
  }
  const total = exact.reduce((sum, weight) => sum + weight, 0n);
  return exact.map((weight) => Number((weight << 32n) / total));
}

export interface MatchScore {
  home: number;
  away: number;
  /** E-sports: the winner of each map in order. */
  maps?: ('home' | 'away')[];
}

/** The final scores a match can end with, each with an integer weight (its chance is weight / total). */
export interface ScoreChances {
  scores: { home: number; away: number; weight: bigint }[];
  total: bigint;
}

const binomial = (n: number, k: number): bigint => {
  let value = 1n;
  for (let index = 1; index <= k; index += 1) value = (value * BigInt(n - k + index)) / BigInt(index);
  return value;
};

export function scoreChances(sport: SportId, home: Team, away: Team): ScoreChances {
  const scores: ScoreChances['scores'] = [];
  if (SPORTS[sport].score === 'goals') {
    const lambda = expectedGoals(home, away);
    const homeWeights = goalWeights(lambda.home);
    const awayWeights = goalWeights(lambda.away);
    homeWeights.forEach((homeWeight, homeGoals) =>
      awayWeights.forEach((awayWeight, awayGoals) =>
        scores.push({ home: homeGoals, away: awayGoals, weight: BigInt(homeWeight) * BigInt(awayWeight) }),
      ),
    );
  } else {
    // The winner takes the last map; the loser's j maps fall anywhere among the first N − 1 + j: C(N−1+j, j)
    // orders, each of chance p^N q^j, all over 10 000^(2N − 1).
    const p = BigInt(mapWinBp(home, away));
    const q = BASIS_POINTS - p;
    for (let lost = 0; lost < MAPS_TO_WIN; lost += 1) {
      const orders = binomial(MAPS_TO_WIN - 1 + lost, lost);
      const scale = BASIS_POINTS ** BigInt(MAPS_TO_WIN - 1 - lost);
      const win = p ** BigInt(MAPS_TO_WIN) * q ** BigInt(lost);
      const loss = q ** BigInt(MAPS_TO_WIN) * p ** BigInt(lost);
      scores.push({ home: MAPS_TO_WIN, away: lost, weight: orders * win * scale });
      scores.push({ home: lost, away: MAPS_TO_WIN, weight: orders * loss * scale });
    }
  }
  return { scores, total: scores.reduce((sum, score) => sum + score.weight, 0n) };
}

/** Plays the match out from a source of draws. */
export function playMatch(source: UniformSource, sport: SportId, home: Team, away: Team): MatchScore {
  if (SPORTS[sport].score === 'goals') {
    const lambda = expectedGoals(home, away);
    return {
      home: pickWeighted(source, goalWeights(lambda.home)),
      away: pickWeighted(source, goalWeights(lambda.away)),
    };
  }
  const chance = mapWinBp(home, away);
  const maps: ('home' | 'away')[] = [];
  const won = (side: 'home' | 'away') => maps.filter((map) => map === side).length;
  while (won('home') < MAPS_TO_WIN && won('away') < MAPS_TO_WIN)
    maps.push(source.below(Number(BASIS_POINTS)) < chance ? 'home' : 'away');
  return { home: won('home'), away: won('away'), maps };
}

// ——— markets and how a selection ends ———

export type MarketKey =
  | { kind: '1x2' }
  | { kind: 'winner' }
  /** The home side's handicap in quarters of a goal or map; the away side takes its opposite. */
  | { kind: 'handicap'; quarters: number }
  /** The total of both sides in quarters. */
  | { kind: 'total'; quarters: number };

export type BetPick = 'home' | 'draw' | 'away' | 'over' | 'under';

export const PICKS: Readonly<Record<MarketKey['kind'], readonly BetPick[]>> = {
  '1x2': ['home', 'draw', 'away'],
  winner: ['home', 'away'],
  handicap: ['home', 'away'],
  total: ['over', 'under'],
};

export interface Market {
  id: string;
  key: MarketKey;
  selections: { pick: BetPick; oddsBp: number }[];
}

export const marketId = (key: MarketKey): string =>
  key.kind === 'handicap' || key.kind === 'total' ? `${key.kind}:${key.quarters}` : key.kind;

/** A line in quarters as it is written: −3 → "-0.75", 10 → "2.5". */
export const formatLine = (quarters: number): string => String(quarters / 4);

export type LegResult = 'win' | 'half-win' | 'push' | 'half-loss' | 'loss' | 'void';

const onLine = (margin: number): 'win' | 'push' | 'loss' =>
  margin > 0 ? 'win' : margin < 0 ? 'loss' : 'push';

/**
 * An Asian line's result from the selection's margin in quarters (its side's score advantage × 4 plus its
 * line). Half and whole lines (even margins) win above 0, push at 0, lose below. A quarter line (odd margin)
 * is half the stake on each neighbouring line, margin − 1 and margin + 1.
 */
export function asianResult(margin: number): Exclude<LegResult, 'void'> {
  if (margin % 2 === 0) return onLine(margin);
  const [lower, upper] = [onLine(margin - 1), onLine(margin + 1)];
  if (lower === upper) return lower;
  return lower === 'push' ? 'half-win' : 'half-loss';
}

/** How a selection ends on a final score. */
export function selectionResult(
  key: MarketKey,
  pick: BetPick,
  score: { home: number; away: number },
): Exclude<LegResult, 'void'> {
  if (!PICKS[key.kind].includes(pick)) throw new RangeError(`no pick ${pick} in a ${key.kind} market`);
  if ('quarters' in key && !Number.isSafeInteger(key.quarters))
    throw new RangeError('a line is a whole number of quarters');
  const lead = score.home - score.away;
  const goals = score.home + score.away;
  switch (key.kind) {
    case '1x2':
      return (pick === 'home' ? lead > 0 : pick === 'away' ? lead < 0 : lead === 0) ? 'win' : 'loss';
    case 'winner':
      return lead === 0 ? 'push' : (pick === 'home') === lead > 0 ? 'win' : 'loss';
    case 'handicap':
      return asianResult(pick === 'home' ? 4 * lead + key.quarters : -4 * lead - key.quarters);
    case 'total':
      return asianResult(pick === 'over' ? 4 * goals - key.quarters : key.quarters - 4 * goals);
  }
}

/** The price of a selection on the match's chances, or null when it is not offered (see the file's comment). */
export function priceSelection(
  chances: ScoreChances,
  key: MarketKey,
  pick: BetPick,
  marginBp: number,
): number | null {
  // Twice the weight of A and of B (a half result counts one, a full one two).
  let winning = 0n;
  let returning = 0n;
  for (const score of chances.scores) {
    const result = selectionResult(key, pick, score);
    if (result === 'win') winning += 2n * score.weight;
    if (result === 'half-win' || result === 'half-loss') returning += score.weight;
    if (result === 'half-win') winning += score.weight;
    if (result === 'push') returning += 2n * score.weight;
  }
  const atRisk = 2n * chances.total - returning;
  if (winning === 0n || atRisk === 0n) return null;
  const exact = (atRisk * BASIS_POINTS * BASIS_POINTS) / (winning * (BASIS_POINTS + BigInt(marginBp)));
  const odds = (exact / PRICE_STEP_BP) * PRICE_STEP_BP;
  if (odds < BigInt(MIN_ODDS_BP)) return null;
  return Number(odds > BigInt(MAX_ODDS_BP) ? BigInt(MAX_ODDS_BP) : odds);
}

function priceMarket(chances: ScoreChances, key: MarketKey, marginBp: number): Market | null {
  const selections: Market['selections'] = [];
  for (const pick of PICKS[key.kind]) {
    const oddsBp = priceSelection(chances, key, pick, marginBp);
    if (oddsBp === null) return null;
    selections.push({ pick, oddsBp });
  }
  return { id: marketId(key), key, selections };
}

/** The line whose two sides are closest to even: the smallest gap between their prices. */
function mainLine(
  chances: ScoreChances,
  kind: 'handicap' | 'total',
  lines: readonly number[],
  marginBp: number,
): Market | null {
  let best: { market: Market; gap: number } | null = null;
  for (const quarters of lines) {
    const market = priceMarket(chances, { kind, quarters }, marginBp);
    if (!market) continue;
    const [first, second] = market.selections;
    const gap = Math.abs((first?.oddsBp ?? 0) - (second?.oddsBp ?? 0));
    if (!best || gap < best.gap) best = { market, gap };
  }
  return best?.market ?? null;
}

export function priceMarkets(sport: SportId, home: Team, away: Team, marginBp: number): Market[] {
  const chances = scoreChances(sport, home, away);
  const rules = SPORTS[sport];
  const markets = [
    priceMarket(chances, { kind: rules.score === 'goals' ? '1x2' : 'winner' }, marginBp),
    mainLine(chances, 'handicap', rules.handicapLines, marginBp),
    mainLine(chances, 'total', rules.totalLines, marginBp),
  ];
  return markets.filter((market): market is Market => market !== null);
}

// ——— matches: commit, resolve, verify ———

export interface SportsMatch extends Commitment {
  id: string;
  sport: SportId;
  home: Team;
  away: Team;
  kickOff: Date;
  marginBp: number;
  markets: Market[];
}

function teamOf(sport: SportId, id: string): Team {
  const team = SPORTS[sport].teams.find((candidate) => candidate.id === id);
  if (!team) throw new RangeError(`no team ${id} in ${sport}`);
  return team;
}

export interface MatchInput {
  id: string;
  sport: SportId;
  /** Team ids from the sport's list. */
  home: string;
  away: string;
  kickOff: Date;
  seeds: FairSeeds;
  marginBp?: number;
}

/** A match ready for bets: its teams, kick-off, prices, and the commitment to the seed of its score. */
export function createMatch(input: MatchInput): SportsMatch {
  const marginBp = input.marginBp ?? DEFAULT_MARGIN_BP;
  if (!Number.isSafeInteger(marginBp) || marginBp < 0 || marginBp > 5_000)
    throw new RangeError('the margin must be an integer from 0 to 5,000 basis points');
  if (input.home === input.away) throw new RangeError('a team cannot play itself');
  if (Number.isNaN(input.kickOff.getTime())) throw new RangeError('the kick-off is not a time');
  const home = teamOf(input.sport, input.home);
  const away = teamOf(input.sport, input.away);
  return {
    ...commit(input.seeds),
    id: input.id,
    sport: input.sport,
    home,
    away,
    kickOff: input.kickOff,
    marginBp,
    markets: priceMarkets(input.sport, home, away, marginBp),
  };
}

/**
 * A programme of matches: the sport's teams shuffled with `pairing` (any source of draws, for it decides
 * nothing of the results) and paired in order, first home, so no team plays twice; one match per entry
 * of `matches`, each with its own seeds.
 */
export function generateMatches(input: {
  sport: SportId;
  pairing: UniformSource;
  matches: readonly { id: string; kickOff: Date; seeds: FairSeeds }[];
  marginBp?: number;
}): SportsMatch[] {
  const teams = SPORTS[input.sport].teams;
  if (input.matches.length * 2 > teams.length)
    throw new RangeError(`${input.sport} has teams for ${Math.floor(teams.length / 2)} matches at a time`);
  const order = shuffledIndices(input.pairing, teams.length, input.matches.length * 2);
  const teamAt = (position: number): string => teams[order[position] ?? -1]?.id ?? '';
  return input.matches.map((match, index) =>
    createMatch({
      ...match,
      sport: input.sport,
      home: teamAt(2 * index),
      away: teamAt(2 * index + 1),
      marginBp: input.marginBp,
    }),
  );
}

/** Plays a match once its server seed is revealed (throws if it is not the committed seed). */
export const resolveMatch = (match: SportsMatch, serverSeed: string): Resolved<MatchScore> =>
  resolveWith('sports', match, serverSeed, (source) =>
    playMatch(source, match.sport, match.home, match.away),
  );

/** Recomputes a revealed match from its seeds, sport and teams (their ratings set the chances). */
export const verifyMatch = (
  revealed: Reveal & Pick<SportsMatch, 'sport' | 'home' | 'away'>,
  claimed: MatchScore,
): Verification<MatchScore> =>
  verifyWith('sports', revealed, claimed, (source) =>
    playMatch(source, revealed.sport, revealed.home, revealed.away),
  );

// ——— bets ———

export interface BetLeg {
  matchId: string;
  market: MarketKey;
  pick: BetPick;
  /** The price taken, decimal odds × 10 000. */
  oddsBp: number;
}

export interface BetSlip {
  stake: bigint;
  legs: readonly BetLeg[];
}

export interface SportsBet {
  /** One leg is a single; more are an accumulator (all must win). */
  kind: 'single' | 'accumulator';
  stake: bigint;
  legs: BetLeg[];
  /** The earliest kick-off among the legs' matches. */
  firstKickOff: Date;
}

export type SlipProblem =
  | 'no-legs'
  | 'too-many-legs'
  | 'invalid-stake'
  | 'unknown-match'
  | 'unknown-selection'
  | 'odds-changed'
  | 'match-started'
  | 'same-match-twice';

export type SlipCheck = { ok: true; bet: SportsBet } | { ok: false; problem: SlipProblem; matchId?: string };

/**
 * Checks a slip against the matches offered at `now`: a positive stake, 1 to MAX_ACCUMULATOR_LEGS legs,
 * each on an offered selection at its current price of a match not yet started, and in an accumulator no
 * two legs from the same match (their results depend on each other).
 */
export function validateSlip(slip: BetSlip, matches: readonly SportsMatch[], now: Date): SlipCheck {
  if (slip.stake <= 0n) return { ok: false, problem: 'invalid-stake' };
  if (slip.legs.length === 0) return { ok: false, problem: 'no-legs' };
  if (slip.legs.length > MAX_ACCUMULATOR_LEGS) return { ok: false, problem: 'too-many-legs' };
  const seen = new Set<string>();
  let firstKickOff: Date | null = null;
  for (const leg of slip.legs) {
    const fail = (problem: SlipProblem): SlipCheck => ({ ok: false, problem, matchId: leg.matchId });
    if (seen.has(leg.matchId)) return fail('same-match-twice');
    seen.add(leg.matchId);
    const match = matches.find((candidate) => candidate.id === leg.matchId);
    if (!match) return fail('unknown-match');
    if (now.getTime() >= match.kickOff.getTime()) return fail('match-started');
    const market = match.markets.find((candidate) => candidate.id === marketId(leg.market));
    const selection = market?.selections.find((candidate) => candidate.pick === leg.pick);
    if (!selection) return fail('unknown-selection');
    if (selection.oddsBp !== leg.oddsBp) return fail('odds-changed');
    if (!firstKickOff || match.kickOff.getTime() < firstKickOff.getTime()) firstKickOff = match.kickOff;
  }
  return {
    ok: true,
    bet: {
      kind: slip.legs.length === 1 ? 'single' : 'accumulator',
      stake: slip.stake,
      legs: slip.legs.map((leg) => ({ ...leg })),
      firstKickOff: firstKickOff ?? now,
    },
  };
}

/**
 * Whether an open bet may still be cashed out: only before kick-off, the earlier of `kickOff` (the first
 * kick-off of its matches as the caller knows it) and the one recorded on the bet.
 */
export const canCashOut = (bet: SportsBet, now: Date, kickOff: Date): boolean =>
  now.getTime() < Math.min(kickOff.getTime(), bet.firstKickOff.getTime());

/** A match's result for settlement: its final score, or void (abandoned, not played). */
export type MatchResult = { kind: 'final'; home: number; away: number } | { kind: 'void' };

export const finalResult = (score: MatchScore): MatchResult => ({
  kind: 'final',
  home: score.home,
  away: score.away,
});

export const legResult = (leg: BetLeg, result: MatchResult): LegResult =>
  result.kind === 'void' ? 'void' : selectionResult(leg.market, leg.pick, result);

/**
 * What a leg multiplies the return by, over 20 000: a win its odds (2 × odds), a half win half its odds
 * and half the stake (odds + 10 000), a push or void 1 (20 000), a half loss ½ (10 000), a loss 0.
 */
const LEG_FACTOR_SCALE = 2n * BASIS_POINTS;
function legFactor(result: LegResult, oddsBp: number): bigint {
  const odds = BigInt(oddsBp);
  switch (result) {
    case 'win':
      return 2n * odds;
    case 'half-win':
      return odds + BASIS_POINTS;
    case 'push':
    case 'void':
      return LEG_FACTOR_SCALE;
    case 'half-loss':
      return BASIS_POINTS;
    case 'loss':
      return 0n;
  }
}

/** The combined price of legs, decimal odds × 10 000 rounded down (for showing; payouts use the exact product). */
export function combinedOddsBp(legs: readonly BetLeg[]): bigint {
  const product = legs.reduce((value, leg) => value * BigInt(leg.oddsBp), 1n);
  return product / BASIS_POINTS ** BigInt(Math.max(0, legs.length - 1));
}

/** What a bet returns if every leg wins: ⌊stake × Π odds⌋. */
export const potentialReturn = (bet: SportsBet): bigint =>
  returnOf(
    bet.stake,
    bet.legs.map((leg) => legFactor('win', leg.oddsBp)),
  );

function returnOf(stake: bigint, factors: readonly bigint[]): bigint {
  const numerator = factors.reduce((value, factor) => value * factor, stake);
  return numerator / LEG_FACTOR_SCALE ** BigInt(factors.length);
}

export interface SettledLeg extends BetLeg {
  result: LegResult | 'pending';
}

export type BetSettlement =
  | { settled: false; legs: SettledLeg[] }
  | {
      settled: true;
      /** won: more than the stake back; refunded: the stake; partly-lost: less; lost: nothing. */
      outcome: 'won' | 'refunded' | 'partly-lost' | 'lost';
      returned: bigint;
      legs: SettledLeg[];
    };

/**
 * Settles a single or an accumulator on the results known so far (by match id). A lost leg loses the bet at
 * once; otherwise it waits for every leg. The return is ⌊stake × Π leg factors⌋, computed exactly and
 * rounded down to the minor unit once, at the end: a void leg (or a push) counts 1.00.
 */
export function settleSportsBet(bet: SportsBet, results: ReadonlyMap<string, MatchResult>): BetSettlement {
  assertStake(bet.stake);
  const legs: SettledLeg[] = bet.legs.map((leg) => {
    const result = results.get(leg.matchId);
    return { ...leg, result: result ? legResult(leg, result) : 'pending' };
  });
  if (legs.some((leg) => leg.result === 'loss'))
    return { settled: true, outcome: 'lost', returned: 0n, legs };
  const factors: bigint[] = [];
  for (const leg of legs) {
    if (leg.result === 'pending') return { settled: false, legs };
    factors.push(legFactor(leg.result, leg.oddsBp));
  }
  const returned = returnOf(bet.stake, factors);
  const outcome =
    returned > bet.stake
      ? 'won'
      : returned === bet.stake
        ? 'refunded'
        : returned > 0n
          ? 'partly-lost'
          : 'lost';
  return { settled: true, outcome, returned, legs };
}
