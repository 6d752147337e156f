import { PAGE_SIZE } from '@kl/contracts/constants';
import type { Game, GameType } from '@kl/contracts/games';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../../shared/stores/session-store.ts';
import { getFavourites } from '../api/get-favourites.ts';
import { getHotGames } from '../api/get-hot-games.ts';
import { getRecentGames } from '../api/get-recent-games.ts';
import { FAVOURITE_LIST_KEY, GAMES_QUERY_KEY, RECENT_LIST_KEY } from '../api/keys.ts';
import { searchGames, type SearchQuery } from '../api/search-games.ts';

/** Where a list's games come from: the search, the hot list, or the member's favourites / recent games. */
export type GameSource =
  | { kind: 'search'; query: Omit<SearchQuery, 'pageNo' | 'pageSize'>; pageSize?: number }
  | { kind: 'hot'; gameType?: GameType; vassalage?: string }
  | { kind: 'fav'; gameType?: GameType; pageSize?: number }
  | { kind: 'recent'; gameType?: GameType; pageSize?: number };

export interface GamePage {
  games: Game[];
  pageNum: number;
  totalPages: number;
}

/** Sources that need a member session (product.md §6: a visitor is told to log in). */
export const isMemberSource = (source: GameSource) => source.kind === 'fav' || source.kind === 'recent';

async function fetchPage(source: GameSource, pageNo: number, signal: AbortSignal): Promise<GamePage> {
  switch (source.kind) {
    case 'search': {
      const answer = await searchGames(
        { ...source.query, pageNo, pageSize: source.pageSize ?? PAGE_SIZE.homeList },
        { signal },
      );
      return { games: answer.games, pageNum: answer.pageNum, totalPages: answer.totalPages };
    }
    case 'hot':
      // product.md §4: HOT has no further pages.
      return {
        games: await getHotGames({ gameType: source.gameType, vassalage: source.vassalage }, { signal }),
        pageNum: 1,
        totalPages: 1,
      };
    case 'fav': {
      const answer = await getFavourites(
        { gameType: source.gameType, pageNo, pageSize: source.pageSize ?? PAGE_SIZE.favourites.list },
        { signal },
      );
      return { games: answer.content, pageNum: answer.pageNum, totalPages: answer.totalPages };
    }
    case 'recent': {
      const answer = await getRecentGames(
        { gameType: source.gameType, page: pageNo, pageSize: source.pageSize ?? PAGE_SIZE.recent },
        { signal },
      );
      return { games: answer.list, pageNum: pageNo, totalPages: answer.totalPages };
    }
  }
}

export function gamePagesKey(source: GameSource, userName: string | null) {
  if (source.kind === 'fav') return [...FAVOURITE_LIST_KEY, userName, source] as const;
  if (source.kind === 'recent') return [...RECENT_LIST_KEY, userName, source] as const;
  return [...GAMES_QUERY_KEY, 'list', source] as const;
}

/**
 * The pages of a game list (product.md §4 Lists): a new source starts again at page 1; the next page is
 * asked while pageNum < totalPages.
 */
const NO_GAMES: readonly Game[] = [];

export function useGamePages(source: GameSource, { enabled = true }: { enabled?: boolean } = {}) {
  const { userName, role } = useSession();
  const query = useInfiniteQuery({
    queryKey: gamePagesKey(source, userName),
    queryFn: ({ pageParam, signal }) => fetchPage(source, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: enabled && (!isMemberSource(source) || role !== 'visitor'),
    staleTime: 30_000,
  });
  // The same array while the pages are the same: what draws the games can skip a render that
  // changes nothing (docs/performance.md).
  const games = useMemo(() => query.data?.pages.flatMap((page) => page.games) ?? NO_GAMES, [query.data]);
  return { ...query, games };
}
