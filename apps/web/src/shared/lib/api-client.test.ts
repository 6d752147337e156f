import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { feedbackCalls } from '@kl/contracts/feedback';
import { statusCalls } from '@kl/contracts/status';
import { vipCalls } from '@kl/contracts/vip';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiCall,
  buildUrl,
  errorCodeOf,
  HEALTH_PATH,
  messageFor,
  probeServer,
} from './api-client.ts';
import { initI18n } from './i18n.ts';
import { serverReach } from './server-reach.ts';

/**
 * Entries of the API table whose answers these transport tests do not care about: method, path and module
 * id as the table says, any value accepted.
 */
const anyValue = z.unknown();
const statusCall = { ...statusCalls.status, response: anyValue };
const devClock = { ...statusCalls.devClock, body: z.unknown(), response: anyValue };
const submitFeedback = { ...feedbackCalls.submitFeedback, response: anyValue };

const answer = (body: string | object, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

function stubFetch(implementation: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The ApiError a call rejects with (fails the test if it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('answers the value of a success envelope', async () => {
    stubFetch(async () => answer({ success: true, value: { status: 'ok' } }));
    await expect(apiCall(statusCall)).resolves.toEqual({ status: 'ok' });
  });

  it('parses the value by the entry’s response schema, and refuses one that does not fit', async () => {
    const levels = { currency: 'VND', list: [] };
    stubFetch(async () => answer({ success: true, value: levels }));
    await expect(apiCall(vipCalls.vipLevels)).resolves.toEqual(levels);

    stubFetch(async () => answer({ success: true, value: { currency: 'VND', list: [{ level: 'one' }] } }));
    const error = await failureOf(apiCall(vipCalls.vipLevels));
    expect(error.code).toBe('UNKNOWN_ERROR');
    expect(error.message).toContain('/api/vip/levels');
  });

  it('sends the method, module id, language and same-origin credentials of the API table', async () => {
    const fetchMock = stubFetch(async () => answer({ success: true, value: null }));
    await apiCall(statusCall);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/status');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Accept-Language': 'en',
      'x-module-id': 'COMM3',
    });

    await initI18n('vi');
    await apiCall(statusCall);
    expect(fetchMock.mock.calls[1]![1]?.headers).toMatchObject({ 'Accept-Language': 'vi' });
  });

  it('sends a body as JSON, and the query', async () => {
    const fetchMock = stubFetch(async () => answer({ success: true, value: null }));
    const signal = new AbortController().signal;
    await apiCall(devClock, {
      body: { offsetMs: 0 },
      query: { kind: 'sms', skip: undefined },
      signal,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/dev/clock?kind=sms');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"offsetMs":0}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init?.signal).toBe(signal);
  });

  it('sends a FormData body as it is, without a JSON content type (multipart)', async () => {
    const fetchMock = stubFetch(async () => answer({ success: true, value: null }));
    const form = new FormData();
    form.append('content', 'Twenty characters or more');
    form.append('image', new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' }));
    await apiCall(submitFeedback, { body: form });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/feedback');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(form);
    expect(Object.keys(init?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain('content-type');
    expect(init?.headers).toMatchObject({ Accept: 'application/json', 'x-module-id': 'FEEDBACK3' });
  });

  it('throws the server’s failure code with its status, message and value', async () => {
    stubFetch(async () =>
      answer(
        { success: false, code: 'WRONG_CREDENTIALS', message: 'Sai mật khẩu', value: { captcha: true } },
        401,
      ),
    );
    const error = await failureOf(apiCall(statusCall));
    expect(error.code).toBe('WRONG_CREDENTIALS');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Sai mật khẩu');
    expect(error.value).toEqual({ captcha: true });
  });

  it('maps a failure code outside the catalogue to UNKNOWN_ERROR', async () => {
    stubFetch(async () => answer({ success: false, code: 'TEAPOT', message: 'I am a teapot' }, 418));
    const error = await failureOf(apiCall(statusCall));
    expect(error.code).toBe('UNKNOWN_ERROR');
    expect(error.status).toBe(418);
  });

  it.each([
    ['an HTML error page', '<html><body>Bad gateway</body></html>', 502],
    ['an empty answer', '', 200],
    ['JSON that is not an envelope', '{"ok":true}', 200],
    ['a success without value', '{"success":true}', 200],
    ['a JSON array', '[1,2]', 200],
  ])('maps %s to UNKNOWN_ERROR', async (_what, body, status) => {
    stubFetch(async () => answer(body, status));
    const error = await failureOf(apiCall(statusCall));
    expect(error.code).toBe('UNKNOWN_ERROR');
    expect(error.status).toBe(status);
  });

  it('maps a request that got no answer (TypeError) to NETWORK_OFFLINE', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failureOf(apiCall(statusCall));
    expect(error.code).toBe('NETWORK_OFFLINE');
    expect(error.status).toBe(0);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('records the server unreachable after a call without an answer, and reachable after any answer', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await failureOf(apiCall(statusCall));
    expect(serverReach.unreachable()).toBe(true);
    stubFetch(async () => answer({ success: false, code: 'NOT_LOGGED_IN' }, 401));
    await failureOf(apiCall(statusCall));
    expect(serverReach.unreachable()).toBe(false);
  });

  it('sends a call given another origin there, and its silence says nothing of the site', async () => {
    const fetchMock = stubFetch(async () => answer({ success: true, value: 1 }));
    await apiCall(statusCall, { origin: 'http://games.test:8090', query: { a: 1 } });
    expect(fetchMock).toHaveBeenCalledWith(
      `http://games.test:8090${statusCalls.status.path}?a=1`,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await failureOf(apiCall(statusCall, { origin: 'http://games.test:8090' }));
    expect(serverReach.unreachable()).toBe(false);
  });

  it('probes the liveness route of the contracts, and any answer counts as reached', async () => {
    expect(HEALTH_PATH).toBe(statusCalls.health.path);
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await probeServer();
    expect(serverReach.unreachable()).toBe(true);
    const fetchMock = stubFetch(async () => answer('Service Unavailable', 503));
    await probeServer();
    expect(serverReach.unreachable()).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith(HEALTH_PATH, expect.objectContaining({ cache: 'no-store' }));
  });

  it('maps an answer cut off while reading to NETWORK_OFFLINE', async () => {
    stubFetch(async () => {
      const response = answer('{}');
      vi.spyOn(response, 'text').mockRejectedValue(new TypeError('network error'));
      return response;
    });
    expect((await failureOf(apiCall(statusCall))).code).toBe('NETWORK_OFFLINE');
  });

  it('answers NETWORK_OFFLINE without a request when the browser is offline', async () => {
    const fetchMock = stubFetch(async () => answer({ success: true, value: null }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect((await failureOf(apiCall(statusCall))).code).toBe('NETWORK_OFFLINE');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets an abort through untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(async () => {
      throw abort;
    });
    await expect(apiCall(statusCall)).rejects.toBe(abort);
  });
});

describe('buildUrl', () => {
  it('fills path parameters and repeats array query values', () => {
    expect(buildUrl('/api/games/:gameId/favourite', { params: { gameId: 'a b/1' } })).toBe(
      '/api/games/a%20b%2F1/favourite',
    );
    expect(buildUrl('/api/x', { query: { type: ['RNG', 'FISH'], page: 1, all: false, none: null } })).toBe(
      '/api/x?type=RNG&type=FISH&page=1&all=false',
    );
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildUrl('/api/games/:gameId')).toThrow('gameId');
  });
});

describe('messageFor', () => {
  it('gives the catalogue text of the code in the current language', async () => {
    const error = new ApiError('NETWORK_OFFLINE');
    expect(messageFor(error)).toBe(ERROR_MESSAGES.en.NETWORK_OFFLINE);
    await initI18n('vi');
    expect(messageFor(error)).toBe(ERROR_MESSAGES.vi.NETWORK_OFFLINE);
  });

  it('ignores the server text and uses the catalogue (the language may have changed since)', () => {
    expect(messageFor(new ApiError('USERNAME_EXISTS', { message: 'Tên đăng nhập đã tồn tại' }))).toBe(
      ERROR_MESSAGES.en.USERNAME_EXISTS,
    );
  });

  it('treats anything that is not an ApiError as UNKNOWN_ERROR', () => {
    expect(errorCodeOf(new Error('boom'))).toBe('UNKNOWN_ERROR');
    expect(messageFor('boom')).toBe(ERROR_MESSAGES.en.UNKNOWN_ERROR);
  });
});
