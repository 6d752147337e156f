import type { ApiEntry } from '@kl/contracts/api-call';
import { gamesCalls, type Game, type GameType, type Vendor, type VendorStructure } from '@kl/contracts/games';
import { answer, failure, isCall } from './fake-api.ts';

/**
 * The game catalogue side of the API for component tests, keeping the contract of contracts
 * games.ts: search with its filters and pages, hot, favourites (for a member), vendors and launch.
 * Every call is recorded for assertions.
 */
export interface FakeGamesOptions {
  games?: Game[];
  /** A member session exists (favourites and launch answer); otherwise they answer NOT_LOGGED_IN. */
  member?: boolean;
  favourites?: string[];
  /** Favourite changes fail with SYSTEM_ERROR. */
  failFavourites?: boolean;
  /** What launch answers as `url`. */
  launchUrl?: string;
  /** Games the member launched, newest first (the recent list). */
  recent?: string[];
  /** How many wins the winner board holds per game type (default 8). */
  wins?: number;
}

const VENDORS: Vendor[] = [
  {
    vassalage: 'BGS',
    displayName: 'Kim Long Games',
    mobileSmallIcon: '/v/BGS.svg',
    gameCategory: 'RNG',
    listFirst: true,
  },
  {
    vassalage: 'LOTUS',
    displayName: 'Lotus Slots',
    mobileSmallIcon: '/v/LOTUS.svg',
    gameCategory: 'RNG',
    listFirst: true,
  },
  {
    vassalage: 'OCEAN',
    displayName: 'Ocean',
    mobileSmallIcon: '/v/OCEAN.svg',
    gameCategory: 'FISH',
    listFirst: true,
  },
  {
    vassalage: 'EVO',
    displayName: 'Evo Live',
    mobileSmallIcon: '/v/EVO.svg',
    gameCategory: 'LIVE',
    listFirst: false,
  },
  {
    vassalage: 'SEXY',
    displayName: 'Sexy Baccarat',
    mobileSmallIcon: '/v/SEXY.svg',
    gameCategory: 'LIVE',
    listFirst: false,
  },
];

export function createGame(index: number, overrides: Partial<Game> = {}): Game {
  const gameType = overrides.gameType ?? 'RNG';
  return {
    gameType,
    vassalage: index % 2 === 0 ? 'BGS' : 'LOTUS',
    vendorCode: 'V',
    gameId: String(1000 + index),
    roomId: null,
    nodeId: String(5000 + index),
    nodeName: `Game ${index}`,
    gameName: `Game ${index}`,
    gameCode: `G${index}`,
    gameGroupId: null,
    lottoMode: null,
    displayName: `Game ${index}`,
    mobileLargeIcon: `/art/${index}.svg`,
    iconUrl: `/art/${index}.svg`,
    gameClassify: index % 3 === 0 ? 'JP' : 'SC',
    gameClassifyNew: [index % 3 === 0 ? 'JP' : 'SC'],
    supportPlay: 1,
    isNew: index % 5 === 0,
    isTop: false,
    minBet: index % 2 === 0 ? '0.01' : '0.1',
    minLine: 20,
    ...overrides,
  };
}

/** The paths of the game catalogue calls (contracts games.ts): the part of the API this fake stands for. */
const GAMES_PATHS = new Set<string>(Object.values(gamesCalls).map((entry) => entry.path));

/** 60 RNG games (0…59) and 4 FISH games by default. */
export const defaultGames = () => [
  ...Array.from({ length: 60 }, (_, index) => createGame(index)),
  ...Array.from({ length: 4 }, (_, index) =>
    createGame(100 + index, { gameType: 'FISH', vassalage: 'OCEAN' }),
  ),
];

