import {
  CHAT_PAGE_TEXTS,
  CHAT_MESSAGE_MAX,
  CHAT_TITLE_MAX,
  type ChatPageTexts,
  chatPageLocale,
  isSitePath,
} from '@kl/contracts/chat';
import type { Locale } from '@kl/contracts/i18n';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, pageAssets, sendPage } from '../../platform/page-assets.ts';
import { DEFAULT_BACK_URL, headerColorOf } from './service.ts';

/**
 * The member's chat page, rendered on the server: plain HTML, one stylesheet and its script files (the
 * site's Content Security Policy allows no inline script). Every text comes from CHAT_PAGE_TEXTS in the page's
 * language; everything taken from the address is checked again here and escaped.
 */

export const CHAT_ASSETS_PREFIX = '/chat/assets/';

const ASSETS = pageAssets(new URL('./assets/', import.meta.url), CHAT_ASSETS_PREFIX, [
  'chat.css',
  'chat-common.js',
  'chat-page.js',
]);

/** Text colour for a header of this colour: dark on light colours, white on dark ones (WCAG luminance). */
export function inkOn(hex: string): string {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const linear = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  const luminance = 0.2126 * (linear[0] ?? 0) + 0.7152 * (linear[1] ?? 0) + 0.0722 * (linear[2] ?? 0);
  // The crossing point where black and white text have the same contrast.
  return luminance > 0.179 ? '#1d1d1f' : '#ffffff';
}

const one = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

function head(locale: Locale, title: string, script: string): string {
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    // No icon: spares the browser a request for /favicon.ico.
    '<link rel="icon" href="data:,">',
    `<link rel="stylesheet" href="${ASSETS.url('chat.css')}">`,
    // Deferred scripts run in order: the page's script after the chat calls it uses.
    `<script src="${ASSETS.url('chat-common.js')}" defer></script>`,
    `<script src="${ASSETS.url(script)}" defer></script>`,
    '</head>',
  ].join('\n');
}

/** The texts a page script needs, as a data attribute (JSON, escaped for the attribute). */
const textsAttribute = (texts: ChatPageTexts) => escapeHtml(JSON.stringify(texts));

export interface MemberPageParams {
  language?: string | undefined;
  backUrl?: string | undefined;
  headerColor?: string | undefined;
  title?: string | undefined;
}

/** The member's chat page. The chat token travels in the address's fragment and never reaches the server. */
export function renderMemberPage(params: MemberPageParams, themeColor: string): string {
  const locale = chatPageLocale(params.language);
  const texts = CHAT_PAGE_TEXTS[locale];
  const title = [...(params.title?.trim() || texts.defaultTitle)].slice(0, CHAT_TITLE_MAX).join('');
  const backUrl =
    params.backUrl !== undefined && isSitePath(params.backUrl) ? params.backUrl : DEFAULT_BACK_URL;
  const colour = headerColorOf(params.headerColor) ?? themeColor;
  return [
    head(locale, title, 'chat-page.js'),
    `<body class="chat-body">`,
    `<div id="chat" class="chat" data-locale="${locale}" data-texts="${textsAttribute(texts)}">`,
    `<header class="chat-header" style="background-color: ${colour}; color: ${inkOn(colour)}">`,
    `<a class="chat-back" href="${escapeHtml(backUrl)}"><span aria-hidden="true">‹</span> ${escapeHtml(texts.back)}</a>`,
    `<h1 class="chat-title">${escapeHtml(title)}</h1>`,
    '</header>',
    '<main class="chat-main">',
    '<div class="chat-scroll">',
    `<button type="button" id="chat-earlier" class="chat-earlier" hidden>${escapeHtml(texts.loadEarlier)}</button>`,
    `<ol id="chat-log" class="chat-log" aria-live="polite" aria-label="${escapeHtml(title)}"></ol>`,
    `<p id="chat-empty" class="chat-empty">${escapeHtml(texts.empty)}</p>`,
    '</div>',
    `<p id="chat-status" class="chat-status" role="status">${escapeHtml(texts.connecting)}</p>`,
    '<form id="chat-form" class="chat-form" autocomplete="off">',
    `<label class="visually-hidden" for="chat-input">${escapeHtml(texts.messageLabel)}</label>`,
    `<textarea id="chat-input" class="chat-input" rows="1" maxlength="${CHAT_MESSAGE_MAX}" required`,
    ` placeholder="${escapeHtml(texts.placeholder)}"></textarea>`,
    // Disabled until the chat cookie is in place (chat-page.js): a message sent before would be refused.
    `<button type="submit" class="chat-send" disabled>${escapeHtml(texts.send)}</button>`,
    '</form>',
    '</main>',
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/**
 * /chat/ (the member's page) and its files under /chat/assets/. Outside /api: a page, not a call. Operators
 * answer in the back office's live chat console.
 */
export async function registerChatPages(
  app: FastifyInstance,
  options: { themeColor: () => Promise<string> },
): Promise<void> {
  const memberPage = async (request: { query: unknown }, reply: FastifyReply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const html = renderMemberPage(
      {
        language: one(query.language),
        backUrl: one(query.backUrl),
        headerColor: one(query.headerColor),
        title: one(query.title),
      },
      await options.themeColor(),
    );
    return sendPage(reply, html);
  };
  app.get('/chat', { schema: { hide: true } }, memberPage);
  app.get('/chat/', { schema: { hide: true } }, memberPage);

  ASSETS.register(app);
}
