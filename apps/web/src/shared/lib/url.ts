/**
 * A link target taken from server data, made safe to put in `href`: an absolute http(s) URL or a
 * path of this site (kept as a path). Anything else (`javascript:`, `data:`, malformed) gives null.
 */
export function safeLinkUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  // A path of this site stays a path: the same on the server's page of home and in the browser
  // (docs/decisions/005-web-first-load.md).
  if (/^\/(?![/\\])/.test(value)) return value;
  try {
    // No `location` on the server: only absolute URLs are kept there.
    const url = new URL(value, globalThis.location?.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
