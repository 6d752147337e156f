import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import {
  API,
  type ApiCall,
  ERROR_CATALOGUE,
  type ErrorCode,
  isErrorCode,
  LOGIN_KEY_HEADER,
  SESSION_COOKIE,
} from '@kl/contracts';
import { DEFAULT_MONEY_CONTROLS } from '@kl/contracts/admin/controls';
import { agentDate, parsePeriod } from '@kl/contracts/agents';
import { CHAT_COOKIE } from '@kl/contracts/chat';
import { GATEWAY_SIGNATURE_HEADER, GATEWAY_TIMESTAMP_HEADER } from '@kl/contracts/deposit';
import { FEEDBACK_IMAGE_PREFIX } from '@kl/contracts/feedback';
import { SLOT_BET_LEVELS } from '@kl/contracts/slot';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  affiliateCode,
  emailVerificationToken,
  member,
  memberLoginChallenge,
  memberSession,
} from '../../db/schema/index.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { totpCode, totpStep } from '../../platform/totp.ts';
import { approvedOffer } from '../../modules/agent-contracts/testing.ts';
import { attach, makeAgent, settlement } from '../../modules/agents/centre/testing.ts';
import { signCallback } from '../../modules/deposit/index.ts';
import { giveApprovedKyc } from '../../modules/kyc/testing.ts';
import { createLedgerRepository, createLedgerService } from '../../modules/wallet/index.ts';
import { createTestMember, sessionOf } from '../../modules/wallet/testing.ts';
import {
  encryptAsBrowser,
  freshIp,
  freshMobile,
  freshUsername,
  getLoginKey,
  latestSms,
  outbox,
  sessionCookieOf,
  solvedCaptcha,
  testClock,
} from '../accounts.ts';
import { buildTestApp, json } from '../app.ts';
import { payAtGateway } from '../gateway.ts';
import { createOperator } from '../back-office.ts';
import { describeEachDatabase, useTestDatabase } from '../databases.ts';

/**
 * Security suite (b): the authorization matrix. Every call of the API table (packages/contracts
 * api-paths.ts) is made by every kind of caller, and what it answers — allowed, or refused with which
 * catalogue code — must be what the table below declares. A call added to the API table without a line
 * here fails the type check (`satisfies Record<ApiCall, …>`) and the coverage test.
 *
 * "Allowed" means success (2xx): each call is sent a minimal valid request, so an allowed caller really
 * got the answer. Refusals are compared by catalogue code, whose HTTP status must be the catalogue's.
 */

// ——— who calls ———

/**
 * The callers. `other` is a second real member sending the first member's ids (only on calls that address
 * a member's resource by id); it goes before `member`, while the resource still exists and waits (an
 * order still pending, a bonus not yet claimed). `bearer` sends only a bearer token, as the retired
 * shared-token operator calls took (docs/decisions/048-operator-sessions-only.md): it opens nothing a
 * visitor could not.
 */
const CALLERS = ['visitor', 'trial', 'other', 'member', 'bearer'] as const;
type Caller = (typeof CALLERS)[number];

const RETIRED_BEARER = 'matrix-ops-token-0123456789abcdef';
const PAYMENT_CALLBACK_SECRET = 'matrix-payment-callback-secret-0123456789abcdef';

// ——— what each call allows ———

/**
 * What a caller gets: success, or the catalogue code of the refusal. FEATURE_NOT_ENABLED carries its
 * reason (`free_reject`, `actual_account_required`…), so that a refusal for being a trial member is not
 * mistaken for a switched-off feature.
 */
type Answer = 'allowed' | Exclude<ErrorCode, 'FEATURE_NOT_ENABLED'> | `FEATURE_NOT_ENABLED/${string}`;

type Expectation =
  /** Anyone: visitors, members and operators alike. */
  | { access: 'open' }
  /** The development outbox and clock: anyone while DEV_OUTBOX / DEV_CLOCK is on; absent without (checked below). */
  | { access: 'dev' }
  /** Only a body signed with PAYMENT_CALLBACK_SECRET; no session or bearer counts (the signed call below). */
  | { access: 'gateway' }
  /**
   * Only a body signed with a game provider's key (docs/decisions/025-provider-wallet.md); no session or
   * bearer counts (the provider-wallet suites make the signed calls).
   */
  | { access: 'provider' }
  /** A live session: visitors and bearer tokens get NOT_LOGGED_IN; trial members get `trial`. */
  | { access: 'member'; trial: Answer }
  /** As `member`, on a member's resource addressed by id: another member's id answers `foreign`. */
  | { access: 'own'; trial: Answer; foreign: Answer }
  /**
   * The agent centre (docs/agents.md): as `member`, for agents only. The first member is an agent; the
   * second (`other`, sending the first's ids) is not one: MEMBER_NOT_AGENT.
   */
  | { access: 'agent'; trial: Answer }
  /** The chat page: the chat cookie a real member's launch-chat token buys (the session cookie is not it). */
  | { access: 'chat' }
  /**
   * A back-office call (docs/back-office.md): only an operator session counts, so every caller here gets
   * NOT_LOGGED_IN (the operator roles have their own matrix, modules/back-office/authorization.test.ts);
   * signing in is open and a wrong password answers WRONG_CREDENTIALS; the invitation page's calls are
   * open, the link being the credential, and an unknown link answers INVITATION_INVALID.
   */
  | { access: 'back-office'; signIn?: true; invitation?: true };

const OPEN = { access: 'open' } as const;
/** Any member, trial members too (demo money, their own lists). */
const MEMBER = { access: 'member', trial: 'allowed' } as const;
/** Real members only: trial members are refused (product.md §6 free_reject). */
const REAL_MEMBER = { access: 'member', trial: 'FEATURE_NOT_ENABLED/free_reject' } as const;
/** Real money: trial members are refused as not an actual account (deposit, withdrawal). */
const ACTUAL_ACCOUNT = { access: 'member', trial: 'FEATURE_NOT_ENABLED/actual_account_required' } as const;
const OWN = { access: 'own', trial: 'allowed', foreign: 'NOT_FOUND' } as const;
const OWN_REAL = { access: 'own', trial: 'FEATURE_NOT_ENABLED/free_reject', foreign: 'NOT_FOUND' } as const;
const OWN_ACTUAL_ACCOUNT = {
  access: 'own',
  trial: 'FEATURE_NOT_ENABLED/actual_account_required',
  foreign: 'NOT_FOUND',
} as const;
const CHAT_PAGE = { access: 'chat' } as const;
/** Agents only; trial members are refused as on every real-member call. */
const AGENT = { access: 'agent', trial: 'FEATURE_NOT_ENABLED/free_reject' } as const;
const BACK_OFFICE = { access: 'back-office' } as const;

