/**
 * The route table of product.md §2. Every path is under `/m`. The header and footer rules are written as
 * the product description lists them (by page name) and derived for each route, so a reader can check them
 * line by line against docs/product.md.
 */

export const BASE_PATH = '/m';

/** Game categories used by the category paths and the game entry menu (product.md §2). */
export const GAME_CATEGORIES = [
  'HOME',
  'HOT',
  'FAV',
  'NEW_GAME',
  'BGS',
  'BG',
  'RNG',
  'FISH',
  'PVP',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'INHOUSE',
  'RECENT',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** The game entry category menu, in the order of product.md §2. */
export const GAME_ENTRY_MENU = [
  'HOME',
  'HOT',
  'FAV',
  'NEW_GAME',
  'BGS',
  'BG',
  'RNG',
  'FISH',
  'PVP',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
] as const satisfies readonly GameCategory[];

/** Category → path (product.md §2 "Category paths map"). */
export const CATEGORY_PATHS = {
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
} as const satisfies Partial<Record<GameCategory, string>>;

export type CategoryWithPath = keyof typeof CATEGORY_PATHS;

/** INHOUSE maps to RNG and vendor BGS (product.md §9). */
export const INHOUSE_MAPPING = { gameType: 'RNG', vassalage: 'BGS' } as const;

/** Paths that land on home (product.md §2), besides unknown paths. */
export const HOME_ALIASES = ['/', '/m', '/m/', '/m/index', '/m/index.html'] as const;
export const HOME_PATH = '/m/home';

export type HeaderKind = 'special' | 'title' | 'none';
export type BackTarget = 'home' | 'history';

export interface RouteDefinition {
  /** Route pattern under /m, React Router syntax (`lotto-h5/:mui/:playType/games/:gameId`). */
  pattern: string;
  /** Page name used by the header/footer rules of product.md §2. */
  page: string;
  /** i18n key of the page title. */
  titleKey: `route.${string}`;
  /** Category selected by a category path. */
  category?: CategoryWithPath;
  /** Needs a member session (product.md §6); visitors go to /m/login. */
  gated?: boolean;
}

const route = (pattern: string, extra: Partial<Omit<RouteDefinition, 'pattern'>> = {}): RouteDefinition => {
  const page = extra.page ?? pattern.split('/')[0] ?? pattern;
  return { pattern, page, titleKey: `route.${page}`, ...extra };
};

export const ROUTES: readonly RouteDefinition[] = [
  route('home'),
  route('login'),
  route('register'),
  route('forget'),
  route('changePsw', { gated: true }),
  route('gameList'),
  route('game'),
  route('launchGame', { gated: true }),
  route('lotto-h5/:mui/:playType/games/:gameId', { page: 'lotto-h5', gated: true }),
  route('lottery'),
  route('lott', { category: 'LOTT' }),
  route('elott', { category: 'ELOTT' }),
  route('live-games', { category: 'LIVE' }),
  route('slot-games', { category: 'RNG' }),
  route('sport-games', { category: 'SPORTS' }),
  route('esport-games', { category: 'ESPORTS' }),
  route('fishing-games', { category: 'FISH' }),
  route('poker-games', { category: 'PVP' }),
  route('hot-games', { category: 'HOT' }),
  route('inhouse', { category: 'INHOUSE' }),
  route('activity'),
  route('activityDetail'),
  route('member/home', { page: 'member', titleKey: 'route.memberHome', gated: true }),
  route('member/benefits', { page: 'member', titleKey: 'route.memberBenefits', gated: true }),
  // Member centre screens whose routes are ours to choose (product.md §7 "reports, game records, security").
  route('member/history', { page: 'member', titleKey: 'route.memberHistory', gated: true }),
  route('member/gameRecords', { page: 'member', titleKey: 'route.memberGameRecords', gated: true }),
  // The member's profile (docs/decisions/058-member-profile.md).
  route('member/profile', { page: 'member', titleKey: 'route.memberProfile', gated: true }),
  route('member/security', { page: 'member', titleKey: 'route.memberSecurity', gated: true }),
  // The e-mailed link that verifies a member's address (docs/decisions/059-member-contacts.md).
  route('verify-email', { page: 'verifyEmail' }),
  // Identity documents (docs/decisions/057-know-your-customer.md).
  route('member/kyc', { page: 'member', titleKey: 'route.memberKyc', gated: true }),
  route('member/responsibleGaming', {
    page: 'member',
    titleKey: 'route.memberResponsibleGaming',
    gated: true,
  }),
  route('inviteFriends'),
  route('member/agent/getSalaryContract', {
    page: 'agentContract',
    titleKey: 'route.getSalaryContract',
    gated: true,
  }),
  route('member/agent/getDevidendContract', {
    page: 'agentContract',
    titleKey: 'route.getDevidendContract',
    gated: true,
  }),
  route('member/agent/getHourContract', {
    page: 'agentContract',
    titleKey: 'route.getHourContract',
    gated: true,
  }),
  route('voucherCenter', { gated: true }),
  route('withdraw', { gated: true }),
  route('notice'),
  route('webEmail', { gated: true }),
  route('message'),
  route('messages', { page: 'message', titleKey: 'route.message' }),
  route('help'),
  route('helpDetail'),
  route('feedback', { gated: true }),
  route('app'),
  route('trail'),
  route('service'),
  route('agent'),
  route('slotsCenter'),
  route('provider/:kind', { page: 'provider', gated: true }),
  route('startLottery'),
  route('gameCenter'),
];

/**
 * product.md §2: "header hidden on message, lottery, mine, agent, service, gameList"; the lottery's game
 * screen (lotto-h5) is a lottery page: it names the game itself and has its own close button; a
 * provider's game (provider) has its own compact header with the game, the balance and the way back to
 * the lobby.
 */
export const HEADER_HIDDEN_PAGES = [
  'provider',
  'message',
  'lottery',
  'lotto-h5',
  'mine',
  'agent',
  'service',
  'gameList',
] as const;
/** product.md §2: footer hidden on these pages. */
export const FOOTER_HIDDEN_PAGES = [
  'slotsCenter',
  'provider',
  'lottery',
  'lotto-h5',
  'app',
  'notice',
  'help',
  'helpDetail',
  'agent',
  'service',
  'login',
  'register',
  'forget',
  'changePsw',
] as const;
/** product.md §2: pages with the special (home) header. `index` is an alias of home. */
export const SPECIAL_HEADER_PAGES = ['home', 'index', 'login', 'register', 'forget', 'changePsw'] as const;
/** product.md §2: pages whose back arrow goes home instead of back. */
export const BACK_TO_HOME_PAGES = ['login', 'register', 'trail', 'activity', 'forget'] as const;

const includes = (list: readonly string[], page: string) => list.includes(page);

export interface Chrome {
  header: HeaderKind;
  footer: boolean;
  back: BackTarget;
}

/** Header, footer and back-arrow rules of product.md §2 for a page name. */
export function chromeFor(page: string): Chrome {
  const header: HeaderKind = includes(HEADER_HIDDEN_PAGES, page)
    ? 'none'
    : includes(SPECIAL_HEADER_PAGES, page)
      ? 'special'
      : 'title';
  return {
    header,
    footer: !includes(FOOTER_HIDDEN_PAGES, page),
    back: includes(BACK_TO_HOME_PAGES, page) ? 'home' : 'history',
  };
}

/** Full path of a route pattern (`/m/…`). */
export const fullPath = (pattern: string) => `${BASE_PATH}/${pattern}`;

/**
 * Footer menu (product.md §2). `agent` leads to the agent centre inside the site, for everyone: agents see
 * their centre there, others the application to become one (docs/agents.md).
 */
export const FOOTER_MENU = [
  { key: 'home', to: HOME_PATH },
  { key: 'promotions', to: '/m/activity' },
  { key: 'invite', to: '/m/inviteFriends' },
  { key: 'agent', to: '/m/agent' },
  { key: 'member', to: '/m/member/home' },
] as const;
