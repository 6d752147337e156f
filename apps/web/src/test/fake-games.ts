import type { Game, GameType, Vendor, VendorStructure } from '@kl/contracts/games';

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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (value: unknown) => json({ success: true, value });
const fail = (code: string, status: number) => json({ success: false, code, message: code }, status);

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
    if (!url.pathname.startsWith('/api/games')) return undefined;
    const method = init.method ?? 'GET';
    const query = Object.fromEntries(url.searchParams);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    state.calls.push({ method, path: url.pathname, query, body });
    const page = (list: Game[], pageNo: number, pageSize: number) => ({
      slice: list.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      totalPages: Math.max(1, Math.ceil(list.length / pageSize)),
    });
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/games/vendors':
        return ok(structure);
      case 'GET /api/games/search': {
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
        return ok({ games: slice, pageNum: pageNo, totalPages, total: list.length });
      }
      case 'GET /api/games/winners': {
        const gameType = (query.gameCategory ?? 'RNG') as GameType;
        return ok({
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
      case 'GET /api/games/hot':
        return ok({
          list: state.games
            .filter((game) => !query.gameType || game.gameType === query.gameType)
            .slice(0, 25),
        });
    }
    if (!state.member) return fail('NOT_LOGGED_IN', 401);
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/games/favourites/ids':
        return ok([...state.favourites]);
      case 'GET /api/games/favourites': {
        const list = state.games.filter(
          (game) =>
            state.favourites.has(game.nodeId) && (!query.gameType || game.gameType === query.gameType),
        );
        const pageNo = Number(query.pageNo ?? 1);
        const { slice, totalPages } = page(list, pageNo, Number(query.pageSize ?? 25));
        return ok({ content: slice, pageNum: pageNo, totalPages });
      }
      case 'GET /api/games/recent': {
        const list = state.recent.flatMap((gameId) => {
          const game = state.games.find((candidate) => candidate.gameId === gameId);
          return game && (!query.gameType || game.gameType === query.gameType)
            ? [{ ...game, lastPlayedAt: '2026-11-21T12:00:00.000Z' }]
            : [];
        });
        const pageNo = Number(query.page ?? 1);
        const { slice, totalPages } = page(list, pageNo, Number(query.pageSize ?? 25));
        return ok({ list: slice, totalPages });
      }
      case 'POST /api/games/favourites':
      case 'DELETE /api/games/favourites': {
        if (options.failFavourites) return fail('SYSTEM_ERROR', 500);
        const { nodeId } = body as { nodeId: string };
        if (method === 'POST') state.favourites.add(nodeId);
        else state.favourites.delete(nodeId);
        return ok({ nodeId, favourite: method === 'POST' });
      }
      case 'POST /api/games/launch':
        return ok({
          kind: 'direct',
          rule: 'direct',
          url: options.launchUrl ?? '/m/slotsCenter?launch=t0k3n',
          expiresAt: null,
          prizeMode: null,
          playType: null,
          supportPlay: 0,
        });
    }
    return fail('NOT_FOUND', 404);
  }

  return { state, handle };
}

export type FakeGames = ReturnType<typeof createFakeGames>;

/** Searches the fake server received, with their query. */
export const searchCalls = (games: FakeGames) =>
  games.state.calls.filter((call) => call.path === '/api/games/search').map((call) => call.query);
