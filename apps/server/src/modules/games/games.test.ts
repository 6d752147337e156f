import {
  API,
  favouritesResult,
  gameListResult,
  gameSearchResult,
  GAME_CLASSES,
  GAME_TYPES,
  launchRedeemResult,
  launchResult,
  lotteryMenu,
  MIN_BETS,
  recentGamesResult,
  successEnvelope,
  vendorStructure,
  winnerBoard,
  type Game,
} from '@kl/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { game, gameLaunchToken, gameVendor } from '../../db/schema/index.ts';
import { call, freshIp, sessionCookieOf } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTrialMemberApp } from '../../test/suite.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { seedCatalogue } from './seed.ts';

const searchOf = (response: LightMyRequestResponse) =>
  successEnvelope(gameSearchResult).parse(json(response)).value;

describeEachDatabase('games', { embedded: true }, (kind) => {
  const t = useTrialMemberApp(kind);
  const { database, time } = t;
  const ip = freshIp();

  const search = (query: Record<string, string>) => call(t.app, API.gameSearch, { ip }, { query });
  const member = () => ({ ip, cookie: t.cookie });
  const launch = (payload: Record<string, unknown>, caller: { ip: string; cookie?: string } = member()) =>
    call(t.app, API.launchGame, caller, { payload });
  const launchValue = (response: LightMyRequestResponse) =>
    successEnvelope(launchResult).parse(json(response)).value;
  const firstGame = async (query: Record<string, string>): Promise<Game> => {
    const found = searchOf(await search({ pageSize: '1', ...query })).games[0];
    if (!found) throw new Error(`no game for ${JSON.stringify(query)}`);
    return found;
  };

  describe('catalogue seed', () => {
    it('has at least 25 vendors over every category and 800 games', async () => {
      const structure = successEnvelope(vendorStructure).parse(
        json(await call(t.app, API.gameVendors, { ip })),
      ).value;
      expect(new Set(structure.vendors.map((vendor) => vendor.vassalage)).size).toBeGreaterThanOrEqual(25);
      // E-sports and cockfight split from sports: e-sports after ELOTT, cockfight after PVP (product.md §4).
      expect(structure.sorting.map((entry) => entry.gameCategory)).toEqual([
        'RNG',
        'FISH',
        'PVP',
        'COCKFIGHT',
        'LIVE',
        'SPORTS',
        'LOTT',
        'ELOTT',
        'ESPORTS',
      ]);
      expect(structure.mapping.SPORTS?.vendors).toEqual(['ARENA', 'GOAL', 'SPORTX']);
      expect(structure.mapping.ESPORTS?.vendors).toEqual(['IMES', 'TF', 'IA']);
      expect(structure.mapping.COCKFIGHT?.vendors).toEqual(['DS88', 'WS168', 'DIG', 'SV3']);
      expect(structure.mapping.ELOTT?.vendors).toContain('TCG_LOTTO_VN');
      expect(structure.mapping.RNG?.vendors).toEqual(expect.arrayContaining(['BGS', 'BG']));
      expect(structure.mapping.RNG?.gameClassify).toEqual(expect.arrayContaining([...GAME_CLASSES, 'BG']));
      expect(structure.prizeMode).toBe('Elott');
      const bgs = structure.vendors.find((vendor) => vendor.vassalage === 'BGS');
      expect(bgs).toMatchObject({ displayName: 'Kim Long Games', gameCategory: 'RNG', listFirst: true });
      expect(bgs?.mobileSmallIcon).toMatch(/^\/api\/games\/vendor-art\/BGS\.webp\?v=/);
      expect(searchOf(await search({ pageSize: '1' })).total).toBeGreaterThanOrEqual(800);
    });

    it('is idempotent', async () => {
      const again = await database.current.db.transaction((tx) =>
        seedCatalogue(database.current.db, tx, 'kimlong'),
      );
      expect(again).toEqual({ vendorsCreated: 0, gamesCreated: 0, winsCreated: 0 });
    });

    it('gives every game each field of product.md §3 and flags, classes and min bets of the filters', async () => {
      const all = searchOf(await search({ pageSize: '100', gameType: 'RNG' }));
      const sample = all.games[0];
      expect(Object.keys(sample ?? {})).toEqual(
        expect.arrayContaining([
          'gameType',
          'vassalage',
          'vendorCode',
          'gameId',
          'roomId',
          'nodeId',
          'nodeName',
          'gameName',
          'gameCode',
          'gameGroupId',
          'lottoMode',
          'displayName',
          'mobileLargeIcon',
          'iconUrl',
          'gameClassify',
          'gameClassifyNew',
          'supportPlay',
        ]),
      );
      for (const minBet of MIN_BETS)
        expect(searchOf(await search({ minBet })).total, minBet).toBeGreaterThan(0);
      for (const gameClassify of GAME_CLASSES) {
        expect(searchOf(await search({ gameClassify })).total, gameClassify).toBeGreaterThan(0);
      }
      expect(searchOf(await search({ isNew: '1' })).total).toBeGreaterThan(0);
      expect(searchOf(await search({ isTop: '1' })).total).toBeGreaterThan(0);
    });
  });

  describe('search', () => {
    it('pages with pageNo and pageSize, answering games, pageNum and totalPages', async () => {
      const first = searchOf(await search({ gameType: 'RNG', pageNo: '1', pageSize: '9' }));
      const second = searchOf(await search({ gameType: 'RNG', pageNo: '2', pageSize: '9' }));
      expect(first.games).toHaveLength(9);
      expect(first.pageNum).toBe(1);
      expect(second.pageNum).toBe(2);
      expect(first.totalPages).toBe(Math.ceil(first.total / 9));
      const ids = new Set([...first.games, ...second.games].map((item) => item.nodeId));
      expect(ids.size).toBe(18);
      const beyond = searchOf(await search({ gameType: 'RNG', pageNo: '999', pageSize: '9' }));
      expect(beyond.games).toEqual([]);
    });

    it('writes each answer exactly as the schema-checked serialiser would, also for games already shown', async () => {
      const queries: Record<string, string>[] = [
        { gameName: 'dragon' },
        { gameName: 'dragon' },
        { gameType: 'RNG', pageNo: '2' },
      ];
      for (const query of queries) {
        const response = await search(query);
        const envelope = successEnvelope(gameSearchResult).parse(json(response));
        expect(envelope.value.games.length).toBeGreaterThan(0);
        expect(response.body).toBe(JSON.stringify(successEnvelope(gameSearchResult).encode(envelope)));
      }
    });

    it('defaults pageNo 1 and pageSize 9 (product.md §9 search)', async () => {
      const page = searchOf(await search({}));
      expect(page.pageNum).toBe(1);
      expect(page.games).toHaveLength(9);
    });

    it('filters by gameType', async () => {
      for (const gameType of GAME_TYPES) {
        const page = searchOf(await search({ gameType, pageSize: '100' }));
        expect(page.total, gameType).toBeGreaterThan(0);
        expect(page.games.every((item) => item.gameType === gameType)).toBe(true);
      }
    });

    it('filters by vassalage', async () => {
      const page = searchOf(await search({ vassalage: 'BGS', gameType: 'RNG', pageSize: '100' }));
      expect(page.total).toBe(40);
      expect(page.games.every((item) => item.vassalage === 'BGS' && item.gameType === 'RNG')).toBe(true);
    });

    it('filters by gameClassify: slot class and the BG family', async () => {
      const jackpots = searchOf(await search({ gameClassify: 'JP', pageSize: '100' }));
      expect(jackpots.games.every((item) => item.gameClassifyNew.includes('JP'))).toBe(true);
      const bg = searchOf(await search({ gameClassify: 'BG', gameType: 'RNG', pageSize: '100' }));
      expect(bg.total).toBe(45);
      expect(bg.games.every((item) => item.vassalage === 'BG')).toBe(true);
    });

    it('filters by isNew and isTop, both ways', async () => {
      const all = searchOf(await search({})).total;
      const isNew = searchOf(await search({ isNew: 'true', pageSize: '100' }));
      const notNew = searchOf(await search({ isNew: '0' }));
      expect(isNew.games.every((item) => item.isNew)).toBe(true);
      expect(isNew.total + notNew.total).toBe(all);
      const top = searchOf(await search({ isTop: '1', pageSize: '100' }));
      expect(top.games.every((item) => item.isTop)).toBe(true);
      expect(top.total).toBeLessThan(all);
    });

    it('lists top games first', async () => {
      const page = searchOf(await search({ vassalage: 'LOTUS', pageSize: '100' }));
      const firstOther = page.games.findIndex((item) => !item.isTop);
      expect(firstOther).toBeGreaterThan(0);
      expect(page.games.slice(firstOther).some((item) => item.isTop)).toBe(false);
    });

    it('filters by minBet (a value of the filter; all for any)', async () => {
      const cheap = searchOf(await search({ minBet: '0.01', pageSize: '100' }));
      expect(cheap.total).toBeGreaterThan(0);
      expect(cheap.games.every((item) => item.minBet === '0.01')).toBe(true);
      const quarter = searchOf(await search({ minBet: '0.75', pageSize: '100' }));
      expect(quarter.games.every((item) => item.minBet === '0.75')).toBe(true);
      expect(searchOf(await search({ minBet: 'all' })).total).toBe(searchOf(await search({})).total);
    });

    it('filters by minLine (at least that many lines)', async () => {
      const page = searchOf(await search({ gameType: 'RNG', minLine: '50', pageSize: '100' }));
      expect(page.total).toBeGreaterThan(0);
      expect(page.games.every((item) => item.minLine >= 50)).toBe(true);
      expect(page.total).toBeLessThan(searchOf(await search({ gameType: 'RNG' })).total);
    });

    it('finds by gameName anywhere in the name, without case or diacritics', async () => {
      const dragon = searchOf(await search({ gameName: 'DRAGON', pageSize: '100' }));
      expect(dragon.total).toBeGreaterThan(0);
      expect(dragon.games.every((item) => item.gameName.toLowerCase().includes('dragon'))).toBe(true);
      const hcm = searchOf(await search({ gameName: 'ho chi minh' }));
      expect(hcm.games.map((item) => item.gameName)).toContain('Hồ Chí Minh');
      const short = searchOf(await search({ gameName: 'Ké', gameType: 'LOTT' }));
      expect(short.games.map((item) => item.gameName)).toContain('Keno');
      expect(searchOf(await search({ gameName: '100%_' })).total).toBe(0);
      expect(searchOf(await search({ gameName: 'zzzzqq' })).games).toEqual([]);
    });

    it('takes merchant, platform html5 and language', async () => {
      const page = searchOf(
        await search({ merchant: 'kimlong', platform: 'html5', language: 'en', gameType: 'FISH' }),
      );
      expect(page.total).toBeGreaterThan(0);
      expect(searchOf(await search({ language: 'UR' })).total).toBeGreaterThan(0);
    });

    it('combines filters', async () => {
      const page = searchOf(
        await search({
          gameType: 'RNG',
          vassalage: 'JADE',
          gameClassify: 'SC',
          minBet: '0.05',
          pageSize: '100',
        }),
      );
      expect(
        page.games.every(
          (item) => item.vassalage === 'JADE' && item.gameClassify === 'SC' && item.minBet === '0.05',
        ),
      ).toBe(true);
    });

    it.each([
      ['pageSize above 100', { pageSize: '101' }],
      ['pageSize 0', { pageSize: '0' }],
      ['pageNo 0', { pageNo: '0' }],
      ['pageNo not a number', { pageNo: 'two' }],
      ['unknown gameType', { gameType: 'CASINO' }],
      ['minBet outside the filter', { minBet: '0.02' }],
      ['negative minLine', { minLine: '-1' }],
      ['isNew not a flag', { isNew: 'maybe' }],
      ['platform other than html5', { platform: 'pc' }],
      ['unknown language', { language: 'xx' }],
      ['gameName too long', { gameName: 'x'.repeat(65) }],
      ['vassalage with odd characters', { vassalage: "BG'--" }],
      ['another merchant', { merchant: 'other' }],
    ])('answers 400 INVALID_INPUT for %s', async (_name, query) => {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    });
  });

  describe('hot games', () => {
    it('answers at most 25 hot games, filtered by gameType and vassalage; UR taken as EN', async () => {
      const all = successEnvelope(gameListResult).parse(json(await call(t.app, API.hotGames, { ip }))).value;
      expect(all.list.length).toBeGreaterThan(0);
      expect(all.list.length).toBeLessThanOrEqual(25);
      const fish = successEnvelope(gameListResult).parse(
        json(
          await call(
            t.app,
            API.hotGames,
            { ip },
            { query: { gameType: 'FISH', language: 'UR', platform: 'html5', isPlatform: '1' } },
          ),
        ),
      ).value;
      expect(fish.list.length).toBeGreaterThan(0);
      expect(fish.list.every((item) => item.gameType === 'FISH')).toBe(true);
      const bgs = successEnvelope(gameListResult).parse(
        json(await call(t.app, API.hotGames, { ip }, { query: { vassalage: 'BGS' } })),
      ).value;
      expect(bgs.list.every((item) => item.vassalage === 'BGS')).toBe(true);
    });
  });

  describe('favourites', () => {
    it('need a member: visitors get NOT_LOGGED_IN', async () => {
      for (const entry of [API.favouriteList, API.favouriteIds, API.recentGames]) {
        const response = await call(t.app, entry, { ip });
        expect(response.statusCode).toBe(401);
        expect(json(response)).toMatchObject({ code: 'NOT_LOGGED_IN' });
      }
      const add = await call(t.app, API.addFavourite, { ip }, { payload: { nodeId: '50001' } });
      expect(json(add)).toMatchObject({ code: 'NOT_LOGGED_IN' });
    });

    it('add (idempotent), list, ids and remove (also of one that is not there)', async () => {
      const [one, two] = searchOf(await search({ gameType: 'RNG', pageSize: '2' })).games;
      if (!one || !two) throw new Error('no games');
      for (const item of [one, one, two]) {
        const added = await call(t.app, API.addFavourite, member(), {
          payload: { nodeId: item.nodeId, vendor: item.vassalage },
        });
        expect(added.statusCode).toBe(200);
        expect(json(added)).toEqual({ success: true, value: { nodeId: item.nodeId, favourite: true } });
      }
      const ids = json<{ value: string[] }>(await call(t.app, API.favouriteIds, member())).value;
      expect(ids.sort()).toEqual([one.nodeId, two.nodeId].sort());
      expect(ids.every((id) => typeof id === 'string')).toBe(true);

      const list = successEnvelope(favouritesResult).parse(
        json(
          await call(t.app, API.favouriteList, member(), {
            query: { pageNo: '1', pageSize: '1', gameType: 'RNG' },
          }),
        ),
      ).value;
      expect(list).toMatchObject({ pageNum: 1, totalPages: 2 });
      expect(list.content).toHaveLength(1);
      const none = successEnvelope(favouritesResult).parse(
        json(await call(t.app, API.favouriteList, member(), { query: { gameType: 'LIVE' } })),
      ).value;
      expect(none).toEqual({ content: [], totalPages: 0, pageNum: 1 });

      const removed = await call(t.app, API.removeFavourite, member(), { payload: { nodeId: one.nodeId } });
      expect(json(removed)).toEqual({ success: true, value: { nodeId: one.nodeId, favourite: false } });
      const again = await call(t.app, API.removeFavourite, member(), { payload: { nodeId: one.nodeId } });
      expect(again.statusCode).toBe(200);
      const missing = await call(t.app, API.removeFavourite, member(), { payload: { nodeId: '999999999' } });
      expect(missing.statusCode).toBe(200);
      expect(json<{ value: string[] }>(await call(t.app, API.favouriteIds, member())).value).toEqual([
        two.nodeId,
      ]);
    });

    it('refuses an unknown or malformed node id', async () => {
      const unknown = await call(t.app, API.addFavourite, member(), { payload: { nodeId: '999999999' } });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toMatchObject({ code: 'NOT_FOUND', value: { reason: 'GAME_NOT_FOUND' } });
      const bad = await call(t.app, API.addFavourite, member(), { payload: { nodeId: 'abc' } });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ code: 'INVALID_INPUT' });
      const badPage = await call(t.app, API.favouriteList, member(), { query: { pageSize: '1000' } });
      expect(badPage.statusCode).toBe(400);
    });
  });

  describe('launch', () => {
    it('needs a session', async () => {
      const response = await launch({ gameId: '1001' }, { ip });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ code: 'NOT_LOGGED_IN' });
    });

    it('rule 1: TCG_LOTTO_VN opens the lottery with the current prize mode (Elott)', async () => {
      const vn = await firstGame({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT' });
      const value = launchValue(await launch({ gameId: vn.gameId }));
      expect(value).toMatchObject({ kind: 'lottery', rule: 'lottoVn', prizeMode: 'Elott' });
      expect(value.url).toMatch(
        new RegExp(
          `^/m/lotto-h5/kimlong/(ent|trad)/games/${vn.gameId}\\?token=[A-Za-z0-9_-]{43}&merchant=kimlong&prize_mode=Elott$`,
        ),
      );
    });

    it('rule 2: TCG_SEA opens the lottery with prize mode SEA', async () => {
      const sea = await firstGame({ vassalage: 'TCG_SEA' });
      const value = launchValue(await launch({ gameId: sea.gameId }));
      expect(value).toMatchObject({ kind: 'lottery', rule: 'sea', prizeMode: 'SEA', playType: 'trad' });
      expect(value.url).toContain('prize_mode=SEA');
    });

    it('rule 3: LOTT and ELOTT open the lottery, play type trad or ent when lottoMode has Entertainment', async () => {
      const lott = searchOf(await search({ vassalage: 'TCG', pageSize: '100' })).games;
      const trad = lott.find((item) => !item.lottoMode?.includes('Entertainment'));
      const ent = lott.find((item) => item.lottoMode?.includes('Entertainment'));
      if (!trad || !ent) throw new Error('seed lacks lottery modes');
      expect(launchValue(await launch({ gameId: trad.gameId }))).toMatchObject({
        kind: 'lottery',
        rule: 'lottery',
        playType: 'trad',
        prizeMode: 'Elott',
      });
      const entValue = launchValue(await launch({ gameId: ent.gameId }));
      expect(entValue).toMatchObject({ kind: 'lottery', rule: 'lottery', playType: 'ent' });
      expect(entValue.url).toMatch(/^\/m\/lotto-h5\/kimlong\/ent\/games\//);
      const vr = await firstGame({ vassalage: 'VRL' });
      expect(launchValue(await launch({ gameId: vr.gameId }))).toMatchObject({
        rule: 'lottery',
        playType: 'ent',
      });
    });

    it('rule 4: a list-first vendor opens /m/gameList without a token', async () => {
      const value = launchValue(await launch({ vassalage: 'JADE', gameType: 'PVP', from: 'vendor' }));
      expect(value).toEqual({
        kind: 'gameList',
        rule: 'listFirst',
        url: '/m/gameList?gameType=PVP&vassalage=JADE',
        expiresAt: null,
        prizeMode: null,
        playType: null,
        supportPlay: null,
      });
    });

    it('rule 5: others launch directly, free play 0 from a list and 1 from a vendor', async () => {
      const slot = await firstGame({ gameType: 'RNG', vassalage: 'LOTUS' });
      const fromList = launchValue(await launch({ gameId: slot.gameId, from: 'list' }));
      expect(fromList).toMatchObject({ kind: 'direct', rule: 'direct', supportPlay: 0 });
      // LOTUS is a third-party vendor: its provider's client opens (provider-wallet/launch.test.ts), told
      // where the provider's API is (the sandbox provider's process, docs/decisions/036-sandboxes-process.md).
      expect(fromList.url).toMatch(
        /^\/m\/provider\/slot\?token=[A-Za-z0-9_-]{43}&lang=vi&lobby=%2Fm%2Fslot-games&api=http%3A%2F%2F127\.0\.0\.1%3A8090$/,
      );
      const live = launchValue(await launch({ vassalage: 'SAIGON', gameType: 'LIVE', from: 'vendor' }));
      expect(live).toMatchObject({ kind: 'direct', supportPlay: 1 });
      const sports = launchValue(await launch({ vassalage: 'ARENA', gameType: 'SPORTS' }));
      expect(sports).toMatchObject({ kind: 'direct', supportPlay: 1 });
    });

    it('prize mode is Lott when the ELOTT mapping lacks TCG_LOTTO_VN and LOTT', async () => {
      const db = database.current.db;
      await db
        .update(gameVendor)
        .set({ gameCategory: 'LOTT', sortOrder: 10 })
        .where(and(eq(gameVendor.vassalage, 'TCG_LOTTO_VN'), eq(gameVendor.gameCategory, 'ELOTT')));
      try {
        const menu = successEnvelope(lotteryMenu).parse(
          json(await call(t.app, API.lotteryMenu, { ip })),
        ).value;
        expect(menu.prizeMode).toBe('Lott');
        const tcg = await firstGame({ vassalage: 'TCG' });
        expect(launchValue(await launch({ gameId: tcg.gameId }))).toMatchObject({ prizeMode: 'Lott' });
      } finally {
        await db
          .update(gameVendor)
          .set({ gameCategory: 'ELOTT', sortOrder: 0 })
          .where(and(eq(gameVendor.vassalage, 'TCG_LOTTO_VN'), eq(gameVendor.gameCategory, 'LOTT')));
      }
    });

    it('carries a one-time token, stored hashed, bound to member and game; never the session token', async () => {
      const slot = await firstGame({ gameType: 'RNG', vassalage: 'BGS' });
      const value = launchValue(await launch({ gameId: slot.gameId }));
      const token = new URL(value.url, 'http://x').searchParams.get('launch') ?? '';
      expect(token).not.toBe(t.cookie);
      expect(value.url).not.toContain(t.cookie);
      const [stored] = await database.current.db
        .select()
        .from(gameLaunchToken)
        .where(eq(gameLaunchToken.tokenHash, sha256Hex(token)));
      expect(stored?.vassalage).toBe(slot.vassalage);
      expect(JSON.stringify(stored)).not.toContain(token);

      const redeemed = await call(t.app, API.redeemLaunch, { ip }, { payload: { token } });
      expect(redeemed.statusCode).toBe(200);
      const opened = successEnvelope(launchRedeemResult).parse(json(redeemed)).value;
      expect(opened.game?.gameId).toBe(slot.gameId);
      expect(opened.userName).toMatch(/^try\d{8}$/);
      const twice = await call(t.app, API.redeemLaunch, { ip }, { payload: { token } });
      expect(twice.statusCode).toBe(410);
      expect(json(twice)).toMatchObject({
        code: 'LAUNCH_LINK_EXPIRED',
        value: { reason: 'LAUNCH_TOKEN_INVALID' },
      });
    });

    it('expires the token after 2 minutes', async () => {
      const slot = await firstGame({ gameType: 'RNG' });
      const value = launchValue(await launch({ gameId: slot.gameId }));
      const token = new URL(value.url, 'http://x').searchParams.get('launch') ?? '';
      time.advanceMinutes(3);
      const late = await call(t.app, API.redeemLaunch, { ip }, { payload: { token } });
      expect(late.statusCode).toBe(410);
    });

    it('records the launched game as recent (clientType 2), newest first', async () => {
      const trial = await call(t.app, API.trialLogin, { ip: freshIp() });
      const someone = { ip, cookie: sessionCookieOf(trial) ?? '' };
      const a = await firstGame({ vassalage: 'LOTUS' });
      const b = await firstGame({ vassalage: 'KIRIN', gameType: 'FISH' });
      await launch({ gameId: a.gameId, clientType: 2 }, someone);
      time.advance(1_000);
      await launch({ gameId: b.gameId }, someone);
      const recent = successEnvelope(recentGamesResult).parse(
        json(
          await call(t.app, API.recentGames, someone, {
            query: { page: '1', pageSize: '25', clientType: '2' },
          }),
        ),
      ).value;
      expect(recent.list.map((item) => item.gameId)).toEqual([b.gameId, a.gameId]);
      expect(recent.totalPages).toBe(1);
      const fishOnly = successEnvelope(recentGamesResult).parse(
        json(await call(t.app, API.recentGames, someone, { query: { gameType: 'FISH' } })),
      ).value;
      expect(fishOnly.list.map((item) => item.gameId)).toEqual([b.gameId]);
      const badClient = await call(t.app, API.recentGames, someone, { query: { clientType: '1' } });
      expect(badClient.statusCode).toBe(400);
    });

    it('answers a clear error for an unconfigured vendor and an unknown game', async () => {
      const db = database.current.db;
      // A vendor the merchant has not configured is refused, whatever its games (provider-wallet/launch.test.ts).
      await db.update(gameVendor).set({ configured: false }).where(eq(gameVendor.vassalage, 'ROYAL'));
      try {
        const royal = await firstGame({ vassalage: 'ROYAL', gameType: 'LIVE' });
        const response = await launch({ gameId: royal.gameId });
        expect(response.statusCode).toBe(403);
        expect(json(response)).toMatchObject({
          code: 'FEATURE_NOT_ENABLED',
          value: { reason: 'VENDOR_NOT_CONFIGURED', vassalage: 'ROYAL' },
        });
      } finally {
        await db.update(gameVendor).set({ configured: true }).where(eq(gameVendor.vassalage, 'ROYAL'));
      }
      const unknown = await launch({ gameId: '99999999' });
      expect(unknown.statusCode).toBe(404);
      const unknownVendor = await launch({ vassalage: 'NOPE', gameType: 'LIVE' });
      expect(unknownVendor.statusCode).toBe(404);
      const neither = await launch({ from: 'vendor' });
      expect(neither.statusCode).toBe(400);
    });

    it('every vendor launches: the in-house games, a lottery, a game list or its provider’s client', async () => {
      const [vendors] = [
        successEnvelope(vendorStructure).parse(json(await call(t.app, API.gameVendors, { ip }))).value
          .vendors,
      ];
      for (const vendor of vendors ?? []) {
        const value = launchValue(
          await launch({ vassalage: vendor.vassalage, gameType: vendor.gameCategory, from: 'vendor' }),
        );
        expect(value.url, vendor.vassalage).toMatch(
          vendor.vassalage === 'BGS' || vendor.gameCategory === 'LOTT' || vendor.gameCategory === 'ELOTT'
            ? /^\/m\/(slotsCenter\?launch=|lotto-h5\/|gameList\?)/
            : /^\/m\/(gameList\?|provider\/[a-z-]+\?token=)/,
        );
      }
    });
  });

  describe('lottery', () => {
    it('menu groups LOTT and ELOTT games; lists per type', async () => {
      const menu = successEnvelope(lotteryMenu).parse(json(await call(t.app, API.lotteryMenu, { ip }))).value;
      expect(menu.groups.map((group) => group.gameType)).toEqual(['LOTT', 'ELOTT']);
      expect(menu.groups[1]?.vendors).toContain('TCG_LOTTO_VN');
      expect(menu.groups.every((group) => group.games.length > 0)).toBe(true);
      const elott = successEnvelope(gameListResult).parse(
        json(await call(t.app, API.lotteryList, { ip }, { query: { gameType: 'ELOTT' } })),
      ).value;
      expect(elott.list.every((item) => item.gameType === 'ELOTT' && item.lottoMode)).toBe(true);
      expect((await call(t.app, API.lotteryList, { ip }, { query: { gameType: 'RNG' } })).statusCode).toBe(
        400,
      );
    });
  });

  describe('winner board', () => {
    it('answers value.list of recent wins with masked names, 100 at most', async () => {
      const response = await call(
        t.app,
        API.winnerBoard,
        { ip },
        { query: { gameCategory: 'ALL', language: 'vi' } },
      );
      const board = successEnvelope(winnerBoard).parse(json(response)).value;
      expect(board.list).toHaveLength(100);
      for (const win of board.list) {
        expect(win.customerName).toMatch(/^[a-z]{2}\*\*\*\d$/);
        expect(win.iconUrl).toMatch(/^\/api\/games\/art\/\d+\.webp\?v=/);
        expect(Number.isInteger(win.winAmount)).toBe(true);
        expect(win.currency).toBe('VND');
        expect(['RNG', 'FISH', 'LIVE']).toContain(win.gameType);
      }
      const times = board.list.map((win) => win.wonAt);
      expect([...times].sort().reverse()).toEqual(times);
      const fish = successEnvelope(winnerBoard).parse(
        json(await call(t.app, API.winnerBoard, { ip }, { query: { gameCategory: 'FISH', limitNum: '5' } })),
      ).value;
      expect(fish.list.length).toBeLessThanOrEqual(5);
      expect(fish.list.every((win) => win.gameType === 'FISH')).toBe(true);
      expect((await call(t.app, API.winnerBoard, { ip }, { query: { limitNum: '101' } })).statusCode).toBe(
        400,
      );
    });
  });

  describe('artwork', () => {
    it('draws a game as a cacheable WebP picture with an ETag, and as the SVG it is drawn from', async () => {
      const slot = await firstGame({ gameType: 'RNG' });
      expect(slot.iconUrl).toMatch(/^\/api\/games\/art\/\d+\.webp\?v=/);
      const response = await t.app.inject({ url: slot.iconUrl });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 320,
        height: 320,
      });
      const again = await t.app.inject({ url: slot.iconUrl });
      expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
      const cached = await t.app.inject({
        url: slot.iconUrl,
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(cached.statusCode).toBe(304);
      const vendor = await t.app.inject({ url: '/api/games/vendor-art/DS88.webp' });
      expect(await sharp(vendor.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 96 });
      expect((await t.app.inject({ url: '/api/games/vendor-art/DS88.svg' })).body).toContain('<svg');
      expect((await t.app.inject({ url: '/api/games/art/999999999.webp' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/games/art/1.png' })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/games/art/..%2Fetc.svg' })).statusCode).toBe(400);

      const source = await t.app.inject({ url: slot.iconUrl.replace('.webp', '.svg') });
      expect(source.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(source.headers.etag).not.toBe(response.headers.etag);
      expect(source.body).toContain('<svg');
      expect(source.body.length).toBeLessThan(8_000);
      const [row] = await database.current.db.select().from(game).where(eq(game.gameId, slot.gameId));
      expect(source.body).toContain(row?.gameName.split(' ')[0]);
    });
  });
});
