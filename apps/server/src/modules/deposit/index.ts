import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { AppConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { LedgerService } from '../wallet/index.ts';
import { createDepositRepository } from './repository.ts';
import { depositRoutes } from './routes.ts';
import { createDepositService, type DepositCheck } from './service.ts';

export { checkDeposits } from './deposit-check.ts';
export { createDepositRepository, type DepositRepository } from './repository.ts';
export {
  createDepositOperationsRepository,
  type ChannelWithOrders,
  type DepositOperationsRepository,
} from './operations-repository.ts';
export { depositRoutes } from './routes.ts';
export { seedDepositChannels, DEPOSIT_CHANNELS } from './seed.ts';
export {
  createDepositService,
  depositCreditKey,
  type DepositCheck,
  type DepositService,
  type OrderViewer,
} from './service.ts';
export { checkCallbackSignature, signCallback } from '@kl/signing/gateway';

/**
 * Deposits wired together. The callback secret is PAYMENT_CALLBACK_SECRET (outside production the
 * development key when unset; in production without it every callback is refused). With a gateway
 * (PAYMENT_GATEWAY_URL) a pending order carries the signed link to its payment page
 * (docs/decisions/036-sandboxes-process.md).
 */
export function createDepositModule(deps: {
  db: Db;
  config: Pick<AppConfig, 'paymentGatewayUrl' | 'paymentCallbackSecret' | 'merchantCode'>;
  clock: Clock;
  ledgerService: LedgerService;
  /** Refuses a new order (responsible gaming: deposit limits, time-out). */
  checkDeposit?: DepositCheck | undefined;
  /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
  balanceChanged?: ((memberId: string) => void) | undefined;
}) {
  const { db, config, clock, ledgerService } = deps;
  const depositService = createDepositService({
    db,
    deposits: createDepositRepository(db),
    ledgerService,
    clock,
    callbackSecret: config.paymentCallbackSecret,
    gatewayUrl: config.paymentGatewayUrl,
    checkDeposit: deps.checkDeposit,
    balanceChanged: deps.balanceChanged,
  });
  return {
    depositService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(depositRoutes, { depositService, guards, merchantCode: config.merchantCode });
    },
  };
}

export type {
  BankStatementLineRow,
  DepositChannelDetails,
  DepositConfirmationRow,
  DepositOrderRow,
  NewDepositConfirmationRow,
} from '../../db/schema/index.ts';
export type { DepositFilter } from './repository.ts';
