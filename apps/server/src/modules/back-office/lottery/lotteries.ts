import {
  type AdminLottery,
  type AdminLotteryList,
  type CreateLotteryRequest,
  createLotteryRequest,
  type LotteryCreated,
  lotteryProblems,
  type UpdateLotteryRequest,
  updateLotteryRequest,
} from '@kl/contracts/admin/lotteries';
import { IN_HOUSE_LOTTERY_VENDOR, MIN_BETS, PLAY_TYPE_NAMES } from '@kl/contracts/games';
import type { LotteryCategory, LotteryRegion } from '@kl/contracts/lottery';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  createCatalogueWrites,
  createGamesRepository,
  type GameEdit,
  type GameRow,
  type GameVendorRow,
} from '../../games/index.ts';
import {
  createLotteryRepository,
  createLotterySetupRepository,
  type LotteryEdit,
  type LotteryGameRow,
  standardOddsRows,
} from '../../lottery/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { auditedGame, defaultSortRank, nameColumns, newGameRow, vendorColour } from '../games/game-rows.ts';

/**
 * The merchant's lotteries in the back office (docs/back-office.md, "Lotteries";
 * docs/decisions/053-lotteries-in-the-back-office.md): listed with their catalogue games and the draws
 * not drawn yet; added, edited and switched off or on. A new lottery comes with the catalogue game that
 * opens it (under the in-house lottery vendor of its category, made with the first), so players list and
 * launch it at once; the first lottery of a merchant without odds writes the standard odds. The draw
 * scheduler creates its draws (it creates those of every lottery switched on).
 *
 * Switching a lottery off stops its bets at once (betting.ts) and creates no more draws; the draws already
 * created are still drawn and their bets settled, so that every bet taken gets its result. Its catalogue
 * games are switched off and on with it. Audited as `lottery.create` and `lottery.update`, with the
 * catalogue's own `game_vendor.create`, `game.create` and `game.update`.
 */

type Fields = ReturnType<typeof updateLotteryRequest.parse>;

/** What the vendor of a category is called on the site when the first lottery makes it (renamed under Games). */
const VENDOR_NAMES: Record<LotteryCategory, string> = {
  LOTT: 'Xổ Số Truyền Thống',
  ELOTT: 'Xổ Số Siêu Tốc',
};

/** The player's lottery groups of the catalogue (the demo catalogue's `gameGroupId`). */
const GROUP_OF_REGION: Record<LotteryRegion, string> = { MB: 'VN_NORTH', MN: 'VN_SOUTH', MT: 'VN_CENTRAL' };

/** The code of the catalogue game a lottery is made with: unique, as its catalogue link is by code. */
const ownGameCode = (code: string) => `${IN_HOUSE_LOTTERY_VENDOR}_${code}`;

/** A lottery's columns from what an operator wrote (the schedule's other kind emptied). */
function columnsOf(fields: Fields): Required<LotteryEdit> {
  const { schedule } = fields;
  const stations = schedule.kind === 'daily' ? (schedule.stations ?? {}) : {};
  return {
    name: fields.name,
    playTypes: [...fields.playTypes],
    weekdays: schedule.kind === 'daily' ? [...schedule.weekdays].sort((a, b) => a - b) : null,
    drawTime: schedule.kind === 'daily' ? schedule.drawTime : null,
    stations: Object.keys(stations).length > 0 ? (stations as Record<string, string>) : null,
    intervalSeconds: schedule.kind === 'interval' ? schedule.intervalSeconds : null,
    closeSeconds: fields.closeSeconds,
    maxPerDraw: BigInt(fields.maxPerDraw),
    sortOrder: fields.sortOrder,
    enabled: fields.enabled,
  };
}

/** A lottery's settings as the back office shows and the audit keeps them. */
function settingsOf(row: LotteryGameRow) {
  return {
    code: row.code,
    name: row.name,
    region: row.region,
    category: row.category,
    playTypes: row.playTypes.filter((type): type is 'trad' | 'ent' => type === 'trad' || type === 'ent'),
    schedule:
      row.schedule === 'daily'
        ? {
            kind: 'daily' as const,
            weekdays: row.weekdays ?? [],
            drawTime: row.drawTime ?? '',
            stations: row.stations,
          }
        : { kind: 'interval' as const, intervalSeconds: row.intervalSeconds ?? 0 },
    closeSeconds: row.closeSeconds,
    maxPerDraw: moneyNumber(row.maxPerDraw),
    sortOrder: row.sortOrder,
    enabled: row.enabled,
  };
}

/** Refuses fields that do not hold together with the lottery's category and region (400 INVALID_INPUT). */
function checkFields(fields: Fields, fixed: { category: LotteryCategory; region: LotteryRegion }) {
  const [problem] = lotteryProblems({ ...fields, category: fixed.category, region: fixed.region });
  if (problem) throw new DomainError('INVALID_INPUT', { field: problem.path, reason: problem.reason });
}

