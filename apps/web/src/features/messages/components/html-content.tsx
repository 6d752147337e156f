import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { appPathOfLink, sanitizeHtml } from '../../../shared/lib/sanitize-html.ts';
import './html-content.css';

/**
 * HTML written by the merchant, sanitised before it reaches the page (scripts, event handlers and
 * unsafe URLs removed). A link to a screen of this app is followed by the router, without reloading.
 */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  const followAppLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const path = appPathOfLink(anchor?.getAttribute('href'));
    if (path === null) return;
    event.preventDefault();
    void navigate(path);
  };
  return (
    <div
      className={className ? `kl-html-content ${className}` : 'kl-html-content'}
      data-testid="html-content"
      onClick={followAppLink}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}

export default HtmlContent;
