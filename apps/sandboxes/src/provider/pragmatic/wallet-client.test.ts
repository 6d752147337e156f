import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreeRoundsRow, PragmaticLaunchRow } from '../repository.ts';
import { WalletRefusal, WalletUnreachable } from '../wallet-client.ts';
import { pragmaticRequestHash } from './hash.ts';
import type { PragmaticRecords } from './records.ts';
import { FAKE_SITE_SECRET_KEY, type FakePragmaticSite, startFakePragmaticSite } from './testing.ts';
import { createPragmaticWalletClient, pragmaticDecimalOf } from './wallet-client.ts';

/**
 * The Pragmatic wallet client (docs/decisions/068-pragmatic-adapter.md, docs/decisions/071-sandbox-pragmatic.md)
 * against a site answering as the site's Pragmatic adapter does: hashed forms in Pragmatic's shape and
 * units, the launch token exchanged once, refusals with the site's catalogue codes, a stake refunded where
 * Pragmatic would refund it, and a fault of the site's sent again.
 */

const NOW = new Date('2030-03-01T08:00:00.000Z');
const GAME = 'spin8-lucky';

let site: FakePragmaticSite;
beforeAll(async () => {
  site = await startFakePragmaticSite();
});
afterAll(() => site.close());

let players = 0;

/**
 * A launch recorded for a new player holding `balance` đồng at the site, and a client that knows it
 * (opened, unless `opened` is false). `secretKey`: the client's key (the site's by default).
 */
function launched(
  balance: number,
  options: { opened?: boolean; secretKey?: string; grant?: FreeRoundsRow } = {},
) {
  players += 1;
  const userId = `member-${players}`;
  let launch: PragmaticLaunchRow = {
    id: randomUUID(),
    token: `launch-token-${players}-${randomUUID()}`,
    symbol: GAME,
    language: 'en',
    lobbyUrl: '/m/home',
    createdAt: NOW,
    openedAt: options.opened === false ? null : NOW,
    playerId: options.opened === false ? null : userId,
    currency: options.opened === false ? null : 'VND',
  };
  site.addPlayer(launch.token, userId, balance);
  const records: PragmaticRecords = {
    find: async (id) => (id === launch.id ? launch : undefined),
    async open(id, player) {
      if (id !== launch.id || launch.openedAt !== null) return undefined;
      launch = { ...launch, ...player, openedAt: NOW };
      return launch;
    },
    launch: async (id) => (id === launch.id && launch.openedAt !== null ? launch : undefined),
    freeRounds: async (id) => (id === options.grant?.id ? options.grant : undefined),
  };
  const client = createPragmaticWalletClient({
    siteUrl: () => site.url,
    secretKey: options.secretKey ?? FAKE_SITE_SECRET_KEY,
    records,
    clock: () => NOW,
  });
  const sent = () => site.received.filter((call) => call.parameters.token === launch.token);
  return { launch: () => launch, userId, client, sent };
}

/** What every call of the player's session carries. */
const inSession = (token: string, userId: string) => ({ providerId: 'PragmaticPlay', token, userId });

