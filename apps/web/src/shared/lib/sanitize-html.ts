import {
  dropInlineHandlers,
  finishSanitizedElement,
  HTML_FORBID_ATTR,
  HTML_FORBID_TAGS,
} from '@kl/contracts/html-policy';
import DOMPurify from 'dompurify';

export { dropInlineHandlers };

/**
 * HTML written by the merchant (announcements, inbox messages, help items) is untrusted: the server
 * keeps it exactly as written (docs/decisions/013-content.md) and it is made harmless here, with
 * DOMPurify, before React puts it in the page.
 *
 * - What goes is the policy the back office's preview shares (`@kl/contracts/html-policy`): scripts,
 *   event-handler attributes, `javascript:` and other unsafe URLs (DOMPurify's defaults), styles,
 *   forms, frames and embedded objects.
 * - Links to other sites open in a new tab without access to this page; links of this site stay in
 *   the tab. Pictures load lazily (`finishSanitizedElement`).
 */

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** The site's own origin, for telling its links from other sites'. */
const siteOrigin = () => window.location.origin;

function createPurifier() {
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => finishSanitizedElement(node, siteOrigin()));
  return instance;
}

/** The HTML made safe to put in the page (an empty string when nothing safe remains). */
export function sanitizeHtml(html: string): string {
  purifier ??= createPurifier();
  return purifier.sanitize(dropInlineHandlers(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: HTML_FORBID_TAGS,
    FORBID_ATTR: HTML_FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
  });
}

/**
 * The in-app path of a link of this site's app (`/m/…`), or null for anything else: a click on such
 * a link inside sanitised content is handled by the router instead of reloading the page.
 */
export function appPathOfLink(href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, siteOrigin());
    if (url.origin !== siteOrigin() || !(url.pathname === '/m' || url.pathname.startsWith('/m/')))
      return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
