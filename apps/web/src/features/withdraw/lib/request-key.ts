/**
 * A withdrawal request's idempotency key (contracts createWithdrawalRequest: 8–64 of [A-Za-z0-9_-]),
 * drawn once per form: sending again (a double tap, a retry after a lost answer) sends the same key, so
 * the server makes one request whatever happens. 128 random bits as hex, from getRandomValues, which
 * (unlike randomUUID) also exists on a plain-HTTP address such as a phone testing against a LAN server.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