export function createFakeGames(options: FakeGamesOptions = {}) {
  const state = {
    games: options.games ?? defaultGames(),
    member: options.member ?? false,
    favourites: new Set(options.favourites ?? []),
    recent: options.recent ?? [],
    calls: [] as { method: string; path: string; query: Record<string, string>; body: unknown }[],
  };
  const structure: VendorStructure = {
    vendors: VENDORS,
    sorting: [
      { gameCategory: 'RNG', vendorNames: ['BGS', 'LOTUS'] },
      { gameCategory: 'FISH', vendorNames: ['OCEAN'] },
      { gameCategory: 'LIVE', vendorNames: ['SEXY', 'EVO'] },
    ],
    mapping: {
      RNG: { vendors: ['BGS', 'LOTUS'], gameClassify: ['JP', 'SC'] },
      FISH: { vendors: ['OCEAN'], gameClassify: [] },
      LIVE: { vendors: ['SEXY', 'EVO'], gameClassify: [] },
    },
    prizeMode: 'Lott',
  };

  async function handle(url: URL, init: RequestInit = {}): Promise<Response | undefined> {
    if (!GAMES_PATHS.has(url.pathname)) return undefined;
    const method = init.method ?? 'GET';
    const is = (entry: ApiEntry) => isCall(entry, url, init);
    const query = Object.fromEntries(url.searchParams);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    state.calls.push({ method, path: url.pathname, query, body });
    const page = <T>(list: T[], pageNo: number, pageSize: number) => ({
      slice: list.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      totalPages: Math.max(1, Math.ceil(list.length / pageSize)),
    });
    if (is(gamesCalls.gameVendors)) return answer(gamesCalls.gameVendors, structure);
    if (is(gamesCalls.gameSearch)) {
      const name = query.gameName?.toLowerCase();
      const list = state.games.filter(
        (game) =>
          (!query.gameType || game.gameType === (query.gameType as GameType)) &&
          (!query.vassalage || game.vassalage === query.vassalage) &&
          (!query.gameClassify || game.gameClassifyNew.includes(query.gameClassify)) &&
          (!query.minBet || query.minBet === 'all' || game.minBet === query.minBet) &&
          (!query.isNew || game.isNew) &&
          (!name || game.gameName.toLowerCase().includes(name)),
      );
      const pageNo = Number(query.pageNo ?? 1);
      const { slice, totalPages } = page(list, pageNo, Number(query.pageSize ?? 9));
      return answer(gamesCalls.gameSearch, { games: slice, pageNum: pageNo, totalPages, total: list.length });
    }
    if (is(gamesCalls.winnerBoard)) {
      const gameType = (query.gameCategory ?? 'RNG') as GameType;
      return answer(gamesCalls.winnerBoard, {
        list: Array.from({ length: options.wins ?? 8 }, (_, index) => ({
          gameType,
          iconUrl: `/art/${index}.svg`,
          customerName: `pl***${index}`,
          gameName: `${gameType} win ${index}`,
          winAmount: 1_000_000 * (index + 1),
          currency: 'VND',
          wonAt: new Date(Date.UTC(2026, 10, 21, 12, 0, 60 - index)).toISOString(),
        })),
      });
    }
    if (is(gamesCalls.hotGames)) {
      return answer(gamesCalls.hotGames, {
        list: state.games.filter((game) => !query.gameType || game.gameType === query.gameType).slice(0, 25),
      });
    }
    if (!state.member) return failure('NOT_LOGGED_IN');
    if (is(gamesCalls.favouriteIds)) return answer(gamesCalls.favouriteIds, [...state.favourites]);
    if (is(gamesCalls.favouriteList)) {
      const list = state.games.filter(
        (game) => state.favourites.has(game.nodeId) && (!query.gameType || game.gameType === query.gameType),
      );
      const pageNo = Number(query.pageNo ?? 1);
      const { slice, totalPages } = page(list, pageNo, Number(query.pageSize ?? 25));
      return answer(gamesCalls.favouriteList, { content: slice, pageNum: pageNo, totalPages });
    }
    if (is(gamesCalls.recentGames)) {
      const list = state.recent.flatMap((gameId) => {
        const game = state.games.find((candidate) => candidate.gameId === gameId);
        return game && (!query.gameType || game.gameType === query.gameType)
          ? [{ ...game, lastPlayedAt: '2026-11-21T12:00:00.000Z' }]
          : [];
      });
      const pageNo = Number(query.page ?? 1);
      const { slice, totalPages } = page(list, pageNo, Number(query.pageSize ?? 25));
      return answer(gamesCalls.recentGames, { list: slice, totalPages });
    }
    const adding = is(gamesCalls.addFavourite);
    if (adding || is(gamesCalls.removeFavourite)) {
      if (options.failFavourites) return failure('SYSTEM_ERROR');
      const { nodeId } = body as { nodeId: string };
      if (adding) state.favourites.add(nodeId);
      else state.favourites.delete(nodeId);
      return answer(adding ? gamesCalls.addFavourite : gamesCalls.removeFavourite, {
        nodeId,
        favourite: adding,
      });
    }
    if (is(gamesCalls.launchGame)) {
      return answer(gamesCalls.launchGame, {
        kind: 'direct',
        rule: 'direct',
        url: options.launchUrl ?? '/m/slotsCenter?launch=t0k3n',
        expiresAt: null,
        prizeMode: null,
        playType: null,
        supportPlay: 0,
      });
    }
    return failure('NOT_FOUND');
  }

  return { state, handle };
}

export type FakeGames = ReturnType<typeof createFakeGames>;

/** Searches the fake server received, with their query. */
export const searchCalls = (games: FakeGames) =>
  games.state.calls.filter((call) => call.path === gamesCalls.gameSearch.path).map((call) => call.query);
