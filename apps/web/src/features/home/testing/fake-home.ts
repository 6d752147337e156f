import type { ApiEntry } from '@kl/contracts/api-call';
import {
  contentCalls,
  type Announcement,
  type Banner,
  type FooterLinks,
  type ServiceLinks,
} from '@kl/contracts/content';
import { gamesCalls, type Vendor, type VendorStructure } from '@kl/contracts/games';
import { walletCalls } from '@kl/contracts/wallet';
import { answer, failure, isCall } from '../../../test/fake-api.ts';

/**
 * The home content side of the API for component tests (banners, popular announcements, footer
 * links, the vendor structure, the service links and the unread announcement count), keeping the
 * contracts of content.ts and games.ts. Give its `handle` to `serveAlsoNext` before renderApp.
 */
export interface FakeHomeOptions {
  banners?: Banner[];
  popular?: Announcement[];
  footer?: FooterLinks;
  vendorCount?: number;
  /** The member's wallet balance (whole đồng); 1,234,567 by default. */
  balance?: number;
  /** The member's unread announcements; absent: the call answers NOT_LOGGED_IN. */
  unreadCount?: number;
  service?: ServiceLinks;
}

export function createBanner(id: number, overrides: Partial<Banner> = {}): Banner {
  return {
    id,
    groupName: 'm_home',
    title: `Banner ${id}`,
    url: `/api/content/banner-art/${id}-en.webp`,
    linkUrl: '/m/activity',
    linkTarget: 'self',
    sort: id,
    ...overrides,
  };
}

export function createAnnouncement(id: number, overrides: Partial<Announcement> = {}): Announcement {
  return {
    id,
    type: 'PL',
    groupName: null,
    title: `Notice ${id}`,
    content: `<p>Body ${id}</p>`,
    summary: `Body ${id}`,
    date: '2025-06-01T00:00:00.000Z',
    popular: true,
    ...overrides,
  };
}

export const DEFAULT_BANNERS: Banner[] = [
  createBanner(1, { title: 'First deposit bonus' }),
  createBanner(2, {
    title: 'Daily rebate',
    linkUrl: 'https://partner.example.test/promo',
    linkTarget: 'blank',
  }),
  createBanner(3, { title: 'VIP club', linkUrl: null, linkTarget: null }),
  createBanner(11, { groupName: 'm_live', title: 'Live hosts', linkUrl: '/m/live-games' }),
  createBanner(21, { groupName: 'm_popup', title: 'Get the app', linkUrl: '/m/app' }),
];

export const DEFAULT_FOOTER: FooterLinks = {
  partners: [
    { id: 1, name: 'Sen Pay', logoUrl: '/api/content/link-art/1.svg', url: null },
    { id: 2, name: 'USDT', logoUrl: '/api/content/link-art/2.svg', url: 'https://tether.example.test' },
  ],
  badges: [{ id: 3, name: '18+', logoUrl: '/api/content/link-art/3.svg', url: null }],
  socialLinks: [
    { type: 'Facebook', url: 'https://facebook.example.test/kl', label: 'Facebook' },
    { type: 'Telegram', url: 'https://t.me/kl', label: 'Telegram' },
    { type: 'Telegram2', url: 'https://t.me/kl2', label: 'Telegram 2' },
  ],
};

export function createVendorStructure(count: number): VendorStructure {
  const vendors: Vendor[] = Array.from({ length: count }, (_, index) => ({
    vassalage: `V${index + 1}`,
    displayName: `Vendor ${index + 1}`,
    mobileSmallIcon: `/api/games/vendor-art/V${index + 1}.webp`,
    gameCategory: index % 2 === 0 ? 'RNG' : 'LIVE',
    listFirst: index % 2 === 0,
  }));
  return {
    vendors,
    sorting: [
      { gameCategory: 'LIVE', vendorNames: vendors.filter((_, i) => i % 2 === 1).map((v) => v.vassalage) },
      { gameCategory: 'RNG', vendorNames: vendors.filter((_, i) => i % 2 === 0).map((v) => v.vassalage) },
    ],
    mapping: {},
    prizeMode: 'Lott',
  };
}

export function createFakeHome(options: FakeHomeOptions = {}) {
  const calls: string[] = [];
  const service: ServiceLinks = options.service ?? {
    customerService: [],
    resources: [],
    socialLinks: DEFAULT_FOOTER.socialLinks,
  };
  function handle(url: URL, init: RequestInit = {}): Response | undefined {
    const method = (init.method ?? 'GET').toUpperCase();
    const route = `${method} ${url.pathname}`;
    const is = (entry: ApiEntry) => {
      const matched = isCall(entry, url, init);
      if (matched) calls.push(route);
      return matched;
    };
    if (is(contentCalls.banners))
      return answer(contentCalls.banners, { list: options.banners ?? DEFAULT_BANNERS });
    if (is(contentCalls.popularAnnouncements)) {
      return answer(contentCalls.popularAnnouncements, {
        list: options.popular ?? [createAnnouncement(1), createAnnouncement(2)],
      });
    }
    if (is(contentCalls.footerLinks))
      return answer(contentCalls.footerLinks, options.footer ?? DEFAULT_FOOTER);
    if (is(gamesCalls.gameVendors)) {
      return answer(gamesCalls.gameVendors, createVendorStructure(options.vendorCount ?? 6));
    }
    if (is(contentCalls.service)) return answer(contentCalls.service, service);
    if (is(walletCalls.wallet)) {
      return answer(walletCalls.wallet, {
        sumBalance: options.balance ?? 1_234_567,
        available: options.balance ?? 1_234_567,
        held: 0,
        currency: 'VND',
        decimals: 0,
        demo: false,
      });
    }
    if (is(contentCalls.announcementUnreadCount)) {
      if (options.unreadCount === undefined) return failure('NOT_LOGGED_IN');
      return answer(contentCalls.announcementUnreadCount, { unreadCount: options.unreadCount });
    }
    return undefined;
  }
  return { handle, calls };
}
