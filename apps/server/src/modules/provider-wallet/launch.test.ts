import { API, launchResult, recentGamesResult, successEnvelope, type GameType } from '@kl/contracts';
import { providerAuthenticateResult } from '@kl/contracts/provider-wallet';
import { SANDBOX_PROVIDER_CODE } from '@kl/contracts/sandbox-provider';
import { and, asc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { game, gameVendor, gameProvider } from '../../db/schema/index.ts';
import { DEVELOPMENT_SANDBOX_PROVIDER_SECRET } from '../../platform/config.ts';
import { call, freshIp, sessionCookieOf } from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTrialMemberApp } from '../../test/suite.ts';
import { createProviderLaunch } from './launch.ts';
import { sandboxProviderAdapter as adapterAt } from './sandbox-provider.ts';

const sandboxProviderAdapter = adapterAt(() => 'http://games.test:8090');
import { signedRequest } from './testing.ts';

const SANDBOX = { code: SANDBOX_PROVIDER_CODE, secret: DEVELOPMENT_SANDBOX_PROVIDER_SECRET };

describe('the sandbox provider’s adapter', () => {
  const gameOf = (gameType: GameType, gameName: string) =>
    sandboxProviderAdapter.gameOf({ gameId: '1001', gameType, gameName });

  it('offers a game of its kind for every category it plays', () => {
    expect(gameOf('RNG', 'Lucky Dragon')).toBe('slot');
    expect(gameOf('FISH', 'Ocean King')).toBe('fishing');
    expect(gameOf('SPORTS', 'Arena Sports')).toBe('sports');
    expect(gameOf('ESPORTS', 'IM eSports')).toBe('esports');
    expect(gameOf('COCKFIGHT', 'DS88 Sabong')).toBe('cockfight');
    expect(gameOf('LIVE', 'Baccarat A1')).toBe('baccarat');
    expect(gameOf('LIVE', 'Speed Baccarat B2')).toBe('baccarat');
    expect(gameOf('LIVE', 'Xóc Đĩa C3')).toBe('xoc-dia');
    expect(gameOf('PVP', 'Bầu Cua')).toBe('bau-cua');
  });

  it('offers none of the live and card games it does not play, nor lotteries', () => {
    expect(gameOf('LIVE', 'Roulette A3')).toBeNull();
    expect(gameOf('PVP', 'Tiến Lên Miền Nam')).toBeNull();
    expect(gameOf('LOTT', 'Miền Bắc')).toBeNull();
  });

  it('writes the address of its client with the token, the language, the lobby and the provider’s API', () => {
    expect(
      sandboxProviderAdapter.launchUrl({
        token: 'a b',
        game: 'baccarat',
        language: 'en',
        lobbyPath: '/m/live-games',
        merchantCode: 'kimlong',
        memberId: 'm',
        ip: '203.0.113.9',
      }),
    ).toBe(
      '/m/provider/baccarat?token=a%20b&lang=en&lobby=%2Fm%2Flive-games&api=http%3A%2F%2Fgames.test%3A8090',
    );
  });

  it('refuses a provider without an adapter and a game it does not offer, before issuing a token', async () => {
    let issued = 0;
    const launch = createProviderLaunch({
      wallet: {
        issueLaunchToken: () => {
          issued += 1;
          return Promise.resolve({ token: 't', expiresAt: new Date(0) });
        },
      },
      adapters: [sandboxProviderAdapter],
    });
    const request = {
      merchantCode: 'kimlong',
      memberId: 'm',
      game: { gameId: '1', gameType: 'LIVE' as const, gameName: 'Roulette A3' },
      language: 'vi' as const,
      lobbyPath: '/m/live-games',
      ip: '203.0.113.9',
    };
    await expect(launch.launch({ ...request, providerCode: 'elsewhere' })).rejects.toMatchObject({
      code: 'GAME_PROVIDER_UNAVAILABLE',
    });
    await expect(launch.launch({ ...request, providerCode: SANDBOX_PROVIDER_CODE })).rejects.toMatchObject({
      code: 'GAME_NOT_OFFERED',
    });
    expect(issued).toBe(0);
    expect(launch.offers('elsewhere', request.game)).toBe(false);
  });
});

