import type { ApiTable } from '../api-call.ts';
import type { AdminArea } from './access.ts';
import { adminLoginRequest, adminLoginResult, adminLogoutResult, operatorSelf } from './auth.ts';
import { adminAgentsCalls, adminAgentsRules } from './agents.ts';
import { adminBetsCalls, adminBetsRules } from './bets.ts';
import { adminExportCalls, adminExportRules } from './exports.ts';
import { adminReconciliationCalls, adminReconciliationRules } from './reconciliation.ts';
import { adminCredentialsCalls, adminCredentialsRules } from './credentials.ts';
import { adminChatCalls, adminChatRules } from './chat.ts';
import { adminControlsCalls, adminControlsRules } from './controls.ts';
import {
  adminAnnouncement,
  adminAnnouncementPage,
  adminAnnouncementsQuery,
  announcementParams,
  saveAnnouncementRequest,
} from './content.ts';
import { adminCatalogueCalls, adminCatalogueRules } from './catalogue.ts';
import { adminFreeRoundsCalls, adminFreeRoundsRules } from './free-rounds.ts';
import { adminGameProvidersCalls, adminGameProvidersRules } from './game-providers.ts';
import { adminGamesCalls, adminGamesRules } from './games.ts';
import { adminLotteryCalls, adminLotteryRules } from './lottery.ts';
import { adminLotteriesCalls, adminLotteriesRules } from './lotteries.ts';
import { adminFeedbackCalls, adminFeedbackRules } from './feedback.ts';
import { adminInboxCalls, adminInboxRules } from './inbox.ts';
import { adminPaymentsCalls, adminPaymentsRules } from './payments.ts';
import { adminBannersCalls, adminBannersRules } from './banners.ts';
import { adminHelpCalls, adminHelpRules } from './help.ts';
import { adminImagesCalls, adminImagesRules } from './images.ts';
import { adminKycCalls, adminKycRules } from './kyc.ts';
import {
  adjustment,
  adjustmentPage,
  adjustmentParams,
  adjustmentsQuery,
  createAdjustmentRequest,
  decideAdjustmentRequest,
  endMemberSessionsResult,
  sendPasswordResetResult,
  memberDetail,
  memberPage,
  memberParams,
  membersQuery,
  setMemberDisabledRequest,
  setMemberDisabledResult,
} from './members.ts';
import {
  adminDepositPage,
  adminDepositsQuery,
  adminRejectWithdrawalRequest,
  adminWithdrawalDecision,
  adminWithdrawalPage,
  adminWithdrawalsQuery,
  dashboard,
  dashboardQuery,
  withdrawalParams,
} from './money.ts';
import {
  auditPage,
  auditQuery,
  createOperatorRequest,
  createOperatorResult,
  operator,
  operatorPage,
  operatorParams,
  operatorsQuery,
  updateOperatorRequest,
} from './operators.ts';
import { adminPromotionsCalls, adminPromotionsRules } from './promotions.ts';
import { adminReportsCalls, adminReportsRules } from './reports.ts';
import { adminSiteLinksCalls, adminSiteLinksRules } from './site-links.ts';
import { adminSiteSettingsCalls, adminSiteSettingsRules } from './site-settings.ts';
import { adminRiskCalls, adminRiskRules } from './risk.ts';
import { adminSiteStatusCalls, adminSiteStatusRules } from './site-status.ts';
import { adminVipCalls, adminVipRules } from './vip.ts';

/**
 * The back-office calls of the API table, under /api/admin (docs/back-office.md). Their module id is
 * ADMIN; the operator session cookie is sent to this path only.
 */
