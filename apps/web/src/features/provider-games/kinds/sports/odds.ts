import { SANDBOX_SLIP_STAKE, type SandboxMatch } from '@kl/contracts/sandbox-provider';

/** Odds are decimal × 10 000 (contracts sandbox-provider.ts). */
export const ODDS_SCALE = 10_000;

export type Market = SandboxMatch['markets'][number];
export type MarketKey = Market['key'];
export type PickSide = Market['selections'][number]['pick'];

/** A leg of the slip being built: the selection and the price the player saw. */
export interface SlipLeg {
  matchId: string;
  marketId: string;
  market: MarketKey;
  pick: PickSide;
  oddsBp: number;
}

/** The decimal odds of a price, two places, in the language's way (1.95). */
export const decimalOdds = (oddsBp: number, locale: string): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    oddsBp / ODDS_SCALE,
  );

/** The combined price of the legs, × 10 000, rounded down (the product of each leg's odds). */
export function combinedOddsBp(legs: readonly Pick<SlipLeg, 'oddsBp'>[]): number {
  if (legs.length === 0) return 0;
  const scale = BigInt(ODDS_SCALE);
  const product = legs.reduce((value, leg) => value * BigInt(leg.oddsBp), 1n);
  return Number(product / scale ** BigInt(legs.length - 1));
}

/** What the slip returns if every leg wins: ⌊stake × Π odds⌋, as the book computes it. */
export function potentialReturn(stake: number, legs: readonly Pick<SlipLeg, 'oddsBp'>[]): number {
  if (legs.length === 0) return 0;
  const product = legs.reduce((value, leg) => value * BigInt(leg.oddsBp), BigInt(stake));
  return Number(product / BigInt(ODDS_SCALE) ** BigInt(legs.length));
}

export type StakeProblem = 'required' | 'whole' | 'min' | 'max';

/** The stake typed (whole minor units, digits only), or what is wrong with it. */
export function parseStake(text: string): { stake: number } | { problem: StakeProblem } {
  const typed = text.trim();
  if (typed === '') return { problem: 'required' };
  if (!/^\d+$/.test(typed)) return { problem: 'whole' };
  const stake = Number(typed);
  if (!Number.isSafeInteger(stake) || stake > SANDBOX_SLIP_STAKE.max) return { problem: 'max' };
  if (stake < SANDBOX_SLIP_STAKE.min) return { problem: 'min' };
  return { stake };
}

/** The same market (kind and line). */
export const sameMarket = (a: MarketKey, b: MarketKey): boolean =>
  a.kind === b.kind && ('quarters' in a ? a.quarters : null) === ('quarters' in b ? b.quarters : null);
