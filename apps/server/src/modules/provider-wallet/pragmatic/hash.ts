import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Pragmatic's request hash (docs/decisions/068-pragmatic-adapter.md; `PRAGMATIC_HASH_RULE`): the MD5, in
 * hex, of the request's parameters but `hash` itself, sorted by name, those with a value written
 * `name=value` and joined with `&`, the secret key appended. The parameters are the form's as sent,
 * decoded: whatever Pragmatic adds to a call is hashed with the rest, so that nothing it sent goes unsigned.
 */

/** A form body's parameters, decoded, by name; undefined when a name comes twice (which one was hashed?). */
export function formParameters(rawBody: string): ReadonlyMap<string, string> | undefined {
  const parameters = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(rawBody)) {
    if (parameters.has(name)) return undefined;
    parameters.set(name, value);
  }
  return parameters;
}

/** The hash of `parameters` under `secretKey`, lower-case hex. */
export function pragmaticHash(parameters: ReadonlyMap<string, string>, secretKey: string): string {
  const signed = [...parameters]
    .filter(([name, value]) => name !== 'hash' && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return createHash('md5').update(`${signed}${secretKey}`, 'utf8').digest('hex');
}

/** Whether the request's `hash` is the hash of its parameters under `secretKey` (in either case of hex). */
export function hashMatches(parameters: ReadonlyMap<string, string>, secretKey: string): boolean {
  const sent = parameters.get('hash')?.toLowerCase();
  if (sent === undefined || !/^[0-9a-f]{32}$/.test(sent)) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(pragmaticHash(parameters, secretKey)));
}
