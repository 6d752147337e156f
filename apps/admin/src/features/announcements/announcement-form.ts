import type {
  AdminAnnouncement,
  AdminAnnouncementType,
  SaveAnnouncementRequest,
} from '@kl/contracts/admin/content';
import type { Dayjs } from 'dayjs';
import { pickedMoment, pickerMoment } from '../../shared/dates.ts';
import { localizedRequestOf, localizedValuesOf, type LocalizedValues } from '../../shared/localized-text.ts';

/** The announcement form's values. */
export interface AnnouncementValues {
  /** The players' types, or A: shown in the agent centre only. */
  type: AdminAnnouncementType;
  title: LocalizedValues;
  content: LocalizedValues;
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
    title: localizedValuesOf(announcement.title),
    content: localizedValuesOf(announcement.content),
    popular: announcement.popular,
    active: announcement.active,
    publishedAt: pickerMoment(announcement.publishedAt),
    expiresAt: announcement.expiresAt ? pickerMoment(announcement.expiresAt) : null,
  };
}

/**
 * What is sent: English left empty falls back to Vietnamese; no publish time publishes now; an edit
 * without an expiry clears it (null), a new announcement just has none.
 */
export function requestOf(values: AnnouncementValues, editing: boolean): SaveAnnouncementRequest {
  return {
    type: values.type,
    title: localizedRequestOf(values.title),
    content: localizedRequestOf(values.content),
    popular: values.popular,
    active: values.active,
    ...(values.publishedAt ? { publishedAt: pickedMoment(values.publishedAt) } : {}),
    ...(values.expiresAt
      ? { expiresAt: pickedMoment(values.expiresAt) }
      : editing
        ? { expiresAt: null }
        : {}),
  };
}
