/**
 * A link target taken from server data, made safe to put in `href`: an absolute http(s) URL or a
 * path of this site. Anything else (`javascript:`, `data:`, malformed) gives null.
 */
export function safeLinkUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
