import type { GatewayPaymentLink } from '@kl/contracts/deposit';
import { GATEWAY_TEXTS, type GatewayLanguage } from './texts.ts';

/**
 * The sandbox gateway's pages: small server-rendered documents, no script. The payment page shows what
 * the site asked to charge and two buttons in one form; the others say why there is nothing to pay.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem}
h1{font-size:1.25rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:#4b5563}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button,a.back{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:2px solid #1d4ed8;cursor:pointer}
button[value=paid]{background:#1d4ed8;color:#fff}
button[value=failed]{background:#fff;color:#1d4ed8}
a.back{display:inline-block;color:#1d4ed8;text-decoration:none}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`;

function documentOf(lang: GatewayLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const moneyOf = (link: GatewayPaymentLink) =>
  new Intl.NumberFormat(link.lang === 'vi' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency: link.currency,
  }).format(Number(link.amount));

const timeOf = (link: GatewayPaymentLink) =>
  new Intl.DateTimeFormat(link.lang === 'vi' ? 'vi-VN' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Asia/Ho_Chi_Minh',
  }).format(new Date(link.expiresAt));

/** The payment page: the order, then "Pay" and "Decline" posting the signed link back with the outcome. */
export function paymentPage(
  link: GatewayPaymentLink,
  signed: { timestamp: string; signature: string; names: { timestamp: string; signature: string } },
  action: string,
): string {
  const t = GATEWAY_TEXTS[link.lang];
  const fields: [string, string][] = [
    ...Object.entries(link),
    [signed.names.timestamp, signed.timestamp],
    [signed.names.signature, signed.signature],
  ];
  const hidden = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return documentOf(
    link.lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.note)}</p>
<section aria-labelledby="order-heading">
<h2 id="order-heading">${escapeHtml(t.order)}</h2>
<dl>
<dt>${escapeHtml(t.reference)}</dt><dd>${escapeHtml(link.reference)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(moneyOf(link))}</dd>
<dt>${escapeHtml(t.expiresAt)}</dt><dd>${escapeHtml(timeOf(link))}</dd>
</dl>
</section>
<form method="post" action="${escapeHtml(action)}">
${hidden}
<div class="actions">
<button type="submit" name="outcome" value="paid">${escapeHtml(t.pay)}</button>
<button type="submit" name="outcome" value="failed">${escapeHtml(t.fail)}</button>
</div>
</form>`,
  );
}

/** A page that explains why nothing can be paid here, with the way back to the site when it is known. */
export function messagePage(
  lang: GatewayLanguage,
  title: string,
  note: string,
  backUrl: string | undefined,
): string {
  const t = GATEWAY_TEXTS[lang];
  const back = backUrl
    ? `<p><a class="back" href="${escapeHtml(backUrl)}">${escapeHtml(t.back)}</a></p>`
    : '';
  return documentOf(
    lang,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(note)}</p>
${back}`,
  );
}
