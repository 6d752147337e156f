import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../platform/clock.ts';
import { testClock } from '../../test/accounts.ts';
import { createFirebaseTestKey } from '../../test/firebase.ts';
import {
  cacheLifetimeMs,
  createHttpFirebaseKeySource,
  DEFAULT_CERTS_MAX_AGE_MS,
  FirebaseKeysUnavailableError,
  LONGEST_CERTS_MAX_AGE_MS,
} from './firebase-keys.ts';

const URL_OF_CERTS = 'https://certs.test/x509';
const first = createFirebaseTestKey('first');
const second = createFirebaseTestKey('second');

/** A fetch answering the queued answers in turn (the last one again when the queue runs out). */
function scriptedFetch(answers: (() => Response | Promise<Response>)[]) {
  const requests: { url: string; signal: AbortSignal | undefined }[] = [];
  const fetchFn = ((input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(input), signal: init?.signal ?? undefined });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) throw new Error('no answer scripted');
    return Promise.resolve().then(answer);
  }) as typeof fetch;
  return { fetchFn, requests };
}

const certsAnswer =
  (certs: Record<string, unknown>, cacheControl = 'public, max-age=600') =>
  () =>
    new Response(JSON.stringify(certs), {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': cacheControl },
    });

async function failureOf(promise: Promise<unknown>): Promise<FirebaseKeysUnavailableError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FirebaseKeysUnavailableError);
    return error as FirebaseKeysUnavailableError;
  }
  throw new Error('the key source answered');
}

describe('cacheLifetimeMs', () => {
  it('reads max-age, bounded, with a default and none for no-store / no-cache', () => {
    expect(cacheLifetimeMs('public, max-age=19663, must-revalidate, no-transform')).toBe(19_663_000);
    expect(cacheLifetimeMs('max-age=999999')).toBe(LONGEST_CERTS_MAX_AGE_MS);
    expect(cacheLifetimeMs(null)).toBe(DEFAULT_CERTS_MAX_AGE_MS);
    expect(cacheLifetimeMs('public')).toBe(DEFAULT_CERTS_MAX_AGE_MS);
    expect(cacheLifetimeMs('no-store')).toBe(0);
    expect(cacheLifetimeMs('private, no-cache')).toBe(0);
  });
});

describe('HTTP Firebase key source', () => {
  it('fetches the certificates and keeps them for the max-age of the answer', async () => {
    const time = testClock();
    const script = scriptedFetch([
      certsAnswer({ first: first.certificate }, 'public, max-age=600'),
      certsAnswer({ second: second.certificate }),
    ]);
    const source = createHttpFirebaseKeySource({
      url: URL_OF_CERTS,
      clock: time.clock,
      fetch: script.fetchFn,
    });
    expect(await source.getCertificates()).toEqual({ first: first.certificate });
    time.advanceMinutes(9);
    expect(await source.getCertificates()).toEqual({ first: first.certificate });
    expect(script.requests).toHaveLength(1);
    expect(script.requests[0]?.url).toBe(URL_OF_CERTS);
    expect(script.requests[0]?.signal).toBeInstanceOf(AbortSignal);
    time.advanceMinutes(2);
    expect(await source.getCertificates()).toEqual({ second: second.certificate });
    expect(script.requests).toHaveLength(2);
  });

  it('fetches again for an unknown key id, at most once a minute', async () => {
    const time = testClock();
    const script = scriptedFetch([certsAnswer({ first: first.certificate })]);
    const source = createHttpFirebaseKeySource({
      url: URL_OF_CERTS,
      clock: time.clock,
      fetch: script.fetchFn,
    });
    await source.getCertificates();
    time.advance(10_000);
    await source.getCertificates({ refresh: true });
    await source.getCertificates({ refresh: true });
    expect(script.requests).toHaveLength(1);
    time.advance(MINUTE_MS);
    await source.getCertificates({ refresh: true });
    expect(script.requests).toHaveLength(2);
    await source.getCertificates({ refresh: true });
    expect(script.requests).toHaveLength(2);
  });

  it('shares one request between concurrent callers', async () => {
    const script = scriptedFetch([certsAnswer({ first: first.certificate })]);
    const source = createHttpFirebaseKeySource({ url: URL_OF_CERTS, fetch: script.fetchFn });
    const answers = await Promise.all([source.getCertificates(), source.getCertificates()]);
    expect(answers[0]).toEqual(answers[1]);
    expect(script.requests).toHaveLength(1);
  });

  it.each<[string, () => Response | Promise<Response>]>([
    ['an HTTP error', () => new Response('busy', { status: 503 })],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
    ['a JSON array', certsAnswer([] as unknown as Record<string, unknown>)],
    ['no certificate', certsAnswer({})],
    ['a value that is not a certificate', certsAnswer({ first: 'hello' })],
    [
      'a network failure',
      () => {
        throw new TypeError('fetch failed');
      },
    ],
  ])('fails with FirebaseKeysUnavailableError on %s', async (_name, answer) => {
    const source = createHttpFirebaseKeySource({ url: URL_OF_CERTS, fetch: scriptedFetch([answer]).fetchFn });
    await failureOf(source.getCertificates());
  });

  it('gives up after the timeout', async () => {
    const fetchFn = ((_input: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const source = createHttpFirebaseKeySource({ url: URL_OF_CERTS, fetch: fetchFn, timeoutMs: 50 });
    const failure = await failureOf(source.getCertificates());
    expect(String(failure.cause)).toMatch(/timeout|abort/i);
  });

  it('answers a failure again for 5 seconds without asking, then asks again', async () => {
    const time = testClock();
    const script = scriptedFetch([
      () => new Response('busy', { status: 500 }),
      certsAnswer({ first: first.certificate }),
    ]);
    const source = createHttpFirebaseKeySource({
      url: URL_OF_CERTS,
      clock: time.clock,
      fetch: script.fetchFn,
    });
    await failureOf(source.getCertificates());
    await failureOf(source.getCertificates());
    expect(script.requests).toHaveLength(1);
    time.advance(5_000);
    expect(await source.getCertificates()).toEqual({ first: first.certificate });
    expect(script.requests).toHaveLength(2);
  });

  it('reads a real HTTP answer (local server, default fetch)', async () => {
    let served = 0;
    const server = createServer((_request, response) => {
      served += 1;
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
      response.end(JSON.stringify({ first: first.certificate }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const source = createHttpFirebaseKeySource({ url: `http://127.0.0.1:${port}/certs` });
      expect(await source.getCertificates()).toEqual({ first: first.certificate });
      expect(await source.getCertificates()).toEqual({ first: first.certificate });
      expect(served).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
