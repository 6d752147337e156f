import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminGame } from '@kl/contracts/admin/games';
import { GAME_CLASSES, GAME_TYPES, IN_HOUSE_VENDOR, MIN_BETS } from '@kl/contracts/games';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { game, gameVendor, type NewGameRow } from '../../db/schema/index.ts';
import { call, freshIp } from '../../test/accounts.ts';
import { answerValue } from '../../test/answers.ts';
import { useBackOfficeSuite } from '../../test/back-office.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { createCatalogueWrites } from './catalogue-writes.ts';
import { minBetUnits, toGame } from './game-mapping.ts';
import { createGamesRepository, type GameFilters, type GamesRepository } from './repository.ts';
import {
  type CatalogueIndex,
  createGameSearchIndex,
  type GameSearchIndex,
  type ListedGameRow,
} from './search-index.ts';
import { searchableName, trigramsOf } from './search-text.ts';

/**
 * The search index answers what the SQL search answers (docs/decisions/023-game-search-index.md): the same
 * games in the same order, the same count, for every filter, names with and without Vietnamese marks,
 * LIKE's wildcards taken literally, pages past the end; and a change of the catalogue is seen at once.
 */

const MERCHANT = 'kimlong';

/** Games whose names test the name search: marks, đ/Đ, LIKE wildcards, spaces, another merchant's game. */
const NAMES = [
  'Rồng Vàng Đại Phát',
  'RỒNG VÀNG 2',
  'Đua Thuyền Rồng',
  'Ðêm Rồng',
  '100% Thắng_lớn',
  'Cash\\Back  Rush',
  'Phở   Bò   Nóng',
];

function extraGame(name: string, index: number, overrides: Partial<NewGameRow> = {}): NewGameRow {
  const search = searchableName(name);
  return {
    merchantCode: MERCHANT,
    nodeId: String(9_000_000 + index),
    gameId: String(9_000_000 + index),
    gameType: 'RNG',
    vassalage: 'LOTUS',
    vendorCode: 'LOTUS',
    roomId: null,
    nodeName: name,
    gameName: name,
    gameCode: `LOTUS_EXTRA_${index}`,
    gameGroupId: null,
    lottoMode: null,
    displayName: name,
    gameClassify: 'JP',
    classifyTags: ['JP'],
    supportPlay: 1,
    isNew: index % 2 === 0,
    isTop: index % 3 === 0,
    minBet: minBetUnits(MIN_BETS[index % MIN_BETS.length] ?? '0.01'),
    minLine: [1, 20, 50, 243][index % 4] ?? 1,
    // Ties on the rank with seeded games: the id decides, as in SQL.
    sortRank: 1_000_000 + (index % 3),
    hotRank: null,
    nameSearch: search,
    nameTrigrams: trigramsOf(search),
    colour: '#aa3355',
    ...overrides,
  };
}

const ids = (page: { rows: { id: number }[] }) => page.rows.map((row) => row.id);

