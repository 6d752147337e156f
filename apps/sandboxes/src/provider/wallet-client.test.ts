import { describe, expect, it } from 'vitest';
import { signProviderRequest } from '@kl/signing/provider';
import { ERROR_CATALOGUE } from '@kl/contracts/errors';
import { asPlayer } from './sessions.ts';
import { createWalletClient, WalletRefusal, WalletUnreachable } from './wallet-client.ts';

/**
 * The wallet client's own rules (docs/decisions/026-sandbox-provider.md): signed requests, the same body sent
 * again while no answer comes, a refusal returned at once, and the key nowhere in what it throws.
 */

const SECRET = 'wallet-client-test-secret-0123456789abcdef';
const NOW = new Date('2030-03-01T08:00:00.000Z');
const BET = {
  sessionId: '8b0a7e4c-61d6-4a39-9b54-31f1f0b0c001',
  transactionId: 'bet:1',
  roundId: 'round-1',
  amount: 1_000,
  currency: 'VND',
};

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
}

function scripted(answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = (async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    sent.push({
      url: String(input),
      headers: init?.headers as Record<string, string>,
      body: String(init?.body),
    });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as typeof globalThis.fetch;
  const client = createWalletClient({
    baseUrl: () => 'http://wallet.test:8080',
    providerCode: 'sandbox',
    secret: SECRET,
    clock: () => NOW,
    fetch,
  });
  return { client, sent };
}

const envelope = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const accepted = () =>
  envelope(200, {
    success: true,
    value: {
      status: 'RS_OK',
      transactionId: 'bet:1',
      operatorTransactionId: '7',
      currency: 'VND',
      balance: 9_000,
    },
  });

describe('wallet client', () => {
  it('signs each request as the wallet checks it, under its action and the provider’s code', async () => {
    const { client, sent } = scripted([accepted]);
    expect(await client.bet(BET)).toMatchObject({ status: 'RS_OK', balance: 9_000 });
    const [request] = sent;
    expect(request?.url).toBe('http://wallet.test:8080/api/provider-wallet/bet');
    const timestamp = String(NOW.getTime() / 1000);
    const nonce = request?.headers['x-provider-nonce'] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(request?.headers).toMatchObject({
      'x-provider-code': 'sandbox',
      'x-provider-timestamp': timestamp,
      'x-provider-signature': signProviderRequest(SECRET, timestamp, nonce, 'bet', request?.body ?? ''),
    });
  });

  it('sends a call that got no answer again with the same body, a bounded number of times', async () => {
    const { client, sent } = scripted([
      () => {
        throw new TypeError('fetch failed');
      },
      () => envelope(503, { success: false, code: 'MAINTENANCE' }),
      accepted,
    ]);
    expect(await client.bet(BET)).toMatchObject({ transactionId: 'bet:1' });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((request) => request.body)).size).toBe(1);
    // Each attempt is a request of its own: a nonce the wallet has not seen (decision 070).
    expect(new Set(sent.map((request) => request.headers['x-provider-nonce'])).size).toBe(3);

    const down = scripted([502, 502, 502, 502].map((status) => () => envelope(status, {})));
    const failure = await down.client.win({ ...BET, amount: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WalletUnreachable);
    expect(down.sent).toHaveLength(3);
    expect(String(failure)).not.toContain(SECRET);
  });

  it('returns a refusal at once, with the catalogue code and the provider’s status', async () => {
    const { client, sent } = scripted([
      () =>
        envelope(409, {
          success: false,
          code: 'INSUFFICIENT_BALANCE',
          message: 'Insufficient balance',
          value: { status: 'RS_ERROR_NOT_ENOUGH_MONEY' },
        }),
    ]);
    const refusal = await client.bet(BET).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WalletRefusal);
    expect(refusal).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      httpStatus: 409,
      providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    expect(sent).toHaveLength(1);
  });
});

describe('asPlayer: what a player is answered when the wallet refuses or does not answer', () => {
  it('passes a refusal on with its code and the provider status, and no answer as 503, never a 500', async () => {
    const refused = asPlayer(() =>
      Promise.reject(new WalletRefusal('INSUFFICIENT_BALANCE', 409, 'RS_ERROR_NOT_ENOUGH_MONEY')),
    );
    await expect(refused).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      value: { providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY' },
    });
    const silent = asPlayer(() => Promise.reject(new WalletUnreachable('bet', 3)));
    await expect(silent).rejects.toMatchObject({ code: 'GAME_PROVIDER_UNAVAILABLE' });
    expect(ERROR_CATALOGUE.GAME_PROVIDER_UNAVAILABLE.status).toBe(503);
  });
});
