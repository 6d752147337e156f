import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { clearCookie, readCookie, setCookie } from './cookies.ts';

const now = new Date('2030-01-01T00:00:00Z');
const inAWeek = new Date('2030-01-08T00:00:00Z');

const app = Fastify();
app.get('/set', (_request, reply) => {
  setCookie(reply, 'kl_session', 'a b', { path: '/', sameSite: 'Lax', secure: false, expires: inAWeek, now });
  return 'ok';
});
app.get('/strict', (_request, reply) => {
  setCookie(reply, 'kl_chat', 'x', {
    path: '/api/chat',
    sameSite: 'Strict',
    secure: true,
    expires: inAWeek,
    now,
  });
  clearCookie(reply, 'kl_chat_ops', { path: '/api/chat/ops', sameSite: 'Strict', secure: true, now });
  return 'ok';
});
app.get('/twice', (_request, reply) => {
  setCookie(reply, 'kl_session', 'first', {
    path: '/',
    sameSite: 'Lax',
    secure: false,
    expires: inAWeek,
    now,
  });
  clearCookie(reply, 'kl_session', { path: '/', sameSite: 'Lax', secure: false, now });
  return 'ok';
});
app.get('/read', (request) => ({ value: readCookie(request, 'kl_session') ?? null }));
afterAll(() => app.close());

const setCookies = (header: string | string[] | undefined) =>
  header === undefined ? [] : Array.isArray(header) ? header : [header];

describe('setCookie', () => {
  it('writes the name, the encoded value and every attribute in a fixed order', async () => {
    const response = await app.inject('/set');
    expect(setCookies(response.headers['set-cookie'])).toEqual([
      'kl_session=a%20b; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800; Expires=Tue, 08 Jan 2030 00:00:00 GMT',
    ]);
  });

  it('scopes each cookie to its path, adds Secure when asked, clears with Max-Age=0 and writes each once', async () => {
    const response = await app.inject('/strict');
    expect(setCookies(response.headers['set-cookie'])).toEqual([
      'kl_chat=x; Path=/api/chat; HttpOnly; SameSite=Strict; Max-Age=604800; Expires=Tue, 08 Jan 2030 00:00:00 GMT; Secure',
      'kl_chat_ops=; Path=/api/chat/ops; HttpOnly; SameSite=Strict; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure',
    ]);
  });

  it('replaces a Set-Cookie of the same name and path written earlier in the answer', async () => {
    const response = await app.inject('/twice');
    expect(setCookies(response.headers['set-cookie'])).toEqual([
      'kl_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
  });
});

describe('readCookie', () => {
  it.each([
    ['kl_session=abc', 'abc'],
    ['other=1; kl_session="a%20b"', 'a b'],
    ['kl_session=', null],
    ['kl_session=%00', null],
    ['kl_session=a%00b', null],
    ['kl_session=%E0%A4%A', null],
    ['kl_sessionx=abc', null],
  ])('reads %j as %j', async (cookie, value) => {
    const response = await app.inject({ url: '/read', headers: { cookie } });
    expect(response.json()).toEqual({ value });
  });
});
