import { Typography } from 'antd';
import { sanitizeHtml } from '../sanitize-html.ts';

/**
 * What players will see of merchant-written HTML: the text sanitised as the player site sanitises it,
 * in a region named by `label`.
 */
export function HtmlPreview({ label, html }: { label: string; html: string | undefined }) {
  return (
    <section
      aria-label={label}
      style={{
        border: '1px solid rgba(0, 0, 0, 0.15)',
        borderRadius: 6,
        padding: '4px 12px',
        minHeight: 96,
        maxHeight: 320,
        overflow: 'auto',
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html ?? '') }} />
    </section>
  );
}
