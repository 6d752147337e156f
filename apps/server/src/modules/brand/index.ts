import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../platform/module.ts';
import type { MerchantService } from '../merchant/index.ts';
import { brandRoutes } from './routes.ts';

/** The merchant's brand: its logo, drawn from its white-label name and colour. */
export function createBrandModule(
  deps: Pick<ModuleContext, 'config'> & { merchantService: MerchantService },
) {
  return {
    async register(api: FastifyInstance): Promise<void> {
      await api.register(brandRoutes, {
        merchantService: deps.merchantService,
        merchantCode: deps.config.merchantCode,
      });
    },
  };
}
