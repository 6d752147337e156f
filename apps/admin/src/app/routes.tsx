import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { AdjustmentsScreen } from '../features/adjustments/index.ts';
import { AgentsScreen } from '../features/agents/index.ts';
import { AnnouncementsScreen } from '../features/announcements/index.ts';
import { AuditScreen } from '../features/audit/index.ts';
import { BannersScreen } from '../features/banners/index.ts';
import { BetsScreen } from '../features/bets/index.ts';
import { HelpScreen } from '../features/help/index.ts';
import { ControlsScreen } from '../features/controls/index.ts';
import { InvitationScreen, LoginScreen } from '../features/auth/index.ts';
import { DashboardScreen } from '../features/dashboard/index.ts';
import { DepositsScreen } from '../features/deposits/index.ts';
import { DepositChannelsScreen } from '../features/deposit-channels/index.ts';
import { GameProvidersScreen } from '../features/game-providers/index.ts';
import { GamesScreen } from '../features/games/index.ts';
import { LotteriesScreen } from '../features/lotteries/index.ts';
import { LotteryDrawsScreen } from '../features/lottery-draws/index.ts';
import { FeedbackScreen } from '../features/feedback/index.ts';
import { FreeRoundsScreen } from '../features/free-rounds/index.ts';
import { InboxScreen } from '../features/inbox/index.ts';
import { KycScreen, KycSubmissionScreen } from '../features/kyc/index.ts';
import { LiveChatScreen } from '../features/live-chat/index.ts';
import { MemberDetailScreen, MembersScreen } from '../features/members/index.ts';
import { RiskScreen } from '../features/risk/index.ts';
import { OperatorsScreen } from '../features/operators/index.ts';
import { SiteLinksScreen } from '../features/site-links/index.ts';
import { SiteSettingsScreen } from '../features/site-settings/index.ts';
import { SiteStatusScreen } from '../features/site-status/index.ts';
import { PromotionsScreen } from '../features/promotions/index.ts';
import { ReconciliationScreen } from '../features/reconciliation/index.ts';
import { ReportsScreen } from '../features/reports/index.ts';
import { VipLevelsScreen } from '../features/vip-levels/index.ts';
import { WithdrawalsScreen } from '../features/withdrawals/index.ts';
import { AreaRoute } from './area-route.tsx';
import { AdminLayout } from './layout/admin-layout.tsx';

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title="404" subTitle={t('common.notFound')} />;
}

/**
 * The screens under /admin/ (the router's basename): sign-in and the invitation page, then each area's
 * screens in the layout.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="/invite" element={<InvitationScreen />} />
      <Route element={<AdminLayout />}>
        <Route
          index
          element={
            <AreaRoute area="dashboard">
              <DashboardScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/members"
          element={
            <AreaRoute area="members">
              <MembersScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/members/:memberId"
          element={
            <AreaRoute area="members">
              <MemberDetailScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/risk"
          element={
            <AreaRoute area="members">
              <RiskScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/kyc"
          element={
            <AreaRoute area="members">
              <KycScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/kyc/:submissionId"
          element={
            <AreaRoute area="members">
              <KycSubmissionScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/adjustments"
          element={
            <AreaRoute area="adjustments">
              <AdjustmentsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/controls"
          element={
            <AreaRoute area="dashboard">
              <ControlsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/withdrawals"
          element={
            <AreaRoute area="withdrawals">
              <WithdrawalsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/deposits"
          element={
            <AreaRoute area="deposits">
              <DepositsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/deposit-channels"
          element={
            <AreaRoute area="deposits">
              <DepositChannelsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/announcements"
          element={
            <AreaRoute area="content">
              <AnnouncementsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/site-status"
          element={
            <AreaRoute area="status">
              <SiteStatusScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/site-settings"
          element={
            <AreaRoute area="status">
              <SiteSettingsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/games"
          element={
            <AreaRoute area="games">
              <GamesScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/game-providers"
          element={
            <AreaRoute area="operators">
              <GameProvidersScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/lotteries"
          element={
            <AreaRoute area="lottery">
              <LotteriesScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/lottery-draws"
          element={
            <AreaRoute area="lottery">
              <LotteryDrawsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/inbox"
          element={
            <AreaRoute area="content">
              <InboxScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/banners"
          element={
            <AreaRoute area="content">
              <BannersScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/help"
          element={
            <AreaRoute area="content">
              <HelpScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/site-links"
          element={
            <AreaRoute area="content">
              <SiteLinksScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/chat"
          element={
            <AreaRoute area="chat">
              <LiveChatScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/feedback"
          element={
            <AreaRoute area="feedback">
              <FeedbackScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/promotions"
          element={
            <AreaRoute area="promotions">
              <PromotionsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/vip-levels"
          element={
            <AreaRoute area="promotions">
              <VipLevelsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/free-rounds"
          element={
            <AreaRoute area="promotions">
              <FreeRoundsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/reconciliation"
          element={
            <AreaRoute area="reports">
              <ReconciliationScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/reports"
          element={
            <AreaRoute area="reports">
              <ReportsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/bets"
          element={
            <AreaRoute area="reports">
              <BetsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/agents"
          element={
            <AreaRoute area="agents">
              <AgentsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/operators"
          element={
            <AreaRoute area="operators">
              <OperatorsScreen />
            </AreaRoute>
          }
        />
        <Route
          path="/audit"
          element={
            <AreaRoute area="audit">
              <AuditScreen />
            </AreaRoute>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
