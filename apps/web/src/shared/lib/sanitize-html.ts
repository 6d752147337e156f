import DOMPurify from 'dompurify';

/**
 * HTML written by the merchant (announcements, inbox messages, help items) is untrusted: the server
 * keeps it exactly as written (docs/decisions/013-content.md) and it is made harmless here, with
 * DOMPurify, before React puts it in the page.
 *
 * - Scripts, event-handler attributes (`onerror`, `onclick`…), `javascript:` and other unsafe URLs go
 *   (DOMPurify's defaults).
 * - So do styles, forms, frames and embedded objects: content takes the site's theme (its colours
 *   meet the contrast rules) and cannot pose as a login form.
 * - Links to other sites open in a new tab without access to this page (`rel="noopener noreferrer"`);
 *   links of this site stay in the tab. Pictures load lazily.
 */

const FORBID_TAGS = [
  'style',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'audio',
  'video',
  'source',
  'svg',
  'math',
];
const FORBID_ATTR = ['style', 'class', 'id', 'srcset', 'action', 'formaction', 'target'];

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** The site's own origin, for telling its links from other sites'. */
const siteOrigin = () => window.location.origin;

function createPurifier() {
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      const href = node.getAttribute('href') ?? '';
      let external = false;
      try {
        external = new URL(href, siteOrigin()).origin !== siteOrigin();
      } catch {
        node.removeAttribute('href');
      }
      if (external) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
  return instance;
}

const TAG = /<[a-zA-Z][^>]*>/g;
const HANDLER_ATTRIBUTE = /\s+on[a-z0-9_-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?(?=[\s/>])/gi;

/**
 * Drops `on…` attributes from the tags of the text before it is parsed. Not the safety net (that is
 * DOMPurify, which removes whatever this misses): the browser checks an inline handler against the
 * page's Content-Security-Policy as soon as it is parsed, even in the sanitiser's detached document,
 * and reports each one as a console error. Content pasted with handlers then shows without that noise.
 */
export function dropInlineHandlers(html: string): string {
  return html.replace(TAG, (tag) => tag.replace(HANDLER_ATTRIBUTE, ''));
}

/** The HTML made safe to put in the page (an empty string when nothing safe remains). */
export function sanitizeHtml(html: string): string {
  purifier ??= createPurifier();
  return purifier.sanitize(dropInlineHandlers(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
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
