import {
  BG_CLASSIFY,
  GAME_CLASSES,
  GAME_CLIENT_TYPE,
  CATEGORY_SORTING,
  type Game,
  type GameType,
  isListFirst,
  LAUNCH_TOKEN_TTL_MS,
  LOTTERY_GAME_TYPES,
  type LaunchResult,
  type LotteryNextDraws,
  launchRouteOf,
  gameListPath,
  maskCustomerName,
  prizeModeOf,
  queryString,
  type Vendor,
  type VendorStructure,
} from '@kl/contracts/games';
import { PAGE_SIZE } from '@kl/contracts/constants';
import { CATEGORY_PATHS, HOME_PATH } from '@kl/contracts/routes';
import type { z } from 'zod';
import type {
  favouritesQuery,
  gameSearchQuery,
  hotGamesQuery,
  launchQuery,
  recentGamesQuery,
  winnerBoardQuery,
} from '@kl/contracts/games';
import type { GameRow, GameVendorRow } from '../../db/schema/index.ts';
import { addMs, type Clock } from '../../platform/clock.ts';
import { randomToken, sha256Hex } from '../../platform/crypto.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { launchesInHouseSlot } from './launch-rule.ts';
import { renderGameArt, renderVendorArt } from './artwork.ts';
import { minBetUnits, toGame, vendorArtUrl } from './game-mapping.ts';
import type { GameFilters, GamesRepository } from './repository.ts';
import type { GameSearchIndex } from './search-index.ts';

type SearchQuery = z.output<typeof gameSearchQuery>;
type HotQuery = z.output<typeof hotGamesQuery>;
type RecentQuery = z.output<typeof recentGamesQuery>;
type FavouritesQuery = z.output<typeof favouritesQuery>;
type LaunchInput = z.output<typeof launchQuery>;
type WinnerQuery = z.output<typeof winnerBoardQuery>;

const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);
const offsetOf = (pageNo: number, pageSize: number) => (pageNo - 1) * pageSize;

export interface GamesServiceDeps {
  games: GamesRepository;
  clock: Clock;
  /** Refuses a launch by a member who may not play now (a time-out); throws a DomainError. */
  checkPlay?: ((memberId: string) => Promise<void>) | undefined;
  /** The next draw of each catalogue lottery that opens an in-house lottery, by game id (the lottery module). */
  lotteryDraws?: ((merchantCode: string) => Promise<LotteryNextDraws>) | undefined;
  /** Answers searches from memory (docs/decisions/023-game-search-index.md); without it, SQL does. */
  searchIndex?: GameSearchIndex<Game> | undefined;
  /**
   * Launches a game at the provider that plays it (docs/decisions/027-provider-launch.md, the provider
   * wallet's launch). Without it, no provider is connected: their games answer GAME_PROVIDER_UNAVAILABLE.
   */
  providers?: ProviderLauncher | undefined;
}

/** What the games need of the providers' launch (modules/provider-wallet/launch.ts). */
export interface ProviderLauncher {
  offers(providerCode: string, game: { gameId: string; gameType: GameType; gameName: string }): boolean;
  launch(request: {
    merchantCode: string;
    memberId: string;
    providerCode: string;
    game: { gameId: string; gameType: GameType; gameName: string };
    language: 'vi' | 'en';
    lobbyPath: string;
    ip: string;
  }): Promise<{ url: string; expiresAt: Date }>;
}

/** How many of a vendor's games its lobby looks through for one its provider offers. */
const VENDOR_LOBBY_SCAN = 50;

function toVendor(row: GameVendorRow): Vendor {
  return {
    vassalage: row.vassalage,
    displayName: row.displayName,
    mobileSmallIcon: vendorArtUrl(row),
    gameCategory: row.gameCategory,
    listFirst: isListFirst(row.gameCategory),
  };
}

