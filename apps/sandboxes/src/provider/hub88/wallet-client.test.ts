import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreeRoundsRow, Hub88LaunchRow } from '../repository.ts';
import { WalletRefusal, WalletUnreachable } from '../wallet-client.ts';
import { developmentHub88Keys } from './keys.ts';
import type { Hub88Records } from './records.ts';
import { type FakeHub88Site, startFakeHub88Site } from './testing.ts';
import { createHub88WalletClient } from './wallet-client.ts';

/**
 * The Hub88 wallet client (docs/decisions/066-hub88-adapter.md) against a site answering as the site's
 * Hub88 adapter does: signed requests in Hub88's shape and units, answers trusted only when the operator
 * signed them, refusals with the site's catalogue codes, and a free round paid as a free bet and its win.
 */

const UNITS = 100_000;
const NOW = new Date('2030-03-01T08:00:00.000Z');

let site: FakeHub88Site;
beforeAll(async () => {
  site = await startFakeHub88Site();
});
afterAll(() => site.close());

let players = 0;

/** A launch recorded for a new player holding `balance` đồng at the site, and a client that knows it. */
function launched(balance: number, records: Partial<Hub88Records> = {}) {
  players += 1;
  const launch: Hub88LaunchRow = {
    id: randomUUID(),
    token: `launch-token-${players}-${randomUUID()}`,
    playerId: `member-${players}`,
    gameId: 'nova-reels',
    currency: 'VND',
    lang: 'en',
    lobbyUrl: '/m/home',
    createdAt: NOW,
    openedAt: null,
  };
  site.addPlayer(launch.token, launch.playerId, balance * UNITS);
  const client = createHub88WalletClient({
    siteUrl: () => site.url,
    keys: developmentHub88Keys(),
    records: {
      open: async (id) => (id === launch.id ? launch : undefined),
      launch: async (id) => (id === launch.id ? launch : undefined),
      betOfRound: async () => undefined,
      reward: async () => undefined,
      ...records,
    },
  });
  const sent = () => site.received.filter((call) => call.body.user === launch.playerId);
  return { launch, client, sent };
}