const EXPECTATIONS = {
  health: OPEN,
  status: OPEN,
  outbox: { access: 'dev' },
  devClock: { access: 'dev' },
  logo: OPEN,
  logoPicture: OPEN,

  loginKey: OPEN,
  login: OPEN,
  trialLogin: OPEN,
  logout: OPEN,
  renewSession: MEMBER,
  registrationRules: OPEN,
  register: OPEN,
  registerMobile: OPEN,
  usernameCheck: OPEN,
  affiliateCheck: OPEN,
  sendSms: OPEN,
  captcha: OPEN,
  changePassword: REAL_MEMBER,
  setPasswordByPhone: OPEN,
  requestPasswordEmail: OPEN,
  resetPassword: OPEN,
  memberInfo: MEMBER,
  memberProfile: REAL_MEMBER,
  changeProfile: REAL_MEMBER,
  changeEmail: REAL_MEMBER,
  resendEmailVerification: REAL_MEMBER,
  verifyEmail: OPEN,
  sendMobileCode: REAL_MEMBER,
  changeMobile: REAL_MEMBER,
  memberSessions: MEMBER,
  loginHistory: MEMBER,
  // A trial member may end its own sessions; the first member's one is not found to anyone else.
  endMemberSession: { access: 'own', trial: 'NOT_FOUND', foreign: 'NOT_FOUND' },
  endOtherSessions: MEMBER,
  loginTwoFactor: OPEN,
  twoFactorStatus: REAL_MEMBER,
  startTwoFactor: REAL_MEMBER,
  enableTwoFactor: REAL_MEMBER,
  disableTwoFactor: REAL_MEMBER,

  gameVendors: OPEN,
  gameSearch: OPEN,
  hotGames: OPEN,
  recentGames: MEMBER,
  favouriteList: MEMBER,
  favouriteIds: MEMBER,
  addFavourite: MEMBER,
  removeFavourite: MEMBER,
  lotteryMenu: OPEN,
  lotteryList: OPEN,
  launchGame: MEMBER,
  /** The one-time launch token is the credential (the in-house game's own origin has no session). */
  redeemLaunch: OPEN,
  winnerBoard: OPEN,

  submitFeedback: REAL_MEMBER,
  feedbackList: REAL_MEMBER,

  launchChat: REAL_MEMBER,
  chatUnread: REAL_MEMBER,
  liveModels: OPEN,
  /** The one-time chat token is the credential. */
  chatSession: OPEN,
  chatMessages: CHAT_PAGE,
  chatSend: CHAT_PAGE,
  chatRead: CHAT_PAGE,
  chatStream: CHAT_PAGE,

  banners: OPEN,
  announcements: OPEN,
  notice: OPEN,
  popularAnnouncements: OPEN,
  announcementUnreadCount: MEMBER,
  markAnnouncementRead: MEMBER,
  inboxList: REAL_MEMBER,
  /** Trial members have no inbox: offered false, 0. */
  inboxUnreadCount: MEMBER,
  inboxMessage: OWN_REAL,
  deleteInboxMessage: OWN_REAL,
  helpCentre: OPEN,
  helpItem: OPEN,
  service: OPEN,
  footerLinks: OPEN,
  headIcon: MEMBER,
  setHeadIcon: MEMBER,

  /** A trial member sees the demo credit. */
  wallet: MEMBER,
  memberEvents: MEMBER,
  walletTransactions: MEMBER,
  walletTurnover: MEMBER,
  /** Addresses a turnover requirement of the member's bonus. */
  forfeitBonus: OWN_REAL,
  depositChannels: ACTUAL_ACCOUNT,
  createDepositOrder: ACTUAL_ACCOUNT,
  depositOrders: ACTUAL_ACCOUNT,
  depositOrder: OWN_ACTUAL_ACCOUNT,
  depositCallback: { access: 'gateway' },

  responsibleGaming: REAL_MEMBER,
  setDepositLimits: REAL_MEMBER,
  startTimeOut: REAL_MEMBER,
  startSelfExclusion: REAL_MEMBER,
  setRealityCheck: REAL_MEMBER,

  withdrawalInfo: ACTUAL_ACCOUNT,
  setPaymentPassword: ACTUAL_ACCOUNT,
  changePaymentPassword: ACTUAL_ACCOUNT,
  verifyPaymentPassword: ACTUAL_ACCOUNT,
  bankAccounts: ACTUAL_ACCOUNT,
  addBankAccount: ACTUAL_ACCOUNT,
  removeBankAccount: OWN_ACTUAL_ACCOUNT,
  /** Addresses the bank account to pay to: another member's account is NOT_FOUND. */
  createWithdrawal: OWN_ACTUAL_ACCOUNT,
  withdrawals: ACTUAL_ACCOUNT,
  withdrawal: OWN_ACTUAL_ACCOUNT,
  memberKyc: ACTUAL_ACCOUNT,
  memberSubmitKyc: ACTUAL_ACCOUNT,
  /** A picture of the member's own identity document: another member's is NOT_FOUND. */
  memberKycPicture: OWN_ACTUAL_ACCOUNT,

  gameRecords: MEMBER,

  vipLevels: OPEN,
  /** A trial member is at level 0. */
  myVip: MEMBER,
  promotions: OPEN,
  promotionDetail: OPEN,
  applyPromotion: REAL_MEMBER,
  /** A trial member has none. */
  promotionClaims: MEMBER,
  claimBonus: OWN_REAL,
  myReferral: REAL_MEMBER,

  /** Always 0 for trial members. */
  contractRequests: MEMBER,
  agentContract: REAL_MEMBER,
  acceptContract: OWN_REAL,
  refuseContract: OWN_REAL,

  slotSession: MEMBER,
  slotSpin: MEMBER,
  slotClientSeed: MEMBER,
  slotRotateSeed: MEMBER,
  slotHistory: MEMBER,
  slotRound: OWN,
  /** The home's progressive jackpot counter. */
  slotJackpot: OPEN,

  lotteryGames: OPEN,
  lotteryGame: OPEN,
  recentLottery: OPEN,
  lotteryResults: OPEN,
  lotteryNumero: OPEN,
  lotteryOrders: MEMBER,
  placeLotteryBet: MEMBER,
  cancelLotteryBet: OWN,

  providerAuthenticate: { access: 'provider' },
  providerBalance: { access: 'provider' },
  providerBet: { access: 'provider' },
  providerWin: { access: 'provider' },
  providerRollback: { access: 'provider' },
  providerRoundEnd: { access: 'provider' },
  providerCredit: { access: 'provider' },
  // The provider's daily report: only a request signed with its key (docs/decisions/028-provider-reconciliation.md).

  /** A registration link's code is all it needs (a bad one: AGENT_LINK_INCORRECT). */
  agentLinkVisit: OPEN,
  agentApplicationState: REAL_MEMBER,
  /** Made by a new real member (the first member is an agent already: ALREADY_AGENT). */
  agentApply: REAL_MEMBER,
  agentInfo: AGENT,
  agentLinks: AGENT,
  agentCreateLink: AGENT,
  agentUpdateLink: AGENT,
  agentKpi: AGENT,
  agentDownline: AGENT,
  /** A member of the first agent's team; outside it NOT_FOUND (the agent centre suites). */
  agentDownlineMember: AGENT,
  agentTeamReport: AGENT,
  agentTeamReportCsv: AGENT,
  agentAnnouncements: AGENT,
  agentContracts: AGENT,
  agentStatements: AGENT,
  agentStatement: AGENT,

  adminLogin: { access: 'back-office', signIn: true },
  /** The sign-in captcha, asked before signing in. */
  adminCaptcha: OPEN,
  adminInvitation: { access: 'back-office', invitation: true },
  adminAcceptInvitation: { access: 'back-office', invitation: true },
  adminChangePassword: BACK_OFFICE,
  adminRequestOperatorReset: BACK_OFFICE,
  adminOperatorRequests: BACK_OFFICE,
  adminDecideOperatorRequest: BACK_OFFICE,
  adminCancelOperatorRequest: BACK_OFFICE,
  adminSession: BACK_OFFICE,
  adminLogout: BACK_OFFICE,
  adminOperators: BACK_OFFICE,
  adminCreateOperator: BACK_OFFICE,
  adminUpdateOperator: BACK_OFFICE,
  adminAudit: BACK_OFFICE,
  adminDashboard: BACK_OFFICE,
  adminMembers: BACK_OFFICE,
  adminMember: BACK_OFFICE,
  adminSetMemberDisabled: BACK_OFFICE,
  adminEndMemberSessions: BACK_OFFICE,
  adminSendMemberPasswordReset: BACK_OFFICE,
  adminAdjustments: BACK_OFFICE,
  adminCreateAdjustment: BACK_OFFICE,
  adminDecideAdjustment: BACK_OFFICE,
  adminFreeRounds: BACK_OFFICE,
  adminFreeRoundsProviders: BACK_OFFICE,
  adminGrantFreeRounds: BACK_OFFICE,
  adminDecideFreeRounds: BACK_OFFICE,
  adminDeliverFreeRounds: BACK_OFFICE,
  adminWithdrawals: BACK_OFFICE,
  adminApproveWithdrawal: BACK_OFFICE,
  adminRejectWithdrawal: BACK_OFFICE,
  adminDeposits: BACK_OFFICE,
  adminAnnouncements: BACK_OFFICE,
  adminCreateAnnouncement: BACK_OFFICE,
  adminUpdateAnnouncement: BACK_OFFICE,
  // Back-office areas declared in their own files:
  adminPromotions: BACK_OFFICE,
  adminCreatePromotion: BACK_OFFICE,
  adminUpdatePromotion: BACK_OFFICE,
  adminPublishPromotion: BACK_OFFICE,
  adminDiscardPromotion: BACK_OFFICE,
  adminPromotionClaims: BACK_OFFICE,
  adminReportDaily: BACK_OFFICE,
  adminReportGames: BACK_OFFICE,
  adminReportPromotions: BACK_OFFICE,
  adminReportCsv: BACK_OFFICE,
  adminSiteStatus: BACK_OFFICE,
  adminSetSiteStatus: BACK_OFFICE,
  adminSiteSettings: BACK_OFFICE,
  adminSetSiteSettings: BACK_OFFICE,
  adminGameVendors: BACK_OFFICE,
  adminUpdateGameVendor: BACK_OFFICE,
  adminGames: BACK_OFFICE,
  adminUpdateGame: BACK_OFFICE,
  adminGameProviders: BACK_OFFICE,
  adminCreateGameVendor: BACK_OFFICE,
  adminCreateGame: BACK_OFFICE,
  adminImportGames: BACK_OFFICE,
  adminProviderRegistry: BACK_OFFICE,
  adminCreateProvider: BACK_OFFICE,
  adminUpdateProvider: BACK_OFFICE,
  adminSetProviderEnabled: BACK_OFFICE,
  adminRotateProviderKey: BACK_OFFICE,
  adminEndProviderKeyOverlap: BACK_OFFICE,
  adminLotteryDraws: BACK_OFFICE,
  adminVoidLotteryDraw: BACK_OFFICE,
  adminLotteries: BACK_OFFICE,
  adminCreateLottery: BACK_OFFICE,
  adminUpdateLottery: BACK_OFFICE,
  adminSetLotteryEnabled: BACK_OFFICE,
  adminLotteryOdds: BACK_OFFICE,
  adminChangeLotteryOdds: BACK_OFFICE,
  adminChats: BACK_OFFICE,
  adminChat: BACK_OFFICE,
  adminChatReply: BACK_OFFICE,
  adminCloseChat: BACK_OFFICE,
  adminFeedbackList: BACK_OFFICE,
  adminFeedback: BACK_OFFICE,
  adminReplyFeedback: BACK_OFFICE,
  adminSetFeedbackStatus: BACK_OFFICE,
  adminFeedbackImage: BACK_OFFICE,
  adminSendInbox: BACK_OFFICE,
  adminInboxMessages: BACK_OFFICE,
  adminAgentApplications: BACK_OFFICE,
  adminDecideAgentApplication: BACK_OFFICE,
  adminAgents: BACK_OFFICE,
  adminMakeAgent: BACK_OFFICE,
  adminOfferContract: BACK_OFFICE,
  adminContractProposals: BACK_OFFICE,
  adminApproveContract: BACK_OFFICE,
  adminRejectContract: BACK_OFFICE,
  adminSettlements: BACK_OFFICE,
  adminDecideSettlement: BACK_OFFICE,
  adminSettlePeriod: BACK_OFFICE,
  adminReconciliations: BACK_OFFICE,
  adminReconciliation: BACK_OFFICE,
  adminRunReconciliation: BACK_OFFICE,
  adminControls: BACK_OFFICE,
  adminChangeControls: BACK_OFFICE,
  adminCreditRoom: BACK_OFFICE,
  adminWithdrawalLimits: BACK_OFFICE,
  adminSetWithdrawalLimits: BACK_OFFICE,
  adminDepositChannels: BACK_OFFICE,
  adminCreateDepositChannel: BACK_OFFICE,
  adminUpdateDepositChannel: BACK_OFFICE,
  adminSetDepositChannelEnabled: BACK_OFFICE,
  adminReorderDepositChannels: BACK_OFFICE,
  adminDeleteDepositChannel: BACK_OFFICE,
  adminConfirmDeposit: BACK_OFFICE,
  adminApproveDeposit: BACK_OFFICE,
  adminRefuseDeposit: BACK_OFFICE,
  adminUploadStatement: BACK_OFFICE,
  adminUnmatchedStatementLines: BACK_OFFICE,
  adminConfirmFromStatementLine: BACK_OFFICE,
  adminUploadImage: BACK_OFFICE,
  adminBanners: BACK_OFFICE,
  adminCreateBanner: BACK_OFFICE,
  adminUpdateBanner: BACK_OFFICE,
  adminReorderBanners: BACK_OFFICE,
  adminHelp: BACK_OFFICE,
  adminCreateHelpTopic: BACK_OFFICE,
  adminUpdateHelpTopic: BACK_OFFICE,
  adminCreateHelpItem: BACK_OFFICE,
  adminUpdateHelpItem: BACK_OFFICE,
  adminMemberRisk: BACK_OFFICE,
  adminAddMemberNote: BACK_OFFICE,
  adminMemberTags: BACK_OFFICE,
  adminAddMemberTag: BACK_OFFICE,
  adminRemoveMemberTag: BACK_OFFICE,
  adminSetMemberRestriction: BACK_OFFICE,
  adminRiskSignals: BACK_OFFICE,
  adminReviewRiskSignal: BACK_OFFICE,
  adminSiteLinks: BACK_OFFICE,
  adminCreateSiteLink: BACK_OFFICE,
  adminUpdateSiteLink: BACK_OFFICE,
  adminDeleteSiteLink: BACK_OFFICE,
  adminReorderSiteLinks: BACK_OFFICE,
  adminVipLevels: BACK_OFFICE,
  adminAddVipLevel: BACK_OFFICE,
  adminUpdateVipLevel: BACK_OFFICE,
  adminDeleteVipLevel: BACK_OFFICE,
  adminBets: BACK_OFFICE,
  adminMembersCsv: BACK_OFFICE,
  adminDepositsCsv: BACK_OFFICE,
  adminWithdrawalsCsv: BACK_OFFICE,
  adminBetsCsv: BACK_OFFICE,
  adminAuditCsv: BACK_OFFICE,
  adminKycSubmissions: BACK_OFFICE,
  adminKycSubmission: BACK_OFFICE,
  adminKycPicture: BACK_OFFICE,
  adminApproveKyc: BACK_OFFICE,
  adminRejectKyc: BACK_OFFICE,
} as const satisfies Record<ApiCall, Expectation>;

