import { type OpsStatusUpdate, type SystemStatus, systemStatusCode } from '@kl/contracts/status';
import {
  type Merchant,
  type MerchantRepository,
  MerchantNotFoundError,
  type MerchantService,
  toMerchant,
} from '../merchant/index.ts';
import type { CountryLookup } from './geo-ip.ts';
import { decideRegion } from './region.ts';

export interface StatusServiceDeps {
  merchants: MerchantRepository;
  merchantService: MerchantService;
  lookupCountry: CountryLookup;
}

function systemStatusOf(merchant: Merchant, ip: string, lookupCountry: CountryLookup): SystemStatus {
  const region = decideRegion(ip, merchant.allowedCountries, lookupCountry);
  return {
    status: systemStatusCode(merchant.maintenance, region.regionRestriction),
    merchantCode: merchant.code,
    maintenance: merchant.maintenance,
    regionRestriction: region.regionRestriction,
    location: { ip: region.ip, country: region.country },
    info: merchant.info,
  };
}

/** System status of product.md §4: maintenance, region restriction and the site's status info. */
export function createStatusService(deps: StatusServiceDeps) {
  return {
    /** The status the caller at `ip` sees. */
    async getSystemStatus(merchantCode: string, ip: string): Promise<SystemStatus> {
      const merchant = await deps.merchantService.getMerchant(merchantCode);
      return systemStatusOf(merchant, ip, deps.lookupCountry);
    },

    /** An operator's change of maintenance or allowed countries; answers the new status for `ip`. */
    async updateOperatorStatus(
      merchantCode: string,
      update: OpsStatusUpdate,
      ip: string,
    ): Promise<SystemStatus> {
      const row = await deps.merchants.updateOperatorStatus(merchantCode, {
        ...(update.maintenance !== undefined && { maintenance: update.maintenance }),
        ...(update.maintenanceUntil !== undefined && {
          maintenanceUntil: update.maintenanceUntil === null ? null : new Date(update.maintenanceUntil),
        }),
        ...(update.allowedCountries !== undefined && {
          allowedCountries: [...new Set(update.allowedCountries)],
        }),
      });
      if (!row) throw new MerchantNotFoundError(merchantCode);
      return systemStatusOf(toMerchant(row), ip, deps.lookupCountry);
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
