import { GAME_PLATFORM } from '@kl/contracts/constants';
import { contentCalls, type Banner } from '@kl/contracts/content';
import { gamesCalls, hotGamesLanguage } from '@kl/contracts/games';
import type { Locale } from '@kl/contracts/i18n';
import { MODULE_ID_HEADER } from '@kl/contracts/modules';
import { statusCalls, type SystemStatus } from '@kl/contracts/status';
import type { TypedApiEntry } from '@kl/contracts/api-call';
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import { buildUrl, unwrapEnvelope } from '../../shared/lib/api-client.ts';
import { systemStatusQueryKey } from '../system-status/index.ts';
import { bannersQueryOptions } from './api/get-banners.ts';
import { popularAnnouncementsQueryOptions } from './api/get-popular-announcements.ts';
import { vendorStructureQueryOptions } from './api/get-vendor-structure.ts';
import { bannersOf, homeCarouselGroups } from './lib/banners.ts';

/** One GET of the API, answered by the server in-process: the parsed JSON body and its status. */
export type ServerGet = (
  url: string,
  headers: Readonly<Record<string, string>>,
) => Promise<{ status: number; body: unknown }>;

const listOf = (value: { list: unknown[] }) => value.list;

interface HomeRequest {
  key: QueryKey;
  entry: TypedApiEntry;
  query?: Record<string, string>;
  /** The query's data from the call's value, where the client's query function reshapes it. */
  toData?: (value: never) => unknown;
}

/**
 * What the first screen of home shows, with the query keys the client reads them under
 * (docs/decisions/005-web-first-load.md): the system status, the banners, the marquee, the vendor
 * structure (category menu) and the first game section (HOT, `useGamePages({ kind: 'hot' })`).
 * Sections further down load on the client, behind placeholders of their final height.
 */
function homeRequests(language: Locale): HomeRequest[] {
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

/**
 * Asks the server for the home's first-screen data (in the page's language) and answers it as the
 * dehydrated state of TanStack Query. A call that fails is left out: the client asks it again.
 */
export async function loadHomeState({
  language,
  get,
}: {
  language: Locale;
  get: ServerGet;
}): Promise<DehydratedState> {
  const queryClient = new QueryClient();
  await Promise.all(
    homeRequests(language).map(async ({ key, entry, query, toData }) => {
      const { status, body } = await get(buildUrl(entry.path, { query }), {
        Accept: 'application/json',
        'Accept-Language': language,
        [MODULE_ID_HEADER]: entry.moduleId,
      });
      let value: unknown;
      try {
        value = entry.response.parse(unwrapEnvelope(body, status));
      } catch {
        return;
      }
      queryClient.setQueryData(key, toData ? toData(value as never) : value);
    }),
  );
  return dehydrate(queryClient);
}

/** The picture of the carousel's first banner (what the page paints largest), when there is one. */
export function firstHomeBanner(queryClient: QueryClient): string | null {
  const banners = queryClient.getQueryData<Banner[]>(bannersQueryOptions().queryKey);
  const status = queryClient.getQueryData<SystemStatus>(systemStatusQueryKey);
  if (!banners) return null;
  return bannersOf(banners, homeCarouselGroups(status?.info.toggles))[0]?.url ?? null;
}
