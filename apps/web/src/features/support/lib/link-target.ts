import { safeLinkUrl } from '../../../shared/lib/url.ts';

/** Where a link of the merchant's data goes: a screen of this app, or another address (new tab). */
export type LinkTarget = { kind: 'app'; path: string } | { kind: 'external'; href: string };

/**
 * The target of a link taken from server data: a path under /m of this site stays in the app; any
 * other http(s) address opens in a new tab; anything else (`javascript:`, malformed) is no link.
 */
export function linkTargetOf(value: string | null | undefined): LinkTarget | null {
  const href = safeLinkUrl(value);
  if (href === null) return null;
  // A path of this site (safeLinkUrl keeps it a path) is read against this origin.
  const url = new URL(href, window.location.origin);
  if (url.origin === window.location.origin && (url.pathname === '/m' || url.pathname.startsWith('/m/'))) {
    return { kind: 'app', path: `${url.pathname}${url.search}${url.hash}` };
  }
  return { kind: 'external', href };
}
