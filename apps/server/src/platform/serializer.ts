import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isKeptAnswer } from './answer-cache.ts';

/**
 * The answers' serialiser: the zod one of fastify-type-provider-zod (the answer is checked against the
 * call's response schema), with the text of a success envelope kept per value object. An answer kept
 * in memory (answer-cache.ts) is the same object on every call, so it is checked and written once
 * (docs/decisions/022-api-caching.md); a value made for one call is done as before. Kept values are
 * never changed in place. A value whose text was composed from checked parts (`composedAnswer`) is
 * written as that text.
 */
export const memoSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    const value = successValue(data);
    if (value === undefined) return serialize(data);
    const composed = (value as { [COMPOSED_TEXT]?: string })[COMPOSED_TEXT];
    if (composed !== undefined) return `{"success":true,"value":${composed}}`;
    if (!isKeptAnswer(value)) return serialize(data);
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
  return typeof value === 'object' && value !== null ? value : undefined;
}

/** Where a composed answer keeps its text: a symbol, which neither JSON nor the schema sees. */
const COMPOSED_TEXT = Symbol('composed answer text');

/**
 * An answer whose JSON the route composed from parts each written by `writtenPart` (checked against
 * its schema once per object) and plain numbers: the serialiser sends `text` as the envelope's value
 * instead of checking and writing the whole answer again (docs/performance.md, API). The caller
 * guarantees `text` is `value` written in its schema's key order; a test of the route compares both.
 */
export function composedAnswer<T extends object>(value: T, text: string): T {
  (value as { [COMPOSED_TEXT]?: string })[COMPOSED_TEXT] = text;
  return value;
}

const partTexts = new WeakMap<z.ZodType, WeakMap<object, string>>();

/**
 * The JSON of `part` as the answer's serialiser writes it (encoded through `schema`, which throws on a
 * value the schema refuses), kept per object: a part kept in memory (a game of the search index) is
 * checked and written once.
 */
export function writtenPart<T extends object>(schema: z.ZodType<T>, part: T): string {
  let texts = partTexts.get(schema);
  if (!texts) {
    texts = new WeakMap();
    partTexts.set(schema, texts);
  }
  let text = texts.get(part);
  if (text === undefined) {
    text = JSON.stringify(schema.encode(part));
    texts.set(part, text);
  }
  return text;
}
