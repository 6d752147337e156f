import type {
  AdminGameProviderList,
  CatalogueImportReport,
  createGameRequest,
  createGameVendorRequest,
} from '@kl/contracts/admin/catalogue';
import type { AdminGame, AdminGameVendor } from '@kl/contracts/admin/games';
import type { z } from 'zod';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  createCatalogueWrites,
  createGamesRepository,
  type GameEdit,
  type GameRow,
  type GameVendorRow,
  type NewGameRow,
  minBetUnits,
} from '../../games/index.ts';
import type { ImageStore } from '../../images/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { checkPicture } from '../images/picture-check.ts';
import { type CatalogueLine, checkCatalogueFile } from './csv-import.ts';
import {
  auditedGame,
  classColumns,
  defaultSortRank,
  isLotteryType,
  nameColumns,
  newGameRow,
  sameClasses,
  vendorColour,
} from './game-rows.ts';
import { gameOf, vendorOf } from './service.ts';
import { checkVendorProvider, type GameProviders } from './vendor-provider.ts';

/**
 * Setting the catalogue up (docs/back-office.md, "Game catalogue"; docs/decisions/046-catalogue-in-the-back-office.md):
 * vendors and games added one by one, and a CSV file imported, its good lines written in one transaction
 * with one `game.import` audit row. Each write publishes the catalogue's topic, so the player site lists
 * the games at once.
 */

type NewVendor = z.output<typeof createGameVendorRequest>;
type NewGameInput = z.output<typeof createGameRequest>;

