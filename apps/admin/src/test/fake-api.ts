import type { ApiEntry, BodyOut, TypedApiEntry, ValueIn } from '@kl/contracts/api-call';
import { ERROR_CATALOGUE, type ErrorCode } from '@kl/contracts/errors';
import { vi } from 'vitest';
import { z } from 'zod';

/**
 * The fake server of the back office's tests: it answers the calls of the contracts' table it is given,
 * typed by each call's entry and checked by its response schema (`answer`), so a fake cannot answer a
 * shape the server could not send. A refused answer or body throws after saying so on console.error,
 * which fails the test.
 */

function refuse(message: string): never {
  console.error(message);
  throw new Error(message);
}

const envelope = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The success envelope of a call, its value typed by the entry and checked by its response schema. */
export function answer<E extends TypedApiEntry>(entry: E, value: ValueIn<E>): Response {
  const checked = entry.response.safeParse(value);
  if (!checked.success) {
    refuse(
      `The fake answer of ${entry.method} ${entry.path} does not fit its schema:\n${z.prettifyError(checked.error)}`,
    );
  }
  return envelope({ success: true, value: checked.data }, 200);
}

/** A failure envelope with a catalogue code, at the code's status unless told, with the failure's value if any. */
export function failure(
  code: ErrorCode,
  status: number = ERROR_CATALOGUE[code].status,
  value?: Record<string, unknown>,
): Response {
  return envelope({ success: false, code, message: code, ...(value && { value }) }, status);
}

/** A request the fake server received. */
export interface FakeRequest {
  method: string;
  url: URL;
  /** The `:name` segments of the call's path. */
  params: Record<string, string>;
  /** The JSON body, as sent. */
  json: unknown;
  /** The multipart form, as sent (an upload). */
  form: FormData | undefined;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;
export interface FakeRoute {
  entry: ApiEntry;
  handle: Handler;
}

/** How the fake server answers one call. */
export function on<E extends TypedApiEntry>(
  entry: E,
  handle: (request: FakeRequest) => Response | Promise<Response>,
): FakeRoute {
  return { entry, handle };
}

/** How the fake server answers a call that answers a file (`raw` in the table: a CSV export). */
export function onFile(
  entry: ApiEntry,
  handle: (request: FakeRequest) => Response | Promise<Response>,
): FakeRoute {
  return { entry, handle };
}

/** A CSV attachment as the server sends it: a byte order mark, then the text. */
export function csvFile(text: string, filename: string): Response {
  return new Response(`\uFEFF${text}`, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });
}

/** The request's body, parsed by the call's body schema as the server would (refused loudly otherwise). */
export function bodyOf<E extends ApiEntry>(entry: E, request: FakeRequest): BodyOut<E> {
  if (!entry.body) return request.json as BodyOut<E>;
  const checked = entry.body.safeParse(request.json);
  if (!checked.success) {
    refuse(
      `The body sent to ${entry.method} ${entry.path} does not fit its schema:\n${z.prettifyError(checked.error)}`,
    );
  }
  return checked.data as BodyOut<E>;
}

function matcherOf(path: string): RegExp {
  const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${pattern}$`);
}

/**
 * Stubs `fetch` with the routes (the later route of the same call wins, so a test can replace one);
 * an unknown call answers NOT_FOUND and fails the test. Answers the requests received, in order.
 */
export function stubAdminApi(routes: FakeRoute[]) {
  const requests: FakeRequest[] = [];
  let table = [...routes];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const json: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    for (const route of [...table].reverse()) {
      const match = route.entry.method === method ? matcherOf(route.entry.path).exec(url.pathname) : null;
      if (!match) continue;
      const request: FakeRequest = {
        method,
        url,
        params: { ...match.groups },
        json,
        form: init?.body instanceof FormData ? init.body : undefined,
        headers: new Headers(init?.headers),
        credentials: init?.credentials,
      };
      requests.push(request);
      return route.handle(request);
    }
    console.error(`The fake server has no answer for ${method} ${url.pathname}`);
    return failure('NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    /** Adds or replaces answers while the test runs. */
    use: (...more: FakeRoute[]) => {
      table = [...table, ...more];
    },
    /** The requests of one call. */
    requestsOf: (entry: ApiEntry) =>
      requests.filter(
        (request) => request.method === entry.method && matcherOf(entry.path).test(request.url.pathname),
      ),
  };
}
