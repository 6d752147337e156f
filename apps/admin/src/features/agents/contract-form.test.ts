import { offerContractRequest } from '@kl/contracts/agent-contracts';
import { describe, expect, it } from 'vitest';
import { basisPointsOf, offerRequestOf, thresholdAccepted, thresholdOf } from './contract-form.ts';

describe('the contract offer form', () => {
  it('sends a share typed in % as basis points', () => {
    expect([0.01, 1, 12.5, 33.33, 20.25, 100].map(basisPointsOf)).toEqual([1, 100, 1250, 3333, 2025, 10_000]);
  });

  it('sends only the fields of the kind chosen, as the contract schema takes them', () => {
    const tiers = [
      {
        minTurnover: 1,
        minNetLoss: 1_000_000,
        minActiveMembers: 3,
        salary: 100_000,
        percent: 10,
        amount: 5_000,
      },
      {
        minTurnover: 50_000_000,
        minNetLoss: 9_000_000,
        minActiveMembers: 8,
        salary: 300_000,
        percent: 15.5,
        amount: 9_000,
      },
    ];
    const salary = offerRequestOf('alice', { kind: 'salary', period: 'month', tiers });
    expect(salary).toEqual({
      username: 'alice',
      kind: 'salary',
      terms: {
        tiers: [
          { minTurnover: 1, minActiveMembers: 3, salary: 100_000 },
          { minTurnover: 50_000_000, minActiveMembers: 8, salary: 300_000 },
        ],
      },
    });
    const dividend = offerRequestOf('alice', { kind: 'dividend', period: 'half_month', tiers });
    expect(dividend.terms).toEqual({
      period: 'half_month',
      tiers: [
        { minNetLoss: 1_000_000, minActiveMembers: 3, percentBp: 1000 },
        { minNetLoss: 9_000_000, minActiveMembers: 8, percentBp: 1550 },
      ],
    });
    const hourly = offerRequestOf('alice', { kind: 'hourly', period: 'month', tiers });
    expect(hourly.terms).toEqual({
      tiers: [
        { minTurnover: 1, amount: 5_000 },
        { minTurnover: 50_000_000, amount: 9_000 },
      ],
    });
    for (const request of [salary, dividend, hourly]) {
      expect(offerContractRequest.safeParse(request).success).toBe(true);
    }
  });

  it('checks the order of tiers by the threshold of each kind', () => {
    expect(thresholdOf('salary')).toBe('minTurnover');
    expect(thresholdOf('dividend')).toBe('minNetLoss');
    expect(thresholdOf('hourly')).toBe('minTurnover');
  });

  it('takes a threshold above zero only, as the offer schema the server checks', () => {
    for (const kind of ['salary', 'dividend', 'hourly'] as const) {
      expect(
        [0, 1, 10_000_000].map((value) => thresholdAccepted(kind, value)),
        kind,
      ).toEqual([false, true, true]);
    }
    const zero = offerRequestOf('alice', {
      kind: 'hourly',
      period: 'month',
      tiers: [{ minTurnover: 0, amount: 10_000_000 }],
    });
    expect(offerContractRequest.safeParse(zero).success).toBe(false);
  });
});
