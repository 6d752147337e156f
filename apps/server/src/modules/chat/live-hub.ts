import type { ChannelListener } from '../../platform/change-feed.ts';
import { createLiveHub, type LiveHub } from '../../platform/live-hub.ts';

export { NOTICE_BYTES, noticePayloads } from '../../platform/live-hub.ts';

/**
 * Wake-ups of open chat streams, across every API process on the database
 * (docs/decisions/041-live-updates.md). A stored message names its topic (its conversation); each stream subscribed to one of them reads the database for what is new. The database
 * stays the one source of truth: a wake-up carries topic names only, never a message.
 *
 * The write that stores a message tells the other processes through PostgreSQL's NOTIFY on CHAT_CHANNEL,
 * inside its transaction, so that they hear it at commit (PGlite has LISTEN/NOTIFY too); after the
 * commit it wakes this process's streams itself, and this process ignores its own notifications. When
 * the listening connection was lost and is back, notifications of the meantime are gone: every open
 * stream is woken once and reads from its last id (with the look-back of event-stream.ts). The hub is
 * the platform's (platform/live-hub.ts) on the chat's channel.
 */
export type ChatHub = LiveHub;

/** The PostgreSQL notification channel of the chat's wake-ups. */
export const CHAT_CHANNEL = 'kl_chat';

export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;

export function createChatHub(deps: { listen?: ChannelListener | undefined } = {}): ChatHub {
  return createLiveHub({ channel: CHAT_CHANNEL, listen: deps.listen });
}
