import { createHash } from 'node:crypto';

/**
 * The `hash` of a Pragmatic request as Pragmatic makes it (docs/decisions/068-pragmatic-adapter.md;
 * `PRAGMATIC_HASH_RULE`): the parameters but `hash`, sorted by name, those with a value written
 * `name=value` and joined with `&`, the secret key appended, then MD5 in lower-case hex. The sandbox makes
 * it on its own, as Pragmatic would, rather than share the site's code: a rule both sides wrote alike is
 * what the site's check proves.
 */
export function pragmaticRequestHash(
  parameters: Readonly<Record<string, string>>,
  secretKey: string,
): string {
  const names = Object.keys(parameters)
    .filter((name) => name !== 'hash' && parameters[name] !== '')
    .sort((a, b) => (a === b ? 0 : a < b ? -1 : 1));
  const text = names.map((name) => `${name}=${parameters[name]}`).join('&');
  return createHash('md5')
    .update(text + secretKey, 'utf8')
    .digest('hex');
}

/** The form body of a request: its parameters and their hash, form-encoded. */
export function pragmaticForm(parameters: Readonly<Record<string, string>>, secretKey: string): string {
  const form = new URLSearchParams(parameters);
  form.set('hash', pragmaticRequestHash(parameters, secretKey));
  return form.toString();
}
