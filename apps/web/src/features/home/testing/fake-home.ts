import {
  contentCalls,
  type Announcement,
  type Banner,
  type FooterLinks,
  type ServiceLinks,
} from '@kl/contracts/content';
import { gamesCalls, type Vendor, type VendorStructure } from '@kl/contracts/games';
import { walletCalls } from '@kl/contracts/wallet';
import { failure, onByDefault } from '../../../test/fake-api.ts';
import { walletOf } from '../../../test/fake-data.ts';

/**
 * The home content's answers for component tests (banners, popular announcements, footer links, the
 * vendor structure, the service links, the wallet and the unread announcement count).
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

/** What the home screen's calls answer unless the test said otherwise (data only). */
export function answerHome(options: FakeHomeOptions = {}) {
  onByDefault(contentCalls.banners, { list: options.banners ?? DEFAULT_BANNERS });
  onByDefault(contentCalls.popularAnnouncements, {
    list: options.popular ?? [createAnnouncement(1), createAnnouncement(2)],
  });
  onByDefault(contentCalls.footerLinks, options.footer ?? DEFAULT_FOOTER);
  onByDefault(gamesCalls.gameVendors, createVendorStructure(options.vendorCount ?? 6));
  onByDefault(
    contentCalls.service,
    options.service ?? { customerService: [], resources: [], socialLinks: DEFAULT_FOOTER.socialLinks },
  );
  // The games part of home: no game unless the test says.
  onByDefault(gamesCalls.hotGames, { list: [] });
  onByDefault(gamesCalls.gameSearch, { games: [], pageNum: 1, totalPages: 1, total: 0 });
  onByDefault(gamesCalls.winnerBoard, { list: [] });
  onByDefault(walletCalls.wallet, walletOf(options.balance ?? 1_234_567));
  onByDefault(contentCalls.announcementUnreadCount, () =>
    options.unreadCount === undefined ? failure('NOT_LOGGED_IN') : { unreadCount: options.unreadCount },
  );
}
