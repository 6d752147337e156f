import { afterEach, describe, expect, it } from 'vitest';
import { appPathOfLink, dropInlineHandlers, sanitizeHtml } from './sanitize-html.ts';

/** Parses sanitised HTML into a detached element, as the page would hold it. */
function render(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = sanitizeHtml(html);
  return holder;
}

declare global {
  interface Window {
    __sanitiserRan?: boolean;
  }
}

afterEach(() => {
  delete window.__sanitiserRan;
  delete document.documentElement.dataset.sanitiserRan;
  document.body.replaceChildren();
});

describe('sanitizeHtml', () => {
  it('removes script elements and keeps the text around them', () => {
    const out = render('<p>Before</p><script>window.__sanitiserRan = true;</script><p>After</p>');
    expect(out.querySelector('script')).toBeNull();
    expect(out.textContent).toBe('BeforeAfter');
    expect(sanitizeHtml('<script>alert(1)</script>')).toBe('');
  });

  it('removes event-handler attributes (onerror, onclick, onload…)', () => {
    const out = render(
      '<img src="/x.png" alt="logo" onerror="window.__sanitiserRan=true">' +
        '<p onclick="window.__sanitiserRan=true" onmouseover="x()">Tap</p>' +
        '<body onload="window.__sanitiserRan=true">',
    );
    const img = out.querySelector('img');
    expect(img).not.toBeNull();
    expect(img?.getAttribute('alt')).toBe('logo');
    for (const element of out.querySelectorAll('*')) {
      expect([...element.attributes].map((attribute) => attribute.name)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^on/i)]),
      );
    }
  });

  it('never runs what it removes, even once the result is in the page', () => {
    // An inline handler runs with the page's own window, not the test's: it marks the document instead.
    const ran = "document.documentElement.dataset.sanitiserRan='yes'";
    document.body.innerHTML = sanitizeHtml(
      `<img src="data:," onerror="${ran}"><svg onload="${ran}"></svg><script>${ran}</script>`,
    );
    // The events a browser fires on them (jsdom loads no image): no handler left to run.
    document.querySelector('img')?.dispatchEvent(new Event('error'));
    document.querySelector('svg')?.dispatchEvent(new Event('load'));
    expect(document.documentElement.dataset.sanitiserRan).toBeUndefined();
  });

  it('drops javascript:, vbscript: and data: link targets, whatever their spelling', () => {
    const out = render(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
        '<a href="java&#x09;script:alert(1)">c</a><a href="vbscript:msgbox(1)">d</a>' +
        '<a href="data:text/html,<script>alert(1)</script>">e</a>',
    );
    const links = [...out.querySelectorAll('a')];
    expect(links).toHaveLength(5);
    for (const link of links) expect(link.hasAttribute('href')).toBe(false);
    expect(out.textContent).toBe('abcde');
  });

  it('removes styles, forms, frames and embedded objects', () => {
    const out = render(
      '<style>body{display:none}</style><p style="color:#000">Text</p>' +
        '<form action="https://evil.test"><input name="password"><button>Log in</button></form>' +
        '<iframe src="https://evil.test"></iframe><object data="x.swf"></object><embed src="x">',
    );
    expect(out.querySelector('style, form, input, button, iframe, object, embed')).toBeNull();
    expect(out.querySelector('p')?.hasAttribute('style')).toBe(false);
    expect(out.textContent).toContain('Text');
  });

  it('keeps ordinary formatting, lists, tables and pictures (loaded lazily)', () => {
    const out = render(
      '<p>A <b>bold</b> and <i>italic</i> word.</p><ul><li>one</li></ul>' +
        '<table><tr><td>cell</td></tr></table><img src="/api/assets/logo.svg" width="96">',
    );
    expect(out.querySelector('b')?.textContent).toBe('bold');
    expect(out.querySelector('i')).not.toBeNull();
    expect(out.querySelector('li')?.textContent).toBe('one');
    expect(out.querySelector('td')?.textContent).toBe('cell');
    const img = out.querySelector('img');
    expect(img).toHaveAttribute('src', '/api/assets/logo.svg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('alt', '');
  });

  it('opens other sites in a new tab without access to this page, and keeps site links in the tab', () => {
    const out = render(
      '<a href="https://t.me/kimlong" target="_self">Telegram</a>' +
        '<a href="/m/help?tag=deposit" target="_blank">Help</a>',
    );
    const [external, internal] = [...out.querySelectorAll('a')];
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(internal).toHaveAttribute('href', '/m/help?tag=deposit');
    expect(internal?.hasAttribute('target')).toBe(false);
  });
});

describe('dropInlineHandlers', () => {
  it('takes on… attributes out of tags before parsing, and leaves the text alone', () => {
    expect(dropInlineHandlers('<img src="/a.png" onerror="x()" alt="A">')).toBe('<img src="/a.png" alt="A">');
    expect(dropInlineHandlers('<p onclick=\'x()\' ONMOUSEOVER=y class="c">on=1 online</p>')).toBe(
      '<p class="c">on=1 online</p>',
    );
    expect(dropInlineHandlers('<body onload=run()>')).toBe('<body>');
    expect(dropInlineHandlers('<input autofocus onfocus>')).toBe('<input autofocus>');
    expect(dropInlineHandlers('<a href="/m/notice" data-one="1">x</a>')).toBe(
      '<a href="/m/notice" data-one="1">x</a>',
    );
  });

  it('is not the safety net: what it misses, the sanitiser removes', () => {
    const tricky = '<a title="a>b" onclick="x()">t</a><svg><a onclick="x()">s</a></svg>';
    expect(dropInlineHandlers(tricky)).toContain('onclick');
    expect(sanitizeHtml(tricky)).not.toMatch(/onclick/i);
  });
});

describe('appPathOfLink', () => {
  it('answers the path of links into the app, and null for anything else', () => {
    expect(appPathOfLink('/m/activity')).toBe('/m/activity');
    expect(appPathOfLink(`${window.location.origin}/m/help?tag=terms#top`)).toBe('/m/help?tag=terms#top');
    expect(appPathOfLink('/api/assets/logo.svg')).toBeNull();
    expect(appPathOfLink('https://t.me/kimlong')).toBeNull();
    expect(appPathOfLink('/mobile')).toBeNull();
    expect(appPathOfLink(null)).toBeNull();
  });
});