/** The vendor structure of product.md §3: vendors, their sorting per category and the category mapping. */
export function vendorStructureOf(
  rows: readonly GameVendorRow[],
  classifyByCategory: Map<string, Set<string>>,
): VendorStructure {
  const ordered = [...rows].sort(
    (a, b) =>
      CATEGORY_SORTING.indexOf(a.gameCategory) - CATEGORY_SORTING.indexOf(b.gameCategory) ||
      a.sortOrder - b.sortOrder,
  );
  const sorting: VendorStructure['sorting'] = [];
  const mapping: VendorStructure['mapping'] = {};
  for (const row of ordered) {
    let entry = sorting.find((item) => item.gameCategory === row.gameCategory);
    if (!entry) {
      entry = { gameCategory: row.gameCategory, vendorNames: [] };
      sorting.push(entry);
    }
    entry.vendorNames.push(row.vassalage);
    mapping[row.gameCategory] ??= {
      vendors: [],
      gameClassify: [...(classifyByCategory.get(row.gameCategory) ?? [])].sort(),
    };
    mapping[row.gameCategory]?.vendors.push(row.vassalage);
  }
  return { vendors: ordered.map(toVendor), sorting, mapping, prizeMode: prizeModeOf(mapping) };
}

const isLottery = (gameType: GameType) => (LOTTERY_GAME_TYPES as readonly GameType[]).includes(gameType);

/** The category page a provider's client goes back to (home for a category without one). */
const lobbyPathOf = (gameType: GameType): string =>
  (CATEGORY_PATHS as Partial<Record<GameType, string>>)[gameType] ?? HOME_PATH;

const GAME_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'GAME_NOT_FOUND' });

