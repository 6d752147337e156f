import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { AppConfig } from '../../platform/config.ts';
import { randomToken } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { LedgerService } from '../wallet/index.ts';
import { createDepositRepository } from './repository.ts';
import { depositRoutes } from './routes.ts';
import { createDepositService, type DepositCheck } from './service.ts';

export { checkDeposits } from './deposit-check.ts';
export { createDepositRepository, type DepositRepository } from './repository.ts';
export { depositRoutes } from './routes.ts';
export { seedDepositChannels, DEPOSIT_CHANNELS } from './seed.ts';
export { createDepositService, depositCreditKey, type DepositCheck, type DepositService } from './service.ts';
export { checkCallbackSignature, signCallback } from './signature.ts';

/**
 * Deposits wired together. The callback secret is PAYMENT_CALLBACK_SECRET; outside production, without
 * it, a random one is drawn for this process (the sandbox gateway signs with it, nobody else knows it).
 * In production without it every callback is refused.
 */
export function createDepositModule(deps: {
  db: Db;
  config: Pick<AppConfig, 'nodeEnv' | 'sandboxGateway' | 'paymentCallbackSecret' | 'merchantCode'>;
  clock: Clock;
  ledgerService: LedgerService;
  /** Refuses a new order (responsible gaming: deposit limits, time-out). */
  checkDeposit?: DepositCheck | undefined;
}) {
  const { db, config, clock, ledgerService } = deps;
  const callbackSecret =
    config.paymentCallbackSecret ?? (config.nodeEnv === 'production' ? undefined : randomToken(32));
  const depositService = createDepositService({
    db,
    deposits: createDepositRepository(db),
    ledgerService,
    clock,
    callbackSecret,
    sandbox: config.sandboxGateway && callbackSecret !== undefined,
    checkDeposit: deps.checkDeposit,
  });
  return {
    depositService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(depositRoutes, { depositService, guards, merchantCode: config.merchantCode });
    },
  };
}

export type { DepositOrderRow } from '../../db/schema/index.ts';
export type { DepositFilter } from './repository.ts';
