import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { CatalogueImportRequest } from '@kl/contracts/admin/catalogue';
import { SANDBOX_PROVIDER_CODE } from '@kl/contracts/sandbox-provider';
import { beforeAll, expect, it } from 'vitest';
import { call, freshIp } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { uploadedPicture } from '../../../test/images.ts';

/** Setting the catalogue up in the back office (docs/back-office.md, "Game catalogue"). */
describeEachDatabase('back-office game catalogue', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    editor: 'content',
    owner: 'owner',
  });
  const visitor = { ip: freshIp() };
  /** A vendor code of this file's own (the files share their database's seed, not their writes). */
  const VENDOR = 'CSVTEST';

  const createVendor = (payload: object) =>
    request(adminCalls.adminCreateGameVendor, operators.editor, { payload });
  const createGame = (payload: object) => request(adminCalls.adminCreateGame, operators.editor, { payload });
  const importCsv = (payload: CatalogueImportRequest) =>
    request(adminCalls.adminImportGames, operators.editor, { payload });
  /** The player's game list of a vendor in slots (the search index answers it). */
  const playerGames = async (query: Record<string, string> = {}) =>
    answerValue(
      API.gameSearch,
      await call(suite.app, API.gameSearch, visitor, {
        query: { gameType: 'RNG', vassalage: VENDOR, pageSize: '100', ...query },
      }),
    ).games;
  const adminGamesOf = async (vassalage: string) =>
    (await value(adminCalls.adminGames, operators.editor, { query: { vassalage, pageSize: '100' } })).list;

  let seededGameId: string;
  beforeAll(async () => {
    const [seeded] = await adminGamesOf('LOTUS');
    seededGameId = seeded?.gameId ?? '';
    expect(seededGameId).not.toBe('');
    // The cached vendor list is read once before the vendor comes, so a stale answer would show.
    answerValue(API.gameVendors, await call(suite.app, API.gameVendors, visitor));
    answerValue(
      adminCalls.adminCreateGameVendor,
      await createVendor({
        vassalage: VENDOR,
        gameCategory: 'RNG',
        displayName: 'CSV Test Slots',
        sortOrder: 40,
        providerCode: SANDBOX_PROVIDER_CODE,
      }),
    );
  });

  it('lists the registered providers without their keys, for the operators of the games area only', async () => {
    const providers = await value(adminCalls.adminGameProviders, operators.editor);
    expect(providers.list).toContainEqual({
      code: SANDBOX_PROVIDER_CODE,
      name: expect.any(String),
      enabled: true,
    });
    expect(Object.keys(providers.list[0] ?? {}).sort()).toEqual(['code', 'enabled', 'name']);
    const support = await newOperator(suite, 'support');
    expectFailure(await request(adminCalls.adminGameProviders, support), 403, 'PERMISSION_DENIED');
    expectFailure(
      await request(adminCalls.adminCreateGameVendor, support, { payload: { vassalage: 'X' } }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it('adds a vendor players see at once, refuses a second and a wrong provider, and edits it; audited', async () => {
    const vendors = answerValue(API.gameVendors, await call(suite.app, API.gameVendors, visitor)).vendors;
    expect(vendors).toContainEqual(expect.objectContaining({ vassalage: VENDOR, gameCategory: 'RNG' }));
    const listed = (await value(adminCalls.adminGameVendors, operators.editor)).list;
    expect(listed.find((row) => row.vassalage === VENDOR)).toMatchObject({
      displayName: 'CSV Test Slots',
      providerCode: SANDBOX_PROVIDER_CODE,
      enabled: true,
      games: expect.any(Number),
    });
    const [created] = await auditTrail(operators.owner, 'game_vendor', `RNG:${VENDOR}`);
    expect(created).toMatchObject({
      action: 'game_vendor.create',
      after: { displayName: 'CSV Test Slots', providerCode: SANDBOX_PROVIDER_CODE, sortOrder: 40 },
    });

    const base = { gameCategory: 'FISH', displayName: 'Other', sortOrder: 1 };
    expectFailure(
      await createVendor({
        ...base,
        vassalage: VENDOR,
        gameCategory: 'RNG',
        providerCode: SANDBOX_PROVIDER_CODE,
      }),
      409,
      'GAME_VENDOR_EXISTS',
    );
    expectFailure(
      await createVendor({ ...base, vassalage: 'NOPROV', providerCode: null }),
      400,
      'GAME_PROVIDER_REQUIRED',
    );
    expectFailure(
      await createVendor({ ...base, vassalage: 'NOPROV', providerCode: 'nosuch' }),
      400,
      'GAME_PROVIDER_UNKNOWN',
    );
    expectFailure(
      await createVendor({
        ...base,
        vassalage: 'NOPROV',
        gameCategory: 'LOTT',
        providerCode: SANDBOX_PROVIDER_CODE,
      }),
      400,
      'GAME_PROVIDER_NOT_USED',
    );
    expectFailure(
      await createVendor({ ...base, vassalage: 'lower', providerCode: null }),
      400,
      'INVALID_INPUT',
    );

    const edit = (payload: object) =>
      request(adminCalls.adminUpdateGameVendor, operators.editor, {
        params: { gameCategory: 'RNG', vassalage: VENDOR },
        payload,
      });
    expectFailure(await edit({ providerCode: null }), 400, 'GAME_PROVIDER_REQUIRED');
    const edited = answerValue(
      adminCalls.adminUpdateGameVendor,
      await edit({ displayName: 'CSV Slots', sortOrder: 41 }),
    );
    expect(edited).toMatchObject({
      displayName: 'CSV Slots',
      sortOrder: 41,
      providerCode: SANDBOX_PROVIDER_CODE,
    });
    const trail = await auditTrail(operators.owner, 'game_vendor', `RNG:${VENDOR}`);
    expect(trail.find((entry) => entry.action === 'game_vendor.update')).toMatchObject({
      before: { displayName: 'CSV Test Slots', sortOrder: 40 },
      after: { displayName: 'CSV Slots', sortOrder: 41 },
    });
  });

  it('adds a game players find at once, refuses a taken id, an unknown vendor and a lottery, and edits it', async () => {
    const game = answerValue(
      adminCalls.adminCreateGame,
      await createGame({
        vassalage: VENDOR,
        gameType: 'RNG',
        gameId: '990001',
        gameName: 'Ngọc Rồng Vàng',
        classes: ['JP'],
        minBet: '0.5',
        hot: true,
      }),
    );
    expect(game).toMatchObject({
      gameId: '990001',
      gameClassify: 'JP',
      classes: ['JP'],
      hot: true,
      enabled: true,
    });
    const [found] = await playerGames({ gameName: 'ngoc rong' });
    expect(found).toMatchObject({ gameId: '990001', gameName: 'Ngọc Rồng Vàng', minBet: '0.5' });
    expect((await auditTrail(operators.owner, 'game', game.id))[0]).toMatchObject({
      action: 'game.create',
      after: { gameId: '990001', vassalage: VENDOR, gameName: 'Ngọc Rồng Vàng' },
    });

    const payload = { vassalage: VENDOR, gameType: 'RNG', gameId: '990002', gameName: 'X', minBet: '0.1' };
    expectFailure(await createGame({ ...payload, gameId: '990001' }), 409, 'GAME_EXISTS');
    expectFailure(await createGame({ ...payload, gameId: seededGameId }), 409, 'GAME_EXISTS');
    expectFailure(await createGame({ ...payload, gameType: 'FISH' }), 400, 'GAME_VENDOR_UNKNOWN');
    expectFailure(await createGame({ ...payload, gameType: 'LOTT' }), 400, 'LOTTERY_GAMES_FIXED');
    expectFailure(await createGame({ ...payload, minBet: '0.3' }), 400, 'INVALID_INPUT');
    const noPicture = await createGame({ ...payload, imageId: 'd'.repeat(32) });
    expectFailure(noPicture, 400, 'INVALID_INPUT');
    expect(noPicture.json()).toMatchObject({ value: { field: 'imageId', reason: 'IMAGE_NOT_FOUND' } });

    // A game added with its artwork shows it from the start.
    const art = await uploadedPicture(suite.app, operators.editor, 320, 320, 'game_art');
    const pictured = answerValue(
      adminCalls.adminCreateGame,
      await createGame({ ...payload, gameName: 'Phượng Hoàng', imageId: art.id }),
    );
    expect(pictured).toMatchObject({ gameId: '990002', imageId: art.id, iconUrl: art.url });
    expect(
      (await playerGames({ gameName: 'phuong hoang' })).find((row) => row.gameId === '990002'),
    ).toMatchObject({
      iconUrl: art.url,
    });

    const edited = answerValue(
      adminCalls.adminUpdateGame,
      await request(adminCalls.adminUpdateGame, operators.editor, {
        params: { id: game.id },
        payload: { gameName: 'Ngọc Rồng Bạc', classes: ['SC', 'JP'], minLine: 25 },
      }),
    );
    expect(edited).toMatchObject({
      gameName: 'Ngọc Rồng Bạc',
      gameClassify: 'SC',
      classes: ['SC', 'JP'],
      minLine: 25,
    });
    expect((await playerGames({ gameClassify: 'SC' })).map((row) => row.gameName)).toEqual(['Ngọc Rồng Bạc']);
  });

  it('checks a file without writing, imports its good lines, reports the others by line, and updates on re-import', async () => {
    const csv = [
      '\uFEFFvendor,category,gameId,name,classification,minBet,enabled,hot',
      `${VENDOR},RNG,990101,Lucky Lantern,JP|BG,0.1,yes,`,
      `${VENDOR},rng,990102,"Tiger, Gold",,0.05,yes,no`,
      `NOSUCH,RNG,990103,Ghost Game,,0.1,yes,`,
      `${VENDOR},RNG,990101,Lucky Lantern Again,,0.1,yes,`,
      `${VENDOR},RNG,${'x'},,VIP,0.3,maybe,`,
      `${VENDOR},RNG,${'990104'},Taken Elsewhere,,0.1,no,`,
      `${VENDOR},RNG,${'990105'},Hidden Pearl,TG,0.75,no,yes`,
    ].join('\r\n');
    const withTaken = csv.replace('990104', seededGameId);

    const check = answerValue(adminCalls.adminImportGames, await importCsv({ csv: withTaken, dryRun: true }));
    expect(check).toMatchObject({
      dryRun: true,
      rows: 7,
      created: 3,
      updated: 0,
      unchanged: 0,
      refusedRows: 4,
    });
    expect(await playerGames({ gameName: 'lantern' })).toEqual([]);

    const report = answerValue(
      adminCalls.adminImportGames,
      await importCsv({ csv: withTaken, dryRun: false }),
    );
    expect(report).toMatchObject({ dryRun: false, rows: 7, created: 3, updated: 0, refusedRows: 4 });
    expect(report.refused).toEqual([
      { line: 4, column: 'vendor', reason: 'vendor_unknown', value: 'NOSUCH' },
      { line: 5, column: 'gameId', reason: 'game_id_repeated', value: '2' },
      { line: 6, column: 'gameId', reason: 'game_id_format', value: 'x' },
      { line: 6, column: 'name', reason: 'required', value: null },
      { line: 6, column: 'classification', reason: 'class_unknown', value: 'VIP' },
      { line: 6, column: 'minBet', reason: 'min_bet_unknown', value: '0.3' },
      { line: 6, column: 'enabled', reason: 'not_yes_no', value: 'maybe' },
      { line: 7, column: 'gameId', reason: 'game_id_taken', value: expect.stringMatching(/^RNG:LOTUS$/) },
    ]);

    // Players see the enabled ones at once: the search index and the kept hot list.
    const listed = await playerGames();
    expect(listed.map((row) => row.gameId)).toEqual(expect.arrayContaining(['990101', '990102']));
    expect(listed.map((row) => row.gameId)).not.toContain('990105');
    expect(listed.find((row) => row.gameId === '990101')).toMatchObject({
      gameName: 'Lucky Lantern',
      gameClassify: 'JP',
      gameClassifyNew: ['JP', 'BG'],
      minBet: '0.1',
    });
    expect((await playerGames({ gameName: 'TIGER, GOLD' })).map((row) => row.gameName)).toEqual([
      'Tiger, Gold',
    ]);
    const imported = await adminGamesOf(VENDOR);
    expect(imported.find((row) => row.gameId === '990105')).toMatchObject({
      enabled: false,
      hot: true,
      minBet: '0.75',
    });

    const again = [
      'vendor,category,gameId,name,classification,minBet,enabled',
      `${VENDOR},RNG,990101,Lucky Lantern Deluxe,JP|BG,0.1,yes`,
      `${VENDOR},RNG,990102,"Tiger, Gold",,0.05,yes`,
      `${VENDOR},RNG,990105,Hidden Pearl,TG,0.75,yes`,
    ].join('\n');
    const second = answerValue(adminCalls.adminImportGames, await importCsv({ csv: again, dryRun: false }));
    expect(second).toMatchObject({ rows: 3, created: 0, updated: 2, unchanged: 1, refused: [] });
    expect((await adminGamesOf(VENDOR)).length).toBe(imported.length);
    expect((await playerGames({ gameName: 'lantern' })).map((row) => row.gameName)).toEqual([
      'Lucky Lantern Deluxe',
    ]);
    expect((await playerGames()).map((row) => row.gameId)).toContain('990105');

    const imports = (
      await value(adminCalls.adminAudit, operators.owner, {
        query: { action: 'game.import', pageSize: '100' },
      })
    ).list;
    expect(imports.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([
        { rows: 7, created: 3, updated: 0, unchanged: 0, refusedRows: 4 },
        { rows: 3, created: 0, updated: 2, unchanged: 1, refusedRows: 0 },
      ]),
    );
  });

  it('refuses a whole file whose header lacks a column, names one unknown, or has a quote left open', async () => {
    const header = answerValue(
      adminCalls.adminImportGames,
      await importCsv({
        csv: `vendor,category,gameId,name,minBet,colour\n${VENDOR},RNG,990201,A,0.1,red`,
        dryRun: false,
      }),
    );
    expect(header).toMatchObject({ rows: 1, created: 0, updated: 0 });
    expect(header.refused).toEqual([
      { line: 1, column: null, reason: 'column_unknown', value: 'colour' },
      { line: 1, column: 'classification', reason: 'column_missing', value: null },
      { line: 1, column: 'enabled', reason: 'column_missing', value: null },
    ]);
    const quote = answerValue(
      adminCalls.adminImportGames,
      await importCsv({
        csv: `vendor,category,gameId,name,classification,minBet,enabled\n${VENDOR},RNG,990202,"Open,,0.1,yes`,
        dryRun: true,
      }),
    );
    expect(quote.refused).toEqual([{ line: 2, column: null, reason: 'quote_open', value: null }]);
    expectFailure(await importCsv({ csv: '', dryRun: true }), 400, 'INVALID_INPUT');
    expect(await playerGames({ gameName: '990201' })).toEqual([]);
  });
});