export const adminCalls = {
  adminLogin: {
    method: 'POST',
    path: '/api/admin/session',
    moduleId: 'ADMIN',
    body: adminLoginRequest,
    response: adminLoginResult,
  },
  adminSession: { method: 'GET', path: '/api/admin/session', moduleId: 'ADMIN', response: operatorSelf },
  adminLogout: {
    method: 'DELETE',
    path: '/api/admin/session',
    moduleId: 'ADMIN',
    response: adminLogoutResult,
  },

  adminOperators: {
    method: 'GET',
    path: '/api/admin/operators',
    moduleId: 'ADMIN',
    query: operatorsQuery,
    response: operatorPage,
  },
  adminCreateOperator: {
    method: 'POST',
    path: '/api/admin/operators',
    moduleId: 'ADMIN',
    body: createOperatorRequest,
    response: createOperatorResult,
  },
  adminUpdateOperator: {
    method: 'PUT',
    path: '/api/admin/operators/:operatorId',
    moduleId: 'ADMIN',
    params: operatorParams,
    body: updateOperatorRequest,
    response: operator,
  },

  adminAudit: {
    method: 'GET',
    path: '/api/admin/audit',
    moduleId: 'ADMIN',
    query: auditQuery,
    response: auditPage,
  },

  adminDashboard: {
    method: 'GET',
    path: '/api/admin/dashboard',
    moduleId: 'ADMIN',
    query: dashboardQuery,
    response: dashboard,
  },

  adminMembers: {
    method: 'GET',
    path: '/api/admin/members',
    moduleId: 'ADMIN',
    query: membersQuery,
    response: memberPage,
  },
  adminMember: {
    method: 'GET',
    path: '/api/admin/members/:memberId',
    moduleId: 'ADMIN',
    params: memberParams,
    response: memberDetail,
  },
  adminSetMemberDisabled: {
    method: 'PUT',
    path: '/api/admin/members/:memberId/disabled',
    moduleId: 'ADMIN',
    params: memberParams,
    body: setMemberDisabledRequest,
    response: setMemberDisabledResult,
  },
  adminEndMemberSessions: {
    method: 'POST',
    path: '/api/admin/members/:memberId/sessions/end',
    moduleId: 'ADMIN',
    params: memberParams,
    response: endMemberSessionsResult,
  },
  adminSendMemberPasswordReset: {
    method: 'POST',
    path: '/api/admin/members/:memberId/password-reset',
    moduleId: 'ADMIN',
    params: memberParams,
    response: sendPasswordResetResult,
  },

  adminAdjustments: {
    method: 'GET',
    path: '/api/admin/adjustments',
    moduleId: 'ADMIN',
    query: adjustmentsQuery,
    response: adjustmentPage,
  },
  adminCreateAdjustment: {
    method: 'POST',
    path: '/api/admin/adjustments',
    moduleId: 'ADMIN',
    body: createAdjustmentRequest,
    response: adjustment,
  },
  adminDecideAdjustment: {
    method: 'POST',
    path: '/api/admin/adjustments/:adjustmentId/decision',
    moduleId: 'ADMIN',
    params: adjustmentParams,
    body: decideAdjustmentRequest,
    response: adjustment,
  },

  adminWithdrawals: {
    method: 'GET',
    path: '/api/admin/withdrawals',
    moduleId: 'ADMIN',
    query: adminWithdrawalsQuery,
    response: adminWithdrawalPage,
  },
  adminApproveWithdrawal: {
    method: 'POST',
    path: '/api/admin/withdrawals/:withdrawalId/approve',
    moduleId: 'ADMIN',
    params: withdrawalParams,
    response: adminWithdrawalDecision,
  },
  adminRejectWithdrawal: {
    method: 'POST',
    path: '/api/admin/withdrawals/:withdrawalId/reject',
    moduleId: 'ADMIN',
    params: withdrawalParams,
    body: adminRejectWithdrawalRequest,
    response: adminWithdrawalDecision,
  },

  adminDeposits: {
    method: 'GET',
    path: '/api/admin/deposits',
    moduleId: 'ADMIN',
    query: adminDepositsQuery,
    response: adminDepositPage,
  },

  adminAnnouncements: {
    method: 'GET',
    path: '/api/admin/announcements',
    moduleId: 'ADMIN',
    query: adminAnnouncementsQuery,
    response: adminAnnouncementPage,
  },
  adminCreateAnnouncement: {
    method: 'POST',
    path: '/api/admin/announcements',
    moduleId: 'ADMIN',
    body: saveAnnouncementRequest,
    response: adminAnnouncement,
  },
  adminUpdateAnnouncement: {
    method: 'PUT',
    path: '/api/admin/announcements/:announcementId',
    moduleId: 'ADMIN',
    params: announcementParams,
    body: saveAnnouncementRequest,
    response: adminAnnouncement,
  },

  // Areas declared in their own files (admin/<area>.ts: calls and rules side by side):
  ...adminCredentialsCalls,
  ...adminPromotionsCalls,
  ...adminReportsCalls,
  ...adminSiteStatusCalls,
  ...adminSiteSettingsCalls,
  ...adminGamesCalls,
  ...adminCatalogueCalls,
  ...adminGameProvidersCalls,
  ...adminLotteryCalls,
  ...adminLotteriesCalls,
  ...adminChatCalls,
  ...adminFeedbackCalls,
  ...adminInboxCalls,
  ...adminAgentsCalls,
  ...adminReconciliationCalls,
  ...adminControlsCalls,
  ...adminPaymentsCalls,
  ...adminImagesCalls,
  ...adminBannersCalls,
  ...adminHelpCalls,
  ...adminRiskCalls,
  ...adminKycCalls,
  ...adminSiteLinksCalls,
  ...adminVipCalls,
  ...adminBetsCalls,
  ...adminExportCalls,
  ...adminFreeRoundsCalls,
} as const satisfies ApiTable;
export type AdminCall = keyof typeof adminCalls;

