import { slotCalls } from '@kl/contracts/slot';
import { contentCalls, type Announcement, type Banner, type FooterLinks } from '@kl/contracts/content';
import { gamesCalls, type Vendor, type VendorStructure } from '@kl/contracts/games';
import { walletCalls } from '@kl/contracts/wallet';
import { onByDefault } from '../../../test/fake-api.ts';
import { walletOf } from '../../../test/fake-data.ts';

/** Home content for component tests (contracts content.ts, games.ts) and the answers of home's reads. */
export const createBanner = (id: number, overrides: Partial<Banner> = {}): Banner => ({
  ...{ id, groupName: 'm_home', title: `Banner ${id}`, url: `/api/content/banner-art/${id}-en.webp` },
  ...{ linkUrl: '/m/activity', linkTarget: 'self', sort: id, ...overrides },
});

export const createAnnouncement = (id: number, overrides: Partial<Announcement> = {}): Announcement => ({
  ...{ id, type: 'PL', groupName: null, title: `Notice ${id}`, content: `<p>Body ${id}</p>` },
  ...{ summary: `Body ${id}`, date: '2025-06-01T00:00:00.000Z', popular: true, ...overrides },
});

/**
 * Three m_home banners (a link in the app, to another site, none), one m_live, one m_popup, one m_leftmenu,
 * one m_newgame.
 */
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
  createBanner(31, { groupName: 'm_leftmenu', title: 'Invite and earn', linkUrl: '/m/inviteFriends' }),
  createBanner(41, { groupName: 'm_newgame', title: 'New slots week', linkUrl: '/m/gameList?gameType=RNG' }),
];

function linkArt(id: number, name: string, url: string | null = null) {
  return { id, name, logoUrl: `/api/content/link-art/${id}.svg`, url };
}
const socialLinks: FooterLinks['socialLinks'] = [
  { type: 'Facebook', url: 'https://facebook.example.test/kl', label: 'Facebook' },
  { type: 'Telegram', url: 'https://t.me/kl', label: 'Telegram' },
  { type: 'Telegram2', url: 'https://t.me/kl2', label: 'Telegram 2' },
];
export const DEFAULT_FOOTER: FooterLinks = {
  partners: [linkArt(1, 'Sen Pay'), linkArt(2, 'USDT', 'https://tether.example.test')],
  badges: [linkArt(3, '18+')],
  socialLinks,
};

/** `count` vendors, RNG and LIVE in turn; the structure lists LIVE first. */
export function createVendorStructure(count: number): VendorStructure {
  const vendors: Vendor[] = Array.from({ length: count }, (_, i) => ({
    ...{ vassalage: `V${i + 1}`, displayName: `Vendor ${i + 1}`, gameCategory: i % 2 ? 'LIVE' : 'RNG' },
    ...{ mobileSmallIcon: `/api/games/vendor-art/V${i + 1}.webp`, listFirst: i % 2 === 0 },
  }));
  const sorting = (['LIVE', 'RNG'] as const).map((gameCategory) => {
    const named = vendors.filter((vendor) => vendor.gameCategory === gameCategory);
    return { gameCategory, vendorNames: named.map((vendor) => vendor.vassalage) };
  });
  return { vendors, sorting, mapping: {}, prizeMode: 'Lott' };
}

/** What home's calls answer unless the test said otherwise: no game, no unread announcement. */
export function answerHome() {
  onByDefault(contentCalls.banners, { list: DEFAULT_BANNERS });
  onByDefault(contentCalls.popularAnnouncements, { list: [createAnnouncement(1), createAnnouncement(2)] });
  onByDefault(contentCalls.footerLinks, DEFAULT_FOOTER);
  onByDefault(gamesCalls.gameVendors, createVendorStructure(6));
  onByDefault(contentCalls.service, { customerService: [], resources: [], socialLinks });
  onByDefault(gamesCalls.hotGames, { list: [] });
  onByDefault(gamesCalls.gameSearch, { games: [], pageNum: 1, totalPages: 1, total: 0 });
  onByDefault(gamesCalls.winnerBoard, { list: [] });
  onByDefault(walletCalls.wallet, walletOf(1_234_567));
  onByDefault(contentCalls.announcementUnreadCount, { unreadCount: 0 });
  onByDefault(slotCalls.slotJackpot, { pool: 48_250_700, currency: 'VND' });
}
