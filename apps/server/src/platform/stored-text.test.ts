import { API } from '@kl/contracts/api-paths';
import { SESSION_COOKIE } from '@kl/contracts/accounts';
import { FEEDBACK_FORM_FIELDS } from '@kl/contracts/feedback';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMember, sessionOf } from '../modules/wallet/testing.ts';
import { buildTestApp, captureLogs, json } from '../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../test/databases.ts';
import { findUnstorableText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from './stored-text.ts';

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe('isStorableText / findUnstorableText', () => {
  it('refuses NUL and lone surrogates, keeps paired surrogates and everything else', () => {
    expect(isStorableText('Nguyễn Văn An 🎰')).toBe(true);
    expect(isStorableText('')).toBe(true);
    for (const bad of [
      NUL,
      `a${NUL}b`,
      LONE_HIGH,
      `${LONE_HIGH}x`,
      LONE_LOW,
      `x${LONE_LOW}`,
      '🎰'.slice(1),
    ]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('names the path of the first bad value or key, at any depth', () => {
    expect(findUnstorableText({ a: 'x', b: [1, 'y', { c: `z${NUL}` }] })).toBe('b.2.c');
    expect(findUnstorableText({ a: { [`k${NUL}`]: 1 } })).toBe('a.<key>');
    expect(findUnstorableText(`top${NUL}`)).toBe('');
    expect(findUnstorableText({ a: 1, b: null, c: true, d: ['ok'] })).toBeUndefined();
    expect(findUnstorableText(undefined)).toBeUndefined();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = `end${NUL}`;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep)).toBe(Array.from({ length: 200_000 }, () => '0').join('.'));
  });
});

describeEachDatabase('unstorable text at the API edge', (kind) => {
  const database = useTestDatabase(kind);
  const logs = captureLogs();
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    app = await buildTestApp(database.current, { logger: logs.logger });
    const row = await createTestMember(database.current.db);
    cookie = `${SESSION_COOKIE}=${await sessionOf(database.current.db, row)}`;
  });
  afterAll(() => app.close());

  function expectRefused(response: LightMyRequestResponse, location: string, path: string) {
    expect(response.statusCode, response.body).toBe(400);
    const body = json<{ code: string; value: { issues: unknown[] } }>(response);
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.value.issues).toEqual([{ location, path, message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(response.body).not.toContain(NUL);
  }

  it('refuses NUL in the query of calls that would have reached the database', async () => {
    for (const [url, name] of [
      [API.gameSearch.path, 'gameName'],
      [API.lotteryGame.path, 'code'],
      [API.lotteryResults.path, 'code'],
      [API.lotteryNumero.path, 'code'],
      [API.lotteryOrders.path, 'code'],
      [API.usernameCheck.path, 'username'],
    ] as const) {
      const response = await app.inject({ url: `${url}?${name}=x%00y`, headers: { cookie } });
      expectRefused(response, 'querystring', name);
    }
  });

  it('refuses NUL and lone surrogates in JSON bodies, values and keys, at any depth', async () => {
    for (const field of ['email', 'registerUrl', 'domain']) {
      const response = await app.inject({
        method: 'PUT',
        url: API.register.path,
        payload: { username: 'edgecase1', password: 'abc12345', [field]: `a${NUL}b` },
      });
      expectRefused(response, 'body', field);
    }
    const surrogate = await app.inject({
      method: 'POST',
      url: API.chatSend.path,
      headers: { cookie, 'content-type': 'application/json' },
      // JSON escapes: the parsed string holds a lone high surrogate.
      payload: '{"body": "hi \\ud800 there"}',
    });
    expectRefused(surrogate, 'body', 'body');
    const key = await app.inject({
      method: 'POST',
      url: API.chatSend.path,
      headers: { cookie },
      payload: { nested: { [`k${NUL}`]: 'v' } },
    });
    expectRefused(key, 'body', 'nested.<key>');
  });

  it('refuses a NUL in a cookie value as no cookie at all', async () => {
    const response = await app.inject({
      url: API.memberInfo.path,
      headers: { cookie: `${SESSION_COOKIE}=abc%00def` },
    });
    expect(response.statusCode).toBe(401);
    expect(json(response).code).toBe('NOT_LOGGED_IN');
  });

  it('refuses NUL in a text field of a multipart form, after reading the whole form', async () => {
    const boundary = 'edge-boundary';
    const field = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload =
      field(FEEDBACK_FORM_FIELDS.type, '1') +
      field(FEEDBACK_FORM_FIELDS.content, `A question about a deposit ${NUL} that never arrived`) +
      field(FEEDBACK_FORM_FIELDS.captchaId, 'none') +
      field(FEEDBACK_FORM_FIELDS.captcha, 'none') +
      `--${boundary}--\r\n`;
    const response = await app.inject({
      method: 'PUT',
      url: API.submitFeedback.path,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectRefused(response, 'body', FEEDBACK_FORM_FIELDS.content);
  });

  it('answers a compressed request body (which no route takes) with 400 INVALID_INPUT', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: API.register.path,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'edgecase2', password: 'abc12345' })),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, code: 'INVALID_INPUT' });
  });

  it('logs none of it as an unexpected error', () => {
    expect(logs.lines.filter((line) => line.level === 50)).toEqual([]);
  });
});