/**
 * Who may make each back-office call: `public` (signing in), `session` (any signed-in operator), or an
 * area and whether the call reads or changes it (access.ts). A record over every call, so that a new
 * call cannot be added without its rule; the authorization matrix test walks it.
 */
export type AdminCallRule = 'public' | 'session' | { area: AdminArea; access: 'read' | 'write' };

export const ADMIN_CALL_RULES: Readonly<Record<AdminCall, AdminCallRule>> = {
  adminLogin: 'public',
  adminSession: 'session',
  adminLogout: 'session',
  adminOperators: { area: 'operators', access: 'read' },
  adminCreateOperator: { area: 'operators', access: 'write' },
  adminUpdateOperator: { area: 'operators', access: 'write' },
  adminAudit: { area: 'audit', access: 'read' },
  adminDashboard: { area: 'dashboard', access: 'read' },
  adminMembers: { area: 'members', access: 'read' },
  adminMember: { area: 'members', access: 'read' },
  adminSetMemberDisabled: { area: 'members', access: 'write' },
  adminEndMemberSessions: { area: 'members', access: 'write' },
  adminSendMemberPasswordReset: { area: 'members', access: 'write' },
  adminAdjustments: { area: 'adjustments', access: 'read' },
  adminCreateAdjustment: { area: 'adjustments', access: 'write' },
  adminDecideAdjustment: { area: 'adjustments', access: 'write' },
  adminWithdrawals: { area: 'withdrawals', access: 'read' },
  adminApproveWithdrawal: { area: 'withdrawals', access: 'write' },
  adminRejectWithdrawal: { area: 'withdrawals', access: 'write' },
  adminDeposits: { area: 'deposits', access: 'read' },
  adminAnnouncements: { area: 'content', access: 'read' },
  adminCreateAnnouncement: { area: 'content', access: 'write' },
  adminUpdateAnnouncement: { area: 'content', access: 'write' },

  // Rules of the areas declared in their own files:
  ...adminCredentialsRules,
  ...adminPromotionsRules,
  ...adminReportsRules,
  ...adminSiteStatusRules,
  ...adminSiteSettingsRules,
  ...adminGamesRules,
  ...adminCatalogueRules,
  ...adminGameProvidersRules,
  ...adminLotteryRules,
  ...adminLotteriesRules,
  ...adminChatRules,
  ...adminFeedbackRules,
  ...adminInboxRules,
  ...adminAgentsRules,
  ...adminReconciliationRules,
  ...adminControlsRules,
  ...adminPaymentsRules,
  ...adminImagesRules,
  ...adminBannersRules,
  ...adminHelpRules,
  ...adminRiskRules,
  ...adminKycRules,
  ...adminSiteLinksRules,
  ...adminVipRules,
  ...adminBetsRules,
  ...adminExportRules,
  ...adminFreeRoundsRules,
};
