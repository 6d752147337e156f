import type { NewVipLevelRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { createVipRepository } from './repository.ts';

/**
 * The demo merchant's VIP levels: data an operator may change. Thresholds are cumulative paid deposits in
 * đồng; the rebate is in hundredths of a percent.
 */
export const VIP_LEVELS: Omit<NewVipLevelRow, 'merchantCode'>[] = [
  level(0, 'Thành viên', 'Member', 0, {
    upgrade: 0,
    birthday: 0,
    monthly: 0,
    count: 3,
    limit: 50_000_000,
    rebate: 30,
  }),
  level(1, 'Đồng', 'Bronze', 1_000_000, {
    upgrade: 18_000,
    birthday: 28_000,
    monthly: 8_000,
    count: 5,
    limit: 100_000_000,
    rebate: 40,
  }),
  level(2, 'Bạc', 'Silver', 10_000_000, {
    upgrade: 88_000,
    birthday: 128_000,
    monthly: 38_000,
    count: 5,
    limit: 200_000_000,
    rebate: 50,
  }),
  level(3, 'Vàng', 'Gold', 50_000_000, {
    upgrade: 388_000,
    birthday: 388_000,
    monthly: 188_000,
    count: 8,
    limit: 500_000_000,
    rebate: 60,
  }),
  level(4, 'Bạch kim', 'Platinum', 200_000_000, {
    upgrade: 1_288_000,
    birthday: 888_000,
    monthly: 588_000,
    count: 10,
    limit: 1_000_000_000,
    rebate: 80,
  }),
  level(5, 'Kim cương', 'Diamond', 1_000_000_000, {
    upgrade: 5_888_000,
    birthday: 2_888_000,
    monthly: 1_888_000,
    count: 15,
    limit: 3_000_000_000,
    rebate: 100,
  }),
];

function level(
  n: number,
  vi: string,
  en: string,
  threshold: number,
  b: { upgrade: number; birthday: number; monthly: number; count: number; limit: number; rebate: number },
): Omit<NewVipLevelRow, 'merchantCode'> {
  return {
    level: n,
    name: { vi, en },
    depositThreshold: BigInt(threshold),
    upgradeBonus: BigInt(b.upgrade),
    birthdayBonus: BigInt(b.birthday),
    monthlyBonus: BigInt(b.monthly),
    dailyWithdrawalCount: b.count,
    dailyWithdrawalLimit: BigInt(b.limit),
    rebateBasisPoints: b.rebate,
  };
}

/**
 * Adds the levels the merchant lacks through the statement the back office adds a level with
 * (repository.ts); an operator's changes to existing ones stay.
 */
export async function seedVipLevels(
  db: Db,
  tx: DbOrTx,
  merchantCode: string,
): Promise<{ levelsCreated: number }> {
  const vip = createVipRepository(db);
  const existing = new Set((await vip.levels(merchantCode, tx)).map((row) => row.level));
  const missing = VIP_LEVELS.filter((row) => !existing.has(row.level));
  for (const { level, ...columns } of missing) await vip.insertLevel(merchantCode, level, columns, tx);
  return { levelsCreated: missing.length };
}
