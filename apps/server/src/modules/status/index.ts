import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { MerchantRepository, MerchantService } from '../merchant/index.ts';
import { type CountryLookup, geoIpCountry } from '../../platform/geo-ip.ts';
import { statusRoutes } from './routes.ts';
import { createStatusService } from './service.ts';

export { type CountryLookup, geoIpCountry } from '../../platform/geo-ip.ts';
export {
  createStatusService,
  type SiteSwitches,
  type SiteSwitchesChange,
  type StatusService,
} from './service.ts';

/**
 * The site's status (product.md §3 status info): what the web app loads first. Operators change the
 * switches in the back office (docs/back-office.md, "Site status").
 */
export function createStatusModule(
  deps: Pick<ModuleContext, 'db' | 'clock' | 'config'> & {
    merchants: MerchantRepository;
    merchantService: MerchantService;
    /** Country of a public IP; by default the bundled geo-IP database. */
    lookupCountry?: CountryLookup | undefined;
    /** Where a change of the switches is published ('status'). */
    changes?: ChangeFeed | undefined;
  },
) {
  const { clock, config } = deps;
  const statusService = createStatusService({
    merchants: deps.merchants,
    merchantService: deps.merchantService,
    lookupCountry: deps.lookupCountry ?? geoIpCountry,
    changes: deps.changes,
    answerCache: { clock, enabled: config.answerCache },
  });
  return {
    statusService,
    async register(api: FastifyInstance): Promise<void> {
      await api.register(statusRoutes, { statusService, merchantCode: config.merchantCode });
    },
  };
}
