import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { health, outboxEntry, outboxQuery } from './platform.ts';

/** Merchant toggles of product.md §6. */
export const MERCHANT_TOGGLES = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FACEBOOKLOGIN3',
  'GOOGLELOGIN3',
  'MOBILEVERCODELOGIN3',
  'LOGINREQCAPTCHA3',
  'CBS3',
  'AGENTPOLICY3',
  'showVipBenefit',
] as const;
export type MerchantToggle = (typeof MERCHANT_TOGGLES)[number];

export const merchantToggles = z.object(
  Object.fromEntries(MERCHANT_TOGGLES.map((name) => [name, z.boolean()])) as Record<
    MerchantToggle,
    z.ZodBoolean
  >,
);
export type MerchantToggles = z.infer<typeof merchantToggles>;

/** The merchant toggle of the live hosts (the live model list and the m_live banners are CBS3). */
export const LIVE_HOST_TOGGLE = 'CBS3' satisfies keyof MerchantToggles;

export const CS_TYPES = ['LIVECHAT', 'TELEGRAM', 'FACEBOOK', 'YOUTUBE', 'CS', 'whatsapp'] as const;
export const RESOURCE_TYPES = [
  'IOS',
  'Android',
  'ANDROID2',
  'MOBILECONFIG',
  'AGENT',
  'TELEGRAM',
  'AppDownloadIcon',
  'LOGINLINK',
  'LOGOLINK',
  'YOUTUBE',
  'FACEBOOK',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const customerServiceLink = z.object({ csType: z.enum(CS_TYPES), path: z.string() });
export const resourceLink = z.object({
  resourceType: z.enum(RESOURCE_TYPES),
  url: z.string(),
  labelNameEn: z.string(),
});
export type ResourceLink = z.infer<typeof resourceLink>;

/**
 * The game sections of home (product.md §2) in their default order: hot games, the member's favourites
 * (members only), new games, the in-house vendor's slots and the BG class's. The merchant chooses which
 * show and in what order (docs/back-office.md, "Site settings").
 */
export const HOME_SECTION_KEYS = ['HOT', 'FAV', 'NEW_GAME', 'BGS', 'BG'] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

/** The sections home shows, in order: each at most once; one left out is not shown. */
export const homeSections = z
  .array(z.enum(HOME_SECTION_KEYS))
  .max(HOME_SECTION_KEYS.length)
  .refine((keys) => new Set(keys).size === keys.length, { message: 'each section once' });

/** Status `info` of product.md §3. */
export const statusInfo = z.object({
  customerService: z.array(customerServiceLink),
  /** Mirror domains the site is also reachable at. */
  domainRoute: z.array(z.string()),
  /** Templates (product.md §4): member centre new when mem_cen is 1; deposit detail new when dep_func is 1. */
  mobileTemplate: z.object({
    mem_cen: z.union([z.literal(0), z.literal(1)]),
    dep_func: z.union([z.literal(0), z.literal(1)]),
  }),
  /** Named site paths (terms, privacy, agent sign-up…), relative or absolute. */
  paths: z.record(z.string(), z.string()),
  register: z.object({
    ageLimit: z.number().int().positive(),
    defaultCountryDialingCode: z.string(),
    countryDialingCodes: z.array(z.string()),
    termsCheckedByDefault: z.boolean(),
  }),
  resources: z.array(resourceLink),
  whitelabel: z.object({
    siteName: z.string(),
    logoUrl: z.string(),
    themeColor: z.string(),
    copyrightYear: z.number().int(),
  }),
  mainDomain: z.string(),
  imageCDNs: z.array(z.string()),
  toggles: merchantToggles,
  /** The game sections home shows, in order (HOME_SECTION_KEYS). */
  homeSections,
  /** Shown on the maintenance page when set: ISO time at which service resumes. */
  maintenanceUntil: z.string().nullable(),
  /**
   * The merchant's time zone (IANA), in which the site shows times: draws, orders, histories. Absent in
   * a status cached before it was sent: the site then takes Vietnam's (DEFAULT_SITE_TIME_ZONE).
   */
  timeZone: z.string().optional(),
});
export type StatusInfo = z.infer<typeof statusInfo>;

/** product.md §4: 0 normal, 1 maintenance (even if region restriction also on), 2 region restriction only. */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;
export type SystemStatusCode = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];

export function systemStatusCode(maintenance: boolean, regionRestriction: boolean): SystemStatusCode {
  if (maintenance) return SYSTEM_STATUS.maintenance;
  if (regionRestriction) return SYSTEM_STATUS.regionRestricted;
  return SYSTEM_STATUS.normal;
}

export const systemStatus = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  merchantCode: z.string(),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  info: statusInfo,
});
export type SystemStatus = z.infer<typeof systemStatus>;

/** The development clock (DEV_CLOCK, never in production): how far the server's clock is moved. */
export const DEV_CLOCK_MAX_OFFSET_MS = 366 * 86_400_000;
export const devClockRequest = z.object({
  offsetMs: z.number().int().min(-DEV_CLOCK_MAX_OFFSET_MS).max(DEV_CLOCK_MAX_OFFSET_MS),
});
export const devClock = z.object({ now: z.iso.datetime(), offsetMs: z.number().int() });

/** The status calls of the API table (api-paths.ts composes every domain's calls). */
export const statusCalls = {
  health: { method: 'GET', path: '/api/health', moduleId: 'COMM3', response: health },
  status: { method: 'GET', path: '/api/status', moduleId: 'COMM3', response: systemStatus },
  outbox: {
    method: 'GET',
    path: '/api/dev/outbox',
    moduleId: 'COMM3',
    query: outboxQuery,
    response: z.array(outboxEntry),
  },
  devClock: {
    method: 'PUT',
    path: '/api/dev/clock',
    moduleId: 'COMM3',
    body: devClockRequest,
    response: devClock,
  },
  /** The merchant's logo: an SVG image, not an envelope. */
  logo: { method: 'GET', path: '/api/assets/logo.svg', moduleId: 'COMM3', raw: true },
  /** The same logo drawn as a WebP picture (what pages show: no SVG document on the main thread). */
  logoPicture: { method: 'GET', path: '/api/assets/logo.webp', moduleId: 'COMM3', raw: true },
} as const satisfies ApiTable;
