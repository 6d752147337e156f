import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminGame } from '@kl/contracts/admin/games';
import { GAME_ART_PREFIX, IN_HOUSE_VENDOR } from '@kl/contracts/games';
import { beforeAll, expect, it } from 'vitest';
import { call, freshIp } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { uploadedPicture } from '../../../test/images.ts';

describeEachDatabase('back-office games', (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(kind, {
    editor: 'content',
    owner: 'owner',
  });
  const visitor = { ip: freshIp() };

  const adminGames = (query: Record<string, string>) =>
    value(adminCalls.adminGames, operators.editor, { query });
  const updateGame = (id: number, payload: object) =>
    request(adminCalls.adminUpdateGame, operators.editor, { params: { id }, payload });
  const updateVendor = (gameCategory: string, vassalage: string, enabled: boolean) =>
    request(adminCalls.adminUpdateGameVendor, operators.editor, {
      params: { gameCategory, vassalage },
      payload: { enabled },
    });
  /** The player's game list: the games of the vendor in RNG whose name has `name`. */
  const playerGames = async (name: string) =>
    answerValue(
      API.gameSearch,
      await call(suite.app, API.gameSearch, visitor, {
        query: { gameType: 'RNG', vassalage: IN_HOUSE_VENDOR, gameName: name, pageSize: '100' },
      }),
    ).games;
  const auditOf = async (action: string, targetId: string) =>
    (
      await value(adminCalls.adminAudit, operators.owner, { query: { action, target: targetId } })
    ).list.filter((entry) => entry.action === action && entry.targetId === targetId);

  let sample: AdminGame;
  beforeAll(async () => {
    const page = await adminGames({ gameCategory: 'RNG', vassalage: IN_HOUSE_VENDOR, pageSize: '5' });
    expect(page.total).toBeGreaterThan(1);
    sample = page.list[0] as AdminGame;
  });

  it('lists every vendor with its games, and finds games by name without regard to case or diacritics', async () => {
    const vendors = (await value(adminCalls.adminGameVendors, operators.editor)).list;
    const inHouse = vendors.find((row) => row.vassalage === IN_HOUSE_VENDOR && row.gameCategory === 'RNG');
    expect(inHouse).toMatchObject({ enabled: true, configured: true });
    expect(inHouse?.games).toBeGreaterThan(0);
    expect(inHouse?.enabledGames).toBe(inHouse?.games);

    const found = await adminGames({ name: sample.gameName.toUpperCase() });
    expect(found.list.map((row) => row.id)).toContain(sample.id);
    expect(found.list[0]).toMatchObject({ vendorEnabled: true, enabled: true });
  });

  it('gives an in-house slot title another studio machine, which the next session plays; audited', async () => {
    // A title of its own: the other tests change the first one.
    const titles = await adminGames({ gameCategory: 'RNG', vassalage: IN_HOUSE_VENDOR, pageSize: '5' });
    const title = titles.list[1] as AdminGame;
    expect(title.slotMachine).not.toBeNull();
    const next = title.slotMachine === 'gem-cascade' ? 'treasure-ship' : 'gem-cascade';
    const changed = answerValue(
      adminCalls.adminUpdateGame,
      await updateGame(title.id, { slotMachine: next }),
    );
    expect(changed.slotMachine).toBe(next);
    const { caller } = await suite.newMember();
    const session = answerValue(
      API.slotSession,
      await call(suite.app, API.slotSession, caller, { query: { gameId: title.gameId } }),
    );
    expect(session.machine.id).toBe(next);
    expect(await auditOf('game.update', String(title.id))).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ slotMachine: title.slotMachine }),
        after: expect.objectContaining({ slotMachine: next }),
      }),
    ]);

    // A machine the studio does not have, and a game that opens no studio machine, are refused.
    expectFailure(await updateGame(title.id, { slotMachine: 'no-such-machine' }), 400, 'INVALID_INPUT');
    const other = (await adminGames({ gameCategory: 'LIVE', pageSize: '1' })).list[0];
    expect(other?.slotMachine).toBeNull();
    expectFailure(await updateGame(other?.id ?? 0, { slotMachine: next }), 400, 'INVALID_INPUT');
  });

  it('takes a game off the player list and launches at once, and puts it back; audited', async () => {
    const member = await suite.newMember();
    expect((await playerGames(sample.gameName)).map((row) => row.gameId)).toContain(sample.gameId);

    const off = answerValue(adminCalls.adminUpdateGame, await updateGame(sample.id, { enabled: false }));
    expect(off).toMatchObject({ id: sample.id, enabled: false });
    expect((await playerGames(sample.gameName)).map((row) => row.gameId)).not.toContain(sample.gameId);
    const launch = await call(suite.app, API.launchGame, member.caller, {
      payload: { gameId: sample.gameId },
    });
    expectFailure(launch, 403, 'FEATURE_NOT_ENABLED');
    expect((await adminGames({ enabled: 'false' })).list.map((row) => row.id)).toEqual([sample.id]);

    // The same again changes nothing and writes nothing.
    answerValue(adminCalls.adminUpdateGame, await updateGame(sample.id, { enabled: false }));
    answerValue(adminCalls.adminUpdateGame, await updateGame(sample.id, { enabled: true }));
    expect((await playerGames(sample.gameName)).map((row) => row.gameId)).toContain(sample.gameId);
    const entries = await auditOf('game.update', String(sample.id));
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [expect.objectContaining({ enabled: false }), expect.objectContaining({ enabled: true })],
      [expect.objectContaining({ enabled: true }), expect.objectContaining({ enabled: false })],
    ]);
  });

  it('changes hot, new, top, list position and minimum bet as players see them', async () => {
    const minBet = sample.minBet === '0.5' ? '0.75' : '0.5';
    const changed = answerValue(
      adminCalls.adminUpdateGame,
      await updateGame(sample.id, { hot: true, isNew: true, isTop: true, sortRank: 0, minBet }),
    );
    expect(changed).toMatchObject({ hot: true, isNew: true, isTop: true, sortRank: 0, minBet });
    expect(changed.hotRank).toEqual(expect.any(Number));

    const [shown] = await playerGames(sample.gameName);
    expect(shown).toMatchObject({ gameId: sample.gameId, isNew: true, isTop: true, minBet });
    const hot = answerValue(
      API.hotGames,
      await call(suite.app, API.hotGames, visitor, { query: { vassalage: IN_HOUSE_VENDOR } }),
    ).list;
    expect(hot.map((row) => row.gameId)).toContain(sample.gameId);

    const cooled = answerValue(adminCalls.adminUpdateGame, await updateGame(sample.id, { hot: false }));
    expect(cooled).toMatchObject({ hot: false, hotRank: null });
    expect(
      answerValue(
        API.hotGames,
        await call(suite.app, API.hotGames, visitor, { query: { vassalage: IN_HOUSE_VENDOR } }),
      ).list.map((row) => row.gameId),
    ).not.toContain(sample.gameId);

    expectFailure(await updateGame(sample.id, { minBet: '0.2' }), 400, 'INVALID_INPUT');
    expectFailure(await updateGame(sample.id, {}), 400, 'INVALID_INPUT');
    expectFailure(await updateGame(999_999_999, { isNew: false }), 404, 'NOT_FOUND');
  });

  it('shows an uploaded artwork on the game’s card, refuses a picture made for another place, and draws it again when taken away; audited', async () => {
    const cardOf = async () =>
      (await playerGames(sample.gameName)).find((row) => row.gameId === sample.gameId);
    const drawn = (await cardOf())?.iconUrl;
    expect(drawn?.startsWith(`${GAME_ART_PREFIX}${sample.gameId}.webp`)).toBe(true);
    const upload = (width: number, height: number, place: 'game_art' | 'banner_wide') =>
      uploadedPicture(suite.app, operators.editor, width, height, place);

    const art = await upload(480, 360, 'game_art');
    expect(art).toMatchObject({ width: 320, height: 320 });
    const banner = await upload(750, 300, 'banner_wide');
    const wrongPlace = await updateGame(sample.id, { imageId: banner.id });
    expectFailure(wrongPlace, 400, 'INVALID_INPUT');
    expect(wrongPlace.json()).toMatchObject({
      value: { field: 'imageId', reason: 'IMAGE_SIZE', width: 320, height: 320 },
    });
    const unknown = await updateGame(sample.id, { imageId: 'c'.repeat(32) });
    expectFailure(unknown, 400, 'INVALID_INPUT');
    expect(unknown.json()).toMatchObject({ value: { reason: 'IMAGE_NOT_FOUND' } });
    expect((await cardOf())?.iconUrl).toBe(drawn);

    const changed = answerValue(adminCalls.adminUpdateGame, await updateGame(sample.id, { imageId: art.id }));
    expect(changed).toMatchObject({ imageId: art.id, iconUrl: art.url });
    expect(await cardOf()).toMatchObject({ iconUrl: art.url, mobileLargeIcon: art.url });
    const served = await suite.app.inject({ method: 'GET', url: art.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const cleared = answerValue(adminCalls.adminUpdateGame, await updateGame(sample.id, { imageId: null }));
    expect(cleared).toMatchObject({ imageId: null, iconUrl: drawn });
    expect((await cardOf())?.iconUrl).toBe(drawn);
    const entries = await auditOf('game.update', String(sample.id));
    expect(entries.slice(0, 2).map((entry) => [entry.before, entry.after])).toEqual([
      [expect.objectContaining({ imageId: art.id }), expect.objectContaining({ imageId: null })],
      [expect.objectContaining({ imageId: null }), expect.objectContaining({ imageId: art.id })],
    ]);
  });

  it('takes a vendor and its games off the site, and puts them back as they were', async () => {
    const vendorNames = async () =>
      answerValue(API.gameVendors, await call(suite.app, API.gameVendors, visitor)).vendors.map(
        (row) => `${row.gameCategory}:${row.vassalage}`,
      );
    expect(await vendorNames()).toContain(`RNG:${IN_HOUSE_VENDOR}`);

    const off = answerValue(
      adminCalls.adminUpdateGameVendor,
      await updateVendor('RNG', IN_HOUSE_VENDOR, false),
    );
    expect(off).toMatchObject({ enabled: false, vassalage: IN_HOUSE_VENDOR, gameCategory: 'RNG' });
    expect(await vendorNames()).not.toContain(`RNG:${IN_HOUSE_VENDOR}`);
    expect(await playerGames(sample.gameName)).toEqual([]);
    expect((await adminGames({ name: sample.gameName })).list[0]).toMatchObject({
      enabled: true,
      vendorEnabled: false,
    });

    answerValue(adminCalls.adminUpdateGameVendor, await updateVendor('RNG', IN_HOUSE_VENDOR, true));
    expect((await playerGames(sample.gameName)).map((row) => row.gameId)).toContain(sample.gameId);
    expect(await auditOf('game_vendor.update', `RNG:${IN_HOUSE_VENDOR}`)).toHaveLength(2);
    expectFailure(await updateVendor('RNG', 'NO_SUCH_VENDOR', false), 404, 'NOT_FOUND');
  });
});
