import {
  HUB88_SIGNATURE_HEADER,
  type Hub88Reward,
  type Hub88RewardCreateRequest,
} from '@kl/contracts/provider-hub88';
import { SANDBOX_HUB88_OPERATOR_ID } from '@kl/contracts/sandbox-provider';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxFreeRounds, sandboxHub88Launch } from '../../db/schema.ts';
import { forgedSignature, HUB88_GAME, PROVIDER_HOST, providerSigned, useSandboxHub88 } from './testing.ts';

/**
 * Hub88's Operator API at the sandbox provider (docs/decisions/067-sandbox-hub88.md), as the site calls it:
 * signed requests only, from its operator id, answered signed; a launch answered with the site's game client
 * of the sandbox, and rewards of free bets kept once per operator reference.
 */

const NOW = new Date('2030-03-01T08:00:00.000Z');

describe('the sandbox provider’s Hub88 operator API', () => {
  const hub88 = useSandboxHub88(() => NOW);

  const launchesOf = (token: string) =>
    hub88.db.select().from(sandboxHub88Launch).where(eq(sandboxHub88Launch.token, token));

  it('refuses a request the operator did not sign, before reading it', async () => {
    const body = hub88.gameUrlBody('member-unsigned', 'token-of-an-unsigned-launch');
    for (const signature of [null, forgedSignature(JSON.stringify(body)), 'bm90IGEgc2lnbmF0dXJl']) {
      const answer = await hub88.operatorCall({ call: 'game/url', body, signature });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: 'RS_ERROR_INVALID_SIGNATURE' });
    }
    // Signed over other bytes than those sent.
    const changed = await hub88.app.inject({
      method: 'POST',
      url: '/api/sandbox-hub88/operator/generic/v2/game/url',
      headers: {
        'content-type': 'application/json',
        [HUB88_SIGNATURE_HEADER]: forgedSignature('{}'),
      },
      payload: JSON.stringify(body),
    });
    expect(changed.statusCode).toBe(401);
    expect(await launchesOf('token-of-an-unsigned-launch')).toEqual([]);
  });

  it('refuses another operator’s request and a body that is not the call’s', async () => {
    const other = await hub88.operatorCall({
      call: 'game/url',
      body: { ...hub88.gameUrlBody('member-other', 'token-of-another-operator'), operator_id: 2 },
    });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ error: 'RS_ERROR_INVALID_PARTNER' });
    expect(await launchesOf('token-of-another-operator')).toEqual([]);

    const wrong = await hub88.operatorCall({ call: 'game/url', body: { user: 'member-x' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'RS_ERROR_WRONG_SYNTAX' });
  });

  it('answers a launch with the site’s game client of the sandbox slot, signed, and records it', async () => {
    const body = hub88.gameUrlBody('member-launch', 'token-of-a-launch-0001');
    const answer = await hub88.operatorCall({
      call: 'game/url',
      body: { ...body, lobby_url: '/m/gameList?x=1' },
    });
    expect(answer.statusCode).toBe(200);
    expect(providerSigned(answer.body, answer.headers[HUB88_SIGNATURE_HEADER])).toBe(true);
    const url = new URL((answer.json() as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(`${hub88.site.url}/m/provider/slot`);
    // The browser's address carries the launch's id, never the operator's token.
    const [recorded] = await launchesOf('token-of-a-launch-0001');
    expect([...url.searchParams]).toEqual([
      ['token', recorded?.id],
      ['lang', 'en'],
      ['lobby', '/m/gameList?x=1'],
      ['api', `http://${PROVIDER_HOST}`],
    ]);
    expect(url.href).not.toContain('token-of-a-launch-0001');
    const vi = await hub88.operatorCall({
      call: 'game/url',
      body: { ...hub88.gameUrlBody('member-launch', 'token-of-a-launch-0002'), lang: 'vi' },
    });
    expect(new URL((vi.json() as { url: string }).url).searchParams.get('lang')).toBe('vi');

    expect(await launchesOf('token-of-a-launch-0001')).toEqual([
      expect.objectContaining({
        playerId: 'member-launch',
        gameId: HUB88_GAME,
        currency: 'VND',
        lang: 'en',
        lobbyUrl: '/m/gameList?x=1',
        createdAt: NOW,
      }),
    ]);
  });

  describe('rewards', () => {
    const reward = (reference: string | undefined, change: Partial<Hub88RewardCreateRequest> = {}) => ({
      user: 'member-reward',
      operator_id: SANDBOX_HUB88_OPERATOR_ID,
      game_code: HUB88_GAME,
      currency: 'VND',
      bet_value: 2_000 * 100_000,
      bet_count: 10,
      start_time: '2030-03-01T07:59:00',
      end_time: '2030-03-08T08:00:00',
      ...(reference !== undefined && { operator_reference: reference }),
      ...change,
    });
    const rowsOf = (user: string) =>
      hub88.db.select().from(sandboxFreeRounds).where(eq(sandboxFreeRounds.playerId, user));

    it('keeps a reward as free rounds of the slot and answers it, signed', async () => {
      const answer = await hub88.operatorCall({ call: 'freebet/rewards/create', body: reward('grant-1') });
      expect(answer.statusCode).toBe(200);
      expect(providerSigned(answer.body, answer.headers[HUB88_SIGNATURE_HEADER])).toBe(true);
      const created = answer.json() as Hub88Reward;
      expect(created).toEqual({
        reward_uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        status: 'FRS_ACTIVE',
        user: 'member-reward',
        game_code: HUB88_GAME,
        currency: 'VND',
        bet_value: 2_000 * 100_000,
        bet_count: 10,
        start_time: '2030-03-01T07:59:00',
        end_time: '2030-03-08T08:00:00',
        operator_reference: 'grant-1',
      });
      expect(await rowsOf('member-reward')).toEqual([
        expect.objectContaining({
          id: created.reward_uuid,
          gameId: HUB88_GAME,
          rounds: 10,
          roundValue: 2_000n,
          used: 0,
          expiresAt: new Date('2030-03-08T08:00:00Z'),
        }),
      ]);
    });

    it('answers a create sent again under its operator reference with the same reward, never a second', async () => {
      const body = reward('grant-2', { user: 'member-retry' });
      const first = (
        await hub88.operatorCall({ call: 'freebet/rewards/create', body })
      ).json() as Hub88Reward;
      const again = await hub88.operatorCall({ call: 'freebet/rewards/create', body });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first);
      expect(await rowsOf('member-retry')).toHaveLength(1);

      const other = await hub88.operatorCall({
        call: 'freebet/rewards/create',
        body: { ...body, bet_count: 11 },
      });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ error: 'RS_ERROR_DUPLICATE_TRANSACTION' });
      expect(await rowsOf('member-retry')).toHaveLength(1);

      // Without a reference, each create is a reward of its own.
      const loose = reward(undefined, { user: 'member-loose' });
      await hub88.operatorCall({ call: 'freebet/rewards/create', body: loose });
      await hub88.operatorCall({ call: 'freebet/rewards/create', body: loose });
      expect(await rowsOf('member-loose')).toHaveLength(2);
    });

    it('refuses a reward ended already, or worth no whole đồng a bet', async () => {
      for (const change of [
        { end_time: '2030-03-01T08:00:00' },
        { bet_value: 2_000 * 100_000 + 1 },
        { bet_value: 0 },
        { bet_count: 1_001 },
      ]) {
        const answer = await hub88.operatorCall({
          call: 'freebet/rewards/create',
          body: reward(undefined, { user: 'member-refused', ...change }),
        });
        expect(answer.statusCode, JSON.stringify(change)).toBe(400);
        expect(answer.json()).toEqual({ error: 'RS_ERROR_WRONG_SYNTAX' });
      }
      expect(await rowsOf('member-refused')).toEqual([]);
    });
  });
});
