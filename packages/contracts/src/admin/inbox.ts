import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { pageParams } from '../paging.ts';
import type { AdminCallRule } from './calls.ts';
import { localizedInput } from './content.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Inbox messages sent from the back office (docs/back-office.md, "Chat, feedback and inbox"): a title and a
 * content in Vietnamese (English optional) put in the inbox of every member, of the members of one VIP
 * level, or of one member. Trial members have no inbox (product.md §6) and never receive one.
 */

export const INBOX_AUDIENCES = ['all', 'vip', 'member'] as const;
export type InboxAudience = (typeof INBOX_AUDIENCES)[number];

export const INBOX_TITLE_MAX = 200;
export const INBOX_CONTENT_MAX = 5_000;

/** Who receives it: everyone, the members of one VIP level, or one member by username. */
export const inboxAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('vip'), vipLevel: z.number().int().min(0).max(1_000) }),
  z.object({ kind: z.literal('member'), username: z.string().trim().min(1).max(64) }),
]);
export type InboxAudienceInput = z.input<typeof inboxAudience>;

export const sendInboxRequest = z.object({
  title: localizedInput(INBOX_TITLE_MAX),
  /** Plain text or the simple HTML the site's sanitiser keeps. */
  content: localizedInput(INBOX_CONTENT_MAX),
  audience: inboxAudience,
});
export type SendInboxRequest = z.input<typeof sendInboxRequest>;

/** One send of the back office, as listed. */
export const adminInboxSend = z.object({
  id: z.number().int(),
  title: z.object({ vi: z.string(), en: z.string().optional() }),
  content: z.object({ vi: z.string(), en: z.string().optional() }),
  audience: z.enum(INBOX_AUDIENCES),
  /** The VIP level of a `vip` send. */
  vipLevel: z.number().int().nullable(),
  /** The member of a `member` send. */
  memberUsername: z.string().nullable(),
  /** How many inboxes it was put in. */
  recipients: z.number().int(),
  operatorUsername: z.string(),
  sentAt: z.iso.datetime(),
});
export type AdminInboxSend = z.infer<typeof adminInboxSend>;

export const adminInboxSendsQuery = z.object({ ...pageParams(ADMIN_PAGE_SIZE) });
export const adminInboxSendPage = adminPage(adminInboxSend);

export const adminInboxCalls = {
  adminSendInbox: {
    method: 'POST',
    path: '/api/admin/inbox',
    moduleId: 'ADMIN',
    body: sendInboxRequest,
    response: adminInboxSend,
  },
  adminInboxMessages: {
    method: 'GET',
    path: '/api/admin/inbox',
    moduleId: 'ADMIN',
    query: adminInboxSendsQuery,
    response: adminInboxSendPage,
  },
} as const satisfies ApiTable;

export const adminInboxRules: Record<keyof typeof adminInboxCalls, AdminCallRule> = {
  adminSendInbox: { area: 'content', access: 'write' },
  adminInboxMessages: { area: 'content', access: 'read' },
};
