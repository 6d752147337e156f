import type { FastifyInstance } from 'fastify';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { LedgerService, WageringRules, WageringService } from '../wallet/index.ts';
import { createPromotionRepository } from './repository.ts';
import { promotionRoutes } from './routes.ts';
import { createPromotionService } from './service.ts';

export type { NewPromotionRow, PromotionRow } from '../../db/schema/index.ts';
export { createPromotionRepository, type PromotionRepository } from './repository.ts';
export { promotionRoutes } from './routes.ts';
export { PROMOTIONS, seedPromotions } from './seed.ts';
export {
  bonusRuleOf,
  claimCreditKey,
  createPromotionService,
  evaluate,
  referralLink,
  referralVerdict,
  type PromotionService,
} from './service.ts';
import type { ModuleContext } from '../../platform/module.ts';

/** Promotions wired together: bonuses are credited through the ledger, with their turnover requirement. */
export function createPromotionsModule(
  deps: Pick<ModuleContext, 'db' | 'clock' | 'config'> & {
    ledgerService: LedgerService;
    wageringRules: WageringRules;
    wageringService: WageringService;
  },
) {
  const promotionService = createPromotionService({
    db: deps.db,
    promotions: createPromotionRepository(deps.db),
    ledgerService: deps.ledgerService,
    wageringRules: deps.wageringRules,
    requirementsOfClaims: (claimIds, lang) => deps.wageringService.ofClaims(claimIds, lang),
    clock: deps.clock,
  });
  return {
    promotionService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(promotionRoutes, {
        promotionService,
        guards,
        merchantCode: deps.config.merchantCode,
      });
    },
  };
}
