import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { type DestinationStream, stdSerializers } from 'pino';
import type { LogLevel } from './config.ts';

/** Header values that never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-login-key"]',
  'req.headers["x-gateway-signature"]',
  'res.headers["set-cookie"]',
];

export const REDACTED = '[Redacted]';

/**
 * Words of a query parameter's name that mark its value as a secret (compared case-insensitively, word by
 * word: `token`, `resetToken`, `verification_code`, `apiKey`, `X-Signature` all match). Wider than needed
 * on purpose: a lottery `code` is redacted too, which costs nothing but a little detail in the logs.
 */
export const SECRET_PARAM_WORDS: ReadonlySet<string> = new Set([
  'token',
  'code',
  'otp',
  'password',
  'passwd',
  'pwd',
  'psw',
  'pass',
  'secret',
  'key',
  'signature',
  'sign',
  'sig',
  'captcha',
  'hash',
  'auth',
  'credential',
  'credentials',
  'session',
  'cookie',
]);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** True when a query parameter of this name carries a secret (`verificationCode`, `TOKEN`, `sign`…). */
export function isSecretParam(name: string): boolean {
  const lower = name.toLowerCase();
  if (SECRET_PARAM_WORDS.has(lower)) return true;
  // camelCase, snake_case, kebab-case, brackets: each word on its own.
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_PARAM_WORDS.has(word));
}

/**
 * The URL (a path with its query, or an absolute URL such as a Referer) with the value of every secret
 * query parameter replaced by [Redacted]; the rest is kept as it was sent.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart === -1 ? url.length : hashStart;
  const query = url
    .slice(queryStart + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretParam(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  // A fragment is never sent by a browser; one typed into a Referer by hand is dropped.
  return `${url.slice(0, queryStart)}?${query}`;
}

/** Fields of a PostgreSQL error that are safe to log: codes and names, never values. */
const SAFE_DATABASE_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'position',
] as const;

type ErrorLike = Error & Record<string, unknown>;

/** An error as logged: pino's shape. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

/** A database error of pg, PGlite or drizzle: they carry the statement, its parameters or PostgreSQL's detail. */
function isDatabaseError(error: ErrorLike): boolean {
  return (
    error.name === 'DrizzleQueryError' ||
    'params' in error ||
    ('severity' in error && 'routine' in error) ||
    error.constructor?.name === 'DatabaseError'
  );
}

function causeChain(error: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (isErrorLike(current) && !chain.includes(current) && chain.length < 10) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** Every string parameter of the statements in the chain (what must not reach the log). */
function parametersOf(chain: ErrorLike[]): string[] {
  const values = new Set<string>();
  for (const error of chain) {
    if (!Array.isArray(error.params)) continue;
    for (const value of error.params as unknown[]) {
      const text = typeof value === 'string' ? value : undefined;
      // Short values (ids, flags) cannot be told apart from the rest of a message and are no secret.
      if (text !== undefined && text.length >= 4) values.add(text);
    }
  }
  // Longest first, so that a value containing another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

function scrub(text: string, parameters: readonly string[]): string {
  // drizzle: "Failed query: <statement>\nparams: <values>" — the statement is kept, the values are not.
  let result = text.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`);
  for (const parameter of parameters) result = result.replaceAll(parameter, REDACTED);
  return result;
}

function databaseErrorObject(
  error: ErrorLike,
  parameters: readonly string[],
  depth: number,
): SerializedError {
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: scrub(error.message, parameters),
    stack: typeof error.stack === 'string' ? scrub(error.stack, parameters) : '',
  };
  // The statement is text with $1… placeholders; the values, PostgreSQL's detail ("Key (email)=(…)",
  // "Failing row contains (…)"), its where ("portal parameter $1 = '…'") and internal query are left out.
  if (typeof error.query === 'string') serialized.query = error.query;
  for (const field of SAFE_DATABASE_FIELDS) {
    if (error[field] !== undefined && typeof error[field] !== 'object') serialized[field] = error[field];
  }
  if (isErrorLike(error.cause) && depth < 10) {
    serialized.cause = databaseErrorObject(error.cause, parameters, depth + 1);
  }
  return serialized;
}

/**
 * The `err` serializer: pino's, except for database errors anywhere in the cause chain, which are logged
 * without the statement's parameters nor any value PostgreSQL quotes back.
 */
export function serializeError(error: unknown): SerializedError {
  if (!isErrorLike(error)) return stdSerializers.err(error as Error);
  const chain = causeChain(error);
  if (!chain.some(isDatabaseError)) return stdSerializers.err(error);
  return databaseErrorObject(error, parametersOf(chain), 0);
}

/** The `req` serializer: method, URL and headers, with secret query values redacted (also in Referer). */
export function serializeRequest(request: FastifyRequest) {
  const headers: Record<string, unknown> = { ...request.headers };
  if (typeof headers.referer === 'string') headers.referer = redactUrl(headers.referer);
  return {
    method: request.method,
    url: redactUrl(request.url),
    ip: request.ip,
    headers,
  };
}

/**
 * Pino options of the server: JSON lines with the request id (`reqId`), the request headers (secrets
 * redacted), URLs without secret query values, database errors without their parameters, and the status
 * of each answer.
 */
export function loggerOptions(level: LogLevel, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      req: serializeRequest,
      err: serializeError,
    },
  };
}
