import type { AdminVipLevel, SaveVipLevelBody, VipLevelTerms } from '@kl/contracts/admin/vip';
import { localizedRequestOf, localizedValuesOf, type LocalizedValues } from '../../shared/localized-text.ts';

/**
 * The level form's values (docs/back-office.md, "VIP levels"): amounts in whole đồng, the rebate typed in
 * percent (sent in basis points, 0.8 % = 80), and why.
 */
export interface VipLevelValues {
  name: LocalizedValues;
  depositThreshold: number;
  upgradeBonus: number;
  birthdayBonus: number;
  monthlyBonus: number;
  dailyWithdrawalCount: number;
  dailyWithdrawalLimit: number;
  rebatePercent: number;
  note: string;
}

/** The rebate in percent of basis points (80 → 0.8). */
export const percentOf = (basisPoints: number) => basisPoints / 100;

export function valuesOf(level: VipLevelTerms): VipLevelValues {
  return {
    name: localizedValuesOf(level.name),
    depositThreshold: level.depositThreshold,
    upgradeBonus: level.upgradeBonus,
    birthdayBonus: level.birthdayBonus,
    monthlyBonus: level.monthlyBonus,
    dailyWithdrawalCount: level.dailyWithdrawalCount,
    dailyWithdrawalLimit: level.dailyWithdrawalLimit,
    rebatePercent: percentOf(level.rebateBasisPoints),
    note: '',
  };
}

/**
 * The next level's values: no bonus, no rebate, the highest level's withdrawals; its threshold is the
 * operator's to type (level 0, the first, starts at 0).
 */
export function newLevelValues(highest: AdminVipLevel | undefined): Partial<VipLevelValues> {
  return {
    ...(highest === undefined && { depositThreshold: 0 }),
    upgradeBonus: 0,
    birthdayBonus: 0,
    monthlyBonus: 0,
    dailyWithdrawalCount: highest?.dailyWithdrawalCount ?? 0,
    dailyWithdrawalLimit: highest?.dailyWithdrawalLimit ?? 0,
    rebatePercent: 0,
    note: '',
  };
}

/** What is sent: English left empty falls back to Vietnamese; the rebate in basis points. */
export function requestOf(values: VipLevelValues): SaveVipLevelBody {
  return {
    name: localizedRequestOf(values.name),
    depositThreshold: values.depositThreshold,
    upgradeBonus: values.upgradeBonus,
    birthdayBonus: values.birthdayBonus,
    monthlyBonus: values.monthlyBonus,
    dailyWithdrawalCount: values.dailyWithdrawalCount,
    dailyWithdrawalLimit: values.dailyWithdrawalLimit,
    rebateBasisPoints: Math.round(values.rebatePercent * 100),
    note: values.note.trim(),
  };
}

/**
 * The thresholds a level's must lie between, exclusive (the server's rule): above the level below's,
 * below the level above's; level 0's is 0.
 */
export function thresholdBounds(
  levels: readonly AdminVipLevel[],
  level: number,
): { below: AdminVipLevel | undefined; above: AdminVipLevel | undefined } {
  return {
    below: levels.filter((row) => row.level < level).at(-1),
    above: levels.find((row) => row.level > level),
  };
}
