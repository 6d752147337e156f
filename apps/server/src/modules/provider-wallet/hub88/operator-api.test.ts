import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HUB88_SIGNATURE_HEADER } from '@kl/contracts/provider-hub88';
import { signRsaSha256, verifyRsaSha256 } from '@kl/signing/rsa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHub88OperatorApi, type Hub88Provider } from './operator-api.ts';
import { rsaKeyPair } from './testing.ts';

/**
 * The site's calls to Hub88's operator API (docs/decisions/067-sandbox-hub88.md) against a server that
 * answers as Hub88 would, or as something else would: only a signed answer of the call's shape counts.
 */

const hub88Keys = rsaKeyPair();
const operatorKeys = rsaKeyPair();
const stranger = rsaKeyPair();

/** What the server answers next, and what it received. */
interface Exchange {
  answer: { status: number; body: string; signature?: string | null };
  received?: { path: string; body: string; signedByOperator: boolean };
}
const exchange: Exchange = { answer: { status: 200, body: '{}' } };

let server: Server;
let apiUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const signature = request.headers[HUB88_SIGNATURE_HEADER];
      exchange.received = {
        path: request.url ?? '',
        body,
        signedByOperator: verifyRsaSha256(
          operatorKeys.publicKey,
          body,
          typeof signature === 'string' ? signature : undefined,
        ),
      };
      const { status, body: answer, signature: answerSignature } = exchange.answer;
      const signed =
        answerSignature === undefined ? signRsaSha256(hub88Keys.privateKey, answer) : answerSignature;
      response.writeHead(status, {
        'content-type': 'application/json',
        ...(signed !== null && { [HUB88_SIGNATURE_HEADER]: signed }),
      });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hub88`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = (operatorId: number | null = 7): Hub88Provider => ({
  code: 'hub88',
  apiUrl,
  protocol: 'hub88',
  protocolSettings: JSON.stringify({
    hub88PublicKey: hub88Keys.publicPem,
    operatorPrivateKey: operatorKeys.privatePem,
    ...(operatorId !== null && { operatorId }),
  }),
});

const launch = {
  user: 'member-1',
  token: 'launch-token-0123456789',
  platform: 'GPL_MOBILE' as const,
  lobby_url: '/m/gameList?gameType=RNG',
  lang: 'en',
  ip: '203.0.113.9',
  game_code: '1101',
  currency: 'VND',
  country: 'XX',
};

const api = createHub88OperatorApi({ timeoutMs: 2_000 });

describe('the operator’s calls to Hub88', () => {
  it('asks for a game’s address signed with the operator’s key, with its operator id, and takes a signed answer', async () => {
    exchange.answer = { status: 200, body: JSON.stringify({ url: 'https://games.example/play?t=1' }) };
    expect(await api.gameUrl(provider(), launch)).toBe('https://games.example/play?t=1');
    expect(exchange.received?.path).toBe('/hub88/operator/generic/v2/game/url');
    expect(exchange.received?.signedByOperator).toBe(true);
    expect(JSON.parse(exchange.received?.body ?? '')).toEqual({ ...launch, operator_id: 7 });
  });

  it('acts on no answer Hub88 did not sign, nor on a refusal or an answer of another shape', async () => {
    const url = JSON.stringify({ url: 'https://elsewhere.example/' });
    const cases: [Exchange['answer'], string][] = [
      [{ status: 200, body: url, signature: null }, 'ANSWER_SIGNATURE_INVALID'],
      [
        { status: 200, body: url, signature: signRsaSha256(stranger.privateKey, url) },
        'ANSWER_SIGNATURE_INVALID',
      ],
      [{ status: 401, body: JSON.stringify({ error: 'RS_ERROR_INVALID_SIGNATURE' }) }, 'HTTP_401'],
      [{ status: 200, body: JSON.stringify({ link: 'https://games.example/' }) }, 'ANSWER_INVALID'],
      [{ status: 200, body: 'not json' }, 'ANSWER_INVALID'],
    ];
    for (const [answer, reason] of cases) {
      exchange.answer = answer;
      await expect(api.gameUrl(provider(), launch)).rejects.toMatchObject({ reason });
    }
  });

  it('creates a reward of free bets and answers it as Hub88 keeps it', async () => {
    const reward = {
      reward_uuid: '5b8f0c9e-93a4-4c1e-9d2b-0a4f6f0a8e11',
      status: 'FRS_ACTIVE',
      user: 'member-1',
      game_code: '1101',
      currency: 'VND',
      bet_value: 200_000_000,
      bet_count: 10,
      start_time: '2026-12-02T10:00:00',
      end_time: '2026-12-09T10:00:00',
      operator_reference: 'grant-1',
    };
    exchange.answer = { status: 200, body: JSON.stringify(reward) };
    const { reward_uuid: _, status: __, ...request } = reward;
    expect(await api.createReward(provider(), request)).toEqual(reward);
    expect(exchange.received?.path).toBe('/hub88/operator/generic/v2/freebet/rewards/create');
    expect(JSON.parse(exchange.received?.body ?? '')).toEqual({ ...request, operator_id: 7 });
  });

  it('calls nothing for a provider without an operator id or of another protocol', async () => {
    exchange.received = undefined;
    await expect(api.gameUrl(provider(null), launch)).rejects.toMatchObject({
      reason: 'NO_OPERATOR_ID',
    });
    await expect(api.gameUrl({ ...provider(), protocol: 'native' }, launch)).rejects.toMatchObject({
      reason: 'NO_OPERATOR_API',
    });
    expect(exchange.received).toBeUndefined();
  });

  it('answers no answer when nothing listens', async () => {
    await expect(
      api.gameUrl({ ...provider(), apiUrl: 'http://127.0.0.1:9/hub88' }, launch),
    ).rejects.toMatchObject({ reason: 'NO_ANSWER' });
  });
});
