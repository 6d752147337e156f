import { describe, expect, it } from 'vitest';
import { CATEGORY_PATHS, chromeFor, fullPath, HOME_ALIASES, ROUTES } from './routes.ts';

/** product.md §2 "Screens and routes", written out as the product description lists them. */
const SPEC_PATHS = [
  '/m/home',
  '/m/login',
  '/m/register',
  '/m/forget',
  '/m/changePsw',
  '/m/gameList',
  '/m/game',
  '/m/launchGame',
  '/m/lotto-h5/:mui/:playType/games/:gameId',
  '/m/lottery',
  '/m/lott',
  '/m/elott',
  '/m/live-games',
  '/m/slot-games',
  '/m/sport-games',
  '/m/esport-games',
  '/m/fishing-games',
  '/m/poker-games',
  '/m/hot-games',
  '/m/inhouse',
  '/m/activity',
  '/m/activityDetail',
  '/m/member/home',
  '/m/member/benefits',
  '/m/inviteFriends',
  '/m/member/agent/getSalaryContract',
  '/m/member/agent/getDevidendContract',
  '/m/member/agent/getHourContract',
  '/m/voucherCenter',
  '/m/withdraw',
  '/m/notice',
  '/m/webEmail',
  '/m/message',
  '/m/messages',
  '/m/help',
  '/m/helpDetail',
  '/m/feedback',
  '/m/app',
  '/m/trail',
  '/m/service',
  '/m/agent',
  '/m/slotsCenter',
  '/m/startLottery',
  '/m/gameCenter',
];

/** Member centre screens named without a route (product.md §7 "reports, game records, security"). */
const MEMBER_CENTRE_PATHS = [
  '/m/member/history',
  '/m/member/gameRecords',
  '/m/member/profile',
  '/m/member/security',
  '/m/member/kyc',
  '/m/member/responsibleGaming',
];

/** The screen of an e-mailed link (docs/decisions/059-member-contacts.md). */
const LINK_PATHS = ['/m/verify-email'];

/** The game client of an external provider (docs/decisions/027-provider-launch.md). */
const PROVIDER_PATHS = ['/m/provider/:kind'];

describe('route table', () => {
  it('has exactly the routes of product.md §2, the member centre screens and the provider client, each once', () => {
    const paths = ROUTES.map((r) => fullPath(r.pattern));
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(
      [...SPEC_PATHS, ...MEMBER_CENTRE_PATHS, ...LINK_PATHS, ...PROVIDER_PATHS].sort(),
    );
  });

  it('maps the categories to the paths of product.md §2', () => {
    expect(CATEGORY_PATHS).toEqual({
      LIVE: '/m/live-games',
      RNG: '/m/slot-games',
      SPORTS: '/m/sport-games',
      ESPORTS: '/m/esport-games',
      FISH: '/m/fishing-games',
      PVP: '/m/poker-games',
      LOTT: '/m/lott',
      ELOTT: '/m/elott',
      HOT: '/m/hot-games',
      INHOUSE: '/m/inhouse',
    });
    for (const [category, path] of Object.entries(CATEGORY_PATHS)) {
      const route = ROUTES.find((r) => fullPath(r.pattern) === path);
      expect(route?.category).toBe(category);
    }
  });

  it('lists the home aliases of product.md §2', () => {
    expect(HOME_ALIASES).toEqual(['/', '/m', '/m/', '/m/index', '/m/index.html']);
  });
});

describe('header and footer rules', () => {
  const byPath = (path: string) => {
    const route = ROUTES.find((r) => fullPath(r.pattern) === path);
    if (!route) throw new Error(`no route ${path}`);
    return chromeFor(route.page);
  };

  it.each(['/m/message', '/m/messages', '/m/lottery', '/m/agent', '/m/service', '/m/gameList'])(
    'hides the header on %s',
    (path) => expect(byPath(path).header).toBe('none'),
  );

  it.each([
    '/m/slotsCenter',
    '/m/lottery',
    '/m/app',
    '/m/notice',
    '/m/help',
    '/m/helpDetail',
    '/m/agent',
    '/m/service',
    '/m/login',
    '/m/register',
    '/m/forget',
    '/m/changePsw',
  ])('hides the footer on %s', (path) => expect(byPath(path).footer).toBe(false));

  it.each(['/m/home', '/m/login', '/m/register', '/m/forget', '/m/changePsw'])(
    'shows the special header on %s',
    (path) => expect(byPath(path).header).toBe('special'),
  );

  it('treats index as a special-header page', () => {
    expect(chromeFor('index').header).toBe('special');
  });

  it.each(['/m/login', '/m/register', '/m/trail', '/m/activity', '/m/forget'])(
    'sends the back arrow home on %s',
    (path) => expect(byPath(path).back).toBe('home'),
  );

  it('shows a title bar, footer and history back on every other page', () => {
    const other = byPath('/m/voucherCenter');
    expect(other).toEqual({ header: 'title', footer: true, back: 'history' });
    expect(byPath('/m/activityDetail')).toEqual({ header: 'title', footer: true, back: 'history' });
  });
});
