/**
 * Where the provider's API is (docs/decisions/036-sandboxes-process.md): the launch address names it
 * (`api`, the provider's base URL); its origin is kept for the calls of this page. Anything but an http or
 * https URL is ignored, and the calls go to the site's own origin (as with no `api`). The site's content
 * security policy lets the page reach only the providers it is connected to.
 */
let origin = '';

/** Keeps the origin of the launch's `api` (null or not a URL: the site's own). */
export function setProviderOrigin(api: string | null): void {
  origin = '';
  if (!api) return;
  try {
    const url = new URL(api);
    if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
  } catch {
    // Not an address: the site's own origin.
  }
}

/** The origin of the provider's API, or '' for the site's own. */
export function providerOrigin(): string {
  return origin;
}
