import type {
  AdminGame,
  GameClassTag,
  AdminGamePage,
  AdminGameVendor,
  AdminGameVendorList,
} from '@kl/contracts/admin/games';
import { CATEGORY_SORTING, type GameType, type MinBet } from '@kl/contracts/games';
import type { Db } from '../../../platform/db.ts';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  type AdminGameFilters,
  createCatalogueWrites,
  createGamesRepository,
  type GameEdit,
  type GameRow,
  type GameVendorRow,
  type GameWithVendor,
  type VendorChange,
  gameArtUrl,
  minBetText,
  minBetUnits,
  launchesInHouseSlot,
} from '../../games/index.ts';
import type { ImageStore } from '../../images/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { checkPicture } from '../images/picture-check.ts';
import { classColumns, nameColumns, sameClasses } from './game-rows.ts';
import { checkVendorProvider, type GameProviders } from './vendor-provider.ts';

/**
 * Game vendors and games in the back office (docs/back-office.md, "Games", "Game catalogue"). The games module reads the
 * catalogue on every call (no cache of its own), so what changes here shows to players at once: a game or
 * vendor off is neither listed nor launched. Every change is audited in its transaction (`game.update`,
 * `game_vendor.update`) with the fields before and after; a change that changes nothing writes nothing.
 */

/** What a game update asks for, once validated. */
export interface GameChange {
  enabled?: boolean | undefined;
  hot?: boolean | undefined;
  isNew?: boolean | undefined;
  isTop?: boolean | undefined;
  sortRank?: number | undefined;
  minBet?: MinBet | undefined;
  gameName?: string | undefined;
  classes?: readonly GameClassTag[] | undefined;
  minLine?: number | undefined;
  supportPlay?: boolean | undefined;
  /** An uploaded picture made for `game_art`, or null for the drawn artwork. */
  imageId?: string | null | undefined;
  /** Another studio machine, for an in-house slot title only. */
  slotMachine?: string | undefined;
}

/** What a vendor update asks for, once validated. */
export interface VendorUpdate {
  enabled?: boolean | undefined;
  displayName?: string | undefined;
  sortOrder?: number | undefined;
  providerCode?: string | null | undefined;
}

export function vendorOf(
  row: GameVendorRow,
  counts: { games: number; enabledGames: number },
): AdminGameVendor {
  return {
    vassalage: row.vassalage,
    gameCategory: row.gameCategory,
    displayName: row.displayName,
    sortOrder: row.sortOrder,
    configured: row.configured,
    providerCode: row.providerCode,
    enabled: row.enabled,
    games: Number(counts.games),
    enabledGames: Number(counts.enabledGames),
  };
}

export function gameOf({ game, vendorName, vendorEnabled }: GameWithVendor): AdminGame {
  return {
    id: game.id,
    gameId: game.gameId,
    nodeId: game.nodeId,
    gameName: game.gameName,
    gameType: game.gameType,
    vassalage: game.vassalage,
    vendorName: vendorName ?? game.vassalage,
    gameClassify: game.gameClassify,
    classes: game.classifyTags,
    supportPlay: game.supportPlay === 1,
    enabled: game.enabled,
    vendorEnabled: vendorEnabled ?? false,
    hot: game.hotRank !== null,
    hotRank: game.hotRank,
    isNew: game.isNew,
    isTop: game.isTop,
    sortRank: game.sortRank,
    minBet: minBetText(game.minBet),
    minLine: game.minLine,
    imageId: game.imageId,
    slotMachine: game.slotMachine,
    iconUrl: gameArtUrl(game),
  };
}

/** The fields an operator changes, as the audit keeps them. */
const presentationOf = (row: GameRow) => ({
  enabled: row.enabled,
  hotRank: row.hotRank,
  isNew: row.isNew,
  isTop: row.isTop,
  sortRank: row.sortRank,
  minBet: minBetText(row.minBet),
  gameName: row.gameName,
  classes: row.classifyTags,
  minLine: row.minLine,
  supportPlay: row.supportPlay === 1,
  imageId: row.imageId,
  slotMachine: row.slotMachine,
});

/** The fields of a vendor an operator changes, as the audit keeps them. */
const vendorFieldsOf = (row: GameVendorRow) => ({
  displayName: row.displayName,
  sortOrder: row.sortOrder,
  providerCode: row.providerCode,
  enabled: row.enabled,
});

const categoryOrder = (category: GameType) => CATEGORY_SORTING.indexOf(category);

