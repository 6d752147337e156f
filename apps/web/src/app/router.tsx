import { BASE_PATH, HOME_PATH, ROUTES, type RouteDefinition } from '@kl/contracts/routes';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
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
import { SecurityScreen, WithdrawScreen } from '../features/withdraw/index.ts';
import { ResponsibleGamingScreen } from '../features/responsible-gaming/index.ts';
import { GameRecordsScreen, MemberHistoryScreen, MemberHomeScreen } from '../features/member/index.ts';
import { ActivityDetailScreen, ActivityScreen } from '../features/promotions/index.ts';
import { BenefitsScreen } from '../features/vip/index.ts';
import { InviteScreen } from '../features/invite/index.ts';
import { SlotsCenterScreen } from '../features/slot/index.ts';
import { LaunchGameScreen, LotteryListScreen, LottoScreen } from '../features/lottery/index.ts';
import { lazyWithPreload } from '../shared/lib/lazy-with-preload.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { routeAt, type Screen } from './route-meta.ts';
import { RouteScreen } from './route-screen.tsx';

const NotBuiltScreen: Screen = lazyWithPreload(() => import('./screens/not-built-screen.tsx'));

/** Screens built so far, by route pattern. Every other route shows the not-yet-built screen. */
const SCREENS: Readonly<Record<string, Screen>> = {
  home: HomeScreen,
  login: LoginScreen,
  register: RegisterScreen,
  forget: ForgetScreen,
  changePsw: ChangePasswordScreen,
  trail: TrialScreen,
  game: GameEntryScreen,
  gameList: GameListScreen,
  'slot-games': GameEntryScreen,
  'fishing-games': GameEntryScreen,
  'poker-games': GameEntryScreen,
  'live-games': GameEntryScreen,
  'sport-games': GameEntryScreen,
  'esport-games': GameEntryScreen,
  'hot-games': GameEntryScreen,
  inhouse: GameEntryScreen,
  lott: GameEntryScreen,
  elott: GameEntryScreen,
  app: AppScreen,
  message: MessageCentreScreen,
  messages: MessageCentreScreen,
  notice: NoticeScreen,
  webEmail: InboxScreen,
  help: HelpScreen,
  helpDetail: HelpDetailScreen,
  service: ServiceScreen,
  feedback: FeedbackScreen,
  voucherCenter: VoucherCenterScreen,
  agent: AgentCentreScreen,
  'member/agent/getSalaryContract': SalaryContractScreen,
  'member/agent/getDevidendContract': DividendContractScreen,
  'member/agent/getHourContract': HourlyContractScreen,
  withdraw: WithdrawScreen,
  'member/security': SecurityScreen,
  'member/responsibleGaming': ResponsibleGamingScreen,
  'member/home': MemberHomeScreen,
  'member/history': MemberHistoryScreen,
  'member/gameRecords': GameRecordsScreen,
  activity: ActivityScreen,
  activityDetail: ActivityDetailScreen,
  'member/benefits': BenefitsScreen,
  inviteFriends: InviteScreen,
  slotsCenter: SlotsCenterScreen,
  launchGame: LaunchGameScreen,
  'lotto-h5/:mui/:playType/games/:gameId': LottoScreen,
  lottery: LotteryListScreen,
  startLottery: LotteryListScreen,
  gameCenter: GameCenterScreen,
};

const screenOf = (route: RouteDefinition): Screen => SCREENS[route.pattern] ?? NotBuiltScreen;

const goHome = <Navigate to={HOME_PATH} replace />;

/**
 * Every route of the contracts route table (product.md §2) under /m, each a lazily loaded screen.
 * `/`, `/m`, `/m/`, `/m/index`, `/m/index.html` and unknown paths go (replace) to /m/home.
 */
const appRoutes: RouteObject[] = [
  {
    path: BASE_PATH,
    element: <AppLayout />,
    children: [
      { index: true, element: goHome },
      { path: 'index', element: goHome },
      { path: 'index.html', element: goHome },
      ...ROUTES.map((route): RouteObject => ({
        path: route.pattern,
        element: <RouteScreen route={route} screen={screenOf(route)} />,
      })),
      { path: '*', element: goHome },
    ],
  },
  { path: '*', element: goHome },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}

/** Starts downloading the screen a path shows (home for the paths that redirect there). */
export function preloadScreenFor(pathname: string): void {
  const route = routeAt(pathname);
  (route ? screenOf(route) : HomeScreen).preload().catch(() => {
    // Rendering the screen retries the download and shows the error screen if it fails again.
  });
}
