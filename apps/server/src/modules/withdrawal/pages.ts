import { isLocale, type Locale } from '@kl/contracts/i18n';
import { WITHDRAWAL_OPERATOR_PAGE_PATH } from '@kl/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import { escapeHtml, pageAssets, sendPage } from '../../platform/page-assets.ts';

/**
 * The withdrawal operator's page: plain HTML with one stylesheet and one script file (the site's Content
 * Security Policy allows no inline script). Its texts, in the page's language (?lang=vi|en), travel to
 * the script as a data attribute.
 */

export const WITHDRAWAL_ASSETS_PREFIX = '/withdrawal/assets/';

const OPERATOR_TEXTS = {
  vi: {
    title: 'Duyệt rút tiền',
    tokenLabel: 'Mã vận hành',
    signIn: 'Đăng nhập',
    signOut: 'Đăng xuất',
    refresh: 'Làm mới',
    empty: 'Không có lệnh rút tiền chờ duyệt',
    approve: 'Đã chi trả',
    reject: 'Từ chối',
    rejectReason: 'Lý do từ chối (không bắt buộc)',
    confirmApprove: 'Xác nhận đã chuyển tiền cho lệnh này?',
    member: 'Thành viên',
    amount: 'Số tiền',
    bank: 'Ngân hàng',
    createdAt: 'Thời gian',
    done: 'Đã xử lý',
    alreadyDone: 'Lệnh đã được xử lý trước đó',
    wrongToken: 'Mã vận hành không đúng',
    failed: 'Không thực hiện được',
  },
  en: {
    title: 'Withdrawal approval',
    tokenLabel: 'Operator token',
    signIn: 'Sign in',
    signOut: 'Sign out',
    refresh: 'Refresh',
    empty: 'No withdrawal is waiting',
    approve: 'Paid',
    reject: 'Reject',
    rejectReason: 'Reason for rejecting (optional)',
    confirmApprove: 'Confirm the money has been transferred for this request?',
    member: 'Member',
    amount: 'Amount',
    bank: 'Bank',
    createdAt: 'Time',
    done: 'Done',
    alreadyDone: 'This request had already been processed',
    wrongToken: 'Wrong operator token',
    failed: 'Could not complete the action',
  },
} as const satisfies Record<Locale, Record<string, string>>;

const ASSETS = pageAssets(new URL('./assets/', import.meta.url), WITHDRAWAL_ASSETS_PREFIX, [
  'operator.css',
  'operator.js',
]);

export function renderWithdrawalOperatorPage(locale: Locale): string {
  const texts = OPERATOR_TEXTS[locale];
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(texts.title)}</title>`,
    '<link rel="icon" href="data:,">',
    `<link rel="stylesheet" href="${ASSETS.url('operator.css')}">`,
    `<script src="${ASSETS.url('operator.js')}" defer></script>`,
    '</head>',
    '<body>',
    `<div id="wd" data-locale="${locale}" data-texts="${escapeHtml(JSON.stringify(texts))}">`,
    '<header>',
    `<h1>${escapeHtml(texts.title)}</h1>`,
    `<button type="button" id="wd-refresh" hidden>${escapeHtml(texts.refresh)}</button>`,
    `<button type="button" id="wd-signout" hidden>${escapeHtml(texts.signOut)}</button>`,
    '</header>',
    '<main>',
    '<form id="wd-signin">',
    `<label for="wd-token">${escapeHtml(texts.tokenLabel)}</label>`,
    '<input id="wd-token" type="password" autocomplete="off" required>',
    `<button type="submit">${escapeHtml(texts.signIn)}</button>`,
    '</form>',
    '<p id="wd-status" role="status"></p>',
    '<table id="wd-table" hidden>',
    '<thead><tr>',
    `<th>${escapeHtml(texts.createdAt)}</th><th>${escapeHtml(texts.member)}</th>`,
    `<th>${escapeHtml(texts.amount)}</th><th>${escapeHtml(texts.bank)}</th><th></th>`,
    '</tr></thead>',
    '<tbody id="wd-rows"></tbody>',
    '</table>',
    `<p id="wd-empty" hidden>${escapeHtml(texts.empty)}</p>`,
    '</main>',
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** /withdrawal/operator (404 without WITHDRAWAL_OPERATOR_TOKEN) and its files. Outside /api. */
export async function registerWithdrawalPages(
  app: FastifyInstance,
  options: { enabled: boolean },
): Promise<void> {
  app.get(WITHDRAWAL_OPERATOR_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!options.enabled) throw new DomainError('NOT_FOUND');
    const lang = (request.query as Record<string, unknown> | undefined)?.lang;
    return sendPage(reply, renderWithdrawalOperatorPage(isLocale(lang) ? lang : 'vi'));
  });

  ASSETS.register(app, options.enabled);
}
