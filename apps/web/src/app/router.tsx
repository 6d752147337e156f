import { BASE_PATH, HOME_PATH, ROUTES, type RouteDefinition } from '@kl/contracts/routes';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import {
  ChangePasswordScreen,
  ForgetScreen,
  LoginScreen,
  RegisterScreen,
  TrialScreen,
} from '../features/auth/index.ts';
import { AppScreen } from '../features/app-download/index.ts';
import { FeedbackScreen } from '../features/feedback/index.ts';
import { GameCenterScreen, GameEntryScreen, GameListScreen } from '../features/games/index.ts';
import { HelpDetailScreen, HelpScreen } from '../features/help/index.ts';
import { HomeScreen } from '../features/home/index.ts';
import { InboxScreen, MessageCentreScreen, NoticeScreen } from '../features/messages/index.ts';
import { ServiceScreen } from '../features/support/index.ts';
import { VoucherCenterScreen } from '../features/deposit/index.ts';
import {
  AgentCentreScreen,
  DividendContractScreen,
  HourlyContractScreen,
  SalaryContractScreen,
} from '../features/agent/index.ts';
import { KycScreen, SecurityScreen, WithdrawScreen } from '../features/withdraw/index.ts';
import { ResponsibleGamingScreen } from '../features/responsible-gaming/index.ts';
import {
  GameRecordsScreen,
  MemberHistoryScreen,
  MemberHomeScreen,
  ProfileScreen,
  VerifyEmailScreen,
} from '../features/member/index.ts';
import { ActivityDetailScreen, ActivityScreen } from '../features/promotions/index.ts';
import { BenefitsScreen } from '../features/vip/index.ts';
import { InviteScreen } from '../features/invite/index.ts';
import { SlotsCenterScreen } from '../features/slot/index.ts';
import { LaunchGameScreen, LotteryListScreen, LottoScreen } from '../features/lottery/index.ts';
import { ProviderGameScreen } from '../features/provider-games/index.ts';
import { lazyWithPreload } from '../shared/lib/lazy-with-preload.ts';
import type { LocalePart } from '../shared/lib/locale-parts.ts';
import { withTranslations } from '../shared/lib/with-translations.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { routeAt, staticRouteAt, type Screen } from './route-meta.ts';
import { RouteScreen } from './route-screen.tsx';

const NotBuiltScreen: Screen = lazyWithPreload(() => import('./screens/not-built-screen.tsx'));

/**
 * The parts of the locale files (beyond the core, locale-parts.ts) each feature's screens use, loaded
 * with the screen (docs/decisions/024-first-load-javascript.md). A test checks every key a
 * screen's modules use is in the core or here, under the feature the screen is imported from
 * (shared/lib/locale-parts.test.ts).
 */
export const FEATURE_TEXTS = {
  agent: ['agentCentre'],
  'app-download': [],
  auth: ['responsibleGaming'],
  deposit: ['deposit', 'actualAccount'],
  feedback: ['feedback'],
  games: [],
  help: ['help'],
  home: [],
  invite: ['invite'],
  lottery: ['lottery'],
  member: ['member'],
  messages: [],
  promotions: ['promotions'],
  'provider-games': ['providerGames', 'providerPlay'],
  'responsible-gaming': ['responsibleGaming'],
  slot: ['slot'],
  support: ['support'],
  vip: ['vip'],
  withdraw: ['withdraw', 'actualAccount', 'kyc'],
} as const satisfies Readonly<Record<string, readonly LocalePart[]>>;

const translated = new Map<Screen, Screen>();

/** A feature's screen with its texts (one wrapper per screen, so that routes sharing a screen share it). */
function of(feature: keyof typeof FEATURE_TEXTS, screen: Screen): Screen {
  let wrapped = translated.get(screen);
  if (!wrapped) {
    wrapped = withTranslations(screen, FEATURE_TEXTS[feature]);
    translated.set(screen, wrapped);
  }
  return wrapped;
}

