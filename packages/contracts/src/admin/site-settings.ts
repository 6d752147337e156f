import { z } from 'zod';
import { SESSION_IDLE_MINUTES } from '../accounts.ts';
import type { ApiTable } from '../api-call.ts';
import { imageIdSchema } from '../images.ts';
import { CS_TYPES, homeSections, merchantToggles, RESOURCE_TYPES } from '../status.ts';
import { OPTIONAL_REGISTRATION_FIELDS } from '../verifier.ts';
import type { AdminCallRule } from './calls.ts';

/**
 * The merchant's settings in the back office (docs/back-office.md, "Site settings"): what the player site's
 * `GET /api/status` and `GET /api/register/rules` answer from, and the merchant's time zone. One read and
 * one write of the whole document; the server writes (and audits) only what changed.
 */

/** The time zone a merchant has until an operator chooses another. */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** Whether `name` is an IANA time zone this runtime knows (`Asia/Ho_Chi_Minh`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneName = z.string().max(64).refine(isTimeZone, { message: 'not an IANA time zone' });

/** A host name without scheme, port or path (`example.com`, `m.example.vn`), lower case. */
export const domainName = z
  .string()
  .max(253)
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: 'a host name such as example.com, lower case, no scheme or path',
  });

const httpsAddress = z.url({ protocol: /^https$/ });

/** A link the player site opens: one of its own paths (`/m/service`) or an https address. */
export function isSiteLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  return /^\/(?![/\\])/.test(value) || httpsAddress.safeParse(value).success;
}

export const siteLink = z
  .string()
  .min(1)
  .max(500)
  .refine(isSiteLink, { message: 'a path of the site (/m/…) or an https:// address' });

/** The display name the site shows. */
export const siteName = z.string().trim().min(1).max(60);

/** A colour `#rrggbb` (the live chat's header takes the site's theme colour). */
export const themeColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'a colour such as #d4a017' });

/** The deepest agent level a merchant may allow (docs/agents.md). */
export const AGENT_MAX_DEPTH_LIMIT = 10;

/** The registration fields an operator switches (the identity fields follow the registration toggles). */
export const SETTINGS_FIELDS = OPTIONAL_REGISTRATION_FIELDS;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

export const settingsFieldRule = z
  .object({ field: z.enum(SETTINGS_FIELDS), enabled: z.boolean(), required: z.boolean() })
  .refine((rule) => rule.enabled || !rule.required, {
    message: 'a required field is shown',
    path: ['required'],
  });

export const settingsCustomerService = z.object({ csType: z.enum(CS_TYPES), path: siteLink });
export const settingsResource = z.object({
  resourceType: z.enum(RESOURCE_TYPES),
  url: siteLink,
  labelNameEn: z.string().trim().max(60),
});

/** The settings as they are to be: every part given. */
export const siteSettingsBody = z.object({
  general: z.object({
    siteName,
    mainDomain: domainName,
    /** Mirror domains the site is also reachable at (status `domainRoute`). */
    mirrorDomains: z.array(domainName).max(20),
    themeColor,
    timeZone: timeZoneName,
    /**
     * The merchant's logo: a picture uploaded for the `logo` place, shown in the player's header instead
     * of the drawn one; null for the drawn one.
     */
    logoImageId: imageIdSchema.nullable(),
  }),
  toggles: merchantToggles,
  agentMaxDepth: z.number().int().min(1).max(AGENT_MAX_DEPTH_LIMIT),
  /** A member's session ends after this many minutes without a call (sessions started from then on). */
  sessionIdleMinutes: z.number().int().min(SESSION_IDLE_MINUTES.min).max(SESSION_IDLE_MINUTES.max),
  /** One rule per field of SETTINGS_FIELDS, each once. */
  fieldRules: z
    .array(settingsFieldRule)
    .length(SETTINGS_FIELDS.length)
    .refine((rules) => new Set(rules.map((rule) => rule.field)).size === rules.length, {
      message: 'each field once',
    }),
  customerService: z.array(settingsCustomerService).max(20),
  resources: z.array(settingsResource).max(30),
  /** The game sections home shows, in order; one left out is not shown. */
  homeSections,
});
export type SiteSettingsBody = z.input<typeof siteSettingsBody>;

export const siteSettings = z.object({
  ...siteSettingsBody.shape,
  /** The merchant's code (MERCHANT_CODE), not changed here. */
  merchantCode: z.string(),
  /** Whether the deployment can send SMS codes (mobile verification, SMS login need it). */
  smsAvailable: z.boolean(),
  /** Whether Google and Facebook sign-in are configured (FIREBASE_* settings). */
  socialLoginAvailable: z.boolean(),
  /** When the merchant's settings last changed. */
  updatedAt: z.iso.datetime(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/** The site settings' calls (composed into adminCalls, calls.ts). */
export const adminSiteSettingsCalls = {
  adminSiteSettings: {
    method: 'GET',
    path: '/api/admin/site-settings',
    moduleId: 'ADMIN',
    response: siteSettings,
  },
  adminSetSiteSettings: {
    method: 'PUT',
    path: '/api/admin/site-settings',
    moduleId: 'ADMIN',
    body: siteSettingsBody,
    response: siteSettings,
  },
} as const satisfies ApiTable;

export const adminSiteSettingsRules: Record<keyof typeof adminSiteSettingsCalls, AdminCallRule> = {
  adminSiteSettings: { area: 'status', access: 'read' },
  adminSetSiteSettings: { area: 'status', access: 'write' },
};
