import { imageUrlOf } from '@kl/contracts/images';
import { MERCHANT_TOGGLES, type MerchantToggles, type StatusInfo, statusInfo } from '@kl/contracts/status';
import type { MerchantRow } from '../../db/schema/index.ts';
import type { MerchantRepository } from './repository.ts';

/** The merchant as the rest of the server sees it: toggles, operator switches and checked status info. */
export interface Merchant {
  code: string;
  name: string;
  toggles: MerchantToggles;
  maintenance: boolean;
  maintenanceUntil: Date | null;
  /** ISO 3166 alpha-2 codes allowed to use the site; empty means every country. */
  allowedCountries: string[];
  info: StatusInfo;
  /** The merchant's time zone (IANA name). */
  timeZone: string;
  /** Minutes a member's session lasts without a call (SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
}

export class MerchantNotFoundError extends Error {
  constructor(readonly code: string) {
    super(`Merchant ${code} does not exist in the database`);
    this.name = 'MerchantNotFoundError';
  }
}

/** Turns a row into a Merchant; throws when the stored status info no longer matches the contract. */
export function toMerchant(row: MerchantRow): Merchant {
  const toggles = Object.fromEntries(MERCHANT_TOGGLES.map((name) => [name, row[name]])) as MerchantToggles;
  const maintenanceUntil = row.maintenanceUntil;
  const info = statusInfo.parse({
    customerService: row.customerService,
    domainRoute: row.domainRoute,
    mobileTemplate: row.mobileTemplate,
    paths: row.paths,
    register: row.register,
    resources: row.resources,
    // The logo uploaded in the back office, when there is one, instead of the drawn one.
    whitelabel:
      row.logoImageId === null ? row.whitelabel : { ...row.whitelabel, logoUrl: imageUrlOf(row.logoImageId) },
    mainDomain: row.mainDomain,
    imageCDNs: row.imageCDNs,
    toggles,
    homeSections: row.homeSections,
    maintenanceUntil: maintenanceUntil ? maintenanceUntil.toISOString() : null,
    timeZone: row.timeZone,
  });
  return {
    code: row.code,
    name: row.name,
    toggles,
    maintenance: row.maintenance,
    maintenanceUntil,
    allowedCountries: row.allowedCountries,
    info,
    timeZone: row.timeZone,
    sessionIdleMinutes: row.sessionIdleMinutes,
  };
}

export function createMerchantService(deps: { merchants: MerchantRepository }) {
  return {
    /** The merchant this deployment serves; a missing merchant is a deployment fault (500). */
    async getMerchant(code: string): Promise<Merchant> {
      const row = await deps.merchants.findByCode(code);
      if (!row) throw new MerchantNotFoundError(code);
      return toMerchant(row);
    },
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
