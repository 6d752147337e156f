import { randomUUID } from 'node:crypto';
import { accessOf, allows, OPERATOR_ROLES, type OperatorRole } from '@kl/contracts/admin/access';
import { ADMIN_CALL_RULES, type AdminCall, adminCalls } from '@kl/contracts/admin/calls';
import { beforeAll, expect, it } from 'vitest';
import { json } from '../../test/app.ts';
import { adminRequest, createOperator, type OperatorCaller, signInOperator } from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';

/**
 * The back office's authorization matrix (docs/back-office.md, "Roles"): every back-office call × every role,
 * each also read-only, and no session at all. What each must get follows from ADMIN_CALL_RULES and the role
 * matrix of contracts admin/access.ts: refused with 403 PERMISSION_DENIED, or let through by the guard.
 *
 * Nothing is changed: reads are sent valid requests (an unknown id answers 404 after the guard let it through),
 * writes an empty body or an unknown id, so a write let through answers 400 INVALID_INPUT or 404 NOT_FOUND.
 */

type Probe = { params?: Record<string, string | number>; query?: Record<string, string>; payload?: unknown };
const unknownId = randomUUID();
/** The calls of signing in and out, and the invitation page's (public: the link is the credential). */
const UNPROBED = [
  'adminLogin',
  'adminLogout',
  'adminCaptcha',
  'adminInvitation',
  'adminAcceptInvitation',
] as const;
const PROBES: Record<Exclude<AdminCall, (typeof UNPROBED)[number]>, Probe> = {
  adminSession: {},
  adminChangePassword: { payload: {} },
  adminRequestOperatorReset: { params: { operatorId: unknownId }, payload: {} },
  adminOperatorRequests: {},
  adminDecideOperatorRequest: { params: { requestId: unknownId }, payload: { approve: false } },
  adminCancelOperatorRequest: { params: { requestId: unknownId } },
  adminOperators: {},
  adminCreateOperator: { payload: {} },
  adminUpdateOperator: { params: { operatorId: unknownId }, payload: {} },
  adminAudit: {},
  adminDashboard: {},
  adminMembers: {},
  adminMember: { params: { memberId: unknownId } },
  adminSetMemberDisabled: { params: { memberId: unknownId }, payload: {} },
  adminEndMemberSessions: { params: { memberId: unknownId } },
  adminSendMemberPasswordReset: { params: { memberId: unknownId } },
  adminAdjustments: {},
  adminCreateAdjustment: { payload: {} },
  adminDecideAdjustment: { params: { adjustmentId: 999_999_999 }, payload: {} },
  adminFreeRounds: {},
  adminFreeRoundsProviders: {},
  adminGrantFreeRounds: { payload: {} },
  adminDecideFreeRounds: { params: { grantId: randomUUID() }, payload: {} },
  adminDeliverFreeRounds: { params: { grantId: randomUUID() } },
  adminWithdrawals: {},
  adminApproveWithdrawal: { params: { withdrawalId: unknownId } },
  adminRejectWithdrawal: { params: { withdrawalId: unknownId }, payload: {} },
  adminDeposits: {},
  adminAnnouncements: {},
  adminCreateAnnouncement: { payload: {} },
  adminUpdateAnnouncement: { params: { announcementId: 999_999_999 }, payload: {} },

  // Probes of the areas declared in their own files:
  adminPromotions: {},
  adminCreatePromotion: { payload: {} },
  adminUpdatePromotion: { params: { promotionId: 999_999_999 }, payload: { sort: 1 } },
  adminPublishPromotion: { params: { promotionId: 999_999_999 }, payload: { draftAt: null } },
  adminDiscardPromotion: { params: { promotionId: 999_999_999 }, payload: { draftAt: null } },
  adminPromotionClaims: { params: { promotionId: 999_999_999 } },
  adminReportDaily: { query: { from: '2030-03-01', to: '2030-03-01' } },
  adminReportGames: { query: { from: '2030-03-01', to: '2030-03-01' } },
  adminReportPromotions: { query: { from: '2030-03-01', to: '2030-03-01' } },
  adminReportCsv: { query: { report: 'daily', from: '2030-03-01', to: '2030-03-01' } },
  adminSiteStatus: {},
  adminSetSiteStatus: { payload: {} },
  adminSiteSettings: {},
  adminSetSiteSettings: { payload: {} },
  adminGameVendors: {},
  adminUpdateGameVendor: { params: { gameCategory: 'RNG', vassalage: 'NO_SUCH_VENDOR' }, payload: {} },
  adminGames: {},
  adminUpdateGame: { params: { id: 999_999_999 }, payload: {} },
  adminGameProviders: {},
  adminCreateGameVendor: { payload: {} },
  adminCreateGame: { payload: {} },
  adminImportGames: { payload: {} },
  adminProviderRegistry: {},
  adminCreateProvider: { payload: {} },
  adminUpdateProvider: { params: { code: 'NOT A CODE' }, payload: {} },
  adminSetProviderEnabled: { params: { code: 'NOT A CODE' }, payload: {} },
  adminRotateProviderKey: { params: { code: 'NOT A CODE' }, payload: {} },
  adminEndProviderKeyOverlap: { params: { code: 'NOT A CODE' } },
  adminLotteryDraws: {},
  adminVoidLotteryDraw: { params: { drawId: unknownId }, payload: {} },
  adminLotteries: {},
  adminCreateLottery: { payload: {} },
  adminUpdateLottery: { params: { code: 'NO_SUCH_LOTTERY' }, payload: {} },
  adminSetLotteryEnabled: { params: { code: 'NO_SUCH_LOTTERY' }, payload: { enabled: true } },
  adminLotteryOdds: {},
  adminChangeLotteryOdds: { payload: {} },
  adminChats: {},
  adminChat: { params: { conversationId: unknownId } },
  adminChatReply: { params: { conversationId: unknownId }, payload: {} },
  adminCloseChat: { params: { conversationId: unknownId } },
  adminFeedbackList: {},
  adminFeedback: { params: { feedbackId: unknownId } },
  adminReplyFeedback: { params: { feedbackId: unknownId }, payload: {} },
  adminSetFeedbackStatus: { params: { feedbackId: unknownId }, payload: {} },
  adminFeedbackImage: { params: { imageId: unknownId } },
  adminSendInbox: { payload: {} },
  adminInboxMessages: {},
  // Agents: valid bodies naming nobody (an unknown member, application or settlement answers 404), and a
  // long-closed period with no agent to settle.
  adminAgentApplications: {},
  adminDecideAgentApplication: { params: { applicationId: unknownId }, payload: { decision: 'refuse' } },
  adminAgents: {},
  adminMakeAgent: { payload: { username: 'nosuchmember' } },
  adminOfferContract: {
    payload: {
      username: 'nosuchmember',
      kind: 'hourly',
      terms: { tiers: [{ minTurnover: 1_000_000, amount: 10_000 }] },
    },
  },
  adminContractProposals: {},
  adminApproveContract: { params: { contractId: unknownId } },
  adminRejectContract: { params: { contractId: unknownId } },
  adminSettlements: {},
  adminDecideSettlement: { params: { settlementId: unknownId }, payload: { decision: 'refuse' } },
  adminSettlePeriod: { payload: { period: '2020-01-01' } },
  adminReconciliations: {},
  adminReconciliation: { params: { runId: 999_999_999 } },
  adminRunReconciliation: { payload: {} },
  adminControls: {},
  adminChangeControls: { payload: {} },
  adminCreditRoom: { query: { memberId: unknownId } },
  adminWithdrawalLimits: {},
  adminSetWithdrawalLimits: { payload: {} },
  adminDepositChannels: {},
  adminCreateDepositChannel: { payload: {} },
  adminUpdateDepositChannel: { params: { code: 'no-such-channel' }, payload: {} },
  adminSetDepositChannelEnabled: { params: { code: 'no-such-channel' }, payload: { enabled: true } },
  adminReorderDepositChannels: { payload: {} },
  adminDeleteDepositChannel: { params: { code: 'no-such-channel' } },
  adminConfirmDeposit: { params: { orderId: unknownId }, payload: {} },
  adminApproveDeposit: { params: { orderId: unknownId } },
  adminRefuseDeposit: { params: { orderId: unknownId }, payload: {} },
  adminUploadStatement: { payload: {} },
  adminUnmatchedStatementLines: {},
  adminConfirmFromStatementLine: { params: { lineId: 999_999_999 }, payload: {} },
  adminUploadImage: { query: { place: 'nowhere' } },
  adminBanners: { query: { groupName: 'm_home' } },
  adminCreateBanner: { payload: {} },
  adminUpdateBanner: { params: { bannerId: 999_999_999 }, payload: {} },
  adminReorderBanners: { payload: {} },
  adminHelp: {},
  adminCreateHelpTopic: { payload: {} },
  adminUpdateHelpTopic: { params: { tag: 'nosuchtopic' }, payload: {} },
  adminCreateHelpItem: { payload: {} },
  adminUpdateHelpItem: { params: { itemId: 999_999_999 }, payload: {} },
  adminMemberRisk: { params: { memberId: unknownId } },
  adminAddMemberNote: { params: { memberId: unknownId }, payload: {} },
  adminMemberTags: {},
  adminAddMemberTag: { params: { memberId: unknownId }, payload: {} },
  adminRemoveMemberTag: { params: { memberId: unknownId, tagId: '1' } },
  adminSetMemberRestriction: { params: { memberId: unknownId, kind: 'bonus' }, payload: {} },
  adminRiskSignals: {},
  adminReviewRiskSignal: { params: { signalId: '1' }, payload: {} },
  adminKycSubmissions: {},
  adminKycSubmission: { params: { submissionId: unknownId } },
  adminKycPicture: { params: { submissionId: unknownId, picture: 'front' } },
  adminApproveKyc: { params: { submissionId: unknownId } },
  adminRejectKyc: { params: { submissionId: unknownId }, payload: {} },
  adminSiteLinks: {},
  adminCreateSiteLink: { payload: {} },
  adminUpdateSiteLink: { params: { linkId: 999_999_999 }, payload: {} },
  adminDeleteSiteLink: { params: { linkId: 999_999_999 } },
  adminReorderSiteLinks: { payload: {} },
  adminVipLevels: {},
  adminAddVipLevel: { payload: {} },
  adminUpdateVipLevel: { params: { level: 999 }, payload: {} },
  adminDeleteVipLevel: { params: { level: 999 } },
  adminBets: {},
  // The exports run (and are audited) for whom the guard lets through.
  adminMembersCsv: { query: { q: 'nosuchmember' } },
  adminDepositsCsv: { query: { username: 'nosuchmember' } },
  adminWithdrawalsCsv: { query: { username: 'nosuchmember' } },
  adminBetsCsv: { query: { username: 'nosuchmember' } },
  adminAuditCsv: { query: { operator: 'nosuchoperator' } },
};
const PROBED = Object.keys(PROBES) as (keyof typeof PROBES)[];

