import { GAME_PLATFORM } from '@kl/contracts/constants';
import { contentCalls, type Banner } from '@kl/contracts/content';
import { gamesCalls, hotGamesLanguage } from '@kl/contracts/games';
import type { Locale } from '@kl/contracts/i18n';
import { statusCalls, type SystemStatus } from '@kl/contracts/status';
import type { QueryClient } from '@tanstack/react-query';
import type { ServerRequest } from '../../shared/lib/server-state.ts';
import { systemStatusQueryKey } from '../system-status/index.ts';
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
    { key: systemStatusQueryKey, entry: statusCalls.status },
    { key: bannersQueryOptions().queryKey, entry: contentCalls.banners, toData: listOf },
    {
      key: popularAnnouncementsQueryOptions().queryKey,
      entry: contentCalls.popularAnnouncements,
      toData: listOf,
    },
    { key: vendorStructureQueryOptions().queryKey, entry: gamesCalls.gameVendors },
    {
      // The key of the HOT section's list (features/games use-game-pages `gamePagesKey`).
      key: ['games', 'list', { kind: 'hot' }],
      entry: gamesCalls.hotGames,
      query: { platform: GAME_PLATFORM, language: hotGamesLanguage(language.toUpperCase()) },
      // An infinite query's first (and, for HOT, only) page.
      toData: (value: { list: unknown[] }) => ({
        pages: [{ games: value.list, pageNum: 1, totalPages: 1 }],
        pageParams: [1],
      }),
    },
  ];
}

/** The picture of the carousel's first banner (what the page paints largest), when there is one. */
export function firstHomeBanner(queryClient: QueryClient): string | null {
  const banners = queryClient.getQueryData<Banner[]>(bannersQueryOptions().queryKey);
  const status = queryClient.getQueryData<SystemStatus>(systemStatusQueryKey);
  if (!banners) return null;
  return bannersOf(banners, homeCarouselGroups(status?.info.toggles))[0]?.url ?? null;
}
