import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStorableText } from './stored-text.ts';

/** Reads one cookie of the request's Cookie header; undefined when absent, empty or not storable text. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    const value = raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    try {
      const decoded = decodeURIComponent(value);
      // A value the database could not even be asked about (NUL) is no cookie of ours.
      return decoded && isStorableText(decoded) ? decoded : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** The path the browser sends the cookie to. */
  path: string;
  sameSite: 'Lax' | 'Strict';
  /** Adds `Secure` (production). */
  secure: boolean;
  /** When the browser should forget the cookie; undefined clears it now. */
  expires?: Date;
  now: Date;
}

/**
 * Appends a Set-Cookie header, the one place the server writes one: always HttpOnly, with Max-Age and
 * Expires; a Set-Cookie of the same name and path written earlier in the answer is replaced.
 */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const maxAge = options.expires
    ? Math.max(0, Math.floor((options.expires.getTime() - options.now.getTime()) / 1000))
    : 0;
  const expires = options.expires ?? new Date(0);
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    `Max-Age=${maxAge}`,
    `Expires=${expires.toUTCString()}`,
    ...(options.secure ? ['Secure'] : []),
  ];
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  const sameCookie = (cookie: string) =>
    cookie.startsWith(`${name}=`) && cookie.includes(`; Path=${options.path}; `);
  // Fastify appends to an existing Set-Cookie header: it is removed first so that the list is written once.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...list.filter((cookie) => !sameCookie(cookie)), attributes.join('; ')]);
}

/** Tells the browser to forget the cookie now (empty value, Max-Age=0, Expires in 1970). */
export function clearCookie(
  reply: FastifyReply,
  name: string,
  options: Omit<CookieOptions, 'expires'>,
): void {
  setCookie(reply, name, '', options);
}