describeEachDatabase('game search index', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);
  let games: GamesRepository;
  let searchIndex: GameSearchIndex<ListedGameRow>;

  beforeAll(async () => {
    const db = database.current.db;
    games = createGamesRepository(db);
    const writes = createCatalogueWrites();
    await writes.insertGames(
      [
        ...NAMES.map((name, index) => extraGame(name, index)),
        // Not listed: switched off, or its vendor in that category is.
        extraGame('Rồng Tắt', 20, { enabled: false }),
        extraGame('Rồng Cá Tắt', 21, { gameType: 'FISH', vassalage: 'OCEAN_OFF' }),
      ],
      db,
    );
    await writes.insertVendor(
      {
        merchantCode: MERCHANT,
        vassalage: 'OCEAN_OFF',
        gameCategory: 'FISH',
        displayName: 'Ocean Off',
        sortOrder: 99,
        colour: '#123456',
        enabled: false,
      },
      db,
    );
    searchIndex = createGameSearchIndex({
      loadPage: (merchantCode, after, limit) => games.listedGamesPage(merchantCode, after, limit),
      searchDatabase: (merchantCode, filters, limit, offset) =>
        games.search(merchantCode, filters, limit, offset),
      present: (row) => row,
    });
  });

  const compare = async (index: CatalogueIndex, filters: GameFilters, limit: number, offset: number) => {
    const fromSql = await games.search(MERCHANT, filters, limit, offset);
    const fromIndex = index.search(filters, limit, offset);
    expect({ filters, limit, offset, total: fromIndex.total, ids: ids(fromIndex) }).toEqual({
      filters,
      limit,
      offset,
      total: fromSql.total,
      ids: ids(fromSql),
    });
    // Every field a member sees, as the SQL's rows make it.
    expect(fromIndex.rows.map(toGame)).toEqual(fromSql.rows.map(toGame));
    return fromSql;
  };

  describe('answers as SQL does', () => {
    it('every filter alone, on the first page and the next ones', async () => {
      const index = await searchIndex.ready(MERCHANT);
      const vendors = [...new Set((await games.vendors(MERCHANT)).map((row) => row.vassalage))];
      const single: GameFilters[] = [
        {},
        ...GAME_TYPES.map((gameType) => ({ gameType })),
        ...vendors.map((vassalage) => ({ vassalage })),
        { vassalage: 'NOSUCHVENDOR' },
        { vassalage: 'lotus' },
        ...[...GAME_CLASSES, 'BG', 'XX'].map((gameClassify) => ({ gameClassify })),
        { isNew: true },
        { isNew: false },
        { isTop: true },
        { isTop: false },
        ...MIN_BETS.map((minBet) => ({ minBet: minBetUnits(minBet) })),
        ...[0, 1, 9, 20, 50, 243, 244].map((minLine) => ({ minLine })),
      ];
      for (const filters of single) {
        for (const [limit, offset] of [
          [9, 0],
          [25, 25],
          [100, 200],
        ] as const) {
          await compare(index, filters, limit, offset);
        }
      }
    });

    it('filters together', async () => {
      const index = await searchIndex.ready(MERCHANT);
      const combined: GameFilters[] = [
        { gameType: 'RNG', vassalage: 'LOTUS' },
        { gameType: 'FISH', vassalage: 'LOTUS' },
        { gameType: 'RNG', gameClassify: 'JP', minBet: 1 },
        { gameType: 'RNG', gameClassify: 'BG' },
        { gameType: 'RNG', minLine: 50, isNew: true },
        { gameType: 'RNG', vassalage: 'LOTUS', isTop: false, isNew: false, minLine: 20 },
        { gameType: 'LIVE', minLine: 2 },
        { vassalage: 'LOTUS', gameName: 'rong', minBet: 5 },
        { gameType: 'PVP', gameName: 'ti' },
        { isTop: true, isNew: true, gameName: 'a' },
      ];
      for (const filters of combined) {
        await compare(index, filters, 9, 0);
        await compare(index, filters, 7, 7);
      }
    });

    it('names: anywhere, without case or marks, đ and Đ as d, wildcards literally', async () => {
      const index = await searchIndex.ready(MERCHANT);
      const names = [
        'dragon',
        'DRAGON',
        'golden koi',
        'rồng',
        'RONG',
        'Rong vang',
        'rồng vàng đại',
        'đà nẵng',
        'DA NANG',
        'Đua',
        'ðêm',
        'dem rong',
        '100%',
        '%',
        '_',
        'thang_lon',
        'g_l',
        'cash\\back',
        '\\',
        'pho bo nong',
        'phở   bò',
        'a',
        'ti',
        'xyz-not-a-game',
        '  ',
        '\u0301',
      ];
      for (const gameName of names) {
        const found = await compare(index, { gameName }, 100, 0);
        await compare(index, { gameName }, 9, 9);
        if (gameName === 'rồng') expect(found.total).toBeGreaterThanOrEqual(4);
      }
      // Neither switched off games nor the games of a vendor switched off in their category.
      const rong = index.search({ gameName: 'rong' }, 100, 0).rows.map((row) => row.gameName);
      expect(rong).toEqual(expect.arrayContaining(['Rồng Vàng Đại Phát', 'Đua Thuyền Rồng', 'Ðêm Rồng']));
      expect(rong).not.toContain('Rồng Tắt');
      expect(rong).not.toContain('Rồng Cá Tắt');
    });

    it('pages past the end: no games, the same count', async () => {
      const index = await searchIndex.ready(MERCHANT);
      for (const offset of [800, 805, 5_000, 9_999_900]) {
        const page = await compare(index, {}, 100, offset);
        expect(page.total).toBeGreaterThan(800);
      }
      const last = await compare(index, { gameName: 'rong' }, 2, 2);
      expect(last.rows.length).toBeLessThanOrEqual(2);
      await compare(index, { gameName: 'rong' }, 9, 9_000);
    });
  });

  it('keeps a page: asked again, the same rows array; any other page (past the end too) its own', async () => {
    // The route keeps the written text of a page by its rows array (routes.ts `writtenPages`).
    const index = await searchIndex.ready(MERCHANT);
    const first = index.search({ gameName: 'rong' }, 2, 0);
    expect(index.search({ gameName: 'rong' }, 2, 0).rows).toBe(first.rows);
    const others = [
      index.search({ gameName: 'rong' }, 2, 2),
      index.search({ gameName: 'rong' }, 3, 0),
      index.search({ gameName: 'rong' }, 2, 9_000),
      index.search({ gameName: 'rong' }, 2, 9_002),
      index.search({ gameName: 'rong', isNew: true }, 2, 0),
    ];
    expect(new Set([first, ...others].map((page) => page.rows)).size).toBe(1 + others.length);
  });

  describe('changes', () => {
    it('a switched off game or vendor is not listed from the moment of the change', async () => {
      const db = database.current.db;
      const index = await searchIndex.ready(MERCHANT);
      const [target] = index.search({ gameName: 'Rồng Vàng Đại Phát' }, 1, 0).rows;
      if (!target) throw new Error('the game to switch off is not listed');

      await db.update(game).set({ enabled: false }).where(eq(game.id, target.id));
      searchIndex.invalidate(MERCHANT);
      // Until the new index is built, answers come from the database: never from the old index.
      expect(searchIndex.current(MERCHANT)).toBeUndefined();
      const during = await searchIndex.search(MERCHANT, { gameName: 'rong vang' }, 100, 0);
      expect(during.rows.map((row) => row.id)).not.toContain(target.id);
      const rebuilt = await searchIndex.ready(MERCHANT);
      expect(rebuilt).not.toBe(index);
      expect(ids(rebuilt.search({ gameName: 'rong vang' }, 100, 0))).not.toContain(target.id);
      await compare(rebuilt, { gameName: 'rong' }, 100, 0);

      await db
        .update(gameVendor)
        .set({ enabled: false })
        .where(
          and(
            eq(gameVendor.merchantCode, MERCHANT),
            eq(gameVendor.vassalage, 'LOTUS'),
            eq(gameVendor.gameCategory, 'RNG'),
          ),
        );
      searchIndex.invalidate();
      const withoutVendor = await searchIndex.ready(MERCHANT);
      expect(withoutVendor.search({ vassalage: 'LOTUS', gameType: 'RNG' }, 9, 0).total).toBe(0);
      await compare(withoutVendor, { vassalage: 'LOTUS' }, 100, 0);

      await db.update(game).set({ enabled: true }).where(eq(game.id, target.id));
      await db.update(gameVendor).set({ enabled: true }).where(eq(gameVendor.vassalage, 'LOTUS'));
      searchIndex.invalidate(MERCHANT);
      expect(ids((await searchIndex.ready(MERCHANT)).search({ gameName: 'rong vang' }, 100, 0))).toContain(
        target.id,
      );
    });

    it('an index read across a change is not used', async () => {
      const db = database.current.db;
      const index = await searchIndex.ready(MERCHANT);
      const total = index.search({}, 1, 0).total;
      let pages = 0;
      // A build that reads its pages while the catalogue changes: the change comes after its first page.
      const racing = createGameSearchIndex({
        loadPage: async (merchantCode, after, limit) => {
          const rows = await games.listedGamesPage(merchantCode, after, limit);
          pages += 1;
          if (pages === 1) {
            await db.update(game).set({ enabled: false }).where(eq(game.gameName, 'RỒNG VÀNG 2'));
            racing.invalidate(merchantCode);
          }
          return rows;
        },
        searchDatabase: (merchantCode, filters, limit, offset) =>
          games.search(merchantCode, filters, limit, offset),
        present: (row) => row,
      });
      const built = await racing.ready(MERCHANT);
      expect(pages).toBeGreaterThan(1);
      expect(built.search({}, 1, 0).total).toBe(total - 1);
      await compare(built, { gameName: 'rong vang' }, 100, 0);
      await db.update(game).set({ enabled: true }).where(eq(game.gameName, 'RỒNG VÀNG 2'));
    });
  });
});

