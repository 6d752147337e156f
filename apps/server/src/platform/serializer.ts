import { serializerCompiler } from 'fastify-type-provider-zod';
import { isKeptAnswer } from './answer-cache.ts';

/**
 * The answers' serialiser: the zod one of fastify-type-provider-zod (the answer is checked against the
 * call's response schema), with the text of a success envelope kept per value object. An answer kept
 * in memory (answer-cache.ts) is the same object on every call, so it is checked and written once
 * (docs/decisions/022-api-caching.md); a value made for one call is done as before. Kept values are
 * never changed in place.
 */
export const memoSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    const value = successValue(data);
    if (value === undefined) return serialize(data);
    const kept = written.get(value);
    if (kept !== undefined) return kept;
    const text = serialize(data);
    written.set(value, text);
    return text;
  };
};

/** The value of a success envelope `{ success: true, value }` when it is an object. */
function successValue(data: unknown): object | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const envelope = data as { success?: unknown; value?: unknown };
  if (envelope.success !== true || Object.keys(envelope).length !== 2) return undefined;
  const { value } = envelope;
  return typeof value === 'object' && value !== null && isKeptAnswer(value) ? value : undefined;
}
