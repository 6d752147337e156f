import { randomUUID } from 'node:crypto';
import type { Hub88Reward } from '@kl/contracts/provider-hub88';
import {
  SANDBOX_HUB88_OPERATOR_ID,
  sandboxProviderCalls as calls,
  type SandboxSlotSpinResult,
  type SandboxSlotState,
} from '@kl/contracts/sandbox-provider';
import { describe, expect, it } from 'vitest';
import { providerReportOf } from '../report.ts';
import { createSandboxRepository } from '../repository.ts';
import { HUB88_GAME, useSandboxHub88 } from './testing.ts';

/**
 * The sandbox slot played in a session launched through Hub88's protocol (docs/decisions/067-sandbox-hub88.md,
 * docs/decisions/026-sandbox-provider.md): the same game, its money moved by Hub88's wallet calls — a spin's
 * stake and win, a reward's free spin as a free bet and its win — and none of them in the native daily
 * report, which the site reconciles as the native provider's.
 */

const NOW = new Date('2030-03-01T08:00:00.000Z');
const UNITS = 100_000;

describe('the sandbox slot through Hub88’s protocol', () => {
  const hub88 = useSandboxHub88(() => NOW);

  const play = <T>(entry: { method: string; path: string }, sessionId: string, payload?: object) =>
    hub88.app
      .inject({
        method: entry.method as 'GET' | 'POST',
        url: entry.path,
        headers: { authorization: `Bearer ${sessionId}` },
        ...(payload && { payload }),
      })
      .then((response) => ({ status: response.statusCode, ...(response.json() as { value: T }) }));

  const spin = (sessionId: string, request: { lineBet: number } | { free: true }) =>
    play<SandboxSlotSpinResult>(calls.sandboxProviderSlotSpin, sessionId, {
      ...request,
      requestKey: randomUUID(),
    });

  /** What the site received from this player, without the per-request fields. */
  const sentBy = (user: string) =>
    hub88.site.received
      .filter((call) => call.body.user === user)
      .map(({ call, body, signed }) => ({
        call,
        signed,
        ...body,
        request_uuid: undefined,
        token: undefined,
      }));

  it('opens one session with the launch’s address: the same address again opens nothing', async () => {
    const { token } = await hub88.player(1_000);
    const again = await hub88.app.inject({
      method: 'POST',
      url: calls.sandboxProviderOpenSession.path,
      payload: { token },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ success: false, code: 'LAUNCH_LINK_EXPIRED' });
  });

  it('opens the session at the site with the launch’s token, and stakes and pays a spin at the site', async () => {
    const { user, sessionId } = await hub88.player(100_000);
    const state = await play<SandboxSlotState>(calls.sandboxProviderSlot, sessionId);
    expect(state.status).toBe(200);

    const answer = await spin(sessionId, { lineBet: 100 });
    expect(answer.status, JSON.stringify(answer.value)).toBe(200);
    const { spinId, stake, returned, balance } = answer.value;
    expect(stake).toBe(2_000);
    expect(balance).toBe(100_000 - stake + returned);
    expect(hub88.site.balanceOf(user)).toBe(balance * UNITS);
    const inSession = {
      user,
      game_code: HUB88_GAME,
      signed: true,
      token: undefined,
      request_uuid: undefined,
    };
    expect(sentBy(user)).toEqual([
      { call: 'user/balance', ...inSession },
      {
        call: 'transaction/bet',
        ...inSession,
        transaction_uuid: `bet:${spinId}`,
        round: spinId,
        amount: 2_000 * UNITS,
        currency: 'VND',
      },
      {
        call: 'transaction/win',
        ...inSession,
        transaction_uuid: `win:${spinId}`,
        round: spinId,
        amount: returned * UNITS,
        currency: 'VND',
        round_closed: true,
        reference_transaction_uuid: `bet:${spinId}`,
      },
    ]);
  });

  it('passes the site’s refusal on to the player', async () => {
    const { sessionId } = await hub88.player(1_000);
    const answer = await spin(sessionId, { lineBet: 100 });
    expect(answer).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_BALANCE',
      value: { providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY' },
    });
  });

  it('plays a reward’s free spins, each win paid as a free bet of the reward and its win', async () => {
    const { user, sessionId } = await hub88.player(1_000);
    const created = await hub88.operatorCall({
      call: 'freebet/rewards/create',
      body: {
        user,
        operator_id: SANDBOX_HUB88_OPERATOR_ID,
        game_code: HUB88_GAME,
        currency: 'VND',
        bet_value: 2_000 * UNITS,
        bet_count: 60,
        start_time: '2030-03-01T07:00:00',
        end_time: '2030-03-02T08:00:00',
        operator_reference: `grant-${user}`,
      },
    });
    const reward = created.json() as Hub88Reward;
    const state = await play<SandboxSlotState>(calls.sandboxProviderSlot, sessionId);
    expect(state.value.freeRounds).toEqual({ grantId: reward.reward_uuid, roundsLeft: 60, lineBet: 100 });

    let won: SandboxSlotSpinResult | undefined;
    for (let played = 0; played < 60 && !won; played += 1) {
      const answer = await spin(sessionId, { free: true });
      expect(answer.status, JSON.stringify(answer.value)).toBe(200);
      expect(answer.value).toMatchObject({ free: true, stake: 0 });
      if (answer.value.returned > 0) won = answer.value;
    }
    if (!won) throw new Error('no free spin of 60 won anything');
    expect(won.balance).toBe(1_000 + won.returned);
    expect(hub88.site.balanceOf(user)).toBe((1_000 + won.returned) * UNITS);
    const free = { user, game_code: HUB88_GAME, signed: true, token: undefined, request_uuid: undefined };
    const moves = sentBy(user).filter(({ call }) => call !== 'user/balance');
    // Only the spin that won anything was sent: a free spin returning nothing pays nothing.
    expect(moves).toEqual([
      {
        call: 'transaction/bet',
        ...free,
        is_free: true,
        reward_uuid: reward.reward_uuid,
        round: won.spinId,
        currency: 'VND',
        transaction_uuid: `free:${won.spinId}:bet`,
        amount: 2_000 * UNITS,
      },
      {
        call: 'transaction/win',
        ...free,
        is_free: true,
        reward_uuid: reward.reward_uuid,
        round: won.spinId,
        currency: 'VND',
        transaction_uuid: `free:${won.spinId}`,
        reference_transaction_uuid: `free:${won.spinId}:bet`,
        amount: won.returned * UNITS,
        round_closed: true,
      },
    ]);
  });

  it('leaves Hub88’s sessions out of the native daily report, and sends a native session’s calls natively', async () => {
    const { user, sessionId } = await hub88.player(100_000);
    expect((await spin(sessionId, { lineBet: 100 })).status).toBe(200);

    // A session opened with the native protocol (its wallet session is the site's own session id).
    const repo = createSandboxRepository(hub88.db);
    const walletSessionId = randomUUID();
    await repo.insertSession({
      walletSessionId,
      playerId: 'native-member',
      playerName: 'native-member',
      currency: 'VND',
      gameId: HUB88_GAME,
      demo: false,
      createdAt: NOW,
    });
    const native = await repo.findSessionByWalletSession(walletSessionId);
    if (!native) throw new Error('the native session was not written');
    const before = hub88.site.otherPaths.length;
    const refused = await spin(native.id, { lineBet: 100 });
    expect(refused).toMatchObject({ status: 503, code: 'GAME_PROVIDER_UNAVAILABLE' });
    expect(hub88.site.otherPaths.slice(before)).toEqual([
      '/api/provider-wallet/bet',
      '/api/provider-wallet/bet',
      '/api/provider-wallet/bet',
    ]);

    const report = await providerReportOf({ repo, clock: () => NOW, providerCode: 'sandbox' }, '2030-03-01');
    expect(report.transactions.length).toBeGreaterThan(0);
    expect(report.transactions.every(({ playerId }) => playerId === 'native-member')).toBe(true);
    expect(report.transactions.some(({ playerId }) => playerId === user)).toBe(false);
  });
});
