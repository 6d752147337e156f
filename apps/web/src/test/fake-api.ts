import type { ApiEntry, BodyOut, TypedApiEntry, ValueIn } from '@kl/contracts/api-call';
import { ERROR_CATALOGUE, type ErrorCode } from '@kl/contracts/errors';
import { expect, vi } from 'vitest';
import { z } from 'zod';

/**
 * The web tests' fake API, built on the API table (docs/conventions.md, "One typed API table"). A test
 * says what each call answers with `on(entry, answer)`: a value typed by the entry (checked by its
 * response schema at run time, so a fake cannot answer what the server could not send), a `failure` of
 * the error catalogue, or a function of the request (its body read by the entry's body schema). The fake
 * keeps no rules of the server: a test that needs one of them sets the answer it expects.
 *
 * A call nobody answers fails the test, naming its method and path: console.error first (an unexpected
 * console.error fails the test, test/setup.ts), then a thrown error inside the stubbed fetch (the client
 * sees a network failure). The answers and the recorded calls last one test.
 */
export interface FakeRequest<E extends ApiEntry = ApiEntry> {
  body: BodyOut<E>;
  /** The query string, as sent. */
  query: Record<string, string>;
  /** The `:name` segments of the path. */
  params: Record<string, string>;
  /** The request headers, names in lower case. */
  headers: Record<string, string>;
  /** The signal the caller gave, to see whether it cancelled the call on its way. */
  signal?: AbortSignal;
}

export type FakeReply<E extends TypedApiEntry> = ValueIn<E> | Response;
export type FakeAnswer<E extends TypedApiEntry> =
  FakeReply<E> | ((request: FakeRequest<E>) => FakeReply<E> | Promise<FakeReply<E>>);

interface Route {
  entry: TypedApiEntry;
  pattern: RegExp;
  reply: (request: FakeRequest) => unknown;
  byDefault: boolean;
}

const routes = new Map<ApiEntry, Route>();
const received = new Map<ApiEntry, FakeRequest[]>();

/** What a call nobody answered gets, in a test that asked for it (`refuseOtherCalls`). */
let otherwise: ErrorCode | null = null;

let owner = '';

/**
 * The answers belong to the test that set them: the first use in another test starts afresh (checked on
 * use rather than in a hook, as this module may outlive a test file in its worker). Calls still on their way
 * when a test ends get their test's answers.
 */
function forThisTest(): void {
  const { testPath, currentTestName } = expect.getState();
  const test = `${testPath ?? ''}|${currentTestName ?? ''}`;
  if (test === owner) return;
  owner = test;
  routes.clear();
  received.clear();
  otherwise = null;
}

/**
 * For the tests of the frame around every screen (layout, header, language), which look at no screen's
 * content: the calls the test did not answer are refused with `code` (a server without that content)
 * instead of failing the test. Every other test answers each call it causes.
 */
export function refuseOtherCalls(code: ErrorCode = 'NOT_FOUND'): void {
  installFakeFetch();
  otherwise = code;
}

function refuse(message: string): never {
  console.error(message);
  throw new Error(message);
}

const envelope = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The success envelope of a call, its value checked by the entry's response schema. */
export function answer<E extends TypedApiEntry>(entry: E, value: ValueIn<E>): Response {
  const checked = entry.response.safeParse(value);
  if (!checked.success) {
    refuse(
      `The fake answer of ${entry.method} ${entry.path} does not fit the call's response schema:\n` +
        z.prettifyError(checked.error),
    );
  }
  return envelope({ success: true, value: checked.data }, 200);
}

/** A failure envelope: a code of the error catalogue (docs/product.md §8), at its status unless told. */
export function failure(
  code: ErrorCode,
  status: number = ERROR_CATALOGUE[code].status,
  value?: Record<string, unknown>,
): Response {
  return envelope({ success: false, code, message: code, ...(value ? { value } : {}) }, status);
}

/** The request never gets an answer (the client reports NETWORK_OFFLINE). */
export function networkFailure(): never {
  throw new TypeError('Failed to fetch');
}

/** The JSON body of a request, read by the entry's body schema when it has one (refused loudly). */
export function bodyOf<E extends ApiEntry>(entry: E, init?: RequestInit): BodyOut<E> {
  if (init?.body instanceof FormData) return init.body as BodyOut<E>;
  const raw: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  if (!entry.body) return raw as BodyOut<E>;
  const checked = entry.body.safeParse(raw);
  if (!checked.success) {
    refuse(
      `The body sent to ${entry.method} ${entry.path} does not fit the call's body schema:\n` +
        z.prettifyError(checked.error),
    );
  }
  return checked.data as BodyOut<E>;
}

function route<E extends TypedApiEntry>(entry: E, given: FakeAnswer<E>, byDefault: boolean): Route {
  const pattern = new RegExp(`^${entry.path.replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)')}$`);
  // A Response's body reads once: a fixed one is cloned for each call it answers.
  const reply =
    typeof given === 'function' ? given : given instanceof Response ? () => given.clone() : () => given;
  return { entry, pattern, reply: reply as Route['reply'], byDefault };
}

/** What `entry` answers for the rest of the test (the last `on` of an entry wins). */
export function on<E extends TypedApiEntry>(entry: E, given: NoInfer<FakeAnswer<E>>): void {
  installFakeFetch();
  routes.set(entry, route(entry, given, false));
}

/** What `entry` answers unless the test said otherwise (the defaults of a screen's helpers). */
export function onByDefault<E extends TypedApiEntry>(entry: E, given: NoInfer<FakeAnswer<E>>): void {
  installFakeFetch();
  if (!routes.has(entry)) routes.set(entry, route(entry, given, true));
}

/** The requests `entry` received so far in this test, oldest first. */
export function callsTo<E extends TypedApiEntry>(entry: E): FakeRequest<E>[] {
  forThisTest();
  return (received.get(entry) ?? []) as FakeRequest<E>[];
}

async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  // As fetch does: a request whose signal was aborted is not sent (a screen that went away cancels its
  // calls; one sent after its test ended would otherwise meet the next test's answers).
  init.signal?.throwIfAborted();
  const url = new URL(String(input), window.location.origin);
  const method = (init.method ?? 'GET').toUpperCase();
  const find = (byDefault: boolean) =>
    [...routes.values()].find(
      (route) =>
        route.byDefault === byDefault && route.entry.method === method && route.pattern.test(url.pathname),
    );
  const found = find(false) ?? find(true);
  if (found) {
    const { entry, pattern, reply } = found;
    const matched = pattern.exec(url.pathname)!;
    const request: FakeRequest = {
      body: bodyOf(entry, init),
      query: Object.fromEntries(url.searchParams),
      params: { ...matched.groups },
      headers: Object.fromEntries(
        Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      ),
      ...(init.signal ? { signal: init.signal } : {}),
    };
    received.set(entry, [...(received.get(entry) ?? []), request]);
    const value = await reply(request);
    return value instanceof Response ? value : answer(entry, value as ValueIn<typeof entry>);
  }
  if (otherwise) return failure(otherwise);
  return refuse(`No fake answer for ${method} ${url.pathname}: the test sets one with on(entry, …)`);
}

let stubbed: ReturnType<typeof vi.fn<typeof fakeFetch>> | undefined;

/** Replaces fetch with the fake API for the current test (done by `on`); answers the fetch mock. */
export function installFakeFetch() {
  forThisTest();
  if (!stubbed || globalThis.fetch !== stubbed) {
    stubbed = vi.fn(fakeFetch);
    vi.stubGlobal('fetch', stubbed);
  }
  return stubbed;
}
