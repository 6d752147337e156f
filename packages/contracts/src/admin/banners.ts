import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { BANNER_GROUPS, BANNER_MOTIFS, type BannerGroup } from '../content.ts';
import { imageIdSchema, type ImagePlace } from '../images.ts';
import { parseUrl } from '../url.ts';
import type { AdminCallRule } from './calls.ts';
import { localizedInput } from './content.ts';

/**
 * Banners in the back office (docs/back-office.md, "Pictures, banners and the help centre"): every
 * banner of a group, shown now or not, and their changes. A banner's picture is drawn from its motif and
 * colours, or is a picture uploaded for its group's size.
 */

/** The uploaded picture's place of each group (images.ts): its size. */
export const BANNER_IMAGE_PLACE: Readonly<Record<BannerGroup, ImagePlace>> = {
  m_home: 'banner_wide',
  m_live: 'banner_wide',
  m_newgame: 'banner_wide',
  m_popup: 'banner_popup',
  m_leftmenu: 'banner_strip',
};

export const BANNER_TITLE_MAX = 80;
export const BANNER_SUBTITLE_MAX = 120;
export const BANNER_LINK_MAX = 500;

/** `#rrggbb`. */
export const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** Whether a link is a path of this site (`/m/…`, not `//host`) or an https address without credentials. */
export function isBannerLink(value: string): boolean {
  if (value.length > BANNER_LINK_MAX || /\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  const url = parseUrl(value);
  return (
    url !== undefined &&
    url.protocol === 'https:' &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

export const bannerLinkSchema = z
  .string()
  .trim()
  .refine(isBannerLink, { message: 'a site path (/m/…) or an https address' });

const localizedOut = z.object({ vi: z.string(), en: z.string().optional() });

export const adminBanner = z.object({
  id: z.number().int().positive(),
  groupName: z.enum(BANNER_GROUPS),
  title: localizedOut,
  subtitle: localizedOut,
  motif: z.enum(BANNER_MOTIFS),
  colour: z.string(),
  accent: z.string(),
  /** The uploaded picture shown instead of the drawing; null for the drawing. */
  imageId: imageIdSchema.nullable(),
  /** What players see, in Vietnamese: the uploaded picture or the drawing. */
  pictureUrl: z.string(),
  linkUrl: z.string().nullable(),
  /** Lower first. */
  sortOrder: z.number().int(),
  active: z.boolean(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const adminBannersQuery = z.object({ groupName: z.enum(BANNER_GROUPS) });
export const adminBannerList = z.object({ list: z.array(adminBanner) });
export type AdminBannerList = z.infer<typeof adminBannerList>;
export const bannerParams = z.object({ bannerId: z.coerce.number<number>().int().positive() });

/** A new banner (last of its group), or its new version. */
export const saveBannerRequest = z
  .object({
    groupName: z.enum(BANNER_GROUPS),
    title: localizedInput(BANNER_TITLE_MAX),
    /** The drawing's second line; may be empty. */
    subtitle: z.object({
      vi: z.string().trim().max(BANNER_SUBTITLE_MAX),
      en: z.string().trim().max(BANNER_SUBTITLE_MAX).optional(),
    }),
    motif: z.enum(BANNER_MOTIFS),
    colour: colourSchema,
    accent: colourSchema,
    /** A picture uploaded for the group's place; null or left out: the drawing. */
    imageId: imageIdSchema.nullable().default(null),
    linkUrl: bannerLinkSchema.nullable().default(null),
    active: z.boolean().default(true),
    startsAt: z.iso.datetime().nullable().default(null),
    endsAt: z.iso.datetime().nullable().default(null),
  })
  .refine((body) => !body.startsAt || !body.endsAt || Date.parse(body.startsAt) < Date.parse(body.endsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  });
export type SaveBannerRequest = z.input<typeof saveBannerRequest>;

/** The order of a group: every banner of it, first first. */
export const reorderBannersRequest = z.object({
  groupName: z.enum(BANNER_GROUPS),
  ids: z.array(z.number().int().positive()).min(1).max(200),
});
export type ReorderBannersRequest = z.input<typeof reorderBannersRequest>;

export const adminBannersCalls = {
  adminBanners: {
    method: 'GET',
    path: '/api/admin/banners',
    moduleId: 'ADMIN',
    query: adminBannersQuery,
    response: adminBannerList,
  },
  adminCreateBanner: {
    method: 'POST',
    path: '/api/admin/banners',
    moduleId: 'ADMIN',
    body: saveBannerRequest,
    response: adminBanner,
  },
  adminUpdateBanner: {
    method: 'PUT',
    path: '/api/admin/banners/:bannerId',
    moduleId: 'ADMIN',
    params: bannerParams,
    body: saveBannerRequest,
    response: adminBanner,
  },
  adminReorderBanners: {
    method: 'PUT',
    path: '/api/admin/banner-order',
    moduleId: 'ADMIN',
    body: reorderBannersRequest,
    response: adminBannerList,
  },
} as const satisfies ApiTable;

export const adminBannersRules: Record<keyof typeof adminBannersCalls, AdminCallRule> = {
  adminBanners: { area: 'content', access: 'read' },
  adminCreateBanner: { area: 'content', access: 'write' },
  adminUpdateBanner: { area: 'content', access: 'write' },
  adminReorderBanners: { area: 'content', access: 'write' },
};