/** What an operator of the role must get: let through, or PERMISSION_DENIED. */
function expected(call: AdminCall, role: OperatorRole, readOnly: boolean): 'through' | 'PERMISSION_DENIED' {
  const rule = ADMIN_CALL_RULES[call];
  if (rule === 'public' || rule === 'session') return 'through';
  return allows(accessOf(role, readOnly)[rule.area], rule.access) ? 'through' : 'PERMISSION_DENIED';
}

/** Let through by the guard: success, or the call's own refusal of the probe. */
function observed(status: number, body: string): string {
  if (status === 200) return 'through';
  const { code } = JSON.parse(body) as { code: string };
  if (code === 'NOT_FOUND' || code === 'INVALID_INPUT') return 'through';
  return code;
}

describeEachDatabase('back-office authorization matrix', (kind) => {
  const suite = useTestApp(kind);
  const operators = new Map<string, OperatorCaller>();
  const keyOf = (role: OperatorRole, readOnly: boolean) => `${role}${readOnly ? ' read-only' : ''}`;

  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) {
      for (const readOnly of [false, true]) {
        const made = await createOperator(suite.database.current.db, suite.time.clock, { role, readOnly });
        operators.set(keyOf(role, readOnly), await signInOperator(suite.app, suite.time, made.username));
      }
    }
  });

  it('has a rule for every back-office call, and probes every one but signing in and out and invitations', () => {
    expect(Object.keys(ADMIN_CALL_RULES).sort()).toEqual(Object.keys(adminCalls).sort());
    expect([...PROBED, ...UNPROBED].sort()).toEqual(Object.keys(adminCalls).sort());
    for (const call of UNPROBED.filter((name) => name !== 'adminLogout')) {
      expect([call, ADMIN_CALL_RULES[call]]).toEqual([call, 'public']);
    }
  });

  for (const call of PROBED) {
    const entry = adminCalls[call];
    it(`${entry.method} ${entry.path} (${call}): every role, read-only or not, and no session`, async () => {
      const want: Record<string, string> = { 'no session': 'NOT_LOGGED_IN' };
      const got: Record<string, string> = {};
      const none = await adminRequest(suite.app, entry, undefined, PROBES[call]);
      got['no session'] = observed(none.statusCode, none.body);
      for (const role of OPERATOR_ROLES) {
        for (const readOnly of [false, true]) {
          const key = keyOf(role, readOnly);
          want[key] = expected(call, role, readOnly);
          const response = await adminRequest(suite.app, entry, operators.get(key), PROBES[call]);
          got[key] = observed(response.statusCode, response.body);
          if (got[key] === 'PERMISSION_DENIED') expect(response.statusCode).toBe(403);
        }
      }
      expect(got).toEqual(want);
    });
  }

  it('signs out every role (any signed-in operator may)', async () => {
    for (const [key, operator] of operators) {
      const response = await adminRequest(suite.app, adminCalls.adminLogout, operator);
      expect([key, response.statusCode]).toEqual([key, 200]);
      expect(json(await adminRequest(suite.app, adminCalls.adminSession, operator))).toMatchObject({
        code: 'NOT_LOGGED_IN',
      });
    }
  });
});
