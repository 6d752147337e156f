import {
  bannerList,
  footerLinks,
  popularAnnouncements,
  type Banner,
  type FooterLinks,
  type PopularAnnouncements,
} from '@kl/contracts/content';
import { vendorStructure, type VendorStructure } from '@kl/contracts/games';
import type { ZodType } from 'zod';
import { ApiError } from '../../../shared/lib/api-client.ts';

/**
 * The contracts schema checks of the home's answers. Imported on demand, in parallel with the call,
 * so that zod is not part of the home's first chunk.
 */
function check<T>(schema: ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError('UNKNOWN_ERROR', { status: 200, message: `Malformed ${what}` });
  return parsed.data;
}

export const checkBanners = (value: unknown): Banner[] => check(bannerList, value, 'banners').list;
export const checkPopularAnnouncements = (value: unknown): PopularAnnouncements =>
  check(popularAnnouncements, value, 'popular announcements');
export const checkFooterLinks = (value: unknown): FooterLinks => check(footerLinks, value, 'footer links');
export const checkVendors = (value: unknown): VendorStructure => check(vendorStructure, value, 'vendors');