export function createCatalogueAdmin(deps: {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
  /** The providers a vendor may be played by. */
  providers: GameProviders;
  /** Where a new game's uploaded artwork is checked. */
  imageStore: Pick<ImageStore, 'size'>;
}) {
  const { db, merchantCode, audit } = deps;
  const catalogue = createGamesRepository(db);
  const writes = createCatalogueWrites(deps.changes);

  /** The hot positions handed out in one transaction, one after the other. */
  function hotRanks(tx: DbOrTx) {
    let next: number | undefined;
    return async () => {
      next ??= await catalogue.nextHotRank(merchantCode, tx);
      next += 1;
      return next - 1;
    };
  }

  /** The positions of games added without one, after their vendor's last, in one transaction. */
  function sortRanks(tx: DbOrTx) {
    const last = new Map<string, number | null>();
    return async (vendor: GameVendorRow, isTop: boolean) => {
      const key = `${vendor.gameCategory}:${vendor.vassalage}`;
      if (!last.has(key)) {
        last.set(key, await writes.lastSortRank(merchantCode, vendor.vassalage, vendor.gameCategory, tx));
      }
      const rank = defaultSortRank(vendor, last.get(key) ?? null, isTop);
      last.set(key, rank);
      return rank;
    };
  }

  /** What of an existing game a line of the file changes (its optional columns only when given). */
  async function editOf(current: GameRow, line: CatalogueLine, hotRank: () => Promise<number>) {
    const set: GameEdit = {};
    if (line.gameName !== current.gameName) Object.assign(set, nameColumns(line.gameName));
    if (!sameClasses(line.classes, current.classifyTags)) Object.assign(set, classColumns(line.classes));
    if (minBetUnits(line.minBet) !== current.minBet) set.minBet = minBetUnits(line.minBet);
    if (line.enabled !== current.enabled) set.enabled = line.enabled;
    if (line.hot === true && current.hotRank === null) set.hotRank = await hotRank();
    if (line.hot === false && current.hotRank !== null) set.hotRank = null;
    if (line.isNew !== undefined && line.isNew !== current.isNew) set.isNew = line.isNew;
    if (line.isTop !== undefined && line.isTop !== current.isTop) set.isTop = line.isTop;
    if (line.sortRank !== undefined && line.sortRank !== current.sortRank) set.sortRank = line.sortRank;
    if (line.minLine !== undefined && line.minLine !== current.minLine) set.minLine = line.minLine;
    if (line.supportPlay !== undefined && line.supportPlay !== (current.supportPlay === 1)) {
      set.supportPlay = line.supportPlay ? 1 : 0;
    }
    return set;
  }

  return {
    /** The merchant's game providers (never their keys): what a vendor may be played by. */
    async providers(): Promise<AdminGameProviderList> {
      return { list: await deps.providers(merchantCode) };
    },

    /** Adds a vendor to a category. The same code in the category: 409 GAME_VENDOR_EXISTS. */
    async createVendor(actor: AuditActor, input: NewVendor): Promise<AdminGameVendor> {
      await checkVendorProvider(deps.providers, merchantCode, input, input.providerCode);
      return db.transaction(async (tx) => {
        const created = await writes.insertVendor(
          {
            merchantCode,
            vassalage: input.vassalage,
            gameCategory: input.gameCategory,
            displayName: input.displayName,
            sortOrder: input.sortOrder,
            colour: vendorColour(input.vassalage),
            configured: true,
            providerCode: input.providerCode,
            enabled: input.enabled,
          },
          tx,
        );
        if (!created) {
          throw new DomainError('GAME_VENDOR_EXISTS', {
            vassalage: input.vassalage,
            gameCategory: input.gameCategory,
          });
        }
        await writes.changed(tx);
        await audit.record(
          actor,
          {
            action: 'game_vendor.create',
            targetType: 'game_vendor',
            targetId: `${created.gameCategory}:${created.vassalage}`,
            after: {
              displayName: created.displayName,
              sortOrder: created.sortOrder,
              providerCode: created.providerCode,
              enabled: created.enabled,
            },
          },
          tx,
        );
        return vendorOf(created, { games: 0, enabledGames: 0 });
      });
    },

    /**
     * Adds a game to a vendor's category. Unknown vendor: 400 GAME_VENDOR_UNKNOWN; a lottery category:
     * 400 LOTTERY_GAMES_FIXED; a game id the catalogue has: 409 GAME_EXISTS.
     */
    async createGame(actor: AuditActor, input: NewGameInput): Promise<AdminGame> {
      if (isLotteryType(input.gameType)) throw new DomainError('LOTTERY_GAMES_FIXED');
      return db.transaction(async (tx) => {
        const vendor = await catalogue.lockVendor(merchantCode, input.vassalage, input.gameType, tx);
        if (!vendor) throw new DomainError('GAME_VENDOR_UNKNOWN', { vassalage: input.vassalage });
        await writes.lockGamesForAdding(tx);
        const [taken] = await writes.gamesByGameIds(merchantCode, [input.gameId], tx);
        if (taken) throw new DomainError('GAME_EXISTS', { gameId: input.gameId, id: taken.id });
        await checkPicture(
          deps.imageStore,
          { imageId: input.imageId, place: 'game_art', field: 'imageId' },
          tx,
        );
        const row = newGameRow(vendor, await writes.nextNodeId(merchantCode, tx), {
          ...input,
          sortRank: input.sortRank ?? (await sortRanks(tx)(vendor, input.isTop)),
          hotRank: input.hot ? await hotRanks(tx)() : null,
        });
        const [created] = await writes.insertGames([row], tx);
        if (!created) throw new Error('the game was not added');
        await writes.changed(tx);
        await audit.record(
          actor,
          {
            action: 'game.create',
            targetType: 'game',
            targetId: String(created.id),
            after: auditedGame(created),
          },
          tx,
        );
        const view = await catalogue.gameWithVendor(created.id, tx);
        if (!view) throw new Error(`game ${created.id} vanished`);
        return gameOf(view);
      });
    },

    /**
     * Checks a catalogue file and, unless `dryRun`, writes its good lines in one transaction: a game id the
     * catalogue has in the same vendor and category is that game, changed; a new one is added; one of
     * another vendor or category is refused. Audited as one `game.import` row with the counts.
     */
    async importCsv(actor: AuditActor, csv: string, dryRun: boolean): Promise<CatalogueImportReport> {
      return db.transaction(async (tx) => {
        if (!dryRun) await writes.lockGamesForAdding(tx);
        const check = checkCatalogueFile(csv, await catalogue.vendors(merchantCode, tx));
        const refused = [...check.refused];
        const existing = new Map(
          (
            await writes.gamesByGameIds(
              merchantCode,
              check.lines.map((line) => line.gameId),
              tx,
            )
          ).map((row) => [row.gameId, row]),
        );
        const hotRank = hotRanks(tx);
        const sortRank = sortRanks(tx);
        const creates: { line: CatalogueLine; row: Omit<NewGameRow, 'nodeId'> }[] = [];
        const updates: { current: GameRow; set: GameEdit }[] = [];
        let unchanged = 0;
        for (const line of check.lines) {
          const current = existing.get(line.gameId);
          if (
            current &&
            (current.vassalage !== line.vendor.vassalage || current.gameType !== line.vendor.gameCategory)
          ) {
            refused.push({
              line: line.line,
              column: 'gameId',
              reason: 'game_id_taken',
              value: `${current.gameType}:${current.vassalage}`,
            });
          } else if (current) {
            const set = await editOf(current, line, hotRank);
            if (Object.keys(set).length > 0) updates.push({ current, set });
            else unchanged += 1;
          } else {
            const isTop = line.isTop ?? false;
            creates.push({
              line,
              row: newGameRow(line.vendor, 0, {
                gameId: line.gameId,
                gameName: line.gameName,
                classes: line.classes,
                minBet: line.minBet,
                minLine: line.minLine ?? 1,
                sortRank: line.sortRank ?? (await sortRank(line.vendor, isTop)),
                hotRank: line.hot ? await hotRank() : null,
                isNew: line.isNew ?? false,
                isTop,
                supportPlay: line.supportPlay ?? false,
                enabled: line.enabled,
              }),
            });
          }
        }
        refused.sort((a, b) => a.line - b.line);
        const report: CatalogueImportReport = {
          dryRun,
          rows: check.rows,
          created: creates.length,
          updated: updates.length,
          unchanged,
          refused,
          refusedRows: new Set(refused.map((entry) => entry.line)).size,
        };
        if (dryRun) return report;

        const firstNode = await writes.nextNodeId(merchantCode, tx);
        await writes.insertGames(
          creates.map((create, index) => ({ ...create.row, nodeId: String(firstNode + index) })),
          tx,
        );
        for (const update of updates) await writes.updateGame(update.current.id, update.set, tx);
        if (creates.length + updates.length > 0) await writes.changed(tx);
        if (creates.length >= 100) await writes.analyse(tx);
        await audit.record(
          actor,
          {
            action: 'game.import',
            targetType: 'game_catalogue',
            targetId: merchantCode,
            after: {
              rows: report.rows,
              created: report.created,
              updated: report.updated,
              unchanged: report.unchanged,
              refusedRows: report.refusedRows,
            },
          },
          tx,
        );
        return report;
      });
    },
  };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;
