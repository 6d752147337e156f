import {
  AlertOutlined,
  ApiOutlined,
  ApartmentOutlined,
  PictureOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BankOutlined,
  CommentOutlined,
  CreditCardOutlined,
  CrownOutlined,
  DashboardOutlined,
  DollarOutlined,
  FieldNumberOutlined,
  IdcardOutlined,
  GiftOutlined,
  LinkOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { AdminArea } from '@kl/contracts/admin/access';
import type { ReactNode } from 'react';

/** The side menu: each screen, the area it belongs to, and its label key (icons are decoration). */
export interface NavItem {
  path: string;
  area: AdminArea;
  labelKey:
    | 'menu.dashboard'
    | 'menu.members'
    | 'menu.adjustments'
    | 'menu.withdrawals'
    | 'controls.menu'
    | 'menu.deposits'
    | 'payments.channelsMenu'
    | 'menu.announcements'
    | 'inbox.menu'
    | 'banners.menu'
    | 'help.menu'
    | 'siteLinks.menu'
    | 'liveChat.menu'
    | 'feedback.menu'
    | 'menu.operators'
    | 'menu.audit'
    | 'siteStatus.menu'
    | 'siteSettings.menu'
    | 'games.menu'
    | 'gameProviders.menu'
    | 'lotteries.menu'
    | 'lotteryDraws.menu'
    | 'promotions.menu'
    | 'vipLevels.menu'
    | 'freeRounds.menu'
    | 'reports.menu'
    | 'bets.menu'
    | 'reconciliation.menu'
    | 'agents.menu'
    | 'risk.menu'
    | 'kyc.menu';
  icon: ReactNode;
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    path: '/',
    area: 'dashboard',
    labelKey: 'menu.dashboard',
    icon: <DashboardOutlined aria-hidden="true" />,
  },
  { path: '/members', area: 'members', labelKey: 'menu.members', icon: <TeamOutlined aria-hidden="true" /> },
  { path: '/risk', area: 'members', labelKey: 'risk.menu', icon: <AlertOutlined aria-hidden="true" /> },
  { path: '/kyc', area: 'members', labelKey: 'kyc.menu', icon: <IdcardOutlined aria-hidden="true" /> },
  {
    path: '/adjustments',
    area: 'adjustments',
    labelKey: 'menu.adjustments',
    icon: <SwapOutlined aria-hidden="true" />,
  },
  {
    path: '/withdrawals',
    area: 'withdrawals',
    labelKey: 'menu.withdrawals',
    icon: <BankOutlined aria-hidden="true" />,
  },
  {
    path: '/controls',
    area: 'dashboard',
    labelKey: 'controls.menu',
    icon: <SafetyOutlined aria-hidden="true" />,
  },
  {
    path: '/deposits',
    area: 'deposits',
    labelKey: 'menu.deposits',
    icon: <DollarOutlined aria-hidden="true" />,
  },
  {
    path: '/deposit-channels',
    area: 'deposits',
    labelKey: 'payments.channelsMenu',
    icon: <CreditCardOutlined aria-hidden="true" />,
  },
  {
    path: '/announcements',
    area: 'content',
    labelKey: 'menu.announcements',
    icon: <NotificationOutlined aria-hidden="true" />,
  },
  {
    path: '/site-status',
    area: 'status',
    labelKey: 'siteStatus.menu',
    icon: <ToolOutlined aria-hidden="true" />,
  },
  {
    path: '/site-settings',
    area: 'status',
    labelKey: 'siteSettings.menu',
    icon: <SettingOutlined aria-hidden="true" />,
  },
  { path: '/games', area: 'games', labelKey: 'games.menu', icon: <AppstoreOutlined aria-hidden="true" /> },
  {
    path: '/game-providers',
    area: 'operators',
    labelKey: 'gameProviders.menu',
    icon: <ApiOutlined aria-hidden="true" />,
  },
  {
    path: '/lotteries',
    area: 'lottery',
    labelKey: 'lotteries.menu',
    icon: <TrophyOutlined aria-hidden="true" />,
  },
  {
    path: '/lottery-draws',
    area: 'lottery',
    labelKey: 'lotteryDraws.menu',
    icon: <FieldNumberOutlined aria-hidden="true" />,
  },
  { path: '/inbox', area: 'content', labelKey: 'inbox.menu', icon: <MailOutlined aria-hidden="true" /> },
  {
    path: '/banners',
    area: 'content',
    labelKey: 'banners.menu',
    icon: <PictureOutlined aria-hidden="true" />,
  },
  {
    path: '/help',
    area: 'content',
    labelKey: 'help.menu',
    icon: <QuestionCircleOutlined aria-hidden="true" />,
  },
  {
    path: '/site-links',
    area: 'content',
    labelKey: 'siteLinks.menu',
    icon: <LinkOutlined aria-hidden="true" />,
  },
  {
    path: '/chat',
    area: 'chat',
    labelKey: 'liveChat.menu',
    icon: <MessageOutlined aria-hidden="true" />,
  },
  {
    path: '/feedback',
    area: 'feedback',
    labelKey: 'feedback.menu',
    icon: <CommentOutlined aria-hidden="true" />,
  },
  {
    path: '/promotions',
    area: 'promotions',
    labelKey: 'promotions.menu',
    icon: <GiftOutlined aria-hidden="true" />,
  },
  {
    path: '/vip-levels',
    area: 'promotions',
    labelKey: 'vipLevels.menu',
    icon: <CrownOutlined aria-hidden="true" />,
  },
  {
    path: '/free-rounds',
    area: 'promotions',
    labelKey: 'freeRounds.menu',
    icon: <ThunderboltOutlined aria-hidden="true" />,
  },
  {
    path: '/reports',
    area: 'reports',
    labelKey: 'reports.menu',
    icon: <BarChartOutlined aria-hidden="true" />,
  },
  {
    path: '/bets',
    area: 'reports',
    labelKey: 'bets.menu',
    icon: <ProfileOutlined aria-hidden="true" />,
  },
  {
    path: '/reconciliation',
    area: 'reports',
    labelKey: 'reconciliation.menu',
    icon: <ReconciliationOutlined aria-hidden="true" />,
  },
  {
    path: '/agents',
    area: 'agents',
    labelKey: 'agents.menu',
    icon: <ApartmentOutlined aria-hidden="true" />,
  },
  {
    path: '/operators',
    area: 'operators',
    labelKey: 'menu.operators',
    icon: <SafetyCertificateOutlined aria-hidden="true" />,
  },
  { path: '/audit', area: 'audit', labelKey: 'menu.audit', icon: <AuditOutlined aria-hidden="true" /> },
];

/** The menu item of a location (`/members/…` belongs to Members). */
export function navItemAt(pathname: string): NavItem | undefined {
  return NAV_ITEMS.find((item) =>
    item.path === '/' ? pathname === '/' : pathname === item.path || pathname.startsWith(`${item.path}/`),
  );
}
