import type { ApiEntry, BodyIn, QueryIn, TypedApiEntry, ValueOut } from '@kl/contracts/api-call';
import { isErrorCode, type ErrorCode } from '@kl/contracts/errors';
import { MODULE_ID_HEADER } from '@kl/contracts/modules';
import { useSessionStore } from '../stores/session-store.ts';
import { toast } from '../ui/toast.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { serverReach } from './server-reach.ts';
import { turnToSend } from './send-turns.ts';

/**
 * The one way the web app talks to the API (docs/conventions.md, "One typed API table"). Every call is
 * an entry of the contracts API table (method, path, module id, request and response schemas): what is
 * sent is typed by the entry, and the answer's value is parsed by its response schema. The answer is the
 * envelope of contracts `envelope.ts`. A failure is always an `ApiError` carrying a code of the error
 * catalogue:
 * - the server's failure code, as given;
 * - NETWORK_OFFLINE when the browser is offline or the request never got an answer;
 * - UNKNOWN_ERROR when the answer is not an envelope (not JSON, unknown code, wrong shape) or its value
 *   does not fit the entry's response schema.
 * An aborted call rejects with the browser's AbortError, untouched (TanStack Query expects it).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** HTTP status of the answer; 0 when there was none. */
  readonly status: number;
  /** Extra data of the failure (for example a captcha flag after a failed login). */
  readonly value: Readonly<Record<string, unknown>> | undefined;
  /** The call found the session gone: it was cleared and the message shown (no second toast). */
  sessionCleared = false;

  constructor(
    code: ErrorCode,
    options: { status?: number; message?: string; value?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? 0;
    this.value = options.value;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export type QueryRecord = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

export interface ApiCallOptions<E = ApiEntry> {
  /** Values for `:name` segments of the path. */
  params?: Readonly<Record<string, string | number>>;
  /** Query string, typed by the entry; `null` and `undefined` values are left out, arrays repeat the key. */
  query?: QueryIn<E> extends undefined ? QueryRecord : QueryIn<E> & QueryRecord;
  /**
   * Sent as JSON, typed by the entry; a `FormData` is sent as it is (multipart: the browser writes the
   * content type with its boundary).
   */
  body?: BodyIn<E> extends undefined ? unknown : BodyIn<E> | FormData;
  signal?: AbortSignal;
  /** Extra request headers (login key, device). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Another server's origin (`https://games.example`) the call goes to instead of the site's: a game
   * provider's API, called by its client on the site's pages. The site's cookie is never sent there.
   */
  origin?: string;
  /** A refused session is cleared without a message (the renewal on page load). */
  quietSessionError?: boolean;
}

/** Codes meaning the server holds no session for this browser (product.md §8 not logged in / logged out). */
export const SESSION_ERROR_CODES: readonly ErrorCode[] = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'];

export function buildUrl(
  path: string,
  { params, query }: { params?: ApiCallOptions['params']; query?: QueryRecord } = {},
) {
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query ?? {})) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value !== null && value !== undefined) search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** By name: the AbortError may come from another realm's DOMException class. */
const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/** The `value` of a success envelope, or the `ApiError` of anything else. */
export function unwrapEnvelope(payload: unknown, status: number): unknown {
  if (isRecord(payload)) {
    if (payload.success === true && 'value' in payload) return payload.value;
    if (payload.success === false && isErrorCode(payload.code)) {
      throw new ApiError(payload.code, {
        status,
        message: typeof payload.message === 'string' ? payload.message : undefined,
        value: isRecord(payload.value) ? payload.value : undefined,
      });
    }
  }
  throw new ApiError('UNKNOWN_ERROR', { status });
}

/**
 * Calls the API and answers the `value` of its envelope, parsed by the entry's response schema. The entry
 * is imported from its domain's contracts (`vipCalls.myVip`), so a feature's chunk carries only the schemas
 * of the calls it makes.
 */
export async function apiCall<E extends TypedApiEntry>(
  entry: E,
  options: ApiCallOptions<E> = {},
): Promise<ValueOut<E>> {
  const value = await send(entry, options as ApiCallOptions);
  const parsed = entry.response.safeParse(value);
  if (!parsed.success) {
    throw new ApiError('UNKNOWN_ERROR', { status: 200, message: `Malformed answer of ${entry.path}` });
  }
  return parsed.data as ValueOut<E>;
}

async function send(entry: ApiEntry, options: ApiCallOptions): Promise<unknown> {
  const { method, path, moduleId } = entry;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError('NETWORK_OFFLINE');

  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    [MODULE_ID_HEADER]: moduleId,
  };
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  // One request per task (send-turns.ts). A call aborted meanwhile is refused by fetch() itself.
  const turn = turnToSend();
  if (turn) await turn;

  let response: Response;
  let text: string;
  try {
    const url = buildUrl(path, { params: options.params, query: options.query as QueryRecord });
    response = await fetch(`${options.origin ?? ''}${url}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    // Another server's silence says nothing of the site's.
    if (options.origin === undefined) serverReach.report(false);
    throw new ApiError('NETWORK_OFFLINE', { cause: error });
  }
  if (options.origin === undefined) serverReach.report(true);

  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    throw new ApiError('UNKNOWN_ERROR', { status: response.status, cause: error });
  }
  try {
    return unwrapEnvelope(payload, response.status);
  } catch (error) {
    // A call carrying its own credential (a game provider's session) says nothing of the site's session.
    const ownCredential = Object.keys(options.headers ?? {}).some(
      (name) => name.toLowerCase() === 'authorization',
    );
    if (error instanceof ApiError && !ownCredential)
      forgetRefusedSession(error, options.quietSessionError === true);
    throw error;
  }
}

/** The API's liveness route (contracts `statusCalls.health`), never kept by the service worker. */
export const HEALTH_PATH = '/api/health';

/**
 * Asks the server whether it answers at all, for the connection notice (server-reach.ts): any answer
 * counts, none is read. The status contracts stay out of the first load, hence the path as such.
 */
export async function probeServer(): Promise<void> {
  try {
    await fetch(HEALTH_PATH, { credentials: 'same-origin', cache: 'no-store' });
    serverReach.report(true);
  } catch {
    serverReach.report(false);
  }
}

/**
 * Any call answered NOT_LOGGED_IN or SESSION_EXPIRED while the browser believes it is logged in:
 * the session is gone on the server, so it is forgotten here and the localised message is shown.
 */
function forgetRefusedSession(error: ApiError, quiet: boolean): void {
  if (!SESSION_ERROR_CODES.includes(error.code)) return;
  const session = useSessionStore.getState();
  if (session.info === null) return;
  session.clearSession();
  error.sessionCleared = true;
  if (!quiet) void toast.error(messageFor(error));
}

/** The catalogue code of any error (UNKNOWN_ERROR for what is not an `ApiError`). */
export function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : 'UNKNOWN_ERROR';
}

/** The localised text of an error, in the current language (namespace `errors`). */
export function messageFor(error: unknown): string {
  return i18n.t(errorCodeOf(error), { ns: 'errors' });
}