export function createLotteriesAdmin(deps: {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
  /** Where a change is published: the catalogue's topic and the lottery menu's (docs/decisions/022-api-caching.md). */
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
}) {
  const { db, merchantCode, audit } = deps;
  const setup = createLotterySetupRepository(db);
  const lottery = createLotteryRepository(db);
  const catalogue = createGamesRepository(db);
  const writes = createCatalogueWrites(deps.changes);

  async function viewsOf(rows: readonly LotteryGameRow[], tx: DbOrTx = db): Promise<AdminLottery[]> {
    // One after the other: a transaction's connection takes one query at a time.
    const games = await lottery.catalogueGames(merchantCode, tx);
    const backlog = await setup.drawBacklog(merchantCode, tx);
    return rows.map((row) => {
      const pending = backlog.get(row.id);
      return {
        ...settingsOf(row),
        catalogueGames: (games.get(row.id) ?? []).map(({ gameId, name, vassalage, enabled }) => ({
          gameId,
          name,
          vassalage,
          enabled,
        })),
        pendingDraws: pending?.pendingDraws ?? 0,
        openBets: pending?.openBets ?? 0,
        nextDrawAt: pending?.nextDrawAt?.toISOString() ?? null,
      };
    });
  }

  async function viewOf(row: LotteryGameRow, tx: DbOrTx = db): Promise<AdminLottery> {
    const [view] = await viewsOf([row], tx);
    if (!view) throw new Error(`lottery ${row.code} has no view`);
    return view;
  }

  /** The in-house lottery vendor of a category, made (last of its category) when the merchant has none. */
  async function lotteryVendor(category: LotteryCategory, tx: DbOrTx) {
    const found = await catalogue.lockVendor(merchantCode, IN_HOUSE_LOTTERY_VENDOR, category, tx);
    if (found) return { vendor: found, created: false };
    const orders = (await catalogue.vendors(merchantCode, tx))
      .filter((vendor) => vendor.gameCategory === category)
      .map((vendor) => vendor.sortOrder);
    const created = await writes.insertVendor(
      {
        merchantCode,
        vassalage: IN_HOUSE_LOTTERY_VENDOR,
        gameCategory: category,
        displayName: VENDOR_NAMES[category],
        sortOrder: orders.length === 0 ? 0 : Math.max(...orders) + 1,
        colour: vendorColour(IN_HOUSE_LOTTERY_VENDOR),
        configured: true,
        providerCode: null,
        enabled: true,
      },
      tx,
    );
    // Another transaction made it meanwhile: that one is it.
    const vendor =
      created ?? (await catalogue.lockVendor(merchantCode, IN_HOUSE_LOTTERY_VENDOR, category, tx));
    if (!vendor) throw new Error(`the lottery vendor of ${category} vanished`);
    return { vendor, created: created !== undefined };
  }

  /** The catalogue game a new lottery is launched through, added under `vendor` and linked to it. */
  async function addCatalogueGame(row: LotteryGameRow, vendor: GameVendorRow, tx: DbOrTx): Promise<GameRow> {
    const gameCode = ownGameCode(row.code);
    if (await writes.gameCodeTaken(merchantCode, gameCode, tx)) {
      throw new DomainError('GAME_EXISTS', { gameCode });
    }
    const lastOfVendor = await writes.lastSortRank(merchantCode, vendor.vassalage, vendor.gameCategory, tx);
    const [created] = await writes.insertGames(
      [
        {
          ...newGameRow(vendor, await writes.nextNodeId(merchantCode, tx), {
            gameId: String(await writes.nextGameId(merchantCode, tx)),
            gameName: row.name,
            classes: [],
            minBet: MIN_BETS[0],
            minLine: 1,
            sortRank: defaultSortRank(vendor, lastOfVendor, false),
            hotRank: null,
            isNew: false,
            isTop: false,
            supportPlay: false,
            enabled: row.enabled,
          }),
          gameCode,
          gameGroupId: row.category === 'ELOTT' ? 'FAST' : GROUP_OF_REGION[row.region],
          // What a launch opens: the main play type.
          lottoMode: PLAY_TYPE_NAMES[row.playTypes[0] === 'ent' ? 'ent' : 'trad'],
        },
      ],
      tx,
    );
    if (!created) throw new Error(`the catalogue game of ${row.code} was not added`);
    await setup.linkCatalogueGames(
      [{ merchantCode, catalogueGameCode: gameCode, lotteryGameId: row.id }],
      tx,
    );
    return created;
  }

  /**
   * The lottery's catalogue games follow it: all are switched on or off with it, and the one it was made
   * with takes its name. Each game changed is audited as `game.update`; answers their game ids.
   */
  async function followInCatalogue(
    actor: AuditActor,
    before: LotteryGameRow,
    after: LotteryGameRow,
    tx: DbOrTx,
  ): Promise<string[]> {
    const linked = (await lottery.catalogueGames(merchantCode, tx)).get(after.id) ?? [];
    const rows = await writes.gamesByGameIds(
      merchantCode,
      linked.map((entry) => entry.gameId),
      tx,
    );
    const changed: string[] = [];
    for (const current of rows) {
      const set: GameEdit = {};
      if (before.enabled !== after.enabled && current.enabled !== after.enabled) set.enabled = after.enabled;
      if (current.gameCode === ownGameCode(after.code) && current.gameName !== after.name) {
        Object.assign(set, nameColumns(after.name));
      }
      if (Object.keys(set).length === 0) continue;
      await writes.updateGame(current.id, set, tx);
      await audit.record(
        actor,
        {
          action: 'game.update',
          targetType: 'game',
          targetId: String(current.id),
          before: auditedGame(current),
          after: auditedGame({ ...current, ...set }),
        },
        tx,
      );
      changed.push(current.gameId);
    }
    if (changed.length > 0) await writes.changed(tx);
    return changed;
  }

  /** Changes one lottery under its row lock; a change that changes nothing writes nothing. */
  async function change(
    actor: AuditActor,
    code: string,
    edit: (row: LotteryGameRow) => LotteryEdit,
  ): Promise<AdminLottery> {
    return db.transaction(async (tx) => {
      const row = await setup.lockGame(merchantCode, code, tx);
      if (!row) throw new DomainError('NOT_FOUND', { reason: 'LOTTERY_NOT_FOUND' });
      const after = await setup.updateGame(row.id, edit(row), tx);
      const [before, now] = [settingsOf(row), settingsOf(after)];
      if (JSON.stringify(before) === JSON.stringify(now)) return viewOf(after, tx);
      const catalogueGames = await followInCatalogue(actor, row, after, tx);
      await deps.changes?.publish('lottery-menu', tx);
      await audit.record(
        actor,
        {
          action: 'lottery.update',
          targetType: 'lottery',
          targetId: code,
          before,
          after: { ...now, catalogueGamesChanged: catalogueGames },
        },
        tx,
      );
      return viewOf(after, tx);
    });
  }

  return {
    async list(): Promise<AdminLotteryList> {
      const [rows, hasOdds] = await Promise.all([setup.gamesOf(merchantCode), setup.hasOdds(merchantCode)]);
      return { list: await viewsOf(rows), hasOdds };
    },

    /**
     * Adds a lottery with its catalogue game (and the in-house lottery vendor of its category, the first
     * time), and the standard odds when the merchant has none. A code taken: 409 LOTTERY_EXISTS.
     */
    async create(actor: AuditActor, request: CreateLotteryRequest): Promise<LotteryCreated> {
      const input = createLotteryRequest.parse(request);
      return db.transaction(async (tx) => {
        // Catalogue games are numbered one after the other: adders wait for each other (players never do).
        await writes.lockGamesForAdding(tx);
        const [row] = await setup.insertGames(
          [
            {
              merchantCode,
              code: input.code,
              region: input.region,
              category: input.category,
              schedule: input.schedule.kind,
              ...columnsOf(input),
            },
          ],
          tx,
        );
        if (!row) throw new DomainError('LOTTERY_EXISTS', { code: input.code });
        const standardOddsWritten =
          !(await setup.hasOdds(merchantCode, tx)) &&
          (await setup.insertOdds(standardOddsRows(merchantCode), tx)) > 0;
        const { vendor, created: vendorCreated } = await lotteryVendor(input.category, tx);
        const catalogueGame = await addCatalogueGame(row, vendor, tx);
        await writes.changed(tx);
        await deps.changes?.publish('lottery-menu', tx);
        if (vendorCreated) {
          await audit.record(
            actor,
            {
              action: 'game_vendor.create',
              targetType: 'game_vendor',
              targetId: `${vendor.gameCategory}:${vendor.vassalage}`,
              after: {
                displayName: vendor.displayName,
                sortOrder: vendor.sortOrder,
                providerCode: vendor.providerCode,
                enabled: vendor.enabled,
              },
            },
            tx,
          );
        }
        await audit.record(
          actor,
          {
            action: 'game.create',
            targetType: 'game',
            targetId: String(catalogueGame.id),
            after: auditedGame(catalogueGame),
          },
          tx,
        );
        await audit.record(
          actor,
          {
            action: 'lottery.create',
            targetType: 'lottery',
            targetId: row.code,
            after: { ...settingsOf(row), catalogueGameId: catalogueGame.gameId, standardOddsWritten },
          },
          tx,
        );
        return { lottery: await viewOf(row, tx), standardOddsWritten };
      });
    },

    /** Changes a lottery's fields (its code, region and category stay). Unknown: 404. */
    update(actor: AuditActor, code: string, request: UpdateLotteryRequest): Promise<AdminLottery> {
      const fields = updateLotteryRequest.parse(request);
      return change(actor, code, (row) => {
        checkFields(fields, row);
        return columnsOf(fields);
      });
    },

    /** Switches a lottery off (no bet from now, no new draw) or on again. Unknown: 404. */
    setEnabled(actor: AuditActor, code: string, enabled: boolean): Promise<AdminLottery> {
      return change(actor, code, () => ({ enabled }));
    },
  };
}

export type LotteriesAdmin = ReturnType<typeof createLotteriesAdmin>;
