import { gamesCalls, type Game, type GameType, type VendorStructure } from '@kl/contracts/games';
import { callsTo, failure, onByDefault } from './fake-api.ts';
import { pageOf } from './fake-data.ts';

/** Game catalogue data for component tests (contracts games.ts) and the answers of the game screens' reads. */
const vendor = (vassalage: string, displayName: string, gameCategory: GameType, listFirst: boolean) => ({
  ...{ vassalage, displayName, mobileSmallIcon: `/v/${vassalage}.svg`, gameCategory, listFirst },
});

/** RNG: Kim Long Games (BGS) and Lotus Slots; FISH: Ocean; LIVE: Sexy Baccarat and Evo Live. */
export const VENDOR_STRUCTURE: VendorStructure = {
  vendors: [
    ...[vendor('BGS', 'Kim Long Games', 'RNG', true), vendor('LOTUS', 'Lotus Slots', 'RNG', true)],
    ...[vendor('OCEAN', 'Ocean', 'FISH', true), vendor('EVO', 'Evo Live', 'LIVE', false)],
    vendor('SEXY', 'Sexy Baccarat', 'LIVE', false),
  ],
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

/** Game `index` (node 5000 + index, id 1000 + index): BGS when even, LOTUS when odd; new every fifth. */
export function createGame(index: number, overrides: Partial<Game> = {}): Game {
  const name = `Game ${index}`;
  const classify = index % 3 === 0 ? 'JP' : 'SC';
  return {
    ...{ gameType: 'RNG', vassalage: index % 2 === 0 ? 'BGS' : 'LOTUS', vendorCode: 'V' },
    ...{ gameId: String(1000 + index), roomId: null, nodeId: String(5000 + index), nodeName: name },
    ...{ gameName: name, gameCode: `G${index}`, gameGroupId: null, lottoMode: null, displayName: name },
    ...{ mobileLargeIcon: `/art/${index}.svg`, iconUrl: `/art/${index}.svg`, gameClassify: classify },
    ...{ gameClassifyNew: [classify], supportPlay: 1, isNew: index % 5 === 0, isTop: false },
    ...{ minBet: index % 2 === 0 ? '0.01' : '0.1', minLine: 20 },
    ...overrides,
  };
}

/** Games 0…59 (RNG) and the four FISH games of Ocean (100…103). */
export const RNG_GAMES = Array.from({ length: 60 }, (_, index) => createGame(index));
export const FISH_GAMES = Array.from({ length: 4 }, (_, index) =>
  createGame(100 + index, { gameType: 'FISH', vassalage: 'OCEAN' }),
);

/** The page of `games` the search answers to `query` (9 a page unless asked). */
export function searchPageOf(games: Game[], query: Record<string, string>) {
  const { list, ...page } = pageOf(games, query, 9);
  return { games: list, ...page, totalPages: Math.max(1, page.totalPages) };
}

/** `count` wins of the winner board of `gameType` (pl***0 won 1,000,000, pl***1 2,000,000…). */
export const winsOf = (count: number, gameType = 'RNG') => ({
  list: Array.from({ length: count }, (_, index) => ({
    ...{ gameType: gameType as GameType, iconUrl: `/art/${index}.svg`, customerName: `pl***${index}` },
    ...{ gameName: `${gameType} win ${index}`, winAmount: 1_000_000 * (index + 1), currency: 'VND' },
    wonAt: new Date(Date.UTC(2026, 10, 21, 12, 0, 60 - index)).toISOString(),
  })),
});

/**
 * The game screens' reads unless the test says otherwise: the vendors, the RNG games (whatever the search),
 * the first 25 of them as hot, 8 wins of the category asked, the member's `favourites` (read at each call)
 * and no recent game; a launch answers an in-app address (the slot's, whose link has expired by then).
 */
export function answerGames(favourites: () => Game[] = () => []) {
  onByDefault(gamesCalls.gameVendors, VENDOR_STRUCTURE);
  onByDefault(gamesCalls.gameSearch, ({ query }) => searchPageOf(RNG_GAMES, query));
  onByDefault(gamesCalls.hotGames, { list: RNG_GAMES.slice(0, 25) });
  onByDefault(gamesCalls.winnerBoard, ({ query }) => winsOf(8, query.gameCategory));
  onByDefault(gamesCalls.favouriteIds, () => favourites().map((game) => game.nodeId));
  onByDefault(gamesCalls.favouriteList, () => ({ content: favourites(), pageNum: 1, totalPages: 1 }));
  onByDefault(gamesCalls.recentGames, { list: [], totalPages: 1 });
  onByDefault(gamesCalls.launchGame, {
    ...{ kind: 'direct', rule: 'direct', url: '/m/slotsCenter?launch=launch-t0k3n-0001', expiresAt: null },
    ...{ prizeMode: null, playType: null, supportPlay: 0 },
  });
  onByDefault(gamesCalls.redeemLaunch, failure('LAUNCH_LINK_EXPIRED'));
}

/** The queries of the searches sent so far. */
export const searchCalls = () => callsTo(gamesCalls.gameSearch).map(({ query }) => query);
