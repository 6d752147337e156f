import type { ResourceType, SystemStatus } from '@kl/contracts/status';
import { safeLinkUrl } from '../../../shared/lib/url.ts';
import type { Platform } from './platform.ts';

/** The merchant's app links (product.md §3 resources), each safe to put in `href`, or null. */
export interface AppLinks {
  ios: string | null;
  /** The iOS configuration profile (MOBILECONFIG), used when there is no IOS link. */
  iosProfile: string | null;
  android: string | null;
  android2: string | null;
  /** The app's icon (AppDownloadIcon). */
  icon: string | null;
}

const linkOf = (status: SystemStatus | undefined, type: ResourceType) =>
  safeLinkUrl(status?.info.resources.find((resource) => resource.resourceType === type)?.url);

export function appLinksOf(status: SystemStatus | undefined): AppLinks {
  return {
    ios: linkOf(status, 'IOS'),
    iosProfile: linkOf(status, 'MOBILECONFIG'),
    android: linkOf(status, 'Android'),
    android2: linkOf(status, 'ANDROID2'),
    icon: linkOf(status, 'AppDownloadIcon'),
  };
}

/** Whether the merchant has any app to download. */
export const hasAppLinks = (links: AppLinks) =>
  Boolean(links.ios ?? links.iosProfile ?? links.android ?? links.android2);

/**
 * The iOS download of product.md §4: the IOS link when there is one; otherwise, in Safari, the profile link
 * (and on return a reminder to go to the settings); in any other browser the "use Safari" alert.
 */
export type IosDownload =
  { kind: 'open'; url: string } | { kind: 'profile'; url: string } | { kind: 'use-safari' } | null;

export function iosDownloadOf(links: AppLinks, platform: Platform): IosDownload {
  if (links.ios) return { kind: 'open', url: links.ios };
  if (!links.iosProfile) return null;
  return platform.safari ? { kind: 'profile', url: links.iosProfile } : { kind: 'use-safari' };
}
