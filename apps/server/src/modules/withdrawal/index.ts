import type { MemberKycState } from '@kl/contracts/kyc';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { LedgerService } from '../wallet/index.ts';
import { createWithdrawalRepository } from './repository.ts';
import { withdrawalRoutes } from './routes.ts';
import { createWithdrawalService } from './service.ts';

export type { WithdrawalSettingRow } from '../../db/schema/index.ts';
export { boundBankAccount, createWithdrawalRepository, type WithdrawalRepository } from './repository.ts';
export { checkWithdrawals } from './withdrawal-check.ts';
export { createWithdrawalSettingsRepository } from './settings-repository.ts';
export { seedWithdrawalSettings, WITHDRAWAL_SETTINGS } from './seed.ts';
export {
  createWithdrawalService,
  withdrawalDayStart,
  withdrawalHoldKey,
  withdrawalSettleKey,
  type OperatorWithdrawalQuery,
  type QueuedWithdrawal,
  type WithdrawalDecided,
  type WithdrawalDecider,
  type WithdrawalOutcome,
  type WithdrawalService,
} from './service.ts';
import type { EndOtherSessions } from './service.ts';

/**
 * Withdrawals wired together: `register` adds the member's /api/withdrawal calls (inside the API context).
 * The back office decides the requests through `withdrawalService`.
 */
export function createWithdrawalModule(deps: {
  db: Db;
  clock: Clock;
  ledgerService: LedgerService;
  /** Money the member's running turnover requirements lock (the wallet's wagering service). */
  lockedOf?: (memberId: string) => Promise<bigint>;
  /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
  balanceChanged?: ((memberId: string) => void) | undefined;
  /** Ends the member's other sessions (a changed payment password). */
  endOtherSessions?: EndOtherSessions | undefined;
  /** The code of the member's authenticator app, when two-factor is on (withdrawal service). */
  verifySecondFactor?: ((memberId: string, code: string | undefined) => Promise<void>) | undefined;
  /** The member's identity check as they read it (the kyc module's), for the merchant's identity rules. */
  kycStateOf: (memberId: string, tx?: DbOrTx) => Promise<MemberKycState>;
  /** Whether the member's two-factor authentication is on (the auth module's). */
  twoFactorOn: (memberId: string, tx?: DbOrTx) => Promise<boolean>;
}) {
  const { db, clock, ledgerService } = deps;
  const withdrawalService = createWithdrawalService({
    db,
    withdrawals: createWithdrawalRepository(db),
    ledgerService,
    clock,
    lockedOf: deps.lockedOf,
    balanceChanged: deps.balanceChanged,
    endOtherSessions: deps.endOtherSessions,
    verifySecondFactor: deps.verifySecondFactor,
    kycStateOf: deps.kycStateOf,
    twoFactorOn: deps.twoFactorOn,
  });
  return {
    withdrawalService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(withdrawalRoutes, { withdrawalService, guards });
    },
  };
}
