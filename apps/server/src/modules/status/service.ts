import { type SystemStatus, systemStatusCode } from '@kl/contracts/status';
import {
  type Merchant,
  type MerchantRepository,
  MerchantNotFoundError,
  type MerchantService,
} from '../merchant/index.ts';
import type { MerchantRow } from '../merchant/index.ts';
import { createAnswerCache } from '../../platform/answer-cache.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { CountryLookup } from '../../platform/geo-ip.ts';
import { decideRegion } from './region.ts';

export interface StatusServiceDeps {
  merchants: MerchantRepository;
  merchantService: MerchantService;
  lookupCountry: CountryLookup;
  /** Tells the answers kept in memory that the merchant's switches changed ('status'). */
  changes?: Pick<ChangeFeed, 'publish' | 'subscribe'> | undefined;
  /** Keeps the answer of each recent address until the switches change (docs/decisions/022-api-caching.md). */
  answerCache?: { clock: Clock; enabled: boolean } | undefined;
}

/** How many addresses' answers are kept (the most recent ones). */
const KEPT_ADDRESSES = 2000;

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

/** The merchant's operator switches: maintenance, when it is said to end, and the allowed countries. */
export interface SiteSwitches {
  maintenance: boolean;
  maintenanceUntil: Date | null;
  /** ISO 3166 alpha-2 codes allowed to use the site; empty means every country. */
  allowedCountries: string[];
  updatedAt: Date;
}

const switchesOf = (row: MerchantRow): SiteSwitches => ({
  maintenance: row.maintenance,
  maintenanceUntil: row.maintenanceUntil,
  allowedCountries: row.allowedCountries,
  updatedAt: row.updatedAt,
});

/** The merchant's switches as they are to be, every one given. */
export type SiteSwitchesChange = Omit<SiteSwitches, 'updatedAt'>;

/** System status of product.md §4: maintenance, region restriction and the site's status info. */
export function createStatusService(deps: StatusServiceDeps) {
  const answers =
    deps.changes &&
    deps.answerCache &&
    createAnswerCache<SystemStatus>({
      changes: deps.changes,
      topics: ['status'],
      clock: deps.answerCache.clock,
      ttlMs: MINUTE_MS,
      maxEntries: KEPT_ADDRESSES,
      enabled: deps.answerCache.enabled,
    });
  const read = async (merchantCode: string, ip: string) =>
    systemStatusOf(await deps.merchantService.getMerchant(merchantCode), ip, deps.lookupCountry);

  return {
    /** The status the caller at `ip` sees. */
    getSystemStatus(merchantCode: string, ip: string): Promise<SystemStatus> {
      return answers
        ? answers.get(`${merchantCode} ${ip}`, () => read(merchantCode, ip))
        : read(merchantCode, ip);
    },

    /**
     * The switches, for the back office; inside the caller's transaction `tx` they stay locked until it
     * ends (read before a change).
     */
    async switches(merchantCode: string, tx?: DbOrTx): Promise<SiteSwitches> {
      const row = tx
        ? await deps.merchants.lockByCode(merchantCode, tx)
        : await deps.merchants.findByCode(merchantCode);
      if (!row) throw new MerchantNotFoundError(merchantCode);
      return switchesOf(row);
    },

    /** Sets every switch (the back office's change), inside the caller's transaction when given. */
    async setSwitches(merchantCode: string, change: SiteSwitchesChange, tx?: DbOrTx): Promise<SiteSwitches> {
      const row = await deps.merchants.updateOperatorStatus(
        merchantCode,
        { ...change, allowedCountries: [...new Set(change.allowedCountries)].sort() },
        tx,
      );
      if (!row) throw new MerchantNotFoundError(merchantCode);
      // Within the caller's transaction, the other processes hear it at commit.
      await deps.changes?.publish('status', tx);
      return switchesOf(row);
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
