import { randomUUID } from 'node:crypto';
import {
  HUB88_OPERATOR_API_PATH,
  HUB88_SIGNATURE_HEADER,
  HUB88_UNITS_PER_CURRENCY_UNIT,
  HUB88_WALLET_PATH,
  type Hub88GameUrlAnswer,
  type Hub88GameUrlRequest,
  type Hub88OperatorCall,
  type Hub88Status,
} from '@kl/contracts/provider-hub88';
import {
  SANDBOX_HUB88_CODE,
  SANDBOX_HUB88_OPERATOR_ID,
  SANDBOX_HUB88_PATH,
  type SandboxSession,
  sandboxProviderCalls,
} from '@kl/contracts/sandbox-provider';
import {
  DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
  DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
} from '@kl/signing/development';
import {
  DEVELOPMENT_HUB88_OPERATOR_PRIVATE_KEY,
  DEVELOPMENT_HUB88_PRIVATE_KEY,
  DEVELOPMENT_HUB88_PUBLIC_KEY,
} from '@kl/signing/development-hub88';
import { privateKeyOf, publicKeyOf, signRsaSha256, verifyRsaSha256 } from '@kl/signing/rsa';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildSandboxesApp } from '../../app.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, openProviderDatabase, type ProviderDatabase } from '../../platform/db.ts';
import { createSandboxProviderModule, type SandboxProviderModule } from '../index.ts';

/**
 * Test kit of the sandbox provider's Hub88 protocol (docs/decisions/067-sandbox-hub88.md): a small site that
 * answers Hub88's wallet calls as the site's adapter does (`apps/server/src/modules/provider-wallet/hub88/`),
 * on a loopback port, with the development keys both processes know, and the operator's signature of a
 * request to the provider's operator API.
 */

const OPERATOR_KEY = privateKeyOf(DEVELOPMENT_HUB88_OPERATOR_PRIVATE_KEY);
const PROVIDER_PUBLIC_KEY = publicKeyOf(DEVELOPMENT_HUB88_PUBLIC_KEY);

/** The operator's signature of a body (what the site sends to the operator API and with its answers). */
export const operatorSignature = (raw: string) => signRsaSha256(OPERATOR_KEY, raw);

/** Whether the provider signed this text (its answers, its wallet calls). */
export const providerSigned = (raw: string, signature: unknown) =>
  verifyRsaSha256(PROVIDER_PUBLIC_KEY, raw, typeof signature === 'string' ? signature : undefined);

/** A signature under a key the site never signs with (the provider's own): a forgery. */
export const forgedSignature = (raw: string) =>
  signRsaSha256(privateKeyOf(DEVELOPMENT_HUB88_PRIVATE_KEY), raw);

/** A Hub88 call the site received: its call, body, and whether the provider's signature held. */
export interface ReceivedCall {
  call: string;
  body: Record<string, unknown>;
  signed: boolean;
}

/** How the next answer is spoiled: signed with another key, unsigned, or echoing another request. */
export type Spoiled = 'forged' | 'unsigned' | 'replayed';

export interface FakeHub88Site {
  /** The site's base URL. */
  url: string;
  /** Every Hub88 call received, in order. */
  received: ReceivedCall[];
  /** Requests of any other path (the native protocol's calls), answered 503. */
  otherPaths: string[];
  /** A player at the site: the launch token names them; the balance in Hub88's units. */
  addPlayer(token: string, user: string, balance: number): void;
  balanceOf(user: string): number;
  /** The next answers spoiled, one per entry, before the site answers as it should. */
  spoil(...next: Spoiled[]): void;
  close(): Promise<void>;
}

interface Move {
  kind: 'bet' | 'win' | 'rollback';
  user: string;
  amount: number;
  answer: Record<string, unknown>;
}

/**
 * The site's Hub88 wallet, reduced to what the provider observes: the token names a player, a stake takes
 * the amount (a free bet takes nothing), a win pays it, a rollback gives a stake back once, a transaction
 * sent again answers its first answer, and every answer is HTTP 200, signed with the operator's key.
 */
