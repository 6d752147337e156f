import {
  type DividendTerms,
  FULL_PERCENT_BP,
  type HourlyTerms,
  type SalaryTerms,
} from '@kl/contracts/agent-contracts';
import type { TeamPlay } from '../team.ts';

/**
 * The formulas of the contracts that pay (docs/agents.md, "Contracts that pay"): pure functions of a
 * contract's terms and the team's figures of one period. A tier is reached when every one of its
 * conditions holds (a figure equal to a threshold reaches it); the highest tier reached wins; no tier
 * reached, nothing is due. Amounts are bigint minor units.
 */

export interface TierOutcome {
  /** The tier reached (0 = the first), or null. */
  tier: number | null;
  amount: bigint;
}

/** The index of the last tier that `reached` accepts, or null. */
function highestTier<T>(tiers: readonly T[], reached: (tier: T) => boolean): number | null {
  for (let index = tiers.length - 1; index >= 0; index -= 1) {
    if (reached(tiers[index]!)) return index;
  }
  return null;
}

/** Daily salary: the team's turnover of the GMT+8 day and its active members that day. */
export function dailySalary(
  terms: SalaryTerms,
  figures: { turnover: bigint; activeMembers: number },
): TierOutcome {
  const tier = highestTier(
    terms.tiers,
    (t) => figures.turnover >= BigInt(t.minTurnover) && figures.activeMembers >= t.minActiveMembers,
  );
  return { tier, amount: tier === null ? 0n : BigInt(terms.tiers[tier]!.salary) };
}

/** Hourly salary: the team's turnover within the hour. */
export function hourlySalary(terms: HourlyTerms, figures: { turnover: bigint }): TierOutcome {
  const tier = highestTier(terms.tiers, (t) => figures.turnover >= BigInt(t.minTurnover));
  return { tier, amount: tier === null ? 0n : BigInt(terms.tiers[tier]!.amount) };
}

/**
 * The team's net loss of a period: what it staked, less what it was paid back and the bonuses it was
 * given, plus the bonus money forfeited back to the house. Negative when the team won.
 */
export function netLossOf(play: Pick<TeamPlay, 'turnover' | 'payouts' | 'bonuses' | 'forfeits'>): bigint {
  return play.turnover - play.payouts - play.bonuses + play.forfeits;
}

export interface DividendOutcome extends TierOutcome {
  /** The period's net loss plus the negative balance carried in. */
  effective: bigint;
  percentBp: number | null;
  /** The negative balance carried to the next period (≤ 0). */
  carriedOut: bigint;
}

/**
 * Dividend of a period: the net loss plus the negative balance carried in from the period before
 * (`carriedIn` ≤ 0). Not positive: nothing is due and all of it is carried out. Positive: the highest
 * tier whose net loss (the effective one) and active members are reached gives its share, rounded down,
 * and nothing is carried out (also when no tier is reached).
 */
export function dividend(
  terms: DividendTerms,
  figures: { netLoss: bigint; activeMembers: number; carriedIn: bigint },
): DividendOutcome {
  if (figures.carriedIn > 0n) throw new RangeError('carriedIn must not be positive');
  const effective = figures.netLoss + figures.carriedIn;
  if (effective <= 0n) {
    return { tier: null, amount: 0n, effective, percentBp: null, carriedOut: effective };
  }
  const tier = highestTier(
    terms.tiers,
    (t) => effective >= BigInt(t.minNetLoss) && figures.activeMembers >= t.minActiveMembers,
  );
  if (tier === null) return { tier, amount: 0n, effective, percentBp: null, carriedOut: 0n };
  const percentBp = terms.tiers[tier]!.percentBp;
  const amount = (effective * BigInt(percentBp)) / BigInt(FULL_PERCENT_BP);
  return { tier, amount, effective, percentBp, carriedOut: 0n };
}
