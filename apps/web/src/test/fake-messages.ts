import type { ApiEntry } from '@kl/contracts/api-call';
import { chatCalls } from '@kl/contracts/chat';
import {
  contentCalls,
  type Announcement,
  type HelpTopic,
  type InboxMessage,
  type ServiceLinks,
} from '@kl/contracts/content';
import { answer, failure, isCall } from './fake-api.ts';

/**
 * The messages side of the API for component tests, keeping the contract of contracts content.ts
 * and chat.ts: service links, announcements (notice pages, list, unread count, mark read), the inbox
 * (pages, unread count, open, delete), live chat (launch, unread) and the help centre. The viewer is
 * a visitor, a member or a trial member, as the browser's session says. Every call is recorded with
 * its time for assertions.
 */
export type FakeViewer = 'visitor' | 'member' | 'trial';

export interface FakeMessagesOptions {
  viewer?: FakeViewer;
  /** How many announcements there are (newest first; the first `unreadAnnouncements` are unread). */
  announcements?: number;
  unreadAnnouncements?: number;
  /** Mark read answers after this long (to see what shows before the server answers). */
  markReadDelayMs?: number;
  /** What the unread count calls answer instead of counting (to try large numbers). */
  announcementUnreadOverride?: number;
  inboxMessages?: number;
  unreadInbox?: number;
  inboxUnreadOverride?: number;
  chatUnread?: number;
  /** The server refuses live chat (CBS3 turned off after the page loaded). */
  chatOff?: boolean;
  /** The chat page address launch answers. */
  chatUrl?: string;
  /** The service links (default: every csType, TELEGRAM and AGENT resources). */
  serviceLinks?: ServiceLinks;
  help?: HelpTopic[];
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  at: number;
}

export const createServiceLinks = (overrides: Partial<ServiceLinks> = {}): ServiceLinks => ({
  customerService: [
    { csType: 'LIVECHAT', path: '/m/service' },
    { csType: 'TELEGRAM', path: 'https://t.me/kimlong_cskh' },
    { csType: 'FACEBOOK', path: 'https://www.facebook.com/kimlong.official' },
    { csType: 'YOUTUBE', path: 'https://www.youtube.com/@kimlong.official' },
    { csType: 'CS', path: '/m/service' },
    { csType: 'whatsapp', path: 'https://wa.me/84901234567' },
  ],
  resources: [
    { resourceType: 'TELEGRAM', url: 'https://t.me/kimlong_official', labelNameEn: 'Telegram' },
    { resourceType: 'AGENT', url: 'https://agent.example.test/join', labelNameEn: 'Become an agent' },
  ],
  socialLinks: [{ type: 'Telegram', url: 'https://t.me/kimlong_news', label: 'Telegram' }],
  ...overrides,
});

export const UNSAFE_HELP_HTML =
  '<p><img src="/logo.svg" alt="Kim Long" onerror="document.documentElement.dataset.helpInjected=1"></p>' +
  '<p>Never share your password.</p><script>document.documentElement.dataset.helpInjected = 1;</script>' +
  '<p><a href="javascript:document.documentElement.dataset.helpInjected=1">Click</a> or see <a href="/m/service">customer service</a>.</p>';

export const createHelpTopics = (): HelpTopic[] => [
  {
    tag: 'faq',
    name: 'FAQ',
    sort: 1,
    items: [
      {
        id: 11,
        tag: 'faq',
        title: 'How do I open an account?',
        content: '<p>Tap <b>Register</b>.</p>',
        sort: 1,
      },
      { id: 12, tag: 'faq', title: 'Keeping your account safe', content: UNSAFE_HELP_HTML, sort: 2 },
    ],
  },
  {
    tag: 'deposit',
    name: 'How to deposit',
    sort: 2,
    items: [{ id: 21, tag: 'deposit', title: 'Bank transfer', content: '<p>Scan the QR code.</p>', sort: 1 }],
  },
  {
    tag: 'terms',
    name: 'Terms and conditions',
    sort: 3,
    items: [
      { id: 31, tag: 'terms', title: 'Terms of use', content: '<p>You must be 18 or older.</p>', sort: 1 },
    ],
  },
];

const DAY = 86_400_000;