/** A provider's stake or win, as its body would be (sent unsigned). */
const providerMovement = () => ({
  payload: {
    sessionId: randomUUID(),
    transactionId: randomUUID(),
    roundId: 'matrix-round',
    amount: 1000,
    currency: 'VND',
  },
});

/** What `caller` must get from a call of `expectation`; undefined when the caller does not apply. */
function expectedAnswer(expectation: Expectation, caller: Caller): Answer | undefined {
  if (caller === 'other' && expectation.access !== 'own' && expectation.access !== 'agent') return undefined;
  switch (expectation.access) {
    case 'open':
    case 'dev':
      return 'allowed';
    case 'gateway':
      return 'CALLBACK_SIGNATURE_INVALID';
    case 'provider':
      return 'PROVIDER_SIGNATURE_INVALID';
    case 'member':
    case 'own':
    case 'agent':
      if (caller === 'member') return 'allowed';
      if (caller === 'trial') return expectation.trial;
      if (caller === 'other' && expectation.access === 'own') return expectation.foreign;
      if (caller === 'other' && expectation.access === 'agent') return 'MEMBER_NOT_AGENT';
      return 'NOT_LOGGED_IN';
    case 'chat':
      return caller === 'member' ? 'allowed' : 'NOT_LOGGED_IN';
    case 'back-office':
      if (expectation.signIn) return 'WRONG_CREDENTIALS';
      return expectation.invitation ? 'INVITATION_INVALID' : 'NOT_LOGGED_IN';
  }
}

/** Success, the refusal's catalogue code (with the status when it is not the catalogue's), or the status. */
function answerOf(status: number, contentType: string, body: string): string {
  if (status >= 200 && status < 300) return 'allowed';
  if (contentType.includes('json')) {
    const { code, value } = JSON.parse(body) as { code?: unknown; value?: { reason?: unknown } | null };
    if (isErrorCode(code)) {
      const answer = code === 'FEATURE_NOT_ENABLED' ? `${code}/${String(value?.reason)}` : code;
      return ERROR_CATALOGUE[code].status === status ? answer : `${answer} (HTTP ${status})`;
    }
  }
  return `HTTP ${status}`;
}

// ——— the members, their resources and the requests ———

/** The first (daily) lottery draws take bets at this time. */
const START = new Date('2030-03-04T03:00:00.000Z');
/** The team report's dates: the GMT+8 day of START. */
const REPORT_DATES = { from: agentDate(START), to: agentDate(START) };
const PASSWORD = 'matrix1234';
/** An invitation token of the right shape that no invitation has. */
const MATRIX_INVITATION = 'matrix-no-such-invitation-token-0123456789';
/** The first member's agent link. */
const AGENT_LINK = 'MATRIXLINK01';
const PAYMENT_PASSWORD = '246810';
const PAYEE = 'NGUYEN VAN AN';

interface Identity {
  memberId: string;
  username: string;
  cookie: string;
  /** The chat page's cookie (real members who launched chat). */
  chat?: string;
}

/** What a member owns, addressed by id in the calls of access `own`. */
interface Resources {
  depositOrderId: string;
  bankAccountId: string;
  withdrawalId: string;
  /** The member's approved identity document. */
  kycSubmissionId: string;
  inboxMessageIds: number[];
  claimId: number;
  slotRoundId: string;
  lotteryBetId: string;
  chatMessageId: number;
}

interface Probe {
  /** The values of the path's parameters (`:memberId`). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: unknown;
  /** Sent encrypted the way the login form sends it (header LOGIN_KEY_HEADER). */
  encrypted?: unknown;
  /** Sent as multipart/form-data. */
  form?: [string, string | { bytes: Buffer; filename: string; type: string }][];
  headers?: Record<string, string>;
}

interface ProbeContext {
  /** The caller's address for this call (captchas and SMS codes are asked from it). */
  ip: string;
  /** The caller, when it has a session. */
  who: Identity | undefined;
  /** A resource of the member the call addresses: the trial member's own when it has one, else the first member's. */
  own<K extends keyof Resources>(key: K): Resources[K];
}

interface RouteProbe {
  build(context: ProbeContext): Probe | Promise<Probe>;
  /**
   * The call ends the session or changes the account for good (log out, time-out, passwords): the trial
   * and member callers make it with a new account of their kind; `payment-password` gives it one.
   */
  fresh?: 'account' | 'payment-password';
}

/** A small real PNG (a red square), for the feedback image and the identity document. */
function makePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 0xff, 0, 0, 0xff, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A path with its `:name` parameters filled in. */
const withParams = (path: string, params: Record<string, string> = {}) =>
  path.replace(/:(\w+)/g, (whole, name: string) => params[name] ?? whole);

const cookieValue = (response: LightMyRequestResponse, name: string): string | undefined => {
  const header = response.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const line = cookies.find((cookie) => cookie.startsWith(`${name}=`));
  return line === undefined ? undefined : decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? '');
};

function valueOf<T>(response: LightMyRequestResponse): T {
  if (response.statusCode !== 200)
    throw new Error(`setup call answered ${response.statusCode}: ${response.body}`);
  return json<{ value: T }>(response).value;
}

