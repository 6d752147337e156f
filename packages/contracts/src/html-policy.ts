import { parseUrl } from './url.ts';

/**
 * What merchant-written HTML keeps when it is shown (announcements, inbox messages, help articles): the
 * one policy of the player site's sanitiser and of the back office's preview of it, so that an operator
 * sees what players will see (docs/decisions/013-content.md). Both run DOMPurify with these lists over
 * its defaults, which already remove scripts, event-handler attributes and `javascript:` addresses.
 *
 * - Styles, forms, frames and embedded objects go too: content takes the site's theme (its colours meet
 *   the contrast rules) and cannot pose as a login form.
 */

export const HTML_FORBID_TAGS = [
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
export const HTML_FORBID_ATTR = ['style', 'class', 'id', 'srcset', 'action', 'formaction', 'target'];

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

/** The part of a DOM element the sanitiser's hook changes. */
export interface SanitizedElement {
  readonly tagName: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * DOMPurify's `afterSanitizeAttributes` hook of both sanitisers: links to other sites open in a new tab
 * without access to this page (`rel="noopener noreferrer"`), links of this site stay in the tab, an
 * address that does not parse goes; pictures load lazily and have an `alt`.
 */
export function finishSanitizedElement(node: SanitizedElement, siteOrigin: string): void {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    const url = parseUrl(node.getAttribute('href') ?? '', siteOrigin);
    if (!url) node.removeAttribute('href');
    else if (url.origin !== siteOrigin) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  }
}
