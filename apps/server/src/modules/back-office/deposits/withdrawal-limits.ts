import type { SetWithdrawalLimitsRequest, WithdrawalLimits } from '@kl/contracts/admin/payments';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { Db } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { moneyNumber } from '../../wallet/index.ts';
import {
  createWithdrawalRepository,
  createWithdrawalSettingsRepository,
  type WithdrawalSettingRow,
} from '../../withdrawal/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';

/**
 * The merchant's withdrawal limits on the deposit channels screen (docs/back-office.md, "Deposit channels
 * and payments operations"): the smallest and largest request and the requests a member may make a day,
 * the same for every member (the limits have no VIP level); and the identity rules of a request
 * (docs/decisions/057-know-your-customer.md): an approved identity check before a member's first
 * withdrawal and above an amount, two-factor authentication above an amount. Audited as
 * `withdrawal_setting.update`.
 */
export function createWithdrawalLimitsAdmin(deps: { db: Db; merchantCode: string; audit: AuditLog }) {
  const { db, merchantCode, audit } = deps;
  const withdrawals = createWithdrawalRepository(db);
  const settings = createWithdrawalSettingsRepository(db);
  const moneyOrNull = (amount: bigint | null) => (amount === null ? null : moneyNumber(amount));
  const view = (row: WithdrawalSettingRow): WithdrawalLimits => ({
    currency: row.currency,
    minAmount: moneyNumber(row.minAmount),
    maxAmount: moneyNumber(row.maxAmount),
    dailyCountLimit: row.dailyCountLimit,
    kycFirstWithdrawal: row.kycFirstWithdrawal,
    kycAbove: moneyOrNull(row.kycAbove),
    twoFactorAbove: moneyOrNull(row.twoFactorAbove),
  });
  const moneyOrNullIn = (amount: number | null) => (amount === null ? null : BigInt(amount));

  return {
    async current(): Promise<WithdrawalLimits> {
      const row = await withdrawals.settings(merchantCode);
      if (!row) throw new DomainError('NOT_FOUND', { reason: 'WITHDRAWAL_NOT_CONFIGURED' });
      return view(row);
    },

    async set(actor: AuditActor, request: SetWithdrawalLimitsRequest): Promise<WithdrawalLimits> {
      return db.transaction(async (tx) => {
        const before = await settings.lock(merchantCode, tx);
        const row = await settings.save(
          {
            merchantCode,
            currency: before?.currency ?? WALLET_CURRENCY,
            minAmount: BigInt(request.minAmount),
            maxAmount: BigInt(request.maxAmount),
            dailyCountLimit: request.dailyCountLimit,
            kycFirstWithdrawal: request.kycFirstWithdrawal,
            kycAbove: moneyOrNullIn(request.kycAbove),
            twoFactorAbove: moneyOrNullIn(request.twoFactorAbove),
          },
          tx,
        );
        const after = view(row);
        await audit.record(
          actor,
          {
            action: 'withdrawal_setting.update',
            targetType: 'merchant',
            targetId: merchantCode,
            before: before ? view(before) : null,
            after,
          },
          tx,
        );
        return after;
      });
    },
  };
}

export type WithdrawalLimitsAdmin = ReturnType<typeof createWithdrawalLimitsAdmin>;