/** Screens built so far, by route pattern. Every other route shows the not-yet-built screen. */
const SCREENS: Readonly<Record<string, Screen>> = {
  home: of('home', HomeScreen),
  login: of('auth', LoginScreen),
  register: of('auth', RegisterScreen),
  forget: of('auth', ForgetScreen),
  changePsw: of('auth', ChangePasswordScreen),
  trail: of('auth', TrialScreen),
  game: of('games', GameEntryScreen),
  gameList: of('games', GameListScreen),
  'slot-games': of('games', GameEntryScreen),
  'fishing-games': of('games', GameEntryScreen),
  'poker-games': of('games', GameEntryScreen),
  'live-games': of('games', GameEntryScreen),
  'sport-games': of('games', GameEntryScreen),
  'esport-games': of('games', GameEntryScreen),
  'hot-games': of('games', GameEntryScreen),
  inhouse: of('games', GameEntryScreen),
  lott: of('games', GameEntryScreen),
  elott: of('games', GameEntryScreen),
  app: of('app-download', AppScreen),
  message: of('messages', MessageCentreScreen),
  messages: of('messages', MessageCentreScreen),
  notice: of('messages', NoticeScreen),
  webEmail: of('messages', InboxScreen),
  help: of('help', HelpScreen),
  helpDetail: of('help', HelpDetailScreen),
  service: of('support', ServiceScreen),
  feedback: of('feedback', FeedbackScreen),
  voucherCenter: of('deposit', VoucherCenterScreen),
  agent: of('agent', AgentCentreScreen),
  'member/agent/getSalaryContract': of('agent', SalaryContractScreen),
  'member/agent/getDevidendContract': of('agent', DividendContractScreen),
  'member/agent/getHourContract': of('agent', HourlyContractScreen),
  withdraw: of('withdraw', WithdrawScreen),
  'member/security': of('withdraw', SecurityScreen),
  'member/kyc': of('withdraw', KycScreen),
  'member/responsibleGaming': of('responsible-gaming', ResponsibleGamingScreen),
  'member/home': of('member', MemberHomeScreen),
  'member/history': of('member', MemberHistoryScreen),
  'member/gameRecords': of('member', GameRecordsScreen),
  'member/profile': of('member', ProfileScreen),
  'verify-email': of('member', VerifyEmailScreen),
  activity: of('promotions', ActivityScreen),
  activityDetail: of('promotions', ActivityDetailScreen),
  'member/benefits': of('vip', BenefitsScreen),
  inviteFriends: of('invite', InviteScreen),
  slotsCenter: of('slot', SlotsCenterScreen),
  'provider/:kind': of('provider-games', ProviderGameScreen),
  launchGame: of('lottery', LaunchGameScreen),
  'lotto-h5/:mui/:playType/games/:gameId': of('lottery', LottoScreen),
  lottery: of('lottery', LotteryListScreen),
  startLottery: of('lottery', LotteryListScreen),
  gameCenter: of('games', GameCenterScreen),
};

const screenOf = (route: RouteDefinition): Screen => SCREENS[route.pattern] ?? NotBuiltScreen;

const goHome = <Navigate to={HOME_PATH} replace />;
const layout = <AppLayout />;

/** Each row of the contracts route table as the router's route, one object per row. */
const SCREEN_ROUTES = new Map(
  ROUTES.map((route): [RouteDefinition, RouteObject] => [
    route,
    { path: route.pattern, element: <RouteScreen route={route} screen={screenOf(route)} /> },
  ]),
);

/**
 * Every route of the contracts route table (product.md §2) under /m, each a lazily loaded screen.
 * `/`, `/m`, `/m/`, `/m/index`, `/m/index.html` and unknown paths go (replace) to /m/home.
 */
export const appRoutes: RouteObject[] = [
  {
    path: BASE_PATH,
    element: layout,
    children: [
      { index: true, element: goHome },
      { path: 'index', element: goHome },
      { path: 'index.html', element: goHome },
      ...SCREEN_ROUTES.values(),
      { path: '*', element: goHome },
    ],
  },
  { path: '*', element: goHome },
];

const singleRoutes = new Map<RouteDefinition, RouteObject[]>();

/**
 * The routes the router matches a path against. A path without parameters is one row of the table,
 * found by lookup (route-meta.ts): the router is given that row alone, under the same layout, so
 * that it does not rank and try the whole table on every render (its first pass, with every pattern's
 * expression still to compile, was a long piece of the taking over; docs/performance.md). Any other
 * path is matched against the whole table.
 */
export function routesFor(pathname: string): RouteObject[] {
  const route = staticRouteAt(pathname);
  const row = route && SCREEN_ROUTES.get(route);
  if (!route || !row) return appRoutes;
  let routes = singleRoutes.get(route);
  if (!routes) {
    routes = [{ path: BASE_PATH, element: layout, children: [row] }];
    singleRoutes.set(route, routes);
  }
  return routes;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return useRoutes(routesFor(pathname));
}

/**
 * Starts downloading the screen a path shows: home for the paths that redirect there, and the login
 * sheet for a members' page opened by a visitor (who is sent there at once: the page's own code would
 * only hold the way, product.md §6).
 */
export function preloadScreenFor(pathname: string, visitor: boolean): void {
  const route = routeAt(pathname);
  const screen = !route
    ? (SCREENS.home ?? HomeScreen)
    : route.gated && visitor
      ? (SCREENS.login ?? LoginScreen)
      : screenOf(route);
  screen.preload().catch(() => {
    // Rendering the screen retries the download and shows the error screen if it fails again.
  });
}
