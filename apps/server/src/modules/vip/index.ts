import type { FastifyInstance } from 'fastify';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { LedgerService } from '../wallet/index.ts';
import { createVipRepository } from './repository.ts';
import { vipRoutes } from './routes.ts';
import { createVipService } from './service.ts';
import type { ModuleContext } from '../../platform/module.ts';

export type { VipLevelRow } from '../../db/schema/index.ts';
export { createVipRepository, type VipLevelColumns, type VipRepository } from './repository.ts';
export { vipRoutes } from './routes.ts';
export { seedVipLevels, VIP_LEVELS } from './seed.ts';
export { createVipService, levelFor, upgradeBonusKey, type VipService } from './service.ts';

/**
 * VIP levels wired together. Built before the accounts modules: member info asks it for the member's
 * level (clubLabel.labelName).
 */
export function createVipModule(
  deps: Pick<ModuleContext, 'db' | 'config'> & { ledgerService: LedgerService },
) {
  const vipService = createVipService({
    vip: createVipRepository(deps.db),
    ledgerService: deps.ledgerService,
  });
  return {
    vipService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(vipRoutes, { vipService, guards, merchantCode: deps.config.merchantCode });
    },
  };
}