export function createFakeMessages(options: FakeMessagesOptions = {}) {
  const viewer = options.viewer ?? 'member';
  const now = Date.parse('2026-03-01T08:00:00Z');
  const announcements: Announcement[] = Array.from({ length: options.announcements ?? 3 }, (_, index) => ({
    id: 100 + index,
    type: 'PL',
    groupName: null,
    title: `Announcement ${index + 1}`,
    content: `<p>Body of <b>announcement ${index + 1}</b></p><script>window.__noticeInjected=true</script>`,
    summary: `Body of announcement ${index + 1}`,
    date: new Date(now - index * DAY).toISOString(),
    popular: false,
    read: index >= (options.unreadAnnouncements ?? 2),
  }));
  let inbox: InboxMessage[] = Array.from({ length: options.inboxMessages ?? 3 }, (_, index) => ({
    id: 500 + index,
    title: `Message ${index + 1}`,
    content: `<p>Dear member, message ${index + 1}.</p><img src="x" onerror="window.__inboxInjected=true">`,
    summary: `Dear member, message ${index + 1}.`,
    date: new Date(now - index * DAY).toISOString(),
    read: index >= (options.unreadInbox ?? 2),
  }));
  const help = options.help ?? createHelpTopics();
  const calls: RecordedCall[] = [];

  const announcementUnread = () =>
    options.announcementUnreadOverride ?? announcements.filter((item) => !item.read).length;
  const inboxUnread = () => options.inboxUnreadOverride ?? inbox.filter((item) => !item.read).length;
  const forViewer = (item: Announcement): Announcement => {
    if (viewer !== 'visitor') return item;
    const { read: _read, ...rest } = item;
    return rest;
  };
  const page = <T>(list: T[], query: URLSearchParams) => {
    const pageNo = Number(query.get('pageNo') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 20);
    return {
      list: list.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      pageNum: pageNo,
      totalPages: Math.max(1, Math.ceil(list.length / pageSize)),
      total: list.length,
    };
  };
  const notMember = () => failure('NOT_LOGGED_IN');
  const freeReject = () => failure('FEATURE_NOT_ENABLED', 403, { reason: 'free_reject' });

  async function handle(url: URL, init?: RequestInit): Promise<Response | undefined> {
    const method = (init?.method ?? 'GET').toUpperCase();
    const query = url.searchParams;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const is = (entry: ApiEntry) => {
      const matched = isCall(entry, url, init);
      if (matched) {
        calls.push({ method, path: url.pathname, query: Object.fromEntries(query), body, at: Date.now() });
      }
      return matched;
    };
    if (is(contentCalls.service)) {
      return answer(contentCalls.service, options.serviceLinks ?? createServiceLinks());
    }
    if (is(contentCalls.notice)) {
      const listed = page(announcements.map(forViewer), query);
      return answer(
        contentCalls.notice,
        viewer === 'visitor' ? listed : { ...listed, unreadCount: announcementUnread() },
      );
    }
    if (is(contentCalls.announcements)) {
      return answer(contentCalls.announcements, {
        list: announcements.map(forViewer),
        ...(viewer === 'visitor' ? {} : { unreadCount: announcementUnread() }),
      });
    }
    if (is(contentCalls.announcementUnreadCount)) {
      return viewer === 'visitor'
        ? notMember()
        : answer(contentCalls.announcementUnreadCount, { unreadCount: announcementUnread() });
    }
    if (is(contentCalls.markAnnouncementRead)) {
      if (viewer === 'visitor') return notMember();
      if (options.markReadDelayMs)
        await new Promise((resolve) => setTimeout(resolve, options.markReadDelayMs));
      const { announcementId } = body as { announcementId: number };
      const item = announcements.find((candidate) => candidate.id === announcementId);
      if (!item) return failure('NOT_FOUND');
      item.read = true;
      return answer(contentCalls.markAnnouncementRead, {
        announcementId,
        read: true,
        unreadCount: announcementUnread(),
      });
    }
    if (is(contentCalls.inboxList)) {
      if (viewer === 'visitor') return notMember();
      if (viewer === 'trial') return freeReject();
      return answer(contentCalls.inboxList, { ...page(inbox, query), unreadCount: inboxUnread() });
    }
    if (is(contentCalls.inboxUnreadCount)) {
      if (viewer === 'visitor') return notMember();
      return answer(
        contentCalls.inboxUnreadCount,
        viewer === 'trial'
          ? { unreadCount: 0, offered: false }
          : { unreadCount: inboxUnread(), offered: true },
      );
    }
    if (is(contentCalls.inboxMessage)) {
      if (viewer === 'visitor') return notMember();
      if (viewer === 'trial') return freeReject();
      const message = inbox.find((item) => item.id === Number(query.get('messageId')));
      if (!message) return failure('NOT_FOUND');
      message.read = true;
      return answer(contentCalls.inboxMessage, message);
    }
    if (is(contentCalls.deleteInboxMessage)) {
      if (viewer === 'visitor') return notMember();
      if (viewer === 'trial') return freeReject();
      const { messageId } = body as { messageId: number };
      if (!inbox.some((item) => item.id === messageId)) return failure('NOT_FOUND');
      inbox = inbox.filter((item) => item.id !== messageId);
      return answer(contentCalls.deleteInboxMessage, {
        messageId,
        deleted: true,
        unreadCount: inboxUnread(),
      });
    }
    if (is(chatCalls.launchChat)) {
      if (viewer === 'visitor') return notMember();
      if (options.chatOff) return failure('FEATURE_NOT_ENABLED', 403, { reason: 'CBS3_OFF' });
      if (viewer === 'trial') return freeReject();
      return answer(chatCalls.launchChat, {
        chatUrl: options.chatUrl ?? '/chat/?b2c=1&language=EN#token=t0k3n',
        unReadCount: options.chatUnread ?? 0,
      });
    }
    if (is(chatCalls.chatUnread)) {
      if (viewer === 'visitor') return notMember();
      if (viewer === 'trial') return freeReject();
      return answer(chatCalls.chatUnread, { unReadCount: options.chatUnread ?? 0 });
    }
    if (is(contentCalls.helpCentre)) {
      const tag = query.get('tag');
      return answer(contentCalls.helpCentre, {
        lang: query.get('lang') === 'en' ? 'en' : 'vi',
        device: 'MOBILE',
        topics: tag === null ? help : help.filter((topic) => topic.tag === tag),
      });
    }
    if (is(contentCalls.helpItem)) {
      const item = help
        .flatMap((topic) => topic.items)
        .find((candidate) => candidate.id === Number(query.get('itemId')));
      return item ? answer(contentCalls.helpItem, item) : failure('NOT_FOUND');
    }
    return undefined;
  }

  return {
    handle,
    calls,
    /** The recorded calls of one path (and method, GET unless told). */
    callsTo: (path: string, method = 'GET') =>
      calls.filter((call) => call.path === path && call.method === method),
    announcements,
    inbox: () => inbox,
  };
}

export type FakeMessages = ReturnType<typeof createFakeMessages>;
