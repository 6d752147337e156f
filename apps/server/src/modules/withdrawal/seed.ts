import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { withdrawalSetting } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/**
 * A merchant's default withdrawal limits, part of its configuration: 100,000 to 50,000,000 đồng, 5 requests
 * a day, an approved identity check before a member's first withdrawal and none above an amount, nor
 * two-factor authentication (`npm run merchant:create` and the demo merchant write them;
 * docs/decisions/018-demo-seed-and-merchant-setup.md, docs/decisions/057-know-your-customer.md).
 */
export const WITHDRAWAL_SETTINGS = {
  currency: WALLET_CURRENCY,
  minAmount: 100_000n,
  maxAmount: 50_000_000n,
  dailyCountLimit: 5,
  kycFirstWithdrawal: true,
  kycAbove: null,
  twoFactorAbove: null,
} as const;

/** Inserts the limits unless the merchant has some already (an operator's change is kept). */
export async function seedWithdrawalSettings(
  tx: DbOrTx,
  merchantCode: string,
): Promise<{ settingsCreated: number }> {
  const created = await tx
    .insert(withdrawalSetting)
    .values({ merchantCode, ...WITHDRAWAL_SETTINGS })
    .onConflictDoNothing()
    .returning({ code: withdrawalSetting.merchantCode });
  return { settingsCreated: created.length };
}
