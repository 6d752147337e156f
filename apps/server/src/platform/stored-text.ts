import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from './errors.ts';
import type { ValidationIssue } from './error-handling.ts';

/**
 * Text PostgreSQL cannot take, refused at the edge for every /api route in one place: the NUL character
 * (U+0000: "invalid byte sequence for encoding UTF8", a 500 deep inside whichever query meets it) and
 * UTF-16 surrogates without their other half (not Unicode: they cannot be encoded, and would be stored as
 * U+FFFD, silently changing what was sent). Any string of the query, the path parameters or the body —
 * values and keys, at any depth — and every text field of a multipart form carrying one is a
 * 400 INVALID_INPUT naming where it was (never the value).
 */

// eslint-disable-next-line no-control-regex -- the NUL character is what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL can store the string as text. */
export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

export const UNSTORABLE_TEXT_MESSAGE = 'Contains a character that cannot be stored (NUL or a lone surrogate)';

/**
 * The dotted path of the first string (value or key) in `value` that cannot be stored; undefined when
 * every one can. Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

export function findUnstorableText(value: unknown): string | undefined {
  // Nothing to walk: most requests (no query, no body) stop here.
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return isStorableText(value) ? undefined : '';
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], path: join(path, String(index)) });
      }
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      // A bad key is named by its position among the keys: the key itself is the bad input.
      if (!isStorableText(key)) return join(path, '<key>');
      stack.push({ value: child, path: join(path, key) });
    }
  }
  return undefined;
}

const refusal = (location: string, path: string) => {
  const issue: ValidationIssue = { location, path, message: UNSTORABLE_TEXT_MESSAGE };
  return new DomainError('INVALID_INPUT', { issues: [issue] });
};

type PartsIterator = AsyncIterableIterator<Multipart>;

/**
 * The parts of a multipart form, checked as they pass: a text field that cannot be stored does not stop
 * the reading (the client must still get an answer, not a reset connection); once the form is read to
 * its end, the refusal is thrown to the reader instead of the end of the form.
 */
async function* checkedParts(parts: PartsIterator): PartsIterator {
  let failure: DomainError | undefined;
  for await (const part of parts) {
    if (failure === undefined) {
      if (!isStorableText(part.fieldname)) failure = refusal('body', '<field name>');
      else if (part.type === 'field' && typeof part.value === 'string' && !isStorableText(part.value)) {
        failure = refusal('body', part.fieldname);
      }
    }
    yield part;
  }
  if (failure) throw failure;
}

function checkMultipart(request: FastifyRequest): void {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return;
  if (typeof request.parts !== 'function') return;
  const parts = request.parts.bind(request);
  request.parts = (...args: Parameters<typeof parts>) => checkedParts(parts(...args));
}

/** The refusal of the first query, path parameter or body string that cannot be stored, if any. */
function checkRequestText(request: FastifyRequest): DomainError | undefined {
  const params = findUnstorableText(request.params);
  if (params !== undefined) return refusal('params', params);
  const query = findUnstorableText(request.query);
  if (query !== undefined) return refusal('querystring', query);
  const body = findUnstorableText(request.body);
  if (body !== undefined) return refusal('body', body);
  return undefined;
}

/** Register in the API context, before its routes. */
export const storedTextPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: it runs on every API request (docs/performance.md).
    app.addHook('preValidation', (request, _reply, done) => {
      const refused = checkRequestText(request);
      if (refused) return done(refused);
      checkMultipart(request);
      done();
    });
  },
  { name: 'stored-text' },
);
