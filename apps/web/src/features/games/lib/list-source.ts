import type { MIN_BET_FILTERS } from '@kl/contracts/constants';
import { LIST_FIRST_GAME_TYPES, type GameType } from '@kl/contracts/games';
import type { Role } from '../../../shared/stores/session-store.ts';
import type { GameSource } from '../hooks/use-game-pages.ts';

/**
 * The list filters of a game list: every game, the hot list, the member's favourites and recently
 * played games, new games.
 */
export const LIST_TYPES = ['all', 'hot', 'fav', 'recent', 'new'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** The filters of the list's panel and search box; none chosen by default. */
export interface ListFilters {
  gameClass: string;
  minBet: (typeof MIN_BET_FILTERS)[number];
  gameName: string;
}
const NO_FILTERS: ListFilters = { gameClass: 'all', minBet: 'all', gameName: '' };

/**
 * Where a list's games come from, for its game type, list type, vendor and filters: the same for the
 * browser and for the server rendering of /m/gameList, which reads the list's first page under its key.
 */
export function listSource(
  gameType: GameType,
  type: ListType,
  vassalage: string | null,
  { gameClass, minBet, gameName }: ListFilters = NO_FILTERS,
): GameSource {
  if (type === 'hot') return { kind: 'hot', gameType, vassalage: vassalage ?? undefined };
  if (type === 'fav') return { kind: 'fav', gameType };
  if (type === 'recent') return { kind: 'recent', gameType };
  return {
    kind: 'search',
    query: {
      gameType,
      vassalage: type === 'new' ? undefined : (vassalage ?? undefined),
      isNew: type === 'new' ? '1' : undefined,
      gameClassify: gameClass === 'all' ? undefined : gameClass,
      minBet: minBet === 'all' ? undefined : minBet,
      gameName: gameName === '' ? undefined : gameName,
    },
  };
}

/** The list /m/gameList's address asks for (product.md §2), as `role` may see it. */
export function listOfAddress(
  params: URLSearchParams,
  role: Role,
): { gameType: GameType; type: ListType; vassalage: string | null; visitorAskedFav: boolean } {
  const asked = params.get('gameType');
  const gameType = (LIST_FIRST_GAME_TYPES as readonly string[]).includes(asked ?? '')
    ? (asked as GameType)
    : 'RNG';
  const requested = params.get('type');
  const memberList = requested === 'fav' || requested === 'recent';
  const visitorAskedFav = memberList && role === 'visitor';
  const type: ListType =
    requested === 'hot' || requested === 'new' || (memberList && !visitorAskedFav) ? requested : 'all';
  return { gameType, type, vassalage: params.get('vassalage'), visitorAskedFav };
}
