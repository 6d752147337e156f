import type { AdminBanner, SaveBannerRequest } from '@kl/contracts/admin/banners';
import type { BannerGroup, BannerMotif } from '@kl/contracts/content';
import type { Dayjs } from 'dayjs';
import { pickedMoment, pickerMoment } from '../../shared/dates.ts';
import { localizedRequestOf, localizedValuesOf, type LocalizedValues } from '../../shared/localized-text.ts';

/** The banner form's values. */
export interface BannerValues {
  groupName: BannerGroup;
  title: LocalizedValues;
  subtitle: LocalizedValues;
  /** The drawing (motif and colours) or an uploaded picture. */
  picture: 'drawn' | 'uploaded';
  imageId?: string | null;
  motif: BannerMotif;
  colour: string;
  accent: string;
  linkUrl?: string;
  active: boolean;
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
}

export const newBannerValues = (groupName: BannerGroup): Partial<BannerValues> => ({
  groupName,
  picture: 'drawn',
  imageId: null,
  motif: 'gift',
  colour: '#b71c1c',
  accent: '#ffc107',
  active: true,
});

/** A banner as the form shows it. */
export function valuesOf(banner: AdminBanner): BannerValues {
  return {
    groupName: banner.groupName,
    title: localizedValuesOf(banner.title),
    subtitle: localizedValuesOf(banner.subtitle),
    picture: banner.imageId ? 'uploaded' : 'drawn',
    imageId: banner.imageId,
    motif: banner.motif,
    colour: banner.colour,
    accent: banner.accent,
    linkUrl: banner.linkUrl ?? '',
    active: banner.active,
    startsAt: banner.startsAt ? pickerMoment(banner.startsAt) : null,
    endsAt: banner.endsAt ? pickerMoment(banner.endsAt) : null,
  };
}

/**
 * What is sent: English left empty falls back to Vietnamese; the uploaded picture only when chosen
 * (the drawing otherwise, its motif and colours kept); no link, start or end is null.
 */
export function requestOf(values: BannerValues): SaveBannerRequest {
  const linkUrl = values.linkUrl?.trim() ?? '';
  const subtitleEn = values.subtitle.en?.trim();
  return {
    groupName: values.groupName,
    title: localizedRequestOf(values.title),
    subtitle: { vi: values.subtitle.vi?.trim() ?? '', ...(subtitleEn ? { en: subtitleEn } : {}) },
    motif: values.motif,
    colour: values.colour,
    accent: values.accent,
    imageId: values.picture === 'uploaded' ? (values.imageId ?? null) : null,
    linkUrl: linkUrl === '' ? null : linkUrl,
    active: values.active,
    startsAt: values.startsAt ? pickedMoment(values.startsAt) : null,
    endsAt: values.endsAt ? pickedMoment(values.endsAt) : null,
  };
}

/** The banner saved again as it is, but for `changes` (the list's switch). */
export const sameBannerWith = (
  banner: AdminBanner,
  changes: Partial<SaveBannerRequest>,
): SaveBannerRequest => ({
  ...requestOf(valuesOf(banner)),
  ...changes,
});