describe('the Pragmatic wallet client', () => {
  it('hashes the parameters but hash, sorted, those with a value, the key appended (MD5, hex)', () => {
    const parameters = {
      userId: '421',
      timestamp: '1482429190374',
      roundId: '5103188801',
      roundDetails: 'spin',
      reference: '585c1306f89c56f5ecfc2f5d',
      providerId: 'PragmaticPlay',
      gameId: 'vs50aladdin',
      bonusCode: '',
      amount: '100.0',
      hash: 'not hashed',
    };
    const spelled =
      'amount=100.0&gameId=vs50aladdin&providerId=PragmaticPlay&reference=585c1306f89c56f5ecfc2f5d' +
      '&roundDetails=spin&roundId=5103188801&timestamp=1482429190374&userId=421';
    expect(pragmaticRequestHash(parameters, 'testKey')).toBe(
      createHash('md5').update(`${spelled}testKey`).digest('hex'),
    );
    expect([pragmaticDecimalOf(2_000, 'VND'), pragmaticDecimalOf(0, 'VND')]).toEqual(['2000.00', '0.00']);
  });

  it('exchanges the launch’s token once: the player and balance the site answers, in the site’s units', async () => {
    const { launch, userId, client, sent } = launched(50_000, { opened: false });
    const id = launch().id;
    expect(await client.authenticate({ token: id })).toEqual({
      status: 'RS_OK',
      sessionId: id,
      playerId: userId,
      playerName: userId,
      currency: 'VND',
      balance: 50_000,
      gameId: GAME,
      demo: false,
    });
    expect(launch()).toMatchObject({ playerId: userId, currency: 'VND', openedAt: NOW });
    expect(sent()).toEqual([
      {
        call: 'authenticate',
        hashed: true,
        parameters: { providerId: 'PragmaticPlay', token: launch().token, gameId: GAME },
      },
    ]);
    // The launch opens one session; the site's token itself opens nothing.
    for (const token of [id, launch().token])
      await expect(client.authenticate({ token })).rejects.toMatchObject({
        code: 'LAUNCH_LINK_EXPIRED',
        providerStatus: 'RS_ERROR_INVALID_TOKEN',
      });
    expect(sent()).toHaveLength(1);
  });

  it('stakes and pays in đồng, the result ending the round, then endRound', async () => {
    const { launch, userId, client, sent } = launched(10_000);
    const { id, token } = launch();
    const bet = await client.bet({
      sessionId: id,
      transactionId: 'bet:1',
      roundId: 'round-1',
      amount: 2_000,
      currency: 'VND',
    });
    expect(bet).toEqual({
      status: 'RS_OK',
      transactionId: 'bet:1',
      operatorTransactionId: expect.stringMatching(/^\d+$/),
      currency: 'VND',
      balance: 8_000,
    });
    const win = await client.win({
      sessionId: id,
      transactionId: 'win:1',
      roundId: 'round-1',
      amount: 500,
      currency: 'VND',
      roundClosed: true,
    });
    expect(win.balance).toBe(8_500);
    expect(site.balanceOf(userId)).toBe(8_500);
    const round = {
      gameId: GAME,
      roundId: 'round-1',
      roundDetails: 'spin',
      timestamp: String(NOW.getTime()),
    };
    expect(sent()).toEqual([
      {
        call: 'bet',
        hashed: true,
        parameters: { ...inSession(token, userId), ...round, reference: 'bet:1', amount: '2000.00' },
      },
      {
        call: 'result',
        hashed: true,
        parameters: { ...inSession(token, userId), ...round, reference: 'win:1', amount: '500.00' },
      },
      {
        call: 'endRound',
        hashed: true,
        parameters: { ...inSession(token, userId), gameId: GAME, roundId: 'round-1', win: '500.00' },
      },
    ]);
    // A round ended: its end again is answered, with the balance.
    expect(await client.roundEnd({ sessionId: id, roundId: 'round-1' })).toEqual({
      status: 'RS_OK',
      roundId: 'round-1',
      currency: 'VND',
      balance: 8_500,
    });
  });

  it('passes a refusal on with the site’s code, refunding a stake as Pragmatic would', async () => {
    const { launch, userId, client, sent } = launched(1_000);
    const stake = (transactionId: string, amount: number) =>
      client.bet({ sessionId: launch().id, transactionId, roundId: transactionId, amount, currency: 'VND' });
    // Not enough money: refused with the site's code; Pragmatic refunds no stake refused so.
    await expect(stake('bet:big', 2_000)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    expect(sent().map((call) => call.call)).toEqual(['bet']);

    // A client with another key: the site answers error 5, and the stake is refunded (still refused 5).
    const wrong = launched(1_000, { secretKey: 'not-the-site-key' });
    const refusal = await wrong.client
      .bet({
        sessionId: wrong.launch().id,
        transactionId: 'bet:w',
        roundId: 'r-w',
        amount: 100,
        currency: 'VND',
      })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WalletRefusal);
    expect(refusal).toMatchObject({
      code: 'PROVIDER_SIGNATURE_INVALID',
      providerStatus: 'RS_ERROR_INVALID_SIGNATURE',
    });
    expect(wrong.sent().map(({ call, hashed, parameters }) => [call, hashed, parameters.reference])).toEqual([
      ['bet', false, 'bet:w'],
      ['refund', false, 'bet:w'],
    ]);
    expect(site.balanceOf(wrong.userId)).toBe(1_000);
    expect(site.balanceOf(userId)).toBe(1_000);
  });

  it('sends a call again after a fault of the site’s or no answer; a stake never answered is refunded', async () => {
    const { launch, userId, client, sent } = launched(10_000);
    const { id } = launch();
    site.spoil('fault', 'html');
    const bet = await client.bet({
      sessionId: id,
      transactionId: 'bet:r',
      roundId: 'r',
      amount: 1_000,
      currency: 'VND',
    });
    expect(bet.balance).toBe(9_000);
    expect(sent().map((call) => [call.call, call.parameters.reference])).toEqual([
      ['bet', 'bet:r'],
      ['bet', 'bet:r'],
      ['bet', 'bet:r'],
    ]);

    // Three attempts without an answer: unreachable, and the stake refunded, as Pragmatic would.
    site.spoil('unavailable', 'unavailable', 'unavailable');
    const gone = await client
      .bet({ sessionId: id, transactionId: 'bet:gone', roundId: 'gone', amount: 1_000, currency: 'VND' })
      .catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(WalletUnreachable);
    expect(
      sent()
        .slice(-4)
        .map((call) => [call.call, call.parameters.reference]),
    ).toEqual([
      ['bet', 'bet:gone'],
      ['bet', 'bet:gone'],
      ['bet', 'bet:gone'],
      ['refund', 'bet:gone'],
    ]);
    // Refunded a stake the site never took: nothing moved, and that stake is refused if it comes later.
    await expect(
      client.bet({
        sessionId: id,
        transactionId: 'bet:gone',
        roundId: 'gone',
        amount: 1_000,
        currency: 'VND',
      }),
    ).rejects.toMatchObject({ code: 'GAME_ROUND_CLOSED', providerStatus: 'RS_ERROR_UNKNOWN' });
    expect(site.balanceOf(userId)).toBe(9_000);
  });

  it('gives a stake back by its reference, the balance read after; a stake whose round ended is refused', async () => {
    const { launch, userId, client, sent } = launched(5_000);
    const { id } = launch();
    await client.bet({ sessionId: id, transactionId: 'bet:a', roundId: 'a', amount: 1_000, currency: 'VND' });
    const refund = await client.rollback({
      sessionId: id,
      transactionId: 'rollback:a',
      betTransactionId: 'bet:a',
    });
    expect(refund).toEqual({
      status: 'RS_OK',
      transactionId: 'rollback:a',
      operatorTransactionId: expect.stringMatching(/^\d+$/),
      currency: 'VND',
      balance: 5_000,
    });
    expect(
      sent()
        .slice(-2)
        .map((call) => [call.call, call.parameters.reference]),
    ).toEqual([
      ['refund', 'bet:a'],
      ['balance', undefined],
    ]);
    await client.bet({ sessionId: id, transactionId: 'bet:b', roundId: 'b', amount: 1_000, currency: 'VND' });
    await client.win({
      sessionId: id,
      transactionId: 'win:b',
      roundId: 'b',
      amount: 0,
      currency: 'VND',
      roundClosed: true,
    });
    await expect(
      client.rollback({ sessionId: id, transactionId: 'rollback:b', betTransactionId: 'bet:b' }),
    ).rejects.toMatchObject({ code: 'GAME_ROUND_CLOSED' });
    expect(site.balanceOf(userId)).toBe(4_000);
    // A session of no launch is no session.
    await expect(client.balance({ sessionId: randomUUID() })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('plays a free round as a stake of the bonus and pays its win by bonusWin', async () => {
    const grant = {
      id: randomUUID(),
      playerId: 'p',
      gameId: GAME,
      rounds: 5,
      used: 1,
      roundValue: 2_000n,
      currency: 'VND',
      expiresAt: NOW,
      createdAt: NOW,
      operatorReference: null,
      startsAt: null,
    } satisfies FreeRoundsRow;
    const { launch, userId, client, sent } = launched(1_000, { grant });
    const { id, token } = launch();
    const paid = await client.credit({
      sessionId: id,
      transactionId: 'free:s1',
      kind: 'free_round',
      grantId: grant.id,
      roundId: 's1',
      amount: 700,
      currency: 'VND',
    });
    expect(paid).toMatchObject({ transactionId: 'free:s1', balance: 1_700 });
    const round = {
      gameId: GAME,
      roundId: 's1',
      roundDetails: 'spin',
      bonusCode: grant.id,
      timestamp: String(NOW.getTime()),
    };
    expect(sent().map(({ call, parameters }) => ({ call, ...parameters }))).toEqual([
      { call: 'bet', ...inSession(token, userId), ...round, reference: 'free:s1:bet', amount: '2000.00' },
      {
        call: 'result',
        ...inSession(token, userId),
        ...round,
        reference: 'free:s1:result',
        amount: '700.00',
      },
      {
        call: 'bonusWin',
        ...inSession(token, userId),
        reference: 'free:s1',
        bonusCode: grant.id,
        gameId: GAME,
        roundId: 's1',
        amount: '700.00',
        timestamp: String(NOW.getTime()),
      },
    ]);
    expect(site.balanceOf(userId)).toBe(1_700);
  });
});