describeEachDatabase('game search over HTTP after a back-office change', (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(kind, { editor: 'content' });
  const visitor = { ip: freshIp() };
  const search = async (query: Record<string, string>) =>
    answerValue(API.gameSearch, await call(suite.app, API.gameSearch, visitor, { query }));
  const updateGame = (id: number, payload: object) =>
    request(adminCalls.adminUpdateGame, operators.editor, { params: { id }, payload });

  it('a game switched off in the back office is in no search from the next request on', async () => {
    const [sample] = (
      await value(adminCalls.adminGames, operators.editor, {
        query: { gameCategory: 'RNG', vassalage: IN_HOUSE_VENDOR, pageSize: '1' },
      })
    ).list as AdminGame[];
    if (!sample) throw new Error('no game of the in-house vendor');
    const searches: Record<string, string>[] = [
      { gameName: sample.gameName, pageSize: '100' },
      { gameName: sample.gameName.toUpperCase(), pageSize: '100' },
      { gameType: 'RNG', vassalage: IN_HOUSE_VENDOR, pageSize: '100' },
      { vassalage: IN_HOUSE_VENDOR, pageSize: '100' },
    ];
    const listed = async () => {
      const found: boolean[] = [];
      for (const query of searches) {
        const answer = await search(query);
        found.push(answer.games.some((row) => row.gameId === sample.gameId));
      }
      return found;
    };
    const before = await search(searches[2] ?? {});
    expect(await listed()).toEqual([true, true, true, true]);

    answerValue(adminCalls.adminUpdateGame, await updateGame(sample.id, { enabled: false }));
    expect(await listed()).toEqual([false, false, false, false]);
    // Once the index is built again, still not listed, and the count is one less.
    for (let again = 0; again < 3; again += 1) {
      expect(await listed()).toEqual([false, false, false, false]);
      expect((await search(searches[2] ?? {})).total).toBe(before.total - 1);
    }

    answerValue(adminCalls.adminUpdateGame, await updateGame(sample.id, { enabled: true, isNew: true }));
    expect(await listed()).toEqual([true, true, true, true]);
    const shown = (await search({ ...searches[0], isNew: '1' })).games.find(
      (row) => row.gameId === sample.gameId,
    );
    expect(shown).toMatchObject({ gameId: sample.gameId, isNew: true });
  });
});
