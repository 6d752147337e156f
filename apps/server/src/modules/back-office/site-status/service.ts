import type { AdminSiteStatus } from '@kl/contracts/admin/site-status';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { SiteSwitches, StatusService } from '../../status/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';

/**
 * The site switches in the back office (docs/back-office.md, "Site status"): the merchant's maintenance
 * switch, when maintenance is said to end, and the countries allowed (the region restriction), kept and
 * applied by the status module (the player site's `GET /api/status` reads them on every call, so a change
 * shows at once). A change is audited as `status.update` in its transaction, before and after.
 */

/** What a change asks for, once validated (the body of the set call). */
export interface SetSiteStatus {
  maintenance: boolean;
  maintenanceUntil: string | null;
  regionRestriction: boolean;
  allowedCountries: string[];
}

function siteStatusOf(switches: SiteSwitches): AdminSiteStatus {
  return {
    maintenance: switches.maintenance,
    maintenanceUntil: switches.maintenanceUntil?.toISOString() ?? null,
    regionRestriction: switches.allowedCountries.length > 0,
    allowedCountries: [...switches.allowedCountries].sort(),
    updatedAt: switches.updatedAt.toISOString(),
  };
}

/** What the audit keeps: the switches without the time of the change (the audit has its own). */
const audited = ({ updatedAt: _, ...switches }: AdminSiteStatus) => switches;

export function createSiteStatusAdmin(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  statusService: StatusService;
}) {
  const { db, clock, merchantCode, audit, statusService } = deps;

  return {
    async get(): Promise<AdminSiteStatus> {
      return siteStatusOf(await statusService.switches(merchantCode));
    },

    /** Sets every switch; an end of maintenance already past is refused (400 INVALID_INPUT). */
    async set(actor: AuditActor, request: SetSiteStatus): Promise<AdminSiteStatus> {
      const maintenanceUntil = request.maintenanceUntil === null ? null : new Date(request.maintenanceUntil);
      if (maintenanceUntil !== null && maintenanceUntil <= clock()) {
        throw new DomainError('INVALID_INPUT', { field: 'maintenanceUntil', reason: 'IN_THE_PAST' });
      }
      return db.transaction(async (tx) => {
        const before = siteStatusOf(await statusService.switches(merchantCode, tx));
        const after = siteStatusOf(
          await statusService.setSwitches(
            merchantCode,
            {
              maintenance: request.maintenance,
              maintenanceUntil,
              allowedCountries: request.regionRestriction ? request.allowedCountries : [],
            },
            tx,
          ),
        );
        await audit.record(
          actor,
          {
            action: 'status.update',
            targetType: 'merchant',
            targetId: merchantCode,
            before: audited(before),
            after: audited(after),
          },
          tx,
        );
        return after;
      });
    },
  };
}

export type SiteStatusAdmin = ReturnType<typeof createSiteStatusAdmin>;
