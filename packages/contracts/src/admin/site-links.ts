import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { SITE_LINK_KINDS, SOCIAL_LINK_TYPES } from '../content.ts';
import { colourSchema } from './banners.ts';
import type { AdminCallRule } from './calls.ts';
import { localizedInput } from './content.ts';
import { siteLink as siteAddress } from './site-settings.ts';

/**
 * The footer's partner logos and badges and the social links in the back office (docs/back-office.md,
 * "Footer and social links"): every link of a kind in its order, and their changes. A partner or badge is
 * drawn from its name and colour; a social link names its network and always has an address.
 */

export const SITE_LINK_NAME_MAX = 60;

const localizedOut = z.object({ vi: z.string(), en: z.string().optional() });

export const adminSiteLink = z.object({
  id: z.number().int().positive(),
  kind: z.enum(SITE_LINK_KINDS),
  name: localizedOut,
  /** Where a tap goes (a path of the site or an https address); null when nowhere. */
  url: z.string().nullable(),
  /** The network of a social link; null for a partner or badge. */
  socialType: z.enum(SOCIAL_LINK_TYPES).nullable(),
  /** The drawing's colour (`#rrggbb`). */
  colour: z.string(),
  /** Lower first, within its kind. */
  sortOrder: z.number().int(),
  /** The drawn logo players see for a partner or badge; null for a social link. */
  pictureUrl: z.string().nullable(),
});
export type AdminSiteLink = z.infer<typeof adminSiteLink>;

/** Every link, by kind, each kind in its order. */
export const adminSiteLinkList = z.object({ list: z.array(adminSiteLink) });
export type AdminSiteLinkList = z.infer<typeof adminSiteLinkList>;
export const siteLinkParams = z.object({ linkId: z.coerce.number<number>().int().positive() });

/**
 * A new link (last of its kind), or its new version. A social link has its network and an address; a
 * partner or badge has no network and may link nowhere.
 */
export const saveSiteLinkRequest = z
  .object({
    kind: z.enum(SITE_LINK_KINDS),
    name: localizedInput(SITE_LINK_NAME_MAX),
    url: siteAddress.nullable().default(null),
    socialType: z.enum(SOCIAL_LINK_TYPES).nullable().default(null),
    colour: colourSchema,
  })
  .superRefine((body, context) => {
    if (body.kind === 'social') {
      if (body.socialType === null)
        context.addIssue({
          code: 'custom',
          path: ['socialType'],
          message: 'a social link names its network',
        });
      if (body.url === null)
        context.addIssue({ code: 'custom', path: ['url'], message: 'a social link has an address' });
    } else if (body.socialType !== null) {
      context.addIssue({ code: 'custom', path: ['socialType'], message: 'only a social link has a network' });
    }
  });
export type SaveSiteLinkRequest = z.input<typeof saveSiteLinkRequest>;

/** The order of a kind: every link of it, first first. */
export const reorderSiteLinksRequest = z.object({
  kind: z.enum(SITE_LINK_KINDS),
  ids: z.array(z.number().int().positive()).min(1).max(200),
});
export type ReorderSiteLinksRequest = z.input<typeof reorderSiteLinksRequest>;

export const deleteSiteLinkResult = z.object({ deleted: z.literal(true) });

export const adminSiteLinksCalls = {
  adminSiteLinks: {
    method: 'GET',
    path: '/api/admin/site-links',
    moduleId: 'ADMIN',
    response: adminSiteLinkList,
  },
  adminCreateSiteLink: {
    method: 'POST',
    path: '/api/admin/site-links',
    moduleId: 'ADMIN',
    body: saveSiteLinkRequest,
    response: adminSiteLink,
  },
  adminUpdateSiteLink: {
    method: 'PUT',
    path: '/api/admin/site-links/:linkId',
    moduleId: 'ADMIN',
    params: siteLinkParams,
    body: saveSiteLinkRequest,
    response: adminSiteLink,
  },
  adminDeleteSiteLink: {
    method: 'DELETE',
    path: '/api/admin/site-links/:linkId',
    moduleId: 'ADMIN',
    params: siteLinkParams,
    response: deleteSiteLinkResult,
  },
  adminReorderSiteLinks: {
    method: 'PUT',
    path: '/api/admin/site-link-order',
    moduleId: 'ADMIN',
    body: reorderSiteLinksRequest,
    response: adminSiteLinkList,
  },
} as const satisfies ApiTable;

export const adminSiteLinksRules: Record<keyof typeof adminSiteLinksCalls, AdminCallRule> = {
  adminSiteLinks: { area: 'content', access: 'read' },
  adminCreateSiteLink: { area: 'content', access: 'write' },
  adminUpdateSiteLink: { area: 'content', access: 'write' },
  adminDeleteSiteLink: { area: 'content', access: 'write' },
  adminReorderSiteLinks: { area: 'content', access: 'write' },
};
