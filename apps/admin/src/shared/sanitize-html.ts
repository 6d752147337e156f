import {
  dropInlineHandlers,
  finishSanitizedElement,
  HTML_FORBID_ATTR,
  HTML_FORBID_TAGS,
} from '@kl/contracts/html-policy';
import DOMPurify from 'dompurify';

/**
 * The player site's sanitising of merchant-written HTML, for the back office's previews: the same
 * DOMPurify policy (`@kl/contracts/html-policy`), so an operator sees what players will see — scripts,
 * event handlers, `javascript:` links, styles, forms and frames gone — while the server keeps the text as
 * written (docs/decisions/013-content.md). The links are judged against the player site, served from
 * the same origin as the back office.
 */

let purifier: ReturnType<typeof DOMPurify> | null = null;

export function sanitizeHtml(html: string): string {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) =>
      finishSanitizedElement(node, window.location.origin),
    );
  }
  return purifier.sanitize(dropInlineHandlers(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: HTML_FORBID_TAGS,
    FORBID_ATTR: HTML_FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
  });
}
