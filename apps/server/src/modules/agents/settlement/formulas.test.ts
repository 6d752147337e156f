import type { DividendTerms, HourlyTerms, SalaryTerms } from '@kl/contracts/agent-contracts';
import { describe, expect, it } from 'vitest';
import { dailySalary, dividend, hourlySalary, netLossOf } from './formulas.ts';

const SALARY: SalaryTerms = {
  tiers: [
    { minTurnover: 10_000_000, minActiveMembers: 5, salary: 200_000 },
    { minTurnover: 50_000_000, minActiveMembers: 10, salary: 1_200_000 },
    { minTurnover: 100_000_000, minActiveMembers: 8, salary: 3_000_000 },
  ],
};

describe('daily salary', () => {
  const at = (turnover: number, activeMembers: number) =>
    dailySalary(SALARY, { turnover: BigInt(turnover), activeMembers });

  it('reaches a tier at its thresholds exactly, not one below either of them', () => {
    expect(at(10_000_000, 5)).toEqual({ tier: 0, amount: 200_000n });
    expect(at(9_999_999, 5)).toEqual({ tier: null, amount: 0n });
    expect(at(10_000_000, 4)).toEqual({ tier: null, amount: 0n });
    expect(at(50_000_000, 10)).toEqual({ tier: 1, amount: 1_200_000n });
    expect(at(49_999_999, 10)).toEqual({ tier: 0, amount: 200_000n });
  });

  it('pays the highest tier whose both conditions hold', () => {
    // Turnover of the second tier without its members: the first tier.
    expect(at(60_000_000, 9)).toEqual({ tier: 0, amount: 200_000n });
    // The third tier asks fewer members than the second: reached with 8.
    expect(at(100_000_000, 8)).toEqual({ tier: 2, amount: 3_000_000n });
    expect(at(100_000_000, 7)).toEqual({ tier: 0, amount: 200_000n });
    expect(at(100_000_000, 7)).toEqual(at(99_999_999, 7));
  });

  it('pays nothing without play', () => {
    expect(at(0, 0)).toEqual({ tier: null, amount: 0n });
  });
});

describe('hourly salary', () => {
  const HOURLY: HourlyTerms = {
    tiers: [
      { minTurnover: 2_000_000, amount: 20_000 },
      { minTurnover: 5_000_000, amount: 60_000 },
    ],
  };
  const at = (turnover: number) => hourlySalary(HOURLY, { turnover: BigInt(turnover) });

  it('reaches a tier at its threshold, not one below', () => {
    expect(at(1_999_999)).toEqual({ tier: null, amount: 0n });
    expect(at(2_000_000)).toEqual({ tier: 0, amount: 20_000n });
    expect(at(4_999_999)).toEqual({ tier: 0, amount: 20_000n });
    expect(at(5_000_000)).toEqual({ tier: 1, amount: 60_000n });
    expect(at(80_000_000)).toEqual({ tier: 1, amount: 60_000n });
  });
});

describe('dividend', () => {
  const TERMS: DividendTerms = {
    period: 'half_month',
    tiers: [
      { minNetLoss: 1_000_000, minActiveMembers: 2, percentBp: 1000 },
      { minNetLoss: 5_000_000, minActiveMembers: 3, percentBp: 2500 },
    ],
  };
  const of = (netLoss: number, carriedIn = 0, activeMembers = 3) =>
    dividend(TERMS, { netLoss: BigInt(netLoss), activeMembers, carriedIn: BigInt(carriedIn) });

  it('counts the net loss as stakes − payouts − bonuses + forfeits', () => {
    expect(netLossOf({ turnover: 1_000n, payouts: 300n, bonuses: 50n, forfeits: 20n })).toBe(670n);
    expect(netLossOf({ turnover: 100n, payouts: 900n, bonuses: 0n, forfeits: 0n })).toBe(-800n);
  });

  it('reaches a tier at its thresholds exactly and rounds the share down', () => {
    expect(of(999_999)).toMatchObject({ tier: null, amount: 0n, carriedOut: 0n });
    expect(of(1_000_000)).toMatchObject({ tier: 0, amount: 100_000n, percentBp: 1000, carriedOut: 0n });
    expect(of(1_000_000, 0, 1)).toMatchObject({ tier: null, amount: 0n });
    expect(of(4_999_999)).toMatchObject({ tier: 0, amount: 499_999n });
    expect(of(5_000_000)).toMatchObject({ tier: 1, amount: 1_250_000n, percentBp: 2500 });
    expect(of(5_000_003)).toMatchObject({ tier: 1, amount: 1_250_000n });
    // The second tier's net loss without its members: the first tier.
    expect(of(5_000_000, 0, 2)).toMatchObject({ tier: 0, amount: 500_000n });
  });

  it('carries a period the team won forward, and pays nothing for it', () => {
    expect(of(-300_000)).toEqual({
      tier: null,
      amount: 0n,
      effective: -300_000n,
      percentBp: null,
      carriedOut: -300_000n,
    });
    expect(of(0)).toMatchObject({ amount: 0n, carriedOut: 0n });
  });

  it('carries negatives across two periods: a loss that does not cover them is carried on', () => {
    const first = of(-2_000_000);
    expect(first.carriedOut).toBe(-2_000_000n);
    const second = of(1_500_000, Number(first.carriedOut));
    expect(second).toMatchObject({ amount: 0n, effective: -500_000n, carriedOut: -500_000n });
  });

  it('carries negatives across three periods, then pays on what is left', () => {
    const first = of(-1_000_000);
    const second = of(-500_000, Number(first.carriedOut));
    expect(second.carriedOut).toBe(-1_500_000n);
    const third = of(2_500_000, Number(second.carriedOut));
    expect(third).toMatchObject({
      effective: 1_000_000n,
      tier: 0,
      amount: 100_000n,
      carriedOut: 0n,
    });
  });

  it('the exact cover leaves nothing due and nothing carried; a positive below the tiers carries nothing', () => {
    expect(of(2_000_000, -2_000_000)).toMatchObject({ effective: 0n, amount: 0n, carriedOut: 0n });
    expect(of(2_999_999, -2_000_000)).toMatchObject({ effective: 999_999n, amount: 0n, carriedOut: 0n });
    expect(of(3_000_000, -2_000_000)).toMatchObject({ effective: 1_000_000n, tier: 0, amount: 100_000n });
  });

  it('refuses a positive carried-in balance', () => {
    expect(() => of(1, 1)).toThrow(RangeError);
  });
});
