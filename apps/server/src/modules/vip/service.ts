import { textIn } from '@kl/contracts/content';
import type { Locale } from '@kl/contracts/i18n';
import type { MyVip, VipLevel, VipLevels } from '@kl/contracts/vip';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { VipLevelRow } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { type LedgerService, moneyNumber } from '../wallet/index.ts';
import type { VipRepository } from './repository.ts';

/** The level reached by an amount of paid deposits: the highest whose threshold it reaches. */
export function levelFor(levels: readonly VipLevelRow[], paid: bigint): VipLevelRow | undefined {
  let reached: VipLevelRow | undefined;
  for (const row of levels) if (paid >= row.depositThreshold) reached = row;
  return reached;
}

function levelOut(row: VipLevelRow, lang: Locale): VipLevel {
  return {
    level: row.level,
    name: textIn(row.name, lang),
    depositThreshold: moneyNumber(row.depositThreshold),
    benefits: {
      upgradeBonus: moneyNumber(row.upgradeBonus),
      birthdayBonus: moneyNumber(row.birthdayBonus),
      monthlyBonus: moneyNumber(row.monthlyBonus),
      dailyWithdrawalCount: row.dailyWithdrawalCount,
      dailyWithdrawalLimit: moneyNumber(row.dailyWithdrawalLimit),
      rebatePercent: row.rebateBasisPoints / 100,
    },
  };
}

/**
 * VIP levels (data per merchant) and each member's level, computed from their paid deposits. A merchant
 * without levels gives everyone level 0.
 */
/** The idempotency key of a member's upgrade bonus for a level: once per member and level, ever. */
export const upgradeBonusKey = (memberId: string, level: number) => `vip_upgrade:${memberId}:${level}`;

export function createVipService(deps: { vip: VipRepository; ledgerService?: LedgerService | undefined }) {
  const { vip, ledgerService } = deps;

  /**
   * Credits the upgrade bonus of every level the member has reached (level 1 and up, bonus above 0) that
   * was not credited yet: ledger `bonus`, key `vip_upgrade:<memberId>:<level>`, so each is paid once
   * however often and however concurrently this runs. Real members only.
   */
  async function creditUpgrades(merchantCode: string, memberId: string, reached: readonly VipLevelRow[]) {
    if (!ledgerService) return;
    for (const row of reached) {
      if (row.level === 0 || row.upgradeBonus <= 0n) continue;
      await ledgerService.post({
        merchantCode,
        memberId,
        idempotencyKey: upgradeBonusKey(memberId, row.level),
        kind: 'bonus',
        amount: row.upgradeBonus,
        reference: `vip:${row.level}`,
        memo: { vipLevel: row.level },
      });
    }
  }

  return {
    async levels(merchantCode: string, lang: Locale): Promise<VipLevels> {
      const rows = await vip.levels(merchantCode);
      return { list: rows.map((row) => levelOut(row, lang)), currency: WALLET_CURRENCY };
    },

    /** The member's level number (clubLabel.labelName). */
    async levelOf(merchantCode: string, memberId: string, tx?: DbOrTx): Promise<number> {
      // One after the other: a transaction's connection takes one query at a time.
      const rows = await vip.levels(merchantCode, tx);
      const paid = await vip.paidDeposits(merchantCode, memberId, tx);
      return levelFor(rows, paid)?.level ?? 0;
    },

    /** The member's level and progress; a real member's upgrade bonuses of the levels reached are credited. */
    async myVip(merchantCode: string, memberId: string, lang: Locale, real: boolean): Promise<MyVip> {
      const [rows, paid] = await Promise.all([
        vip.levels(merchantCode),
        vip.paidDeposits(merchantCode, memberId),
      ]);
      const current = levelFor(rows, paid);
      if (real) {
        await creditUpgrades(
          merchantCode,
          memberId,
          rows.filter((row) => paid >= row.depositThreshold),
        );
      }
      const next = rows.find((row) => row.depositThreshold > paid);
      const from = current?.depositThreshold ?? 0n;
      let progressPercent = 100;
      if (next) {
        const span = next.depositThreshold - from;
        progressPercent = span > 0n ? Number(((paid - from) * 100n) / span) : 0;
      }
      return {
        level: current?.level ?? 0,
        name: current ? textIn(current.name, lang) : '0',
        paidDeposits: moneyNumber(paid),
        currency: WALLET_CURRENCY,
        next: next
          ? {
              level: next.level,
              name: textIn(next.name, lang),
              depositThreshold: moneyNumber(next.depositThreshold),
              remaining: moneyNumber(next.depositThreshold - paid),
            }
          : null,
        progressPercent: Math.max(0, Math.min(100, progressPercent)),
      };
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;
