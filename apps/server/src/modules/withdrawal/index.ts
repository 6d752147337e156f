import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { AppConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import { createOperatorAuth } from '../../platform/operator-auth.ts';
import type { LedgerService } from '../wallet/index.ts';
import { registerWithdrawalPages } from './pages.ts';
import { createWithdrawalRepository } from './repository.ts';
import { withdrawalRoutes } from './routes.ts';
import { createWithdrawalService } from './service.ts';

export { createWithdrawalRepository, type WithdrawalRepository } from './repository.ts';
export { checkWithdrawals } from './withdrawal-check.ts';
export { seedWithdrawalSettings, WITHDRAWAL_SETTINGS } from './seed.ts';
export {
  createWithdrawalService,
  withdrawalDayStart,
  withdrawalHoldKey,
  withdrawalSettleKey,
  type WithdrawalDecided,
  type WithdrawalService,
} from './service.ts';

/**
 * Withdrawals wired together: `register` adds the /api/withdrawal calls (inside the API context),
 * `registerPages` the operator page under /withdrawal (outside it). The operator's credential is
 * WITHDRAWAL_OPERATOR_TOKEN; without it the operator page and calls answer 404.
 */
export function createWithdrawalModule(deps: {
  db: Db;
  config: Pick<AppConfig, 'merchantCode' | 'withdrawalOperatorToken'>;
  clock: Clock;
  ledgerService: LedgerService;
  /** Money the member's running turnover requirements lock (the wallet's wagering service). */
  lockedOf?: (memberId: string) => Promise<bigint>;
}) {
  const { db, config, clock, ledgerService } = deps;
  const withdrawalService = createWithdrawalService({
    db,
    withdrawals: createWithdrawalRepository(db),
    ledgerService,
    clock,
    lockedOf: deps.lockedOf,
  });
  // A credential of its own: paying money out is not a task of the chat operators nor of the site switches.
  const operatorAuth = createOperatorAuth({
    credential: 'withdrawal',
    token: config.withdrawalOperatorToken,
    db,
    clock,
  });
  return {
    withdrawalService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(withdrawalRoutes, {
        withdrawalService,
        guards,
        operatorAuth,
        merchantCode: config.merchantCode,
      });
    },
    async registerPages(app: FastifyInstance): Promise<void> {
      await registerWithdrawalPages(app, { enabled: operatorAuth.enabled });
    },
  };
}