describe('the Hub88 wallet client', () => {
  it('opens the launch’s session with the player’s balance, in the site’s units', async () => {
    const { launch, client, sent } = launched(50_000);
    expect(await client.authenticate({ token: launch.id })).toEqual({
      status: 'RS_OK',
      sessionId: launch.id,
      playerId: launch.playerId,
      playerName: launch.playerId,
      currency: 'VND',
      balance: 50_000,
      gameId: 'nova-reels',
      demo: false,
    });
    expect(sent()).toEqual([
      {
        call: 'user/balance',
        signed: true,
        body: {
          user: launch.playerId,
          token: launch.token,
          game_code: 'nova-reels',
          request_uuid: expect.any(String),
        },
      },
    ]);
    // The operator's token opens nothing: only the launch's id, once (records.open).
    await expect(client.authenticate({ token: launch.token })).rejects.toMatchObject({
      code: 'LAUNCH_LINK_EXPIRED',
      providerStatus: 'RS_ERROR_INVALID_TOKEN',
    });
  });

  it('stakes and pays in Hub88’s units, the win naming its round’s stake', async () => {
    const { launch, client, sent } = launched(10_000, {
      betOfRound: async (sessionId, roundId) => (roundId === 'round-1' ? `bet:${sessionId}` : undefined),
    });
    const bet = await client.bet({
      sessionId: launch.id,
      transactionId: 'bet:1',
      roundId: 'round-1',
      amount: 2_000,
      currency: 'VND',
    });
    expect(bet).toEqual({
      status: 'RS_OK',
      transactionId: 'bet:1',
      operatorTransactionId: null,
      currency: 'VND',
      balance: 8_000,
    });
    const win = await client.win({
      sessionId: launch.id,
      transactionId: 'win:1',
      roundId: 'round-1',
      amount: 500,
      currency: 'VND',
      roundClosed: true,
    });
    expect(win.balance).toBe(8_500);
    expect(site.balanceOf(launch.playerId)).toBe(8_500 * UNITS);
    expect(sent().map(({ call, body }) => ({ call, ...body, request_uuid: undefined }))).toEqual([
      {
        call: 'transaction/bet',
        user: launch.playerId,
        token: launch.token,
        game_code: 'nova-reels',
        transaction_uuid: 'bet:1',
        round: 'round-1',
        amount: 2_000 * UNITS,
        currency: 'VND',
      },
      {
        call: 'transaction/win',
        user: launch.playerId,
        token: launch.token,
        game_code: 'nova-reels',
        transaction_uuid: 'win:1',
        round: 'round-1',
        amount: 500 * UNITS,
        currency: 'VND',
        round_closed: true,
        reference_transaction_uuid: `bet:${launch.id}`,
      },
    ]);
  });

  it('ends a round with a win of nothing that closes it, and refunds a stake by its id', async () => {
    const { launch, client, sent } = launched(10_000);
    await client.bet({
      sessionId: launch.id,
      transactionId: 'bet:2',
      roundId: 'r2',
      amount: 1_000,
      currency: 'VND',
    });
    expect(
      await client.rollback({ sessionId: launch.id, transactionId: 'rb:2', betTransactionId: 'bet:2' }),
    ).toMatchObject({
      transactionId: 'rb:2',
      balance: 10_000,
    });
    expect(await client.roundEnd({ sessionId: launch.id, roundId: 'r2' })).toEqual({
      status: 'RS_OK',
      roundId: 'r2',
      currency: 'VND',
      balance: 10_000,
    });
    const [, rollback, end] = sent();
    expect(rollback).toMatchObject({
      call: 'transaction/rollback',
      body: { transaction_uuid: 'rb:2', reference_transaction_uuid: 'bet:2' },
    });
    expect(end).toMatchObject({
      call: 'transaction/win',
      body: { transaction_uuid: 'round-end:r2', round: 'r2', amount: 0, round_closed: true },
    });
  });

  it('takes no answer the operator did not sign for one: sent again, a new request id, the same transaction', async () => {
    const { launch, client, sent } = launched(10_000);
    site.spoil('forged', 'unsigned', 'replayed');
    const failed = await client
      .bet({ sessionId: launch.id, transactionId: 'bet:3', roundId: 'r3', amount: 1_000, currency: 'VND' })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(WalletUnreachable);
    expect(sent()).toHaveLength(3);
    // The site took the stake at the first attempt and answered each repeat with that answer.
    expect(site.balanceOf(launch.playerId)).toBe(9_000 * UNITS);

    site.spoil('forged');
    const answer = await client.bet({
      sessionId: launch.id,
      transactionId: 'bet:3',
      roundId: 'r3',
      amount: 1_000,
      currency: 'VND',
    });
    expect(answer.balance).toBe(9_000);
    const attempts = sent();
    expect(attempts).toHaveLength(5);
    expect(new Set(attempts.map(({ body }) => body.transaction_uuid))).toEqual(new Set(['bet:3']));
    expect(new Set(attempts.map(({ body }) => body.request_uuid)).size).toBe(5);
    expect(attempts.every(({ signed }) => signed)).toBe(true);
  });

  it('returns a refusal at once, with the site’s catalogue code and Hub88’s status', async () => {
    const { launch, client, sent } = launched(500);
    const refusal = await client
      .bet({ sessionId: launch.id, transactionId: 'bet:4', roundId: 'r4', amount: 1_000, currency: 'VND' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WalletRefusal);
    expect(refusal).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      httpStatus: 409,
      providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    expect(sent()).toHaveLength(1);
  });

  it('pays a free round as a free bet of the reward’s value and its win, both naming the reward, once', async () => {
    const rewardId = randomUUID();
    const reward = { id: rewardId, roundValue: 2_000n } as FreeRoundsRow;
    const { launch, client, sent } = launched(1_000, {
      reward: async (id) => (id === rewardId ? reward : undefined),
    });
    const credit = {
      sessionId: launch.id,
      transactionId: 'free:spin-5',
      kind: 'free_round' as const,
      grantId: rewardId,
      roundId: 'spin-5',
      amount: 3_500,
      currency: 'VND',
    };
    expect(await client.credit(credit)).toMatchObject({ transactionId: 'free:spin-5', balance: 4_500 });
    expect(await client.credit(credit)).toMatchObject({ transactionId: 'free:spin-5', balance: 4_500 });
    expect(site.balanceOf(launch.playerId)).toBe(4_500 * UNITS);
    const calls = sent().map(({ call, body }) => ({
      call,
      ...body,
      request_uuid: undefined,
      token: undefined,
    }));
    const freeBet = {
      call: 'transaction/bet',
      user: launch.playerId,
      game_code: 'nova-reels',
      is_free: true,
      reward_uuid: rewardId,
      round: 'spin-5',
      currency: 'VND',
      transaction_uuid: 'free:spin-5:bet',
      amount: 2_000 * UNITS,
    };
    const freeWin = {
      call: 'transaction/win',
      user: launch.playerId,
      game_code: 'nova-reels',
      is_free: true,
      reward_uuid: rewardId,
      round: 'spin-5',
      currency: 'VND',
      transaction_uuid: 'free:spin-5',
      reference_transaction_uuid: 'free:spin-5:bet',
      amount: 3_500 * UNITS,
      round_closed: true,
    };
    expect(calls).toEqual([freeBet, freeWin, freeBet, freeWin]);
  });
});
