import { z } from 'zod';
import { CONTENT_CODES } from '../constants.ts';
import { ANNOUNCEMENT_TYPES } from '../content.ts';
import { pageParams } from '../paging.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/** Announcements in the back office (docs/back-office.md, "Content"). */

/** The players' types, and agent announcements (content code A, shown in the agent centre). */
export const ADMIN_ANNOUNCEMENT_TYPES = [...ANNOUNCEMENT_TYPES, CONTENT_CODES.Agent] as const;
export type AdminAnnouncementType = (typeof ADMIN_ANNOUNCEMENT_TYPES)[number];

const text = (max: number) => z.string().trim().min(1).max(max);
/** A text in Vietnamese (required) and English (falls back to Vietnamese when left out). */
export const localizedInput = (max: number) =>
  z.object({ vi: text(max), en: z.string().trim().max(max).optional() });

export const adminAnnouncement = z.object({
  id: z.number().int(),
  type: z.enum(ADMIN_ANNOUNCEMENT_TYPES),
  groupName: z.string().nullable(),
  title: z.object({ vi: z.string(), en: z.string().optional() }),
  content: z.object({ vi: z.string(), en: z.string().optional() }),
  /** Shown in the marquee. */
  popular: z.boolean(),
  active: z.boolean(),
  publishedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

export const adminAnnouncementsQuery = z.object({ ...pageParams(ADMIN_PAGE_SIZE) });
export const adminAnnouncementPage = adminPage(adminAnnouncement);

/** A new announcement (or its new version). Published now when `publishedAt` is left out. */
export const saveAnnouncementRequest = z
  .object({
    type: z.enum(ADMIN_ANNOUNCEMENT_TYPES),
    title: localizedInput(200),
    /** Plain text or the simple HTML the site's sanitiser keeps. */
    content: localizedInput(5000),
    popular: z.boolean().default(false),
    active: z.boolean().default(true),
    publishedAt: z.iso.datetime().optional(),
    expiresAt: z.iso.datetime().nullable().optional(),
  })
  .refine(
    (body) =>
      !body.publishedAt || !body.expiresAt || Date.parse(body.publishedAt) < Date.parse(body.expiresAt),
    { message: 'expiresAt must be after publishedAt', path: ['expiresAt'] },
  );
export type SaveAnnouncementRequest = z.input<typeof saveAnnouncementRequest>;
export const announcementParams = z.object({ announcementId: z.coerce.number<number>().int().positive() });
