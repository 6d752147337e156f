import { API } from '@kl/contracts/api-paths';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../test/accounts.ts';
import { buildTestApp, captureLogs, json } from '../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../test/databases.ts';
import { bearerToken, OPERATOR_LOCK_RULE } from './operator-auth.ts';

const TOKENS = {
  ops: 'ops-token-0123456789abcdef',
  chat: 'chat-token-0123456789abcdef',
} as const;
type Credential = keyof typeof TOKENS;

/** One operator call of each credential (the agent-contracts calls share OPS_TOKEN's check). */
const CALLS: Record<Credential, { method: 'GET' | 'PUT'; url: string; payload?: object }> = {
  ops: { method: 'PUT', url: API.opsStatus.path, payload: { maintenance: false } },
  chat: { method: 'GET', url: API.chatOpsConversations.path },
};

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
};

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer   abc  ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describeEachDatabase('operator credentials', (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock();
  const logs = captureLogs();
  let app: FastifyInstance;
  let off: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database.current, {
      clock: time.clock,
      logger: logs.logger,
      config: {
        opsToken: TOKENS.ops,
        chatOperatorToken: TOKENS.chat,
      },
    });
    off = await buildTestApp(database.current, { clock: time.clock });
  });
  afterAll(async () => {
    await Promise.all([app.close(), off.close()]);
  });

  function operatorCall(
    credential: Credential,
    ip: string,
    authorization?: string,
    target = app,
  ): Promise<LightMyRequestResponse> {
    const { method, url, payload } = CALLS[credential];
    return target.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...(authorization !== undefined && { authorization }) },
      ...(payload && { payload }),
    });
  }
  const right = (credential: Credential) => `Bearer ${TOKENS[credential]}`;

  it('answers 404 when the credential is not configured, counting nothing', async () => {
    const ip = nextIp();
    for (const credential of ['ops', 'chat'] as const) {
      for (let i = 0; i < OPERATOR_LOCK_RULE.limit + 2; i += 1) {
        const response = await operatorCall(credential, ip, 'Bearer guess', off);
        expect(response.statusCode).toBe(404);
        expect(json(response).code).toBe('NOT_FOUND');
      }
    }
    expect((await operatorCall('ops', ip, right('ops'))).statusCode).toBe(200);
  });

  for (const credential of ['ops', 'chat'] as const) {
    it(`${credential}: locks an address out after ${OPERATOR_LOCK_RULE.limit} wrong tokens, the right one too`, async () => {
      const ip = nextIp();
      for (let i = 0; i < OPERATOR_LOCK_RULE.limit; i += 1) {
        const response = await operatorCall(credential, ip, `Bearer wrong-${i}`);
        expect(response.statusCode).toBe(401);
        expect(json(response).code).toBe('NOT_LOGGED_IN');
      }
      for (const authorization of ['Bearer another-guess', right(credential)]) {
        const locked = await operatorCall(credential, ip, authorization);
        expect(locked.statusCode).toBe(429);
        const body = json<{ code: string; value: { retryAfterSeconds: number } }>(locked);
        expect(body.code).toBe('TOO_MANY_REQUESTS');
        expect(body.value.retryAfterSeconds).toBeGreaterThan(0);
        expect(body.value.retryAfterSeconds).toBeLessThanOrEqual(OPERATOR_LOCK_RULE.lockMs / 1000);
        expect(locked.headers['retry-after']).toBe(String(body.value.retryAfterSeconds));
      }
      // Another address is not concerned.
      expect((await operatorCall(credential, nextIp(), right(credential))).statusCode).toBe(200);
    });
  }

  it('counts the credentials together: guesses spread over them lock the address for all', async () => {
    const ip = nextIp();
    const order: Credential[] = ['ops', 'chat'];
    for (let i = 0; i < OPERATOR_LOCK_RULE.limit; i += 1) {
      expect((await operatorCall(order[i % 2] ?? 'ops', ip, `Bearer guess-${i}`)).statusCode).toBe(401);
    }
    for (const credential of order) {
      expect((await operatorCall(credential, ip, right(credential))).statusCode).toBe(429);
    }
  });

  it('counts every presented token, malformed headers too, but not a request without one', async () => {
    const ip = nextIp();
    for (let i = 0; i < OPERATOR_LOCK_RULE.limit * 2; i += 1) {
      expect((await operatorCall('chat', ip)).statusCode).toBe(401);
    }
    expect((await operatorCall('chat', ip, right('chat'))).statusCode).toBe(200);
    const malformed = ['Basic abc', 'Bearer', TOKENS.chat, `Bearer ${TOKENS.chat} extra`];
    for (let i = 0; i < OPERATOR_LOCK_RULE.limit; i += 1) {
      const authorization = malformed[i % malformed.length] ?? 'Bearer';
      expect((await operatorCall('chat', ip, authorization)).statusCode).toBe(401);
    }
    expect((await operatorCall('chat', ip, right('chat'))).statusCode).toBe(429);
  });

  it('a right token clears the wrong ones counted before it', async () => {
    const ip = nextIp();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < OPERATOR_LOCK_RULE.limit - 1; i += 1) {
        expect((await operatorCall('chat', ip, 'Bearer nope')).statusCode).toBe(401);
      }
      expect((await operatorCall('chat', ip, right('chat'))).statusCode).toBe(200);
    }
  });

  it('lets at most the limit of parallel guesses be compared', async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => operatorCall('ops', ip, `Bearer parallel-${i}`)),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(OPERATOR_LOCK_RULE.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - OPERATOR_LOCK_RULE.limit);
  });

  it('lifts the lock after its time', async () => {
    const ip = nextIp();
    for (let i = 0; i <= OPERATOR_LOCK_RULE.limit; i += 1) await operatorCall('ops', ip, 'Bearer x');
    expect((await operatorCall('ops', ip, right('ops'))).statusCode).toBe(429);
    time.advance(OPERATOR_LOCK_RULE.lockMs + 1000);
    expect((await operatorCall('ops', ip, right('ops'))).statusCode).toBe(200);
  });

  it('logs every call let through with its credential, method and route; never the token', async () => {
    const ip = nextIp();
    const before = logs.lines.length;
    for (const credential of ['ops', 'chat'] as const) {
      expect((await operatorCall(credential, ip, right(credential))).statusCode).toBe(200);
    }
    const offer = await app.inject({
      method: 'POST',
      url: API.contractOpsPromote.path,
      remoteAddress: ip,
      headers: { authorization: right('ops') },
      payload: { username: 'nobody-here' },
    });
    expect(offer.statusCode).toBe(404);
    const lines = logs.lines.slice(before);
    const calls = lines.filter((line) => line.msg === 'operator call');
    expect(calls.map(({ operator, via, method, route }) => ({ operator, via, method, route }))).toEqual([
      { operator: 'ops', via: 'bearer', method: 'PUT', route: API.opsStatus.path },
      { operator: 'chat', via: 'bearer', method: 'GET', route: API.chatOpsConversations.path },
      { operator: 'ops', via: 'bearer', method: 'POST', route: API.contractOpsPromote.path },
    ]);
    const text = JSON.stringify(lines);
    for (const token of Object.values(TOKENS)) expect(text).not.toContain(token);
  });

  it('the chat operator cookie works without a bearer token and is not counted', async () => {
    const ip = nextIp();
    const signIn = await app.inject({
      method: 'POST',
      url: API.chatOpsSignIn.path,
      remoteAddress: ip,
      headers: { authorization: right('chat') },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
    for (let i = 0; i < OPERATOR_LOCK_RULE.limit + 2; i += 1) {
      const response = await app.inject({
        url: API.chatOpsConversations.path,
        remoteAddress: ip,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('counts wrong operator tokens against the API rate limit too', async () => {
    const limited = await buildTestApp(database.current, {
      clock: time.clock,
      config: { opsToken: TOKENS.ops, rateLimitMax: 3 },
    });
    try {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await operatorCall('ops', ip, 'Bearer x', limited)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
