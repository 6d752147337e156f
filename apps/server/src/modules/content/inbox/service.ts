import { isTrialMember } from '@kl/contracts/accounts';
import { type ContentLang, type InboxMessage, textIn } from '@kl/contracts/content';
import type { InboxMessageRow } from '../../../db/schema/index.ts';
import type { Clock } from '../../../platform/clock.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { AuthenticatedMember } from '../../../platform/member-guard.ts';
import { offsetOf, pages } from '../paging.ts';
import { plainSummary } from '../plain-text.ts';
import { WELCOME_KEYS, welcomeMessagesFor } from '../seed-data.ts';
import type { InboxRepository, WelcomeMessage } from './repository.ts';

/**
 * The member's inbox (product.md §2 /m/webEmail and /m/message(s), §3 the inbox, §6 none for trial
 * members): the paged list, the unread count, opening and deleting a message, and the welcome messages
 * given on first use.
 */

const MESSAGE_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'MESSAGE_NOT_FOUND' });

function toInboxMessage(row: InboxMessageRow, lang: ContentLang): InboxMessage {
  const content = textIn(row.content, lang);
  return {
    id: row.id,
    title: textIn(row.title, lang),
    content,
    summary: plainSummary(content),
    date: row.sentAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** The inbox is for members who are not trial members (product.md §6 free_reject). */
function checkInboxMember(member: AuthenticatedMember) {
  if (isTrialMember(member.type)) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'free_reject' });
}

export function createInboxService(deps: { inbox: InboxRepository; clock: Clock }) {
  const { inbox, clock } = deps;

  /**
   * Gives the member the welcome messages they have not had yet (the first time they use the inbox;
   * messages added to the set later reach everyone once). Two calls at once give each message once.
   */
  async function ensureWelcome(member: AuthenticatedMember): Promise<void> {
    const had = await inbox.welcomeKeysOf(member.memberId);
    if (WELCOME_KEYS.every((key) => had.has(key))) return;
    const joinedAt = (await inbox.memberCreatedAt(member.memberId)) ?? clock();
    const missing: WelcomeMessage[] = welcomeMessagesFor(joinedAt).filter(
      (message) => !had.has(message.welcomeKey),
    );
    await inbox.insertWelcome(member.merchantCode, member.memberId, missing);
  }

  return {
    async inbox(member: AuthenticatedMember, query: { pageNo: number; pageSize: number }, lang: ContentLang) {
      checkInboxMember(member);
      await ensureWelcome(member);
      const { rows, total } = await inbox.inboxPage(
        member.memberId,
        query.pageSize,
        offsetOf(query.pageNo, query.pageSize),
      );
      return {
        list: rows.map((row) => toInboxMessage(row, lang)),
        pageNum: query.pageNo,
        totalPages: pages(total, query.pageSize),
        total,
        unreadCount: await inbox.inboxUnreadCount(member.memberId),
      };
    },

    /** product.md §6: no inbox count for trial members (offered false, 0). */
    async inboxUnreadCount(member: AuthenticatedMember) {
      if (isTrialMember(member.type)) return { unreadCount: 0, offered: false };
      await ensureWelcome(member);
      return { unreadCount: await inbox.inboxUnreadCount(member.memberId), offered: true };
    },

    /** Opens a message of the member, marking it read. Another member's message is not found. */
    async readInboxMessage(member: AuthenticatedMember, messageId: number, lang: ContentLang) {
      checkInboxMember(member);
      const row = await inbox.readInboxMessage(member.memberId, messageId, clock());
      if (!row) throw MESSAGE_NOT_FOUND();
      return toInboxMessage(row, lang);
    },

    /** Deletes a message of the member (deleting it again succeeds). Another member's message is not found. */
    async deleteInboxMessage(member: AuthenticatedMember, messageId: number) {
      checkInboxMember(member);
      const outcome = await inbox.deleteInboxMessage(member.memberId, messageId, clock());
      if (!outcome) throw MESSAGE_NOT_FOUND();
      return {
        messageId,
        deleted: true as const,
        unreadCount: await inbox.inboxUnreadCount(member.memberId),
      };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
