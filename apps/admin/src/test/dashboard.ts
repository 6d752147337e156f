import type { Dashboard } from '@kl/contracts/admin/money';

/** A dashboard answer: a week of figures and some pending work. */
export function createDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const day = (date: string, ggr: number) => ({
    day: date,
    deposits: 10_000_000,
    withdrawals: 4_000_000,
    bets: 50_000_000,
    wins: 50_000_000 - ggr,
    ggr,
    bonuses: 200_000,
  });
  return {
    period: '7d',
    currency: 'VND',
    totals: {
      deposits: 70_000_000,
      withdrawals: 28_000_000,
      bets: 350_000_000,
      wins: 340_000_000,
      ggr: 10_000_000,
      bonuses: 1_400_000,
      newMembers: 12,
      activeMembers: 345,
    },
    days: [day('2026-03-01', 3_000_000), day('2026-03-02', -1_000_000), day('2026-03-03', 8_000_000)],
    pending: { withdrawals: 4, adjustments: 1, deposits: 3, chats: 2 },
    ...overrides,
  };
}
