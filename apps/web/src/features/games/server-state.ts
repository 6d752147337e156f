import { GAME_PLATFORM, PAGE_SIZE } from '@kl/contracts/constants';
import { gamesCalls, hotGamesLanguage, type Game } from '@kl/contracts/games';
import type { Locale } from '@kl/contracts/i18n';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ServerRequest } from '../../shared/lib/server-state.ts';
import { STATUS_REQUEST } from '../system-status/server-state.ts';
import { gamePagesKey, type GamePage, type GameSource } from './hooks/use-game-pages.ts';
import { listOfAddress, listSource } from './lib/list-source.ts';
import { GAMES_QUERY_KEY } from './api/keys.ts';

/** An infinite query's first page, as `useGamePages` keeps it. */
const firstPage = (page: GamePage): InfiniteData<GamePage, number> => ({ pages: [page], pageParams: [1] });

/** The list /m/gameList's address asks for, as a visitor sees it (the server renders no member's page). */
function visitorList(search: URLSearchParams) {
  const { gameType, type, vassalage } = listOfAddress(search, 'visitor');
  return listSource(gameType, type, vassalage);
}

/**
 * The call of a visitor's list's first page (the search or the hot list; a member's lists are none of the
 * server's), under the key `useGamePages` reads it, in the page's language.
 */
export function firstPageRequest(source: GameSource, language: Locale): ServerRequest | null {
  const key = gamePagesKey(source, null);
  const gameLanguage = language.toUpperCase();
  if (source.kind === 'hot') {
    return {
      key,
      entry: gamesCalls.hotGames,
      query: {
        platform: GAME_PLATFORM,
        language: hotGamesLanguage(gameLanguage),
        gameType: source.gameType,
        vassalage: source.vassalage,
      },
      // HOT has no further pages.
      toData: (value: { list: Game[] }) => firstPage({ games: value.list, pageNum: 1, totalPages: 1 }),
    };
  }
  if (source.kind !== 'search') return null;
  return {
    key,
    entry: gamesCalls.gameSearch,
    query: {
      platform: GAME_PLATFORM,
      language: gameLanguage,
      ...source.query,
      pageNo: 1,
      pageSize: source.pageSize ?? PAGE_SIZE.homeList,
    },
    toData: ({ games, pageNum, totalPages }: { games: Game[]; pageNum: number; totalPages: number }) =>
      firstPage({ games, pageNum, totalPages }),
  };
}

/**
 * What the first screen of /m/gameList shows, with the query keys the client reads them under
 * (docs/decisions/005-web-first-load.md): the system status, the vendor structure (the vendor strip) and
 * the list's first page as the address asks for it — the search, or the hot list with `type=hot`.
 */
export function gameListRequests(search: URLSearchParams, language: Locale): ServerRequest[] {
  const list = firstPageRequest(visitorList(search), language);
  return [
    STATUS_REQUEST,
    { key: [...GAMES_QUERY_KEY, 'vendors'], entry: gamesCalls.gameVendors },
    ...(list ? [list] : []),
  ];
}

/** The picture of the list's first game (the largest paint of the screen), when there is one. */
export function firstListGame(queryClient: QueryClient, search: URLSearchParams): string | null {
  const data = queryClient.getQueryData<InfiniteData<GamePage, number>>(
    gamePagesKey(visitorList(search), null),
  );
  return data?.pages[0]?.games[0]?.iconUrl ?? null;
}
