import { contentCalls, type Banner } from '@kl/contracts/content';
import { gamesCalls } from '@kl/contracts/games';
import type { Locale } from '@kl/contracts/i18n';
import type { SystemStatus } from '@kl/contracts/status';
import type { QueryClient } from '@tanstack/react-query';
import type { ServerRequest } from '../../shared/lib/server-state.ts';
import { firstPageRequest } from '../games/server-state.ts';
import { systemStatusQueryKey } from '../system-status/index.ts';
import { STATUS_REQUEST } from '../system-status/server-state.ts';
import { bannersQueryOptions } from './api/get-banners.ts';
import { popularAnnouncementsQueryOptions } from './api/get-popular-announcements.ts';
import { vendorStructureQueryOptions } from './api/get-vendor-structure.ts';
import { bannersOf, homeCarouselGroups } from './lib/banners.ts';

const listOf = (value: { list: unknown[] }) => value.list;

/**
 * What the first screen of home shows, with the query keys the client reads them under
 * (docs/decisions/005-web-first-load.md): the system status, the banners, the marquee, the vendor
 * structure (category menu) and the first game section (HOT, `useGamePages({ kind: 'hot' })`).
 * Sections further down load on the client, behind placeholders of their final height.
 */
export function homeRequests(language: Locale): ServerRequest[] {
  return [
    STATUS_REQUEST,
    { key: bannersQueryOptions().queryKey, entry: contentCalls.banners, toData: listOf },
    {
      key: popularAnnouncementsQueryOptions().queryKey,
      entry: contentCalls.popularAnnouncements,
      toData: listOf,
    },
    { key: vendorStructureQueryOptions().queryKey, entry: gamesCalls.gameVendors },
    // The HOT section's list (`useGamePages({ kind: 'hot' })`), its first and only page.
    firstPageRequest({ kind: 'hot' }, language)!,
  ];
}

/** The picture of the carousel's first banner (what the page paints largest), when there is one. */
export function firstHomeBanner(queryClient: QueryClient): string | null {
  const banners = queryClient.getQueryData<Banner[]>(bannersQueryOptions().queryKey);
  const status = queryClient.getQueryData<SystemStatus>(systemStatusQueryKey);
  if (!banners) return null;
  return bannersOf(banners, homeCarouselGroups(status?.info.toggles))[0]?.url ?? null;
}
