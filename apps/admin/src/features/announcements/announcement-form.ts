import type { AdminAnnouncement, SaveAnnouncementRequest } from '@kl/contracts/admin/content';
import type { AnnouncementType } from '@kl/contracts/content';
import dayjs, { type Dayjs } from 'dayjs';

/** The announcement form's values. */
export interface AnnouncementValues {
  type: AnnouncementType;
  title: { vi: string; en?: string };
  content: { vi: string; en?: string };
  popular: boolean;
  active: boolean;
  publishedAt?: Dayjs | null;
  expiresAt?: Dayjs | null;
}

export const NEW_ANNOUNCEMENT: Partial<AnnouncementValues> = {
  type: 'PL',
  popular: false,
  active: true,
};

/** An announcement as the form shows it. */
export function valuesOf(announcement: AdminAnnouncement): AnnouncementValues {
  return {
    type: announcement.type,
    title: { vi: announcement.title.vi, en: announcement.title.en ?? '' },
    content: { vi: announcement.content.vi, en: announcement.content.en ?? '' },
    popular: announcement.popular,
    active: announcement.active,
    publishedAt: dayjs(announcement.publishedAt),
    expiresAt: announcement.expiresAt ? dayjs(announcement.expiresAt) : null,
  };
}

const localized = (text: { vi: string; en?: string }) => {
  const en = text.en?.trim();
  return { vi: text.vi.trim(), ...(en ? { en } : {}) };
};

/**
 * What is sent: English left empty falls back to Vietnamese; no publish time publishes now; an edit
 * without an expiry clears it (null), a new announcement just has none.
 */
export function requestOf(values: AnnouncementValues, editing: boolean): SaveAnnouncementRequest {
  return {
    type: values.type,
    title: localized(values.title),
    content: localized(values.content),
    popular: values.popular,
    active: values.active,
    ...(values.publishedAt ? { publishedAt: values.publishedAt.toISOString() } : {}),
    ...(values.expiresAt
      ? { expiresAt: values.expiresAt.toISOString() }
      : editing
        ? { expiresAt: null }
        : {}),
  };
}
