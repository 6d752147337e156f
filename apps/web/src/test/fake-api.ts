import type { ApiEntry, BodyOut, TypedApiEntry, ValueIn } from '@kl/contracts/api-call';
import { ERROR_CATALOGUE, type ErrorCode } from '@kl/contracts/errors';
import { z } from 'zod';

/**
 * The fakes' side of the API table (docs/conventions.md, "One typed API table"): a fake recognises a
 * request by the call's entry and answers through it, so a fake cannot answer what the server could
 * not send. `answer` types the value by the entry and checks it with the entry's response schema at
 * run time; `failure` answers a code of the error catalogue with its status.
 *
 * A refused answer throws, and says so with console.error first: the error is thrown inside the
 * stubbed fetch, where the web client would turn it into a network failure, and an unexpected
 * console.error fails the test (test/setup.ts).
 */

/** The request is this call: same method and same path. */
export function isCall(entry: ApiEntry, url: URL, init?: RequestInit): boolean {
  return (init?.method ?? 'GET').toUpperCase() === entry.method && url.pathname === entry.path;
}

const envelope = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function refuse(message: string): never {
  const error = new Error(message);
  console.error(error.message);
  throw error;
}

/**
 * The success envelope of a call, its value typed by the entry and checked by its response schema (as
 * the server serialises it through the schema, fields the schema does not declare are left out).
 */
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

/**
 * The JSON body the request carries, parsed by the entry's body schema when it has one (the body the
 * server's handler receives); refused as the server would refuse it, loudly.
 */
export function bodyOf<E extends ApiEntry>(entry: E, init?: RequestInit): BodyOut<E> {
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