/** The game catalogue (product.md §3, §4, §5): search, hot, recent, favourites, lottery, launch, winner board. */
export function createGamesService(deps: GamesServiceDeps) {
  const { games, clock } = deps;

  function checkMerchant(merchantCode: string, asked: string | undefined) {
    if (asked !== undefined && asked !== merchantCode) {
      throw new DomainError('INVALID_INPUT', { field: 'merchant', reason: 'UNKNOWN_MERCHANT' });
    }
  }

  async function vendorStructure(merchantCode: string): Promise<VendorStructure> {
    // A vendor the back office took off is not listed (docs/back-office.md, "Games").
    const rows = (await games.vendors(merchantCode)).filter((row) => row.enabled);
    const classify = new Map<string, Set<string>>();
    // The classifications each category offers: slot classes of RNG, vendor families.
    for (const row of rows) {
      const set = classify.get(row.gameCategory) ?? new Set<string>();
      if (row.gameCategory === 'RNG') for (const gameClass of GAME_CLASSES) set.add(gameClass);
      if (row.vassalage === BG_CLASSIFY) set.add(BG_CLASSIFY);
      classify.set(row.gameCategory, set);
    }
    return vendorStructureOf(rows, classify);
  }

  async function findGame(merchantCode: string, nodeId: string): Promise<GameRow> {
    const row = await games.findByNodeId(merchantCode, nodeId);
    if (!row) throw GAME_NOT_FOUND();
    return row;
  }

  /** The next in-house draws of the listed lotteries (none without the lottery module). */
  /** A vendor's lobby at a provider opens the vendor's first game the provider offers. */
  async function lobbyGame(
    merchantCode: string,
    providerCode: string,
    vassalage: string,
    gameType: GameType,
  ) {
    const { rows } = await games.search(merchantCode, { vassalage, gameType }, VENDOR_LOBBY_SCAN, 0);
    const offered = rows.find((candidate) => deps.providers?.offers(providerCode, candidate) ?? true);
    if (!offered) throw new DomainError('GAME_NOT_OFFERED', { provider: providerCode, vassalage });
    return offered;
  }

  /** The provider's address with its one-time token (docs/decisions/027-provider-launch.md). */
  async function launchAtProvider(
    member: AuthenticatedMember,
    input: LaunchInput,
    providerCode: string,
    target: GameRow,
    supportPlay: 0 | 1,
    ip: string,
  ): Promise<LaunchResult> {
    if (!deps.providers)
      throw new DomainError('GAME_PROVIDER_UNAVAILABLE', {
        reason: 'PROVIDER_NOT_CONNECTED',
        provider: providerCode,
      });
    const launched = await deps.providers.launch({
      merchantCode: member.merchantCode,
      memberId: member.memberId,
      providerCode,
      game: { gameId: target.gameId, gameType: target.gameType, gameName: target.gameName },
      language: input.language === 'EN' ? 'en' : 'vi',
      lobbyPath: lobbyPathOf(target.gameType),
      ip,
    });
    await games.recordRecent(member.memberId, target.id, input.clientType ?? GAME_CLIENT_TYPE, clock());
    return {
      kind: 'direct',
      rule: 'direct',
      url: launched.url,
      expiresAt: launched.expiresAt.toISOString(),
      prizeMode: null,
      playType: null,
      supportPlay,
    };
  }

  async function nextDrawsOf(merchantCode: string, list: readonly { gameId: string }[]) {
    const all = (await deps.lotteryDraws?.(merchantCode)) ?? {};
    return Object.fromEntries(list.flatMap(({ gameId }) => (all[gameId] ? [[gameId, all[gameId]]] : [])));
  }

  return {
    vendorStructure,

    async search(merchantCode: string, query: SearchQuery) {
      checkMerchant(merchantCode, query.merchant);
      const filters: GameFilters = {
        ...(query.gameType && { gameType: query.gameType }),
        ...(query.vassalage && { vassalage: query.vassalage }),
        ...(query.gameClassify && { gameClassify: query.gameClassify }),
        ...(query.isNew !== undefined && { isNew: query.isNew }),
        ...(query.isTop !== undefined && { isTop: query.isTop }),
        ...(query.minBet && query.minBet !== 'all' && { minBet: minBetUnits(query.minBet) }),
        ...(query.minLine !== undefined && { minLine: query.minLine }),
        ...(query.gameName && { gameName: query.gameName }),
      };
      const limit = query.pageSize;
      const offset = offsetOf(query.pageNo, query.pageSize);
      const { rows, total } = deps.searchIndex
        ? await deps.searchIndex.search(merchantCode, filters, limit, offset)
        : await games.search(merchantCode, filters, limit, offset).then((page) => ({
            rows: page.rows.map(toGame),
            total: page.total,
          }));
      return {
        games: rows,
        pageNum: query.pageNo,
        totalPages: pages(total, query.pageSize),
        total,
      };
    },

    /** Hot games: no further pages (product.md §4). Language UR is taken as EN (names are the same in both). */
    async hot(merchantCode: string, query: HotQuery) {
      const rows = await games.hot(
        merchantCode,
        {
          ...(query.gameType && { gameType: query.gameType }),
          ...(query.vassalage && { vassalage: query.vassalage }),
        },
        PAGE_SIZE.hot,
      );
      return { list: rows.map(toGame) };
    },

    async recent(member: AuthenticatedMember, query: RecentQuery) {
      const { rows, total } = await games.recent(
        member.memberId,
        query.gameType,
        query.pageSize,
        offsetOf(query.page, query.pageSize),
      );
      return {
        list: rows.map((row) => ({ ...toGame(row.game), lastPlayedAt: row.lastPlayedAt.toISOString() })),
        totalPages: pages(total, query.pageSize),
      };
    },

    async favourites(member: AuthenticatedMember, query: FavouritesQuery) {
      const { rows, total } = await games.favourites(
        member.memberId,
        query.gameType,
        query.pageSize,
        offsetOf(query.pageNo, query.pageSize),
      );
      return { content: rows.map(toGame), totalPages: pages(total, query.pageSize), pageNum: query.pageNo };
    },

    favouriteIds: (member: AuthenticatedMember) => games.favouriteNodeIds(member.memberId),

    /** Adds a favourite; adding it again changes nothing. */
    async addFavourite(member: AuthenticatedMember, nodeId: string) {
      const row = await findGame(member.merchantCode, nodeId);
      await games.addFavourite(member.memberId, row.id, clock());
      return { nodeId, favourite: true };
    },

    /** Removes a favourite; removing one that is not there succeeds too. */
    async removeFavourite(member: AuthenticatedMember, nodeId: string) {
      const row = await games.findByNodeId(member.merchantCode, nodeId);
      if (row) await games.removeFavourite(member.memberId, row.id);
      return { nodeId, favourite: false };
    },

    async lotteryList(merchantCode: string, gameType: (typeof LOTTERY_GAME_TYPES)[number]) {
      const list = (await games.byGameType(merchantCode, gameType)).map(toGame);
      return { list, nextDraws: await nextDrawsOf(merchantCode, list) };
    },

    async lotteryMenu(merchantCode: string) {
      const structure = await vendorStructure(merchantCode);
      const groups = [];
      for (const gameType of LOTTERY_GAME_TYPES) {
        const list = (await games.byGameType(merchantCode, gameType)).map(toGame);
        groups.push({ gameType, vendors: structure.mapping[gameType]?.vendors ?? [], games: list });
      }
      const nextDraws = await nextDrawsOf(
        merchantCode,
        groups.flatMap((group) => group.games),
      );
      return { prizeMode: structure.prizeMode, groups, nextDraws };
    },

    /**
     * Launches a game or a vendor's lobby for the member, routed by product.md §5. Lottery and direct launches
     * carry a one-time launch token (never the session token) and record the game as recent.
     */
    async launch(member: AuthenticatedMember, input: LaunchInput, ip = ''): Promise<LaunchResult> {
      await deps.checkPlay?.(member.memberId);
      const merchantCode = member.merchantCode;
      let row: GameRow | undefined;
      let vassalage: string;
      let gameType: GameType;
      if (input.gameId !== undefined) {
        row = await games.findByGameId(merchantCode, input.gameId);
        if (!row) throw GAME_NOT_FOUND();
        if (!row.enabled) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'GAME_DISABLED' });
        vassalage = row.vassalage;
        gameType = row.gameType;
      } else {
        vassalage = input.vassalage ?? '';
        gameType = input.gameType ?? 'RNG';
      }
      const vendor = await games.findVendor(merchantCode, vassalage, gameType);
      if (!vendor) {
        throw new DomainError('NOT_FOUND', { reason: 'VENDOR_NOT_FOUND', vassalage, gameType });
      }
      if (!vendor.enabled) {
        throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'VENDOR_DISABLED', vassalage });
      }
      // The operator's own engines play the in-house games and the lottery; a provider plays the rest. A
      // third-party vendor without a provider (or not configured) cannot be launched: nothing stands in for it.
      const ownEngine = launchesInHouseSlot({ vassalage, gameType }) || isLottery(gameType);
      if (!vendor.configured || (!ownEngine && vendor.providerCode === null)) {
        throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'VENDOR_NOT_CONFIGURED', vassalage });
      }
      const structure = await vendorStructure(merchantCode);
      const route = launchRouteOf(
        {
          vassalage,
          gameType,
          lottoMode: row?.lottoMode ?? null,
          fromVendor: input.from === 'vendor' || !row,
        },
        structure.prizeMode,
      );
      if (route.kind === 'gameList') {
        return {
          kind: route.kind,
          rule: route.rule,
          url: gameListPath(route.gameType, route.vassalage),
          expiresAt: null,
          prizeMode: null,
          playType: null,
          supportPlay: null,
        };
      }

      if (!ownEngine && vendor.providerCode !== null && route.kind === 'direct') {
        const target = row ?? (await lobbyGame(merchantCode, vendor.providerCode, vassalage, gameType));
        return launchAtProvider(member, input, vendor.providerCode, target, route.supportPlay, ip);
      }

      const now = clock();
      const token = randomToken();
      const expiresAt = addMs(now, LAUNCH_TOKEN_TTL_MS);
      await games.insertLaunchToken({
        tokenHash: sha256Hex(token),
        memberId: member.memberId,
        merchantCode,
        gameRowId: row?.id ?? null,
        vassalage,
        gameType,
        prizeMode: route.kind === 'lottery' ? route.prizeMode : null,
        playType: route.kind === 'lottery' ? route.playType : null,
        supportPlay: route.kind === 'direct' ? route.supportPlay : null,
        createdAt: now,
        expiresAt,
      });
      if (row) await games.recordRecent(member.memberId, row.id, input.clientType ?? GAME_CLIENT_TYPE, now);

      if (route.kind === 'lottery') {
        const url = `/m/lotto-h5/${encodeURIComponent(merchantCode)}/${route.playType}/games/${row?.gameId ?? 'lobby'}?${queryString(
          { token, merchant: merchantCode, prize_mode: route.prizeMode },
        )}`;
        return {
          kind: route.kind,
          rule: route.rule,
          url,
          expiresAt: expiresAt.toISOString(),
          prizeMode: route.prizeMode,
          playType: route.playType,
          supportPlay: null,
        };
      }
      return {
        kind: route.kind,
        rule: route.rule,
        url: `/m/slotsCenter?${queryString({ launch: token })}`,
        expiresAt: expiresAt.toISOString(),
        prizeMode: null,
        playType: null,
        supportPlay: route.supportPlay,
      };
    },

    /** The in-house provider takes a launch token, once, before it expires. */
    async redeemLaunch(token: string) {
      const used = await games.consumeLaunchToken(sha256Hex(token), clock());
      if (!used) throw new DomainError('LAUNCH_LINK_EXPIRED', { reason: 'LAUNCH_TOKEN_INVALID' });
      const row = used.gameRowId === null ? undefined : await games.findById(used.gameRowId);
      const owner = await games.memberName(used.memberId);
      return {
        userName: owner ?? '',
        merchantCode: used.merchantCode,
        vassalage: used.vassalage,
        gameType: used.gameType,
        game: row ? toGame(row) : null,
        prizeMode: (used.prizeMode as LaunchResult['prizeMode']) ?? null,
        playType: (used.playType as LaunchResult['playType']) ?? null,
        supportPlay: used.supportPlay === null ? null : used.supportPlay === 1 ? (1 as const) : (0 as const),
      };
    },

    async winners(merchantCode: string, query: WinnerQuery) {
      const rows = await games.wins(
        merchantCode,
        query.gameCategory === 'ALL' ? undefined : query.gameCategory,
        query.limitNum,
      );
      return {
        list: rows.map(({ win, game }) => ({
          gameType: win.gameType,
          iconUrl: toGame(game).iconUrl,
          customerName: maskCustomerName(win.customerName),
          gameName: game.gameName,
          winAmount: win.winAmount,
          currency: win.currency,
          wonAt: win.wonAt.toISOString(),
        })),
      };
    },

    /** The artwork of a game; undefined when the merchant has no such game. */
    async gameArt(merchantCode: string, gameId: string): Promise<string | undefined> {
      const row = await games.findByGameId(merchantCode, gameId);
      if (!row) return undefined;
      const vendor = await games.findVendor(merchantCode, row.vassalage, row.gameType);
      return renderGameArt({
        gameId: row.gameId,
        gameName: row.gameName,
        gameType: row.gameType,
        vassalage: row.vassalage,
        vendorName: vendor?.displayName ?? row.vassalage,
        colour: row.colour,
      });
    },

    async vendorArt(merchantCode: string, vassalage: string): Promise<string | undefined> {
      const vendor = (await games.vendors(merchantCode)).find((row) => row.vassalage === vassalage);
      return vendor ? renderVendorArt(vendor) : undefined;
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