describeEachDatabase('launching at a provider', (kind) => {
  const t = useTrialMemberApp(kind);
  const { database, time } = t;
  const ip = freshIp();

  const launch = (payload: Record<string, unknown>) =>
    call(t.app, API.launchGame, { ip, cookie: t.cookie }, { payload });
  const launched = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(launchResult).parse(json(response)).value;
  };
  const gameNamed = async (gameType: GameType, name: string) => {
    const [row] = await database.current.db
      .select()
      .from(game)
      .where(and(eq(game.gameType, gameType), like(game.gameName, name)))
      .orderBy(asc(game.id))
      .limit(1);
    if (!row) throw new Error(`no ${gameType} game named ${name}`);
    return row;
  };

  it('opens Baccarat A1 at the sandbox provider with a token the provider exchanges once for its session', async () => {
    const baccarat = await gameNamed('LIVE', 'Baccarat A1');
    const value = launched(await launch({ gameId: baccarat.gameId }));
    expect(value).toMatchObject({ kind: 'direct', prizeMode: null, playType: null, supportPlay: 0 });
    const url = new URL(value.url, 'http://site');
    expect(url.pathname).toBe('/m/provider/baccarat');
    expect(url.searchParams.get('lang')).toBe('vi');
    expect(url.searchParams.get('lobby')).toBe('/m/live-games');
    // The provider's API, where its client opens the session: the sandboxes process by default.
    expect(url.searchParams.get('api')).toBe('http://127.0.0.1:8090');
    expect(Date.parse(value.expiresAt ?? '')).toBeGreaterThan(time.clock().getTime());

    const token = url.searchParams.get('token') ?? '';
    const authenticated = await t.app.inject(signedRequest(SANDBOX, 'authenticate', { token }, time.clock()));
    expect(authenticated.statusCode, authenticated.body).toBe(200);
    expect(successEnvelope(providerAuthenticateResult).parse(json(authenticated)).value).toMatchObject({
      status: 'RS_OK',
      gameId: baccarat.gameId,
      currency: 'VND',
    });

    // The launch is remembered among the recently played.
    const recent = successEnvelope(recentGamesResult).parse(
      json(await call(t.app, API.recentGames, { ip, cookie: t.cookie })),
    ).value;
    expect(recent.list[0]?.gameId).toBe(baccarat.gameId);
  });

  it('opens each category at its game, and a vendor tile at the vendor’s first game the provider offers', async () => {
    const english = launched(
      await launch({ gameId: (await gameNamed('SPORTS', 'Arena Sports')).gameId, language: 'EN' }),
    );
    expect(english.url).toMatch(
      /^\/m\/provider\/sports\?token=[^&]+&lang=en&lobby=%2Fm%2Fsport-games&api=http%3A%2F%2F127\.0\.0\.1%3A8090$/,
    );
    const lobbies: [string, GameType, string][] = [
      ['IMES', 'ESPORTS', 'esports'],
      ['DS88', 'COCKFIGHT', 'cockfight'],
      ['ROYAL', 'LIVE', 'baccarat'],
    ];
    for (const [vassalage, gameType, kindOfGame] of lobbies) {
      const value = launched(await launch({ vassalage, gameType, from: 'vendor' }));
      expect(value.url, vassalage).toMatch(new RegExp(`^/m/provider/${kindOfGame}\\?token=`));
      expect(value.supportPlay).toBe(1);
    }
    const slot = await database.current.db
      .select()
      .from(game)
      .where(and(eq(game.vassalage, 'TIGER'), eq(game.gameType, 'RNG')))
      .limit(1);
    expect(launched(await launch({ gameId: slot[0]?.gameId })).url).toMatch(/^\/m\/provider\/slot\?token=/);
  });

  it('answers clearly for a game the provider does not offer, a disabled provider and a vendor without one', async () => {
    const roulette = await gameNamed('LIVE', 'Roulette%');
    const notOffered = await launch({ gameId: roulette.gameId });
    expect(notOffered.statusCode).toBe(404);
    expect(json(notOffered)).toMatchObject({ code: 'GAME_NOT_OFFERED' });

    const db = database.current.db;
    const baccarat = await gameNamed('LIVE', 'Baccarat A1');
    await db.update(gameProvider).set({ enabled: false }).where(eq(gameProvider.code, SANDBOX_PROVIDER_CODE));
    try {
      const disabled = await launch({ gameId: baccarat.gameId });
      expect(disabled.statusCode).toBe(403);
      expect(json(disabled)).toMatchObject({ code: 'GAME_PROVIDER_DISABLED' });
    } finally {
      await db
        .update(gameProvider)
        .set({ enabled: true })
        .where(eq(gameProvider.code, SANDBOX_PROVIDER_CODE));
    }

    // Nothing stands in for a third-party vendor without a provider: not even the in-house slot.
    await db.update(gameVendor).set({ providerCode: null }).where(eq(gameVendor.vassalage, 'TIGER'));
    try {
      const [tiger] = await db
        .select()
        .from(game)
        .where(and(eq(game.vassalage, 'TIGER'), eq(game.gameType, 'RNG')))
        .limit(1);
      const refused = await launch({ gameId: tiger?.gameId });
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ value: { reason: 'VENDOR_NOT_CONFIGURED', vassalage: 'TIGER' } });
    } finally {
      await db
        .update(gameVendor)
        .set({ providerCode: SANDBOX_PROVIDER_CODE })
        .where(eq(gameVendor.vassalage, 'TIGER'));
    }
  });

  it('answers 503 when the provider is not connected in this process', async () => {
    const offline = await buildTestApp(database.current, {
      clock: time.clock,
      config: { sandboxProvider: false },
    });
    try {
      const member = sessionCookieOf(await call(offline, API.trialLogin, { ip: freshIp() })) ?? '';
      const baccarat = await gameNamed('LIVE', 'Baccarat A1');
      const response = await call(
        offline,
        API.launchGame,
        { ip: freshIp(), cookie: member },
        {
          payload: { gameId: baccarat.gameId },
        },
      );
      expect(response.statusCode).toBe(503);
      expect(json(response)).toMatchObject({ code: 'GAME_PROVIDER_UNAVAILABLE' });
      // The in-house games still launch.
      const inHouse = await call(
        offline,
        API.launchGame,
        { ip: freshIp(), cookie: member },
        {
          payload: { vassalage: 'BGS', gameType: 'RNG', from: 'vendor' },
        },
      );
      expect(launched(inHouse).url).toMatch(/^\/m\/(slotsCenter\?launch=|gameList\?)/);
    } finally {
      await offline.close();
    }
  });
});
