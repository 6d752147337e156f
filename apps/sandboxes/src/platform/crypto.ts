import { randomBytes } from 'node:crypto';

/** A random token of `bytes` bytes, base64url (ids the players never guess). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