describeEachDatabase('authorization matrix', (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock(START);
  let app: FastifyInstance;
  /** The first member: owns the resources the calls address. */
  let first: Identity & Resources;
  /** The second member: the `other` caller, with resources of its own (so only ownership differs). */
  let second: Identity & Resources;
  let trial: Identity & Partial<Resources>;
  /** A registered member with a password, for the login call. */
  let loginName: string;
  /** The two operators who propose and approve the first member's contracts. */
  const offerers: string[] = [];
  /** A member of the first member's team (the first member is an agent), and one of its statements. */
  let teamMemberId: string;
  let statementId: string;
  let game: { gameId: string; nodeId: string };
  let drawId: string;
  let announcementId: number;
  let helpItemId: number;
  const promotionIds: Record<string, number> = {};

  const db = () => database.current.db;

  /** A call of the API as `who` (session cookie and chat cookie), from a fresh address. */
  function send(
    entry: { method: string; path: string },
    who: Partial<Pick<Identity, 'cookie' | 'chat'>> | undefined,
    probe: Probe = {},
    ip = freshIp(),
  ) {
    const cookies = [
      ...(who?.cookie ? [`${SESSION_COOKIE}=${who.cookie}`] : []),
      ...(who?.chat ? [`${CHAT_COOKIE}=${who.chat}`] : []),
    ];
    return app.inject({
      method: entry.method as 'GET',
      url: entry.path,
      remoteAddress: ip,
      headers: {
        'accept-language': 'en',
        ...(cookies.length > 0 && { cookie: cookies.join('; ') }),
        ...probe.headers,
      },
      ...(probe.query && { query: probe.query }),
      ...(probe.payload !== undefined && { payload: probe.payload as object }),
    });
  }

  const ledger = () =>
    createLedgerService({ db: db(), ledger: createLedgerRepository(db()), clock: time.clock });
  async function fund(memberId: string, amount: number) {
    await ledger().post({
      merchantCode: 'kimlong',
      memberId,
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      amount: BigInt(amount),
    });
  }

  async function realMember(): Promise<Identity> {
    const row = await createTestMember(db(), { payeeName: PAYEE });
    return { memberId: row.id, username: row.username, cookie: await sessionOf(db(), row, time.clock) };
  }

  /** Turns the member's two-factor on through the API; answers its recovery codes. */
  async function twoFactorOn(who: Identity): Promise<{ recoveryCodes: string[] }> {
    const { secret } = valueOf<{ secret: string }>(await send(API.startTwoFactor, who));
    return valueOf(
      await send(API.enableTwoFactor, who, { payload: { code: totpCode(secret, totpStep(time.clock())) } }),
    );
  }

  async function trialMember(): Promise<Identity> {
    const response = await send(API.trialLogin, undefined);
    const { userName } = valueOf<{ userName: string }>(response);
    const [row] = await db().select({ id: member.id }).from(member).where(eq(member.username, userName));
    return { memberId: row?.id ?? '', username: userName, cookie: sessionCookieOf(response) ?? '' };
  }

  async function depositPaid(who: Identity, amount: number): Promise<string> {
    const order = valueOf<{ orderId: string; payUrl: string }>(
      await send(API.createDepositOrder, who, { payload: { channelCode: 'bank-transfer', amount } }),
    );
    const paid = await payAtGateway(app, order.payUrl, {
      secret: PAYMENT_CALLBACK_SECRET,
      clock: time.clock,
    });
    expect(paid.status, paid.body).toBe(303);
    time.advance(1_000);
    return order.orderId;
  }

  async function bindAccount(who: Identity): Promise<string> {
    const accountNumber = String(Math.floor(Math.random() * 1e12)).padStart(12, '1');
    return valueOf<{ accountId: string }>(
      await send(API.addBankAccount, who, {
        payload: { bankCode: 'VCB', accountNumber, accountName: PAYEE },
      }),
    ).accountId;
  }

  async function withdraw(who: Identity, bankAccountId: string): Promise<string> {
    const created = valueOf<{ withdrawal: { requestId: string } }>(
      await send(API.createWithdrawal, who, {
        payload: {
          requestKey: randomUUID(),
          bankAccountId,
          amount: 100_000,
          paymentPassword: PAYMENT_PASSWORD,
        },
      }),
    );
    return created.withdrawal.requestId;
  }

  async function spin(who: Identity): Promise<string> {
    return valueOf<{ round: { roundId: string } }>(
      await send(API.slotSpin, who, {
        payload: { lineBet: SLOT_BET_LEVELS[0], requestKey: randomUUID(), mode: 'wallet' },
      }),
    ).round.roundId;
  }

  async function bet(who: Identity): Promise<string> {
    return valueOf<{ bet: { id: string } }>(
      await send(API.placeLotteryBet, who, {
        payload: {
          drawId,
          betType: 'LO2',
          prizeMode: 'Lott',
          selections: [['12']],
          points: 1,
          requestKey: randomUUID(),
        },
      }),
    ).bet.id;
  }

  async function launchChat(who: Identity): Promise<string> {
    const { chatUrl } = valueOf<{ chatUrl: string }>(await send(API.launchChat, who));
    return /#token=(.+)$/.exec(chatUrl)?.[1] ?? '';
  }

  /** A real member with everything the calls address: a paid deposit, an issued bonus, an account… */
  async function readyMember(): Promise<Identity & Resources> {
    const who = await realMember();
    valueOf(await send(API.applyPromotion, who, { payload: { promotionId: promotionIds.RELOAD500 } }));
    const depositOrderId = await depositPaid(who, 500_000);
    await fund(who.memberId, 10_000_000);
    const claims = valueOf<{ list: { id: number; promotionId: number; status: string }[] }>(
      await send(API.promotionClaims, who),
    ).list;
    const claim = claims.find((item) => item.promotionId === promotionIds.RELOAD500);
    if (claim?.status !== 'issued') throw new Error(`the bonus was not issued: ${JSON.stringify(claims)}`);
    valueOf(
      await send(API.setPaymentPassword, who, {
        payload: { password: PAYMENT_PASSWORD, confirmPassword: PAYMENT_PASSWORD },
      }),
    );
    valueOf(await send(API.claimBonus, who, { payload: { claimId: claim.id } }));
    // The merchant checks a member's identity before a first withdrawal.
    const kycSubmissionId = await giveApprovedKyc(db(), who.memberId);
    const bankAccountId = await bindAccount(who);
    const withdrawalId = await withdraw(who, bankAccountId);
    const inbox = valueOf<{ list: { id: number }[] }>(await send(API.inboxList, who)).list;
    if (inbox.length === 0) throw new Error('no welcome message in the inbox');
    const slotRoundId = await spin(who);
    const lotteryBetId = await bet(who);
    const chatAccess = await send(API.chatSession, undefined, { payload: { token: await launchChat(who) } });
    valueOf(chatAccess);
    const chat = cookieValue(chatAccess, CHAT_COOKIE);
    const sent = valueOf<{ id: number }>(
      await send(API.chatSend, { chat }, { payload: { body: 'Xin chào' } }),
    );
    return {
      ...who,
      ...(chat !== undefined && { chat }),
      depositOrderId,
      bankAccountId,
      withdrawalId,
      kycSubmissionId,
      inboxMessageIds: inbox.map((item) => item.id),
      claimId: claim.id,
      slotRoundId,
      lotteryBetId,
      chatMessageId: sent.id,
    };
  }

  beforeAll(async () => {
    app = await buildTestApp(database.current, {
      clock: time.clock,
      config: {
        devOutbox: true,
        devClock: true,
        paymentCallbackSecret: PAYMENT_CALLBACK_SECRET,
      },
    });
    const promotions = valueOf<{ list: { id: number; code: string }[] }>(
      await send(API.promotions, undefined),
    );
    for (const item of promotions.list) promotionIds[item.code] = item.id;
    const found = valueOf<{ games: { gameId: string; nodeId: string }[] }>(
      await send(API.gameSearch, undefined, { query: { vassalage: 'BGS', gameType: 'RNG', pageSize: '1' } }),
    ).games[0];
    if (!found) throw new Error('no BGS slot game in the catalogue');
    game = found;
    const lottery = valueOf<{ openDraw: { id: string } | null }>(
      await send(API.lotteryGame, undefined, { query: { code: 'MB' } }),
    );
    drawId = lottery.openDraw?.id ?? '';
    announcementId =
      valueOf<{ list: { id: number }[] }>(await send(API.announcements, undefined)).list[0]?.id ?? 0;
    helpItemId =
      valueOf<{ topics: { items: { id: number }[] }[] }>(await send(API.helpCentre, undefined)).topics[0]
        ?.items[0]?.id ?? 0;

    first = await readyMember();
    second = await readyMember();
    // The first member is an agent (type 1, as the back office makes one), so that it can be offered contracts.
    await db().update(member).set({ type: 1 }).where(eq(member.id, first.memberId));
    await makeAgent(db(), first.memberId);
    teamMemberId = (await realMember()).memberId;
    await attach(db(), teamMemberId, first.memberId);
    await db()
      .insert(affiliateCode)
      .values({ merchantCode: 'kimlong', code: AGENT_LINK, agentMemberId: first.memberId, kind: 'member' });
    const day = parsePeriod(agentDate(START))!;
    statementId = await settlement(db(), time.clock, {
      agentMemberId: first.memberId,
      kind: 'salary',
      periodKey: day.key,
      start: day.start,
      end: day.end,
      amount: 0,
      status: 'nothing_due',
    });
    for (const role of ['owner', 'finance'] as const) {
      offerers.push((await createOperator(db(), time.clock, { role })).id);
    }

    const trialIdentity = await trialMember();
    trial = {
      ...trialIdentity,
      slotRoundId: await spin(trialIdentity),
      lotteryBetId: await bet(trialIdentity),
    };

    const ip = freshIp();
    loginName = freshUsername('login');
    valueOf(
      await send(
        API.register,
        undefined,
        {
          payload: {
            registerMethod: 'H5',
            username: loginName,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            ...(await solvedCaptcha(app, ip)),
          },
        },
        ip,
      ),
    );
  });
  afterAll(() => app.close());

  // ——— resources made on demand ———

  /** A one-time game launch token of the first member. */
  async function launchToken(): Promise<string> {
    const { url } = valueOf<{ url: string }>(
      await send(API.launchGame, first, { payload: { gameId: game.gameId } }),
    );
    return new URL(url, 'http://site.test').searchParams.get('launch') ?? '';
  }
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => (made ??= make());
  };
  /** A pending order of the first member (the sandbox pays it once). */
  const pendingOrder = once(
    async () =>
      valueOf<{ orderId: string }>(
        await send(API.createDepositOrder, first, {
          payload: { channelCode: 'bank-transfer', amount: 200_000 },
        }),
      ).orderId,
  );
  /** The turnover requirement of the first member's claimed bonus (forfeited once). */
  const bonusRequirement = once(async () => {
    const { requirements } = valueOf<{ requirements: { id: number; source: string; status: string }[] }>(
      await send(API.walletTurnover, first),
    );
    const running = requirements.find((item) => item.source === 'bonus' && item.status === 'active');
    if (!running) throw new Error(`no running bonus requirement: ${JSON.stringify(requirements)}`);
    return running.id;
  });
  /** A second account of the first member, the one removed. */
  const spareAccount = once(() => bindAccount(first));
  /** A second session of the first member (another device), the one signed out. */
  const spareSession = once(async () => {
    const [row] = await db().select().from(member).where(eq(member.id, first.memberId));
    if (!row) throw new Error('the first member vanished');
    const token = await sessionOf(db(), row, time.clock);
    const [session] = await db()
      .select({ id: memberSession.id })
      .from(memberSession)
      .where(eq(memberSession.tokenHash, sha256Hex(token)));
    if (!session) throw new Error('the spare session was not stored');
    return session.id;
  });
  /**
   * A new waiting contract of the first member (each answer closes one), proposed and approved by two
   * operators as the back office does.
   */
  async function waitingContract(kindOf: 'salary' | 'dividend'): Promise<string> {
    const operators = { proposer: offerers[0] ?? '', approver: offerers[1] ?? '' };
    const deps = { db: db(), clock: time.clock };
    const username = first.username;
    return kindOf === 'salary'
      ? approvedOffer(
          deps,
          {
            username,
            kind: 'salary',
            terms: { tiers: [{ minTurnover: 10_000_000, minActiveMembers: 5, salary: 200_000 }] },
          },
          operators,
        )
      : approvedOffer(
          deps,
          {
            username,
            kind: 'dividend',
            terms: {
              period: 'half_month',
              tiers: [{ minNetLoss: 20_000_000, minActiveMembers: 8, percentBp: 1500 }],
            },
          },
          operators,
        );
  }
  /** A member reached by mobile number or e-mail, for the forgotten-password calls. */
  async function memberWith(contact: { mobileNum: string } | { email: string }): Promise<void> {
    await db()
      .insert(member)
      .values({
        merchantCode: 'kimlong',
        username: freshUsername('reset'),
        type: 0,
        // An e-mail verified: a reset link goes to no other.
        ...('mobileNum' in contact
          ? { countryDialingCode: '+84', mobileNum: contact.mobileNum }
          : { ...contact, emailVerifiedAt: time.clock() }),
      });
  }

  // ——— a minimal valid request of every call ———

  const REQUESTS = {
    health: { build: () => ({}) },
    status: { build: () => ({}) },
    outbox: { build: () => ({ query: { kind: 'captcha' } }) },
    devClock: { build: () => ({ payload: { offsetMs: 0 } }) },
    logo: { build: () => ({}) },
    logoPicture: { build: () => ({}) },

    loginKey: { build: () => ({}) },
    login: { build: () => ({ encrypted: { type: 'username', username: loginName, password: PASSWORD } }) },
    trialLogin: { build: () => ({}) },
    logout: { build: () => ({}), fresh: 'account' },
    renewSession: { build: () => ({}) },
    registrationRules: { build: () => ({}) },
    register: {
      build: async ({ ip }) => ({
        payload: {
          registerMethod: 'H5',
          username: freshUsername('matrix'),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          ...(await solvedCaptcha(app, ip)),
        },
      }),
    },
    registerMobile: {
      build: async ({ ip }) => {
        const mobileNum = freshMobile();
        valueOf(
          await send(
            API.sendSms,
            undefined,
            {
              payload: {
                mobileNum,
                countryDialingCode: '+84',
                purpose: 'register',
                ...(await solvedCaptcha(app, ip)),
              },
            },
            ip,
          ),
        );
        return {
          payload: {
            registerMethod: 'H5',
            countryDialingCode: '+84',
            mobileNum,
            verificationCode: await latestSms(app, `+84${mobileNum.replace(/^0+/, '')}`),
            password: PASSWORD,
            confirmPassword: PASSWORD,
            ...(await solvedCaptcha(app, ip)),
          },
        };
      },
    },
    usernameCheck: { build: () => ({ query: { username: freshUsername('free') } }) },
    affiliateCheck: { build: () => ({ query: { affiliateCode: 'KL2026' } }) },
    sendSms: {
      build: async ({ ip }) => ({
        payload: {
          mobileNum: freshMobile(),
          countryDialingCode: '+84',
          purpose: 'register',
          ...(await solvedCaptcha(app, ip)),
        },
      }),
    },
    captcha: { build: () => ({}) },
    changePassword: {
      build: () => ({ payload: { newPassword: 'changed1234', confirmNewPassword: 'changed1234' } }),
      fresh: 'account',
    },
    setPasswordByPhone: {
      build: async ({ ip }) => {
        const mobileNum = freshMobile().replace(/^0+/, '');
        await memberWith({ mobileNum });
        valueOf(
          await send(
            API.sendSms,
            undefined,
            {
              payload: {
                mobileNum,
                countryDialingCode: '+84',
                purpose: 'resetPassword',
                ...(await solvedCaptcha(app, ip)),
              },
            },
            ip,
          ),
        );
        return {
          encrypted: {
            mobileNum,
            countryDialingCode: '+84',
            verificationCode: await latestSms(app, `+84${mobileNum}`),
            newPassword: 'phone1234',
            confirmNewPassword: 'phone1234',
          },
        };
      },
    },
    requestPasswordEmail: {
      build: async ({ ip }) => ({
        payload: { email: `${freshUsername('mail')}@example.com`, ...(await solvedCaptcha(app, ip)) },
      }),
    },
    resetPassword: {
      build: async ({ ip }) => {
        const email = `${freshUsername('reset')}@example.com`;
        await memberWith({ email });
        valueOf(
          await send(
            API.requestPasswordEmail,
            undefined,
            { payload: { email, ...(await solvedCaptcha(app, ip)) } },
            ip,
          ),
        );
        const token = (await outbox(app, 'email')).find((entry) => entry.to === email)?.code ?? '';
        return { payload: { token, newPassword: 'mailed1234', confirmNewPassword: 'mailed1234' } };
      },
    },
    memberInfo: { build: () => ({}) },
    memberProfile: { build: () => ({}) },
    changeProfile: { build: () => ({ payload: { nickname: 'Matrix' } }) },
    changeEmail: {
      build: () => ({ payload: { email: `${freshUsername('mail')}@example.com` } }),
      fresh: 'account',
    },
    resendEmailVerification: {
      build: async ({ who }) => {
        if (who) {
          await db()
            .update(member)
            .set({ email: `${freshUsername('mail')}@example.com`, emailVerifiedAt: null })
            .where(eq(member.id, who.memberId));
        }
        return {};
      },
      fresh: 'account',
    },
    verifyEmail: {
      build: async () => {
        const email = `${freshUsername('verify')}@example.com`;
        const [row] = await db()
          .insert(member)
          .values({ merchantCode: 'kimlong', username: freshUsername('verify'), type: 0, email })
          .returning({ id: member.id });
        const token = `matrix-${freshUsername('token')}`;
        await db()
          .insert(emailVerificationToken)
          .values({
            memberId: row?.id ?? '',
            tokenHash: sha256Hex(token),
            email,
            expiresAt: new Date(time.clock().getTime() + 60_000),
            createdAt: time.clock(),
          });
        return { payload: { token } };
      },
    },
    sendMobileCode: {
      build: () => ({ payload: { target: 'new', countryDialingCode: '+84', mobileNum: freshMobile() } }),
    },
    changeMobile: {
      build: async ({ who, ip }) => {
        const mobileNum = freshMobile();
        const asked =
          who &&
          (await send(
            API.sendMobileCode,
            who,
            { payload: { target: 'new', countryDialingCode: '+84', mobileNum } },
            ip,
          ));
        const code = asked?.statusCode === 200 ? await latestSms(app, `+84${mobileNum.slice(1)}`) : undefined;
        return { payload: { countryDialingCode: '+84', mobileNum, newCode: code ?? '000000' } };
      },
      fresh: 'account',
    },
    memberSessions: { build: () => ({}) },
    loginHistory: { build: () => ({ query: { pageNo: '1' } }) },
    endMemberSession: { build: async () => ({ query: { sessionId: await spareSession() } }) },
    endOtherSessions: { build: () => ({}) },
    loginTwoFactor: {
      build: async () => {
        // A member whose two-factor is on, and a login of it waiting for its second step.
        const who = await realMember();
        const { recoveryCodes } = await twoFactorOn(who);
        const challenge = `matrix-${randomUUID()}`;
        await db()
          .insert(memberLoginChallenge)
          .values({
            memberId: who.memberId,
            tokenHash: sha256Hex(challenge),
            method: 'password',
            expiresAt: new Date(time.clock().getTime() + 60_000),
            ip: '127.0.0.1',
            createdAt: time.clock(),
          });
        return { payload: { challenge, code: recoveryCodes[0] } };
      },
    },
    twoFactorStatus: { build: () => ({}) },
    startTwoFactor: { build: () => ({}), fresh: 'account' },
    enableTwoFactor: {
      build: async ({ who }) => {
        // A trial member is refused before the code is read: it gets no secret to start with.
        const started = who && (await send(API.startTwoFactor, who));
        if (started?.statusCode !== 200) return { payload: { code: '000000' } };
        const { secret } = valueOf<{ secret: string }>(started);
        return { payload: { code: totpCode(secret, totpStep(time.clock())) } };
      },
      fresh: 'account',
    },
    disableTwoFactor: {
      build: async ({ who }) => {
        const started = who && (await send(API.startTwoFactor, who));
        if (!who || started?.statusCode !== 200) return { payload: { code: '000000' } };
        const { recoveryCodes } = await twoFactorOn(who);
        return { payload: { code: recoveryCodes[0] } };
      },
      fresh: 'account',
    },

    gameVendors: { build: () => ({}) },
    gameSearch: { build: () => ({ query: { gameType: 'RNG', pageSize: '5' } }) },
    hotGames: { build: () => ({}) },
    recentGames: { build: () => ({}) },
    favouriteList: { build: () => ({}) },
    favouriteIds: { build: () => ({}) },
    addFavourite: { build: () => ({ payload: { nodeId: game.nodeId } }) },
    removeFavourite: { build: () => ({ payload: { nodeId: game.nodeId } }) },
    lotteryMenu: { build: () => ({}) },
    lotteryList: { build: () => ({ query: { gameType: 'LOTT' } }) },
    launchGame: { build: () => ({ payload: { gameId: game.gameId } }) },
    redeemLaunch: { build: async () => ({ payload: { token: await launchToken() } }) },
    winnerBoard: { build: () => ({}) },

    submitFeedback: {
      build: async ({ ip }) => {
        const { captchaId, captcha } = await solvedCaptcha(app, ip);
        return {
          form: [
            ['type', '4'],
            ['content', 'Checking who may send feedback and see it.'],
            ['captchaId', captchaId],
            ['captcha', captcha],
            ['image', { bytes: makePng(), filename: 'screen.png', type: 'image/png' }],
            ['comment', 'the screen'],
          ],
        };
      },
    },
    feedbackList: { build: () => ({}) },

    launchChat: { build: () => ({}) },
    chatUnread: { build: () => ({}) },
    liveModels: { build: () => ({}) },
    chatSession: { build: async () => ({ payload: { token: await launchChat(first) } }) },
    chatMessages: { build: () => ({}) },
    chatSend: { build: () => ({ payload: { body: 'Một câu hỏi' } }) },
    chatRead: { build: ({ own }) => ({ payload: { lastMessageId: own('chatMessageId') } }) },
    chatStream: { build: () => ({}) },

    banners: { build: () => ({}) },
    announcements: { build: () => ({}) },
    notice: { build: () => ({}) },
    popularAnnouncements: { build: () => ({}) },
    announcementUnreadCount: { build: () => ({}) },
    markAnnouncementRead: { build: () => ({ payload: { announcementId, read: true } }) },
    inboxList: { build: () => ({}) },
    inboxUnreadCount: { build: () => ({}) },
    inboxMessage: { build: ({ own }) => ({ query: { messageId: String(own('inboxMessageIds')[0]) } }) },
    deleteInboxMessage: {
      build: ({ own }) => ({ payload: { messageId: own('inboxMessageIds').at(-1) } }),
    },
    helpCentre: { build: () => ({}) },
    helpItem: { build: () => ({ query: { itemId: String(helpItemId) } }) },
    service: { build: () => ({}) },
    footerLinks: { build: () => ({}) },
    headIcon: { build: () => ({}) },
    setHeadIcon: { build: () => ({ payload: { headIconId: 3 } }) },

    wallet: { build: () => ({}) },
    memberEvents: { build: () => ({}) },
    walletTransactions: { build: () => ({}) },
    walletTurnover: { build: () => ({}) },
    forfeitBonus: { build: async () => ({ payload: { requirementId: await bonusRequirement() } }) },
    depositChannels: { build: () => ({}) },
    createDepositOrder: { build: () => ({ payload: { channelCode: 'bank-transfer', amount: 100_000 } }) },
    depositOrders: { build: () => ({}) },
    depositOrder: { build: ({ own }) => ({ query: { orderId: own('depositOrderId') } }) },
    depositCallback: {
      build: async () => ({
        payload: {
          eventId: `evt_${randomUUID()}`,
          orderId: await pendingOrder(),
          status: 'paid',
          amount: 200_000,
          currency: 'VND',
          gatewayTransactionId: 'GW123456',
        },
      }),
    },

    responsibleGaming: { build: () => ({}) },
    setDepositLimits: { build: () => ({ payload: { monthly: 900_000_000_000 } }) },
    startTimeOut: { build: () => ({ payload: { period: '24h' } }), fresh: 'account' },
    startSelfExclusion: { build: () => ({ payload: { period: '6m', confirm: true } }), fresh: 'account' },
    setRealityCheck: { build: () => ({ payload: { intervalMinutes: 30 } }) },

    withdrawalInfo: { build: () => ({}) },
    setPaymentPassword: {
      build: () => ({ payload: { password: PAYMENT_PASSWORD, confirmPassword: PAYMENT_PASSWORD } }),
      fresh: 'account',
    },
    changePaymentPassword: {
      build: () => ({
        payload: { oldPassword: PAYMENT_PASSWORD, newPassword: '135790', confirmNewPassword: '135790' },
      }),
      fresh: 'payment-password',
    },
    verifyPaymentPassword: { build: () => ({ payload: { password: PAYMENT_PASSWORD } }) },
    bankAccounts: { build: () => ({}) },
    addBankAccount: {
      build: () => ({
        payload: {
          bankCode: 'TCB',
          accountNumber: String(Math.floor(Math.random() * 1e10)).padStart(10, '2'),
          accountName: PAYEE,
        },
      }),
    },
    removeBankAccount: { build: async () => ({ query: { accountId: await spareAccount() } }) },
    createWithdrawal: {
      build: ({ own }) => ({
        payload: {
          requestKey: randomUUID(),
          bankAccountId: own('bankAccountId'),
          amount: 100_000,
          paymentPassword: PAYMENT_PASSWORD,
        },
      }),
    },
    withdrawals: { build: () => ({}) },
    withdrawal: { build: ({ own }) => ({ query: { requestId: own('withdrawalId') } }) },
    memberKyc: { build: () => ({}) },
    // A member with no identity document sent yet (the first member's was approved).
    memberSubmitKyc: {
      build: () => ({
        form: [
          ['documentKind', 'passport'],
          ['documentNumber', 'B1234567'],
          ['fullName', PAYEE],
          ['birthDate', '1990-05-17'],
          ['front', { bytes: makePng(), filename: 'front.png', type: 'image/png' }],
          ['selfie', { bytes: makePng(), filename: 'selfie.png', type: 'image/png' }],
        ],
      }),
      fresh: 'account',
    },
    memberKycPicture: {
      build: ({ own }) => ({ params: { submissionId: own('kycSubmissionId'), picture: 'front' } }),
    },

    gameRecords: { build: () => ({}) },

    vipLevels: { build: () => ({}) },
    myVip: { build: () => ({}) },
    promotions: { build: () => ({}) },
    promotionDetail: { build: () => ({ query: { id: String(promotionIds.RELOAD500) } }) },
    applyPromotion: { build: () => ({ payload: { promotionId: promotionIds.WELCOME100 } }) },
    promotionClaims: { build: () => ({}) },
    claimBonus: { build: ({ own }) => ({ payload: { claimId: own('claimId') } }) },
    myReferral: { build: () => ({}) },

    contractRequests: { build: () => ({}) },
    agentContract: { build: () => ({ query: { kind: 'salary' } }) },
    acceptContract: { build: async () => ({ payload: { contractId: await waitingContract('salary') } }) },
    refuseContract: { build: async () => ({ payload: { contractId: await waitingContract('dividend') } }) },

    slotSession: { build: () => ({ query: { mode: 'wallet' } }) },
    slotSpin: {
      build: () => ({ payload: { lineBet: SLOT_BET_LEVELS[0], requestKey: randomUUID(), mode: 'wallet' } }),
    },
    slotClientSeed: { build: () => ({ payload: { clientSeed: 'matrix-seed' } }) },
    slotRotateSeed: { build: () => ({ payload: {} }) },
    slotHistory: { build: () => ({}) },
    slotRound: { build: ({ own }) => ({ query: { roundId: own('slotRoundId') } }) },
    slotJackpot: { build: () => ({}) },

    lotteryGames: { build: () => ({}) },
    lotteryGame: { build: () => ({ query: { code: 'MB' } }) },
    recentLottery: { build: () => ({}) },
    lotteryResults: { build: () => ({ query: { code: 'MB' } }) },
    lotteryNumero: { build: () => ({ query: { code: 'MB' } }) },
    lotteryOrders: { build: () => ({}) },
    placeLotteryBet: {
      build: () => ({
        payload: {
          drawId,
          betType: 'LO2',
          prizeMode: 'Lott',
          selections: [['34']],
          points: 1,
          requestKey: randomUUID(),
        },
      }),
    },
    cancelLotteryBet: { build: ({ own }) => ({ payload: { betId: own('lotteryBetId') } }) },

    // A provider's calls, unsigned: the member's session or an operator's bearer is no credential there.
    providerAuthenticate: { build: () => ({ payload: { token: 'matrix-launch-token' } }) },
    providerBalance: { build: () => ({ payload: { sessionId: randomUUID() } }) },
    providerBet: { build: providerMovement },
    providerWin: { build: providerMovement },
    providerRollback: {
      build: () => ({
        payload: { sessionId: randomUUID(), transactionId: randomUUID(), betTransactionId: randomUUID() },
      }),
    },
    providerRoundEnd: { build: () => ({ payload: { sessionId: randomUUID(), roundId: 'matrix-round' } }) },
    providerCredit: {
      build: () => ({
        payload: {
          sessionId: randomUUID(),
          transactionId: randomUUID(),
          kind: 'jackpot',
          amount: 1_000,
          currency: 'VND',
        },
      }),
    },

    agentLinkVisit: { build: () => ({ payload: { code: AGENT_LINK } }) },
    agentApplicationState: { build: () => ({}) },
    agentApply: { build: () => ({ payload: { message: 'I would like to be an agent.' } }), fresh: 'account' },
    agentInfo: { build: () => ({}) },
    agentLinks: { build: () => ({}) },
    agentCreateLink: { build: () => ({ payload: { kind: 'member', campaign: 'matrix' } }) },
    agentUpdateLink: { build: () => ({ params: { code: AGENT_LINK }, payload: { active: true } }) },
    agentKpi: { build: () => ({}) },
    agentDownline: { build: () => ({}) },
    agentDownlineMember: { build: () => ({ params: { memberId: teamMemberId } }) },
    agentTeamReport: { build: () => ({ query: REPORT_DATES }) },
    agentTeamReportCsv: { build: () => ({ query: REPORT_DATES }) },
    agentAnnouncements: { build: () => ({}) },
    agentContracts: { build: () => ({}) },
    agentStatements: { build: () => ({}) },
    agentStatement: { build: () => ({ params: { id: statementId } }) },

    // Back office: the member's credentials, never an operator's (the operator roles have their own matrix).
    adminLogin: {
      // A username of its own per call: past a few wrong passwords a username asks for a captcha.
      build: () => ({
        payload: { username: `matrix-${randomUUID().slice(0, 8)}`, password: 'not-the-password-1' },
      }),
    },
    adminSession: { build: () => ({}) },
    adminLogout: { build: () => ({}) },
    adminOperators: { build: () => ({}) },
    adminCreateOperator: { build: () => ({ payload: { username: 'matrix-op', role: 'support' } }) },
    adminCaptcha: { build: () => ({}) },
    adminInvitation: { build: () => ({ payload: { token: MATRIX_INVITATION } }) },
    adminAcceptInvitation: {
      build: () => ({ payload: { token: MATRIX_INVITATION, password: 'a-long-password-1' } }),
    },
    adminChangePassword: {
      build: () => ({
        payload: { currentPassword: 'a-long-password-1', newPassword: 'another-password-1', code: '123456' },
      }),
    },
    adminRequestOperatorReset: {
      build: () => ({
        params: { operatorId: randomUUID() },
        payload: { password: true, twoFactor: true, note: 'matrix' },
      }),
    },
    adminOperatorRequests: { build: () => ({}) },
    adminDecideOperatorRequest: {
      build: () => ({ params: { requestId: randomUUID() }, payload: { approve: true } }),
    },
    adminCancelOperatorRequest: { build: () => ({ params: { requestId: randomUUID() } }) },
    adminUpdateOperator: { build: () => ({ payload: { readOnly: true } }) },
    adminAudit: { build: () => ({}) },
    adminDashboard: { build: () => ({}) },
    adminMembers: { build: () => ({}) },
    adminMember: { build: () => ({}) },
    adminSetMemberDisabled: { build: () => ({ payload: { disabled: true, reason: 'matrix' } }) },
    adminEndMemberSessions: { build: () => ({}) },
    adminSendMemberPasswordReset: { build: () => ({}) },
    adminAdjustments: { build: () => ({}) },
    adminCreateAdjustment: {
      build: () => ({
        payload: {
          memberId: randomUUID(),
          direction: 'credit',
          amount: 1000,
          reason: 'matrix',
          idempotencyKey: randomUUID(),
        },
      }),
    },
    adminDecideAdjustment: { build: () => ({ payload: { approve: true } }) },
    adminFreeRounds: { build: () => ({}) },
    adminFreeRoundsProviders: { build: () => ({}) },
    adminGrantFreeRounds: {
      build: () => ({
        payload: {
          username: 'matrix-nobody',
          providerCode: 'sandbox',
          gameId: 'matrix-game',
          rounds: 10,
          roundValue: 1_000,
          turnoverMultiple: 1,
          validDays: 7,
          reason: 'matrix probe',
          idempotencyKey: randomUUID(),
        },
      }),
    },
    adminDecideFreeRounds: { build: () => ({ payload: { approve: true } }) },
    adminDeliverFreeRounds: { build: () => ({}) },
    adminWithdrawals: { build: () => ({}) },
    adminApproveWithdrawal: { build: () => ({}) },
    adminRejectWithdrawal: { build: () => ({ payload: { reason: 'matrix' } }) },
    adminDeposits: { build: () => ({}) },
    adminAnnouncements: { build: () => ({}) },
    adminCreateAnnouncement: {
      build: () => ({ payload: { type: 'PL', title: { vi: 'matrix' }, content: { vi: 'matrix' } } }),
    },
    adminUpdateAnnouncement: {
      build: () => ({ payload: { type: 'PL', title: { vi: 'matrix' }, content: { vi: 'matrix' } } }),
    },
    // Back-office areas declared in their own files (an empty probe: the guard refuses before the body):
    adminPromotions: { build: () => ({}) },
    adminCreatePromotion: { build: () => ({}) },
    adminUpdatePromotion: { build: () => ({}) },
    adminPublishPromotion: { build: () => ({}) },
    adminDiscardPromotion: { build: () => ({}) },
    adminPromotionClaims: { build: () => ({}) },
    adminReportDaily: { build: () => ({}) },
    adminReportGames: { build: () => ({}) },
    adminReportPromotions: { build: () => ({}) },
    adminReportCsv: { build: () => ({}) },
    adminSiteStatus: { build: () => ({}) },
    adminSetSiteStatus: { build: () => ({}) },
    adminSiteSettings: { build: () => ({}) },
    adminSetSiteSettings: { build: () => ({}) },
    adminGameVendors: { build: () => ({}) },
    adminUpdateGameVendor: { build: () => ({}) },
    adminGames: { build: () => ({}) },
    adminUpdateGame: { build: () => ({}) },
    adminGameProviders: { build: () => ({}) },
    adminCreateGameVendor: { build: () => ({}) },
    adminCreateGame: { build: () => ({}) },
    adminImportGames: { build: () => ({}) },
    adminProviderRegistry: { build: () => ({}) },
    adminCreateProvider: { build: () => ({}) },
    adminUpdateProvider: { build: () => ({ params: { code: 'no-such-prov' } }) },
    adminSetProviderEnabled: { build: () => ({ params: { code: 'no-such-prov' } }) },
    adminRotateProviderKey: { build: () => ({ params: { code: 'no-such-prov' } }) },
    adminEndProviderKeyOverlap: { build: () => ({ params: { code: 'no-such-prov' } }) },
    adminLotteryDraws: { build: () => ({}) },
    adminVoidLotteryDraw: { build: () => ({}) },
    adminLotteries: { build: () => ({}) },
    adminCreateLottery: { build: () => ({}) },
    adminUpdateLottery: { build: () => ({ params: { code: 'NO_SUCH_LOTTERY' } }) },
    adminSetLotteryEnabled: { build: () => ({ params: { code: 'NO_SUCH_LOTTERY' } }) },
    adminLotteryOdds: { build: () => ({}) },
    adminChangeLotteryOdds: { build: () => ({}) },
    adminChats: { build: () => ({}) },
    adminChat: { build: () => ({}) },
    adminChatReply: { build: () => ({}) },
    adminCloseChat: { build: () => ({}) },
    adminFeedbackList: { build: () => ({}) },
    adminFeedback: { build: () => ({}) },
    adminReplyFeedback: { build: () => ({}) },
    adminSetFeedbackStatus: { build: () => ({}) },
    adminFeedbackImage: { build: () => ({}) },
    adminSendInbox: { build: () => ({}) },
    adminInboxMessages: { build: () => ({}) },
    adminAgentApplications: { build: () => ({}) },
    adminDecideAgentApplication: { build: () => ({}) },
    adminAgents: { build: () => ({}) },
    adminMakeAgent: { build: () => ({}) },
    adminOfferContract: { build: () => ({}) },
    adminContractProposals: { build: () => ({}) },
    adminApproveContract: { build: () => ({}) },
    adminRejectContract: { build: () => ({}) },
    adminSettlements: { build: () => ({}) },
    adminDecideSettlement: { build: () => ({}) },
    adminSettlePeriod: { build: () => ({}) },
    adminReconciliations: { build: () => ({}) },
    adminReconciliation: { build: () => ({ params: { runId: '1' } }) },
    adminRunReconciliation: { build: () => ({}) },
    adminControls: { build: () => ({}) },
    // The controls as they are: nothing loosens, nothing changes.
    adminChangeControls: { build: () => ({ payload: { ...DEFAULT_MONEY_CONTROLS, note: 'matrix' } }) },
    adminCreditRoom: { build: () => ({ query: { memberId: randomUUID() } }) },
    adminWithdrawalLimits: { build: () => ({}) },
    adminSetWithdrawalLimits: { build: () => ({}) },
    adminDepositChannels: { build: () => ({}) },
    adminCreateDepositChannel: { build: () => ({}) },
    adminUpdateDepositChannel: { build: () => ({ params: { code: 'no-such-channel' } }) },
    adminSetDepositChannelEnabled: { build: () => ({ params: { code: 'no-such-channel' } }) },
    adminReorderDepositChannels: { build: () => ({}) },
    adminDeleteDepositChannel: { build: () => ({ params: { code: 'no-such-channel' } }) },
    adminConfirmDeposit: { build: () => ({ params: { orderId: randomUUID() } }) },
    adminApproveDeposit: { build: () => ({ params: { orderId: randomUUID() } }) },
    adminRefuseDeposit: { build: () => ({ params: { orderId: randomUUID() } }) },
    adminUploadStatement: { build: () => ({}) },
    adminUnmatchedStatementLines: { build: () => ({}) },
    adminConfirmFromStatementLine: { build: () => ({ params: { lineId: '999999999' } }) },
    adminUploadImage: { build: () => ({ query: { place: 'banner_wide' } }) },
    adminBanners: { build: () => ({ query: { groupName: 'm_home' } }) },
    adminCreateBanner: { build: () => ({}) },
    adminUpdateBanner: { build: () => ({ params: { bannerId: '999999999' } }) },
    adminReorderBanners: { build: () => ({}) },
    adminHelp: { build: () => ({}) },
    adminCreateHelpTopic: { build: () => ({}) },
    adminUpdateHelpTopic: { build: () => ({ params: { tag: 'nosuchtopic' } }) },
    adminCreateHelpItem: { build: () => ({}) },
    adminUpdateHelpItem: { build: () => ({ params: { itemId: '999999999' } }) },
    adminMemberRisk: { build: () => ({ params: { memberId: randomUUID() } }) },
    adminAddMemberNote: {
      build: () => ({ params: { memberId: randomUUID() }, payload: { text: 'matrix' } }),
    },
    adminMemberTags: { build: () => ({}) },
    adminAddMemberTag: { build: () => ({ params: { memberId: randomUUID() }, payload: { name: 'matrix' } }) },
    adminRemoveMemberTag: { build: () => ({ params: { memberId: randomUUID(), tagId: '1' } }) },
    adminSetMemberRestriction: {
      build: () => ({
        params: { memberId: randomUUID(), kind: 'bonus' },
        payload: { restricted: true, reason: 'matrix' },
      }),
    },
    adminRiskSignals: { build: () => ({}) },
    adminReviewRiskSignal: { build: () => ({ params: { signalId: '1' }, payload: { note: 'matrix' } }) },
    adminSiteLinks: { build: () => ({}) },
    adminCreateSiteLink: { build: () => ({}) },
    adminUpdateSiteLink: { build: () => ({ params: { linkId: '999999999' } }) },
    adminDeleteSiteLink: { build: () => ({ params: { linkId: '999999999' } }) },
    adminReorderSiteLinks: { build: () => ({}) },
    adminVipLevels: { build: () => ({}) },
    adminAddVipLevel: { build: () => ({}) },
    adminUpdateVipLevel: { build: () => ({ params: { level: '999' } }) },
    adminDeleteVipLevel: { build: () => ({ params: { level: '999' } }) },
    adminBets: { build: () => ({}) },
    adminMembersCsv: { build: () => ({}) },
    adminDepositsCsv: { build: () => ({}) },
    adminWithdrawalsCsv: { build: () => ({}) },
    adminBetsCsv: { build: () => ({}) },
    adminAuditCsv: { build: () => ({}) },
    adminKycSubmissions: { build: () => ({}) },
    adminKycSubmission: { build: () => ({}) },
    adminKycPicture: { build: () => ({}) },
    adminApproveKyc: { build: () => ({}) },
    adminRejectKyc: { build: () => ({ payload: { reason: 'matrix' } }) },
  } satisfies Record<ApiCall, RouteProbe>;

  // ——— making a call as a caller ———

  /** The caller's credentials for one call (a new account when the call ends or changes it). */
  async function credentialsOf(caller: Caller, fresh: RouteProbe['fresh']): Promise<Identity | undefined> {
    switch (caller) {
      case 'visitor':
      case 'bearer':
        return undefined;
      case 'trial':
        return fresh ? trialMember() : trial;
      case 'other':
        return second;
      case 'member': {
        if (!fresh) return first;
        const who = await realMember();
        if (fresh === 'payment-password') {
          valueOf(
            await send(API.setPaymentPassword, who, {
              payload: { password: PAYMENT_PASSWORD, confirmPassword: PAYMENT_PASSWORD },
            }),
          );
        }
        return who;
      }
    }
  }

  async function answerOfCall(name: ApiCall, caller: Caller): Promise<{ answer: string; body: string }> {
    const entry = API[name];
    const route: RouteProbe = REQUESTS[name];
    const ip = freshIp();
    const who = await credentialsOf(caller, route.fresh);
    const mine: Partial<Resources> = caller === 'trial' ? trial : {};
    const own = <K extends keyof Resources>(key: K): Resources[K] =>
      (mine[key] as Resources[K] | undefined) ?? first[key];
    const probe = await route.build({ ip, own, who });

    const headers: Record<string, string> = { ...probe.headers };
    let payload: unknown = probe.payload;
    if (caller === 'bearer') headers.authorization = `Bearer ${RETIRED_BEARER}`;
    if (probe.encrypted !== undefined) {
      const sealed = await encryptAsBrowser(await getLoginKey(app), probe.encrypted);
      headers[LOGIN_KEY_HEADER] = sealed.header;
      payload = sealed.body;
    }
    if (probe.form) {
      const form = new FormData();
      for (const [field, value] of probe.form) {
        if (typeof value === 'string') form.append(field, value);
        else
          form.append(field, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
      }
      const request = new Request('http://localhost/', { method: 'PUT', body: form });
      headers['content-type'] = request.headers.get('content-type') ?? '';
      payload = Buffer.from(await request.arrayBuffer());
    }
    const cookies = [
      ...(who ? [`${SESSION_COOKIE}=${who.cookie}`] : []),
      ...(who?.chat ? [`${CHAT_COOKIE}=${who.chat}`] : []),
    ];
    if (cookies.length > 0) headers.cookie = cookies.join('; ');

    // Read as a stream: an event stream answers its status and headers at once and never ends by itself.
    const response = await app.inject({
      method: entry.method,
      url: withParams(entry.path, probe.params),
      remoteAddress: ip,
      headers: { 'accept-language': 'en', ...headers },
      ...(probe.query && { query: probe.query }),
      ...(payload !== undefined && { payload: payload as object }),
      payloadAsStream: true,
    });
    const contentType = String(response.headers['content-type'] ?? '');
    if (contentType.startsWith('text/event-stream')) {
      response.raw.res.destroy();
      return { answer: answerOf(response.statusCode, contentType, ''), body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
    const body = Buffer.concat(chunks).toString('utf8');
    return { answer: answerOf(response.statusCode, contentType, body), body };
  }

  it('declares every call of the API table, and only those', () => {
    expect(Object.keys(EXPECTATIONS).sort()).toEqual(Object.keys(API).sort());
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(API).sort());
  });

  describe('every call × every caller', () => {
    for (const name of Object.keys(API) as ApiCall[]) {
      const expectation: Expectation = EXPECTATIONS[name];
      it(`${API[name].method} ${API[name].path} (${name}): ${expectation.access}`, async () => {
        const expected: Partial<Record<Caller, Answer>> = {};
        const observed: Partial<Record<Caller, string>> = {};
        for (const caller of CALLERS) {
          const answer = expectedAnswer(expectation, caller);
          if (answer === undefined) continue;
          expected[caller] = answer;
          const { answer: got, body } = await answerOfCall(name, caller);
          observed[caller] = got;
          // A refusal tells nothing of the member whose ids were sent.
          if (got !== 'allowed') {
            expect(body).not.toContain(first.username);
            expect(body).not.toContain(first.memberId);
          }
        }
        expect(observed).toEqual(expected);
      });
    }
  });

  it('accepts the payment gateway’s signed callback (the only credential of depositCallback)', async () => {
    const { orderId } = valueOf<{ orderId: string }>(
      await send(API.createDepositOrder, first, {
        payload: { channelCode: 'bank-transfer', amount: 200_000 },
      }),
    );
    const rawBody = JSON.stringify({
      eventId: `evt_${randomUUID()}`,
      orderId,
      status: 'failed',
      amount: 200_000,
      currency: 'VND',
      gatewayTransactionId: 'GW654321',
      failureReason: 'declined',
    });
    const timestamp = String(Math.floor(time.clock().getTime() / 1000));
    const response = await app.inject({
      method: 'POST',
      url: API.depositCallback.path,
      headers: {
        'content-type': 'application/json',
        [GATEWAY_TIMESTAMP_HEADER]: timestamp,
        [GATEWAY_SIGNATURE_HEADER]: signCallback(PAYMENT_CALLBACK_SECRET, timestamp, rawBody),
      },
      payload: rawBody,
    });
    expect(response.statusCode, response.body).toBe(200);
    const wrong = await app.inject({
      method: 'POST',
      url: API.depositCallback.path,
      headers: {
        'content-type': 'application/json',
        [GATEWAY_TIMESTAMP_HEADER]: timestamp,
        [GATEWAY_SIGNATURE_HEADER]: signCallback('another-secret-of-at-least-32-chars!!', timestamp, rawBody),
      },
      payload: rawBody,
    });
    expect(json(wrong)).toMatchObject({ code: 'CALLBACK_SIGNATURE_INVALID' });
  });

  it('serves a feedback image to its sender only (a resource outside the API table)', async () => {
    const list = valueOf<{ list: { images: { url: string }[] }[] }>(await send(API.feedbackList, first)).list;
    const url = list.flatMap((item) => item.images)[0]?.url ?? '';
    expect(url.startsWith(FEEDBACK_IMAGE_PREFIX)).toBe(true);
    const image = { method: 'GET', path: url };
    expect((await send(image, first)).statusCode).toBe(200);
    expect(json(await send(image, second))).toMatchObject({ code: 'NOT_FOUND' });
    expect(json(await send(image, trial))).toMatchObject({ code: 'NOT_FOUND' });
    expect(json(await send(image, undefined))).toMatchObject({ code: 'NOT_LOGGED_IN' });
  });

  it('an agent reads only its own team: another agent’s downline, members, KPI and reports stay out', async () => {
    const [agentA, agentB, memberA, memberB] = await Promise.all([
      realMember(),
      realMember(),
      realMember(),
      realMember(),
    ]);
    await makeAgent(db(), agentA.memberId);
    await makeAgent(db(), agentB.memberId);
    await attach(db(), memberA.memberId, agentA.memberId);
    await attach(db(), memberB.memberId, agentB.memberId);
    await fund(memberA.memberId, 100_000);
    await fund(memberB.memberId, 900_000);
    const today = agentDate(time.clock());
    const dates = { from: today, to: today };

    for (const scope of ['direct', 'team']) {
      const downline = valueOf<{ list: { memberId: string }[]; total: number }>(
        await send(API.agentDownline, agentA, { query: { scope } }),
      );
      expect(downline.list.map((row) => row.memberId)).toEqual([memberA.memberId]);
      expect(downline.total).toBe(1);
    }
    const detail = (who: Identity, memberId: string) =>
      send({ method: 'GET', path: withParams(API.agentDownlineMember.path, { memberId }) }, who);
    expect((await detail(agentA, memberA.memberId)).statusCode).toBe(200);
    for (const [who, memberId] of [
      [agentA, memberB.memberId],
      [agentA, agentB.memberId],
      [agentB, memberA.memberId],
      [agentA, randomUUID()],
    ] as const) {
      const refused = await detail(who, memberId);
      expect(refused.statusCode).toBe(404);
      expect(json(refused)).toMatchObject({ code: 'NOT_FOUND' });
    }

    const kpi = valueOf<{
      direct: { teamSize: number; deposits: number };
      team: { teamSize: number; deposits: number };
    }>(await send(API.agentKpi, agentA, { query: { range: 'custom', ...dates } }));
    expect(kpi.direct).toMatchObject({ teamSize: 1, deposits: 100_000 });
    expect(kpi.team).toMatchObject({ teamSize: 1, deposits: 100_000 });
    const report = valueOf<{ totals: { teamSize: number; deposits: number } }>(
      await send(API.agentTeamReport, agentA, { query: dates }),
    );
    expect(report.totals).toMatchObject({ teamSize: 1, deposits: 100_000 });
    const csv = await send(API.agentTeamReportCsv, agentA, { query: { ...dates, lang: 'en' } });
    expect(csv.body).toContain(',100000,');
    expect(csv.body).not.toContain('900000');
  });

  it('without DEV_OUTBOX, DEV_CLOCK and the sandbox provider those calls do not exist', async () => {
    const bare = await buildTestApp(database.current, {
      clock: time.clock,
      config: { devOutbox: false, devClock: false, sandboxProvider: false },
    });
    try {
      const absent = (Object.keys(API) as ApiCall[]).filter((name) => {
        const expectation: Expectation = EXPECTATIONS[name];
        return expectation.access === 'dev';
      });
      expect(absent.sort()).toEqual(['devClock', 'outbox']);
      for (const name of absent) {
        const entry = API[name];
        for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: 'Bearer undefined' }]) {
          const response = await bare.inject({
            method: entry.method,
            url: entry.path,
            headers: { cookie: `${SESSION_COOKIE}=${first.cookie}`, ...headers },
            payload: entry.method === 'GET' ? undefined : {},
            payloadAsStream: true,
          });
          expect(response.statusCode, `${name} ${JSON.stringify(headers)}`).toBe(404);
          response.raw.res.destroy();
        }
      }
    } finally {
      await bare.close();
    }
  });
});
