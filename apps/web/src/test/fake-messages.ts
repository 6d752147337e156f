import type { TypedApiEntry } from '@kl/contracts/api-call';
import { chatCalls } from '@kl/contracts/chat';
import { contentCalls, type Announcement, type InboxMessage, type ServiceLinks } from '@kl/contracts/content';
import { failure, on, onByDefault, type FakeAnswer, type FakeRequest } from './fake-api.ts';
import { pageOf } from './fake-data.ts';

/**
 * Messages data for component tests (contracts content.ts, chat.ts): announcements, inbox messages, the
 * service links. `answerMessages` answers the message screens' reads from a `server` view the test
 * changes as it says what the server did.
 */
const dayAgo = (n: number) => new Date(Date.UTC(2026, 2, 2 - n, 8)).toISOString();

/** The nth newest announcement (id 99 + n); the first two unread unless told. */
export const announcementOf = (n: number, overrides: Partial<Announcement> = {}): Announcement => ({
  ...{ id: 99 + n, type: 'PL', groupName: null, title: `Announcement ${n}`, popular: false },
  content: `<p>Body of <b>announcement ${n}</b></p><script>window.__noticeInjected=true</script>`,
  ...{ summary: `Body of announcement ${n}`, date: dayAgo(n), read: n > 2 },
  ...overrides,
});

/** The nth newest inbox message (id 499 + n); the first two unread unless told. */
export const inboxMessageOf = (n: number, overrides: Partial<InboxMessage> = {}): InboxMessage => ({
  ...{ id: 499 + n, title: `Message ${n}`, summary: `Dear member, message ${n}.`, date: dayAgo(n) },
  content: `<p>Dear member, message ${n}.</p><img src="x" onerror="window.__inboxInjected=true">`,
  ...{ read: n > 2, ...overrides },
});

/** `count` items of `make`, newest first. */
export const listOf = <T>(make: (n: number) => T, count = 3): T[] =>
  Array.from({ length: count }, (_, index) => make(index + 1));

/** Every kind of customer-service link (two of them back to /m/service) and the AGENT resource. */
export const SERVICE_LINKS: ServiceLinks = {
  customerService: [
    { csType: 'LIVECHAT', path: '/m/service' },
    { csType: 'TELEGRAM', path: 'https://t.me/kimlong_cskh' },
    { csType: 'FACEBOOK', path: 'https://facebook.example.test/kl' },
    { csType: 'YOUTUBE', path: 'https://youtube.example.test/kl' },
    { csType: 'CS', path: '/m/service' },
    { csType: 'whatsapp', path: 'https://wa.me/84901234567' },
  ],
  resources: [{ resourceType: 'AGENT', url: 'https://agent.example.test/join', labelNameEn: 'Agent' }],
  socialLinks: [],
};

export const CHAT_URL = '/chat/?b2c=1&language=EN#token=t0k3n';

export interface MessagesServer {
  announcements: Announcement[];
  inbox: InboxMessage[];
  /** Live chat replies not seen yet. */
  chatUnread: number;
}

const unread = (list: { read?: boolean }[]) => list.filter((item) => item.read === false).length;
const pageWithUnread = <T extends { read?: boolean }>(list: T[], query: Record<string, string>) => ({
  ...pageOf(list, query),
  unreadCount: unread(list),
});

/**
 * Answers the message screens' reads from `server`: the lists a page at a time with their unread counts,
 * a message by id, the service links, live chat.
 */
export function answerMessages(server: MessagesServer) {
  onByDefault(contentCalls.service, SERVICE_LINKS);
  onByDefault(contentCalls.notice, ({ query }) => pageWithUnread(server.announcements, query));
  onByDefault(contentCalls.announcements, () => ({ list: server.announcements }));
  onByDefault(contentCalls.announcementUnreadCount, () => ({ unreadCount: unread(server.announcements) }));
  onByDefault(contentCalls.inboxList, ({ query }) => pageWithUnread(server.inbox, query));
  onByDefault(contentCalls.inboxUnreadCount, () => ({ unreadCount: unread(server.inbox), offered: true }));
  onByDefault(
    contentCalls.inboxMessage,
    ({ query }) => server.inbox.find((item) => item.id === Number(query.messageId)) ?? failure('NOT_FOUND'),
  );
  onByDefault(chatCalls.chatUnread, () => ({ unReadCount: server.chatUnread }));
  onByDefault(chatCalls.launchChat, { chatUrl: CHAT_URL, unReadCount: 0 });
}

/** Answers `entry` with `given` for the rest of the test; answers when each call came (Date.now()). */
export function onTimed<E extends TypedApiEntry>(entry: E, given: FakeAnswer<E>): number[] {
  const times: number[] = [];
  const reply = typeof given === 'function' ? (given as (request: FakeRequest<E>) => unknown) : () => given;
  on(entry, ((request: FakeRequest<E>) => {
    times.push(Date.now());
    return reply(request);
  }) as FakeAnswer<E>);
  return times;
}
