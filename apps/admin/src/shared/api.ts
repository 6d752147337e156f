import type { ApiEntry, BodyIn, QueryIn, TypedApiEntry, ValueOut } from '@kl/contracts/api-call';
import type { ErrorCode } from '@kl/contracts/errors';
import { MODULE_ID_HEADER } from '@kl/contracts/modules';
import { failureEnvelope, successEnvelope } from '@kl/contracts/envelope';
import { z } from 'zod';
import { currentLanguage } from './i18n.ts';
import { endSession } from './session-events.ts';

/**
 * The back office's one way to the API: `adminCall(adminCalls.adminMembers, { query })` sends what the
 * call's entry declares and answers the envelope's value parsed by the entry's response schema. Any
 * failure is an `AdminApiError` with a code of the error catalogue:
 * - the server's failure code, as given;
 * - NETWORK_OFFLINE when no answer came;
 * - UNKNOWN_ERROR when the answer is not an envelope, or its value does not fit the entry.
 * NOT_LOGGED_IN and SESSION_EXPIRED (401) also end the session on this side: the app shows sign-in.
 * An aborted call rejects with the browser's AbortError untouched (TanStack Query expects it).
 */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';

  constructor(
    readonly code: ErrorCode,
    /** HTTP status of the answer; 0 when there was none. */
    readonly status = 0,
    /** Extra data of the failure, when the server sent some. */
    readonly value?: Readonly<Record<string, unknown>>,
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}

/** Codes meaning the server holds no operator session for this browser. */
export const SESSION_ERROR_CODES: readonly ErrorCode[] = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'];

export function isSessionError(error: unknown): boolean {
  return error instanceof AdminApiError && SESSION_ERROR_CODES.includes(error.code);
}

type QueryValue = string | number | boolean | null | undefined;
type QueryRecord = Readonly<Record<string, QueryValue>>;
type SchemaAt<E, K extends string> = E extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;
/** The `:name` segments of a call's path, typed by its `params` schema. */
export type ParamsIn<E> = [SchemaAt<E, 'params'>] extends [never]
  ? undefined
  : z.input<SchemaAt<E, 'params'>>;

export interface AdminCallOptions<E> {
  params?: ParamsIn<E>;
  /** The query string; `null` and `undefined` values are left out. */
  query?: QueryIn<E>;
  /** Sent as JSON. */
  body?: BodyIn<E>;
  /** Sent as multipart/form-data instead (an upload: the call's entry has no body schema). */
  form?: FormData;
  signal?: AbortSignal;
}

/** The path with its `:name` segments filled, and the query string. */
export function buildUrl(path: string, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as QueryRecord)) {
    if (value !== null && value !== undefined && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/** A failure envelope (its message is the server's text; the app shows its own). */
const failureAnswer = failureEnvelope.extend({ message: z.string().optional() });

export async function adminCall<E extends TypedApiEntry>(
  entry: E,
  options: AdminCallOptions<E> = {},
): Promise<ValueOut<E>> {
  const response = await send(entry, options, 'application/json');
  const payload = await jsonOf(response);
  const failed = failureAnswer.safeParse(payload);
  if (failed.success) throw failureError(failed.data.code, response.status, failed.data.value);
  // The success envelope, its value checked by the call's response schema.
  const answered = successEnvelope(entry.response).safeParse(payload);
  if (!answered.success) throw new AdminApiError('UNKNOWN_ERROR', response.status);
  return answered.data.value as ValueOut<E>;
}

/** A file a call answers (a CSV export), and the name the server gives it. */
export interface AdminFile {
  content: Blob;
  filename: string;
}

/**
 * A call answering a file rather than an envelope (`raw` in the API table: the CSV exports,
 * docs/back-office.md "Exports"): its content and the name of its attachment. It fails as `adminCall` does:
 * the server's failure envelope becomes an `AdminApiError` with its code.
 */
export async function adminDownload<E extends ApiEntry>(
  entry: E,
  options: Pick<AdminCallOptions<E>, 'params' | 'query' | 'signal'> = {},
): Promise<AdminFile> {
  const response = await send(entry, options, 'text/csv');
  if (response.ok && !response.headers.get('content-type')?.includes('json')) {
    const content = await read(() => response.blob());
    const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
    return { content, filename: named?.[1] ?? 'export.csv' };
  }
  const failed = failureAnswer.safeParse(await jsonOf(response));
  if (!failed.success) throw new AdminApiError('UNKNOWN_ERROR', response.status);
  throw failureError(failed.data.code, response.status, failed.data.value);
}

/** The error of a failure envelope; a session's end also ends it on this side. */
function failureError(code: ErrorCode, status: number, value?: Readonly<Record<string, unknown>>) {
  const error = new AdminApiError(code, status, value);
  if (isSessionError(error)) endSession();
  return error;
}

/** Sends the call (nothing read of the answer yet); no answer is NETWORK_OFFLINE. */
async function send<E extends ApiEntry>(
  entry: E,
  options: Pick<AdminCallOptions<E>, 'params' | 'query' | 'body' | 'form' | 'signal'>,
  accept: string,
): Promise<Response> {
  const headers = new Headers({
    Accept: accept,
    'Accept-Language': currentLanguage(),
    [MODULE_ID_HEADER]: entry.moduleId,
  });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const url = buildUrl(entry.path, options.params ?? undefined, options.query ?? undefined);
  return read(() =>
    fetch(url, {
      method: entry.method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      credentials: 'same-origin',
      signal: options.signal,
    }),
  );
}

/** What the network gives: an abort as it is, any other failure NETWORK_OFFLINE. */
async function read<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new AdminApiError('NETWORK_OFFLINE', 0, undefined, error);
  }
}

/** The answer's JSON; what is not JSON is UNKNOWN_ERROR. */
async function jsonOf(response: Response): Promise<unknown> {
  const text = await read(() => response.text());
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AdminApiError('UNKNOWN_ERROR', response.status, undefined, error);
  }
}

/** The catalogue code of any error (UNKNOWN_ERROR for what is not an `AdminApiError`). */
export function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof AdminApiError ? error.code : 'UNKNOWN_ERROR';
}
