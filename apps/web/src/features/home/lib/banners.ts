import type { Banner, BannerGroup } from '@kl/contracts/content';
import { LIVE_HOST_TOGGLE, type MerchantToggles } from '@kl/contracts/status';

/**
 * The groups of the home carousel: m_home, then the live hosts' m_live banners when the merchant has
 * the live-host feature (product.md §2: m_live hidden without it).
 */
export function homeCarouselGroups(toggles: MerchantToggles | undefined): BannerGroup[] {
  return toggles?.[LIVE_HOST_TOGGLE] ? ['m_home', 'm_live'] : ['m_home'];
}

/** The banners of some groups, in the order of the groups, each group by its `sort`. */
export function bannersOf(banners: readonly Banner[], groups: readonly BannerGroup[]): Banner[] {
  return groups.flatMap((group) =>
    banners.filter((banner) => banner.groupName === group).sort((a, b) => a.sort - b.sort),
  );
}

/** A banner's link inside the site (`/m/…`) is followed in the app; anything else opens a new tab. */
export function bannerLink(
  linkUrl: string | null,
): { kind: 'app'; to: string } | { kind: 'external'; href: string } | null {
  if (!linkUrl) return null;
  if (linkUrl.startsWith('/') && !linkUrl.startsWith('//')) return { kind: 'app', to: linkUrl };
  try {
    const url = new URL(linkUrl);
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? { kind: 'external', href: url.href }
      : null;
  } catch {
    return null;
  }
}
