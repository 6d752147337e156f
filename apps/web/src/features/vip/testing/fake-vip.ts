import type { MyVip, VipLevel } from '@kl/contracts/vip';

/** VIP data for component tests (contracts vip.ts): levels 0–2, the member at 1 (Bronze), half way to 2. */
const level = (n: number, name: string, depositThreshold: number, rebatePercent: number): VipLevel => ({
  ...{ level: n, name, depositThreshold },
  benefits: {
    ...{ upgradeBonus: n * 10_000, birthdayBonus: n * 20_000, monthlyBonus: n * 5_000, rebatePercent },
    ...{ dailyWithdrawalCount: 3 + n, dailyWithdrawalLimit: 50_000_000 * (n + 1) },
  },
});

export const FAKE_VIP_LEVELS: VipLevel[] = [
  level(0, 'Member', 0, 0.3),
  level(1, 'Bronze', 1_000_000, 0.4),
  level(2, 'Silver', 10_000_000, 0.5),
];

export const FAKE_MY_VIP: MyVip = {
  ...{ level: 1, name: 'Bronze', paidDeposits: 5_500_000, currency: 'VND', progressPercent: 50 },
  next: { level: 2, name: 'Silver', depositThreshold: 10_000_000, remaining: 4_500_000 },
};
