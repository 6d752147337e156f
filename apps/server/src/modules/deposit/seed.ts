import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { NewDepositChannelRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { createDepositOperationsRepository } from './operations-repository.ts';

/**
 * The demo merchant's deposit channels, in the player's order: a bank transfer with a reference code, a VietQR code and an
 * e-wallet. The accounts are placeholders for the sandbox gateway: replace them before taking real money.
 */
export const DEPOSIT_CHANNELS: Omit<NewDepositChannelRow, 'merchantCode' | 'sort'>[] = [
  {
    code: 'bank-transfer',
    kind: 'bank_transfer',
    name: { vi: 'Chuyển khoản ngân hàng', en: 'Bank transfer' },
    currency: WALLET_CURRENCY,
    minAmount: 50_000n,
    maxAmount: 300_000_000n,
    quickAmounts: [100_000, 200_000, 500_000, 1_000_000, 5_000_000, 10_000_000],
    expiryMinutes: 30,
    details: {
      bankName: 'Vietcombank',
      bankBin: '970436',
      accountNumber: '1029384756',
      accountName: 'CONG TY TNHH KIM LONG',
    },
  },
  {
    code: 'vietqr',
    kind: 'vietqr',
    name: { vi: 'Quét mã VietQR', en: 'VietQR code' },
    currency: WALLET_CURRENCY,
    minAmount: 20_000n,
    maxAmount: 100_000_000n,
    quickAmounts: [50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000],
    expiryMinutes: 15,
    details: {
      bankName: 'Techcombank',
      bankBin: '970407',
      accountNumber: '19036688990011',
      accountName: 'CONG TY TNHH KIM LONG',
    },
  },
  {
    code: 'momo',
    kind: 'ewallet',
    name: { vi: 'Ví điện tử MoMo', en: 'MoMo e-wallet' },
    currency: WALLET_CURRENCY,
    minAmount: 10_000n,
    maxAmount: 20_000_000n,
    quickAmounts: [20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000],
    expiryMinutes: 10,
    details: { provider: 'MoMo', walletAccount: '0909123456', accountName: 'KIM LONG' },
  },
];

/**
 * Adds the channels the merchant lacks, in their order, through the statement the back office adds a
 * channel with (operations-repository.ts); an operator's changes to existing ones stay.
 */
export async function seedDepositChannels(
  db: Db,
  tx: DbOrTx,
  merchantCode: string,
): Promise<{ channelsCreated: number }> {
  const channels = createDepositOperationsRepository(db);
  const existing = new Set((await channels.channels(merchantCode, tx)).map((channel) => channel.code));
  let channelsCreated = 0;
  for (const channel of DEPOSIT_CHANNELS) {
    if (existing.has(channel.code)) continue;
    if (await channels.insertChannel({ ...channel, merchantCode }, tx)) channelsCreated += 1;
  }
  return { channelsCreated };
}
