import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import type { AdminCallRule } from './calls.ts';

/**
 * The site switches in the back office (docs/back-office.md, "Site status"): maintenance, when it is said
 * to end, and the region restriction, the merchant's switches the player site's `GET /api/status` answers
 * from (contracts status.ts). The restriction is on when some countries are listed: a visitor from another
 * country is turned away, and an empty list lets every country in (so turning it off empties the list;
 * the audit keeps the list it had).
 */

/** An ISO 3166 alpha-2 country code, as the geo-IP database names countries. */
export const countryCode = z.string().regex(/^[A-Z]{2}$/);

export const adminSiteStatus = z.object({
  maintenance: z.boolean(),
  /** When the site says service resumes (shown on the maintenance page); null: not said. */
  maintenanceUntil: z.iso.datetime().nullable(),
  /** Whether only the listed countries may use the site. */
  regionRestriction: z.boolean(),
  /** The countries allowed when the restriction is on, sorted; empty when it is off. */
  allowedCountries: z.array(countryCode),
  /** When the merchant's settings last changed. */
  updatedAt: z.iso.datetime(),
});
export type AdminSiteStatus = z.infer<typeof adminSiteStatus>;

/**
 * The switches as they are to be: every field given. `maintenanceUntil` only while in maintenance; the
 * restriction on needs at least one country, and off takes none.
 */
export const setSiteStatusRequest = z
  .object({
    maintenance: z.boolean(),
    maintenanceUntil: z.iso.datetime({ offset: true }).nullable(),
    regionRestriction: z.boolean(),
    allowedCountries: z.array(countryCode).max(300),
  })
  .refine((body) => body.maintenance || body.maintenanceUntil === null, {
    message: 'only while in maintenance',
    path: ['maintenanceUntil'],
  })
  .refine((body) => body.regionRestriction === body.allowedCountries.length > 0, {
    message: 'the restriction on lists at least one country, off lists none',
    path: ['allowedCountries'],
  });
export type SetSiteStatusRequest = z.input<typeof setSiteStatusRequest>;

/** The site status area's calls (composed into adminCalls, calls.ts). */
export const adminSiteStatusCalls = {
  adminSiteStatus: {
    method: 'GET',
    path: '/api/admin/site-status',
    moduleId: 'ADMIN',
    response: adminSiteStatus,
  },
  adminSetSiteStatus: {
    method: 'PUT',
    path: '/api/admin/site-status',
    moduleId: 'ADMIN',
    body: setSiteStatusRequest,
    response: adminSiteStatus,
  },
} as const satisfies ApiTable;

export const adminSiteStatusRules: Record<keyof typeof adminSiteStatusCalls, AdminCallRule> = {
  adminSiteStatus: { area: 'status', access: 'read' },
  adminSetSiteStatus: { area: 'status', access: 'write' },
};