export function createGamesAdmin(deps: {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
  /** Where a change of the catalogue is published ('catalogue'; docs/decisions/022-api-caching.md). */
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
  /** The providers a vendor may be played by. */
  providers: GameProviders;
  /** Where a game's uploaded artwork is checked. */
  imageStore: Pick<ImageStore, 'size'>;
}) {
  const { db, merchantCode, audit } = deps;
  // The games module's repository: the one writer of the catalogue.
  const catalogue = createGamesRepository(db);
  const writes = createCatalogueWrites(deps.changes);

  return {
    /** Every vendor, in the order of the player site's categories, then their order in the category. */
    async vendors(): Promise<AdminGameVendorList> {
      const rows = await catalogue.vendorsForOperators(merchantCode);
      const list = rows.map((row) =>
        vendorOf(row.vendor, { games: row.games ?? 0, enabledGames: row.enabledGames ?? 0 }),
      );
      list.sort(
        (a, b) => categoryOrder(a.gameCategory) - categoryOrder(b.gameCategory) || a.sortOrder - b.sortOrder,
      );
      return { list };
    },

    /**
     * Changes a vendor in its category: its switch (its games keep their own), name, place and provider.
     * Unknown: 404. A provider must be registered, and is refused where the site's own engine plays.
     */
    async updateVendor(
      actor: AuditActor,
      key: { gameCategory: GameType; vassalage: string },
      change: VendorUpdate,
    ): Promise<AdminGameVendor> {
      // The providers are read before the transaction: they are the provider wallet's, not locked here.
      if (change.providerCode !== undefined) {
        await checkVendorProvider(deps.providers, merchantCode, key, change.providerCode);
      }
      return db.transaction(async (tx) => {
        const current = await catalogue.lockVendor(merchantCode, key.vassalage, key.gameCategory, tx);
        if (!current) throw new DomainError('NOT_FOUND', { reason: 'VENDOR_NOT_FOUND' });
        const set: VendorChange = {};
        if (change.enabled !== undefined && change.enabled !== current.enabled) set.enabled = change.enabled;
        if (change.displayName !== undefined && change.displayName !== current.displayName) {
          set.displayName = change.displayName;
        }
        if (change.sortOrder !== undefined && change.sortOrder !== current.sortOrder) {
          set.sortOrder = change.sortOrder;
        }
        if (change.providerCode !== undefined && change.providerCode !== current.providerCode) {
          set.providerCode = change.providerCode;
        }
        let row = current;
        if (Object.keys(set).length > 0) {
          row = await writes.updateVendor(current, set, tx);
          await writes.changed(tx);
          await audit.record(
            actor,
            {
              action: 'game_vendor.update',
              targetType: 'game_vendor',
              targetId: `${current.gameCategory}:${current.vassalage}`,
              before: vendorFieldsOf(current),
              after: vendorFieldsOf(row),
            },
            tx,
          );
        }
        return vendorOf(row, await catalogue.vendorCounts(merchantCode, row.vassalage, row.gameCategory, tx));
      });
    },

    async games(query: AdminGameFilters & { pageNo: number; pageSize: number }): Promise<AdminGamePage> {
      const { rows, total } = await catalogue.gamePageForOperators(
        merchantCode,
        query,
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return { list: rows.map(gameOf), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /** Changes a game's presentation fields (those given). Unknown: 404. */
    async updateGame(actor: AuditActor, id: number, change: GameChange): Promise<AdminGame> {
      return db.transaction(async (tx) => {
        const current = await catalogue.lockGame(merchantCode, id, tx);
        if (!current) throw new DomainError('NOT_FOUND', { reason: 'GAME_NOT_FOUND' });
        const set: GameEdit = {};
        if (change.enabled !== undefined && change.enabled !== current.enabled) set.enabled = change.enabled;
        if (change.hot === true && current.hotRank === null) {
          set.hotRank = await catalogue.nextHotRank(merchantCode, tx);
        }
        if (change.hot === false && current.hotRank !== null) set.hotRank = null;
        if (change.isNew !== undefined && change.isNew !== current.isNew) set.isNew = change.isNew;
        if (change.isTop !== undefined && change.isTop !== current.isTop) set.isTop = change.isTop;
        if (change.sortRank !== undefined && change.sortRank !== current.sortRank) {
          set.sortRank = change.sortRank;
        }
        if (change.minBet !== undefined && minBetUnits(change.minBet) !== current.minBet) {
          set.minBet = minBetUnits(change.minBet);
        }
        if (change.gameName !== undefined && change.gameName !== current.gameName) {
          Object.assign(set, nameColumns(change.gameName));
        }
        if (change.classes !== undefined && !sameClasses(change.classes, current.classifyTags)) {
          Object.assign(set, classColumns(change.classes));
        }
        if (change.minLine !== undefined && change.minLine !== current.minLine) set.minLine = change.minLine;
        if (change.supportPlay !== undefined && change.supportPlay !== (current.supportPlay === 1)) {
          set.supportPlay = change.supportPlay ? 1 : 0;
        }
        if (change.imageId !== undefined && change.imageId !== current.imageId) {
          await checkPicture(
            deps.imageStore,
            { imageId: change.imageId, place: 'game_art', field: 'imageId' },
            tx,
          );
          set.imageId = change.imageId;
        }
        if (change.slotMachine !== undefined && change.slotMachine !== current.slotMachine) {
          // Only a title that opens the studio has a machine; the next spin plays the new one.
          if (!launchesInHouseSlot({ vassalage: current.vassalage, gameType: current.gameType }))
            throw new DomainError('INVALID_INPUT', { field: 'slotMachine', reason: 'NOT_IN_HOUSE_SLOT' });
          set.slotMachine = change.slotMachine;
        }
        if (Object.keys(set).length > 0) {
          await writes.updateGame(id, set, tx);
          await writes.changed(tx);
          await audit.record(
            actor,
            {
              action: 'game.update',
              targetType: 'game',
              targetId: String(id),
              before: presentationOf(current),
              after: presentationOf({ ...current, ...set }),
            },
            tx,
          );
        }
        const view = await catalogue.gameWithVendor(id, tx);
        if (!view) throw new Error(`game ${id} vanished`);
        return gameOf(view);
      });
    },
  };
}

export type GamesAdmin = ReturnType<typeof createGamesAdmin>;
