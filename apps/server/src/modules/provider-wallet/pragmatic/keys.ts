import { z } from 'zod';

/**
 * A Pragmatic provider's settings (docs/decisions/068-pragmatic-adapter.md), kept in
 * `game_provider.protocol_settings`, sealed like the providers' signing keys
 * (docs/decisions/034-secrets-at-rest.md): the secret key Pragmatic gave the operator, which every
 * request's `hash` is made with. Pragmatic holds it too: it is a shared secret, as the site's own HMAC key.
 */
export const pragmaticSettings = z.object({ secretKey: z.string().min(1) });
export type PragmaticSettings = z.infer<typeof pragmaticSettings>;

/** The secret key of opened settings; an Error (a configuration fault, not the caller's) when they do not read. */
export function pragmaticSecretOf(settings: string): string {
  let json: unknown;
  try {
    json = JSON.parse(settings);
  } catch {
    // Not the parser's message: it quotes the text, which holds the key.
    throw new Error('the Pragmatic settings are not JSON');
  }
  const parsed = pragmaticSettings.safeParse(json);
  if (!parsed.success) throw new Error('the Pragmatic settings lack secretKey');
  return parsed.data.secretKey;
}