export async function startFakeHub88Site(): Promise<FakeHub88Site> {
  const players = new Map<string, { user: string }>();
  const balances = new Map<string, number>();
  const moves = new Map<string, Move>();
  const received: ReceivedCall[] = [];
  const otherPaths: string[] = [];
  const spoiled: Spoiled[] = [];

  function answerOf(call: string, body: Record<string, unknown>): Record<string, unknown> {
    const player = players.get(String(body.token));
    const status = (value: Hub88Status) => ({ status: value, request_uuid: body.request_uuid });
    if (!player || player.user !== body.user) return status('RS_ERROR_INVALID_TOKEN');
    const user = player.user;
    const balance = () => ({
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      user,
      currency: 'VND',
      balance: balances.get(user) ?? 0,
    });
    if (call === 'user/balance') return balance();
    const id = String(body.transaction_uuid);
    const earlier = moves.get(id);
    if (earlier) return { ...earlier.answer, request_uuid: body.request_uuid };
    const amount = Number(body.amount ?? 0);
    let kind: Move['kind'];
    if (call === 'transaction/bet') {
      if (body.is_free === true) return balance();
      if (amount > (balances.get(user) ?? 0)) return { ...balance(), status: 'RS_ERROR_NOT_ENOUGH_MONEY' };
      balances.set(user, (balances.get(user) ?? 0) - amount);
      kind = 'bet';
    } else if (call === 'transaction/win') {
      balances.set(user, (balances.get(user) ?? 0) + amount);
      kind = 'win';
    } else {
      const bet = moves.get(String(body.reference_transaction_uuid));
      if (bet?.kind === 'bet') balances.set(user, (balances.get(user) ?? 0) + bet.amount);
      kind = 'rollback';
    }
    const answer = balance();
    moves.set(id, { kind, user, amount, answer });
    return answer;
  }

  const app: FastifyInstance = Fastify({ logger: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(`${HUB88_WALLET_PATH}/${SANDBOX_HUB88_CODE}/*`, async (request, reply) => {
    const call = (request.params as { '*': string })['*'];
    const raw = String(request.body);
    const signed = providerSigned(raw, request.headers[HUB88_SIGNATURE_HEADER]);
    const body = JSON.parse(raw) as Record<string, unknown>;
    received.push({ call, body, signed });
    const answer = signed
      ? answerOf(call, body)
      : { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: body.request_uuid };
    const spoil = spoiled.shift();
    const text = JSON.stringify(
      spoil === 'replayed' ? { ...answer, request_uuid: 'another-request' } : answer,
    );
    if (spoil !== 'unsigned')
      reply.header(
        HUB88_SIGNATURE_HEADER,
        spoil === 'forged' ? forgedSignature(text) : operatorSignature(text),
      );
    return reply.type('application/json').send(text);
  });
  app.setNotFoundHandler(async (request, reply) => {
    otherPaths.push(request.url);
    // This site answers Hub88's protocol only: a native call gets no answer.
    return reply.code(503).send({});
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    url,
    received,
    otherPaths,
    addPlayer(token, user, balance) {
      players.set(token, { user });
      balances.set(user, balance);
    },
    balanceOf: (user) => balances.get(user) ?? 0,
    spoil: (...next) => spoiled.push(...next),
    close: () => app.close(),
  };
}

/** The site's request to the provider's operator API: the body as sent, signed by the operator by default. */
export interface OperatorRequest {
  call: Hub88OperatorCall;
  body: object;
  /** The signature header; the operator's of the body when left out, none when null. */
  signature?: string | null;
}

export interface SandboxHub88Harness {
  readonly site: FakeHub88Site;
  /** The sandboxes app serving the provider (its operator API and its game client's calls). */
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly provider: SandboxProviderModule;
  /** A call of the operator API as the site sends it (the address the sandboxes are reached at: `PROVIDER_HOST`). */
  operatorCall(request: OperatorRequest): Promise<LightMyRequestResponse>;
  /** The site's `game/url` body for a player and game. */
  gameUrlBody(user: string, token: string, gameCode?: string): Hub88GameUrlRequest;
  /**
   * A player with `balance` đồng at the site, launched through `game/url` and their session opened at the
   * provider with the token of the answered address.
   */
  player(balance: number, gameCode?: string): Promise<{ user: string; token: string; sessionId: string }>;
}

/** An embedded database starts and migrates in seconds, many more on a busy machine. */
const SET_UP_MS = 60_000;

/** The host the site reaches the sandboxes at in these tests. */
export const PROVIDER_HOST = 'sandboxes.test:8090';
export const HUB88_GAME = 'nova-reels';

/**
 * The sandbox provider of a suite speaking Hub88's protocol: a fake site on a loopback port, the provider on
 * a database of its own (in memory) calling it without waiting between attempts, and the sandboxes app.
 */
export function useSandboxHub88(clock: Clock): SandboxHub88Harness {
  let state:
    | {
        site: FakeHub88Site;
        database: ProviderDatabase;
        provider: SandboxProviderModule;
        app: FastifyInstance;
      }
    | undefined;
  const current = () => {
    if (!state) throw new Error('The harness is not set up yet (use it inside a test or hook)');
    return state;
  };
  let players = 0;

  beforeAll(async () => {
    const site = await startFakeHub88Site();
    const database = await openProviderDatabase({});
    const provider = createSandboxProviderModule({
      db: database.db,
      clock,
      secret: DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
      walletUrl: () => site.url,
      walletOptions: { backoffMs: () => 0 },
    });
    const app = await buildSandboxesApp({
      config: {
        siteUrl: site.url,
        paymentCallbackSecret: DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
        logLevel: 'silent',
      },
      clock,
      logger: false,
      provider,
    });
    state = { site, database, provider, app };
  }, SET_UP_MS);
  afterAll(async () => {
    await state?.app.close();
    await state?.database.close();
    await state?.site.close();
  });

  const operatorCall = ({ call, body, signature }: OperatorRequest) => {
    const raw = JSON.stringify(body);
    const signed = signature === undefined ? operatorSignature(raw) : signature;
    return current().app.inject({
      method: 'POST',
      url: `${SANDBOX_HUB88_PATH}${HUB88_OPERATOR_API_PATH}/${call}`,
      headers: {
        host: PROVIDER_HOST,
        'content-type': 'application/json',
        ...(signed !== null && { [HUB88_SIGNATURE_HEADER]: signed }),
      },
      payload: raw,
    });
  };

  const gameUrlBody = (user: string, token: string, gameCode = HUB88_GAME): Hub88GameUrlRequest => ({
    user,
    token,
    platform: 'GPL_MOBILE',
    operator_id: SANDBOX_HUB88_OPERATOR_ID,
    lobby_url: '/m/home',
    lang: 'en',
    ip: '203.0.113.9',
    game_code: gameCode,
    currency: 'VND',
    country: 'XX',
  });

  return {
    get site() {
      return current().site;
    },
    get app() {
      return current().app;
    },
    get db() {
      return current().database.db;
    },
    get provider() {
      return current().provider;
    },
    operatorCall,
    gameUrlBody,
    async player(balance, gameCode) {
      players += 1;
      const user = `member-${players}-${randomUUID().slice(0, 8)}`;
      const launchToken = `launch-${randomUUID()}`;
      current().site.addPlayer(launchToken, user, balance * HUB88_UNITS_PER_CURRENCY_UNIT);
      const launched = await operatorCall({
        call: 'game/url',
        body: gameUrlBody(user, launchToken, gameCode),
      });
      const { url } = JSON.parse(launched.body) as Hub88GameUrlAnswer;
      const token = new URL(url).searchParams.get('token') ?? '';
      const opened = await current().app.inject({
        method: 'POST',
        url: sandboxProviderCalls.sandboxProviderOpenSession.path,
        payload: { token },
      });
      const session = JSON.parse(opened.body) as { value: SandboxSession };
      return { user, token, sessionId: session.value.sessionId };
    },
  };
}
