import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { OutboxSender } from '../../platform/outbox.ts';
import type { AgentContractService } from '../agent-contracts/index.ts';
import type { AgentsModule } from '../agents/index.ts';
import type { ChatService } from '../chat/index.ts';
import type { DepositService } from '../deposit/index.ts';
import type { LotteryService } from '../lottery/index.ts';
import type { MerchantRepository, MerchantService } from '../merchant/index.ts';
import type {
  FreeRoundsBook,
  ProviderName,
  ProviderReconciliation,
  ProviderRegistry,
} from '../provider-wallet/index.ts';
import { createRegisterRepository } from '../register/index.ts';
import type { StatusService } from '../status/index.ts';
import { createImageStore } from '../images/index.ts';
import { createCaptchaRepository, createCaptchaService } from '../verification/index.ts';
import type { LedgerService, WageringService } from '../wallet/index.ts';
import type { WithdrawalService } from '../withdrawal/index.ts';
import { registerAgentAdminRoutes } from './agents/agents-routes.ts';
import { registerSettlementAdminRoutes } from './agents/settlements-routes.ts';
import { registerAnnouncementRoutes } from './announcements/routes.ts';
import { registerBannerAdminRoutes } from './banners/routes.ts';
import { createBannerAdmin } from './banners/service.ts';
import { registerHelpAdminRoutes } from './help/routes.ts';
import { createHelpAdmin } from './help/service.ts';
import { createImageUploads, registerImageUploadRoutes } from './images/routes.ts';
import { createAnnouncementAdmin } from './announcements/service.ts';
import { registerAdjustmentRoutes } from './adjustments/routes.ts';
import { createAdjustmentService } from './adjustments/service.ts';
import { createAuditLog } from './audit.ts';
import { registerBetRoutes } from './bets/routes.ts';
import { createBetsList } from './bets/service.ts';
import { createCsvExports } from './exports/csv-export.ts';
import { createControlsChange, createControlsChangeKind } from './controls/change.ts';
import { registerControlsRoutes } from './controls/routes.ts';
import { createControlsService } from './controls/service.ts';
import { registerChatRoutes } from './chat/routes.ts';
import { registerCredentialsRoutes } from './credentials-routes.ts';
import { createChatConsole } from './chat/service.ts';
import { registerDashboardRoutes } from './dashboard/routes.ts';
import { createDashboardService } from './dashboard/service.ts';
import { createDepositChannelsAdmin } from './deposits/channels.ts';
import { createDepositConfirmations } from './deposits/confirmations.ts';
import { registerPaymentsRoutes } from './deposits/payments-routes.ts';
import { registerDepositRoutes } from './deposits/routes.ts';
import { createDepositOrders } from './deposits/service.ts';
import { createBankStatements } from './deposits/statements.ts';
import { createWithdrawalLimitsAdmin } from './deposits/withdrawal-limits.ts';
import { registerFeedbackRoutes } from './feedback/routes.ts';
import { createFeedbackDesk } from './feedback/service.ts';
import { registerGameProvidersRoutes } from './game-providers/routes.ts';
import { createGameProvidersAdmin } from './game-providers/service.ts';
import { registerCatalogueAdminRoutes } from './games/catalogue-routes.ts';
import { createCatalogueAdmin } from './games/catalogue-service.ts';
import { registerGamesAdminRoutes } from './games/routes.ts';
import { createGamesAdmin } from './games/service.ts';
import { createBackOfficeGuard } from './guard.ts';
import { registerInboxRoutes } from './inbox/routes.ts';
import { createInboxSender } from './inbox/service.ts';
import { createInvitationRepository } from './invitation-repository.ts';
import { createInvitations } from './invitations.ts';
import { registerKycRoutes } from './kyc/routes.ts';
import { createKycDesk } from './kyc/service.ts';
import { registerLotteryAdminRoutes } from './lottery/routes.ts';
import { createLotteriesAdmin } from './lottery/lotteries.ts';
import { createLotteryOddsAdmin, createLotteryOddsKind } from './lottery/odds.ts';
import { createLotteryDrawsAdmin } from './lottery/service.ts';
import { registerMemberRoutes } from './members/routes.ts';
import { createMemberService } from './members/service.ts';
import { createOperatorRepository } from './operator-repository.ts';
import { createOperatorRequestRepository } from './operator-request-repository.ts';
import { createOperatorRequests } from './operator-requests.ts';
import { createOperatorResetKind } from './operator-reset.ts';
import { createOperatorService } from './operator-service.ts';
import { createOwnPassword } from './own-password.ts';
import { registerPromotionRoutes } from './promotions/routes.ts';
import { createPromotionAdmin } from './promotions/service.ts';
import { registerReconciliationRoutes } from './reconciliation/routes.ts';
import { registerFreeRoundsRoutes } from './free-rounds/routes.ts';
import { createFreeRoundsAdmin } from './free-rounds/service.ts';
import { registerReportRoutes } from './reports/routes.ts';
import { registerRiskRoutes } from './risk/routes.ts';
import { createRiskDesk } from './risk/service.ts';
import { createReportService } from './reports/service.ts';
import { registerOperatorRoutes } from './routes.ts';
import { createSegregation } from './segregation/service.ts';
import { createSignIn } from './sign-in.ts';
import { registerSiteLinkAdminRoutes } from './site-links/routes.ts';
import { createSiteLinksAdmin } from './site-links/service.ts';
import { registerSiteSettingsRoutes } from './site-settings/routes.ts';
import { createSiteSettingsAdmin } from './site-settings/service.ts';
import { registerSiteStatusRoutes } from './site-status/routes.ts';
import { createSiteStatusAdmin } from './site-status/service.ts';
import { registerVipAdminRoutes } from './vip/routes.ts';
import { createVipLevelChangeKind, createVipLevelsAdmin } from './vip/service.ts';
import { registerWithdrawalRoutes } from './withdrawals/routes.ts';
import { createWithdrawalQueue } from './withdrawals/service.ts';

export { createAuditLog, type AuditActor, type AuditLog } from './audit.ts';
export { createInvitationRepository } from './invitation-repository.ts';
export { createInvitations } from './invitations.ts';
export { createOperatorRepository } from './operator-repository.ts';
export {
  createOperatorOnCommandLine,
  createOperatorService,
  type OperatorService,
} from './operator-service.ts';
export { seedMoneyControls } from './controls/service.ts';
export { setMoneyControls } from './controls/testing.ts';

/**
 * The back office's calls under /api/admin (docs/back-office.md): operator sign-in with two-factor, the
 * role guard of every call, the audit log, and the areas an operator works in.
 */
export function createBackOfficeModule(
  deps: ModuleContext & {
    /** Seals and opens the operators' TOTP secrets (docs/decisions/034-secrets-at-rest.md). */
    secrets: SecretBox;
    /** The site switches (maintenance, allowed countries) are the status module's. */
    statusService: StatusService;
    /** Voiding a draw refunds its bets through the lottery module. */
    lotteryService: LotteryService;
    /** Manual adjustments post through the ledger. */
    ledgerService: LedgerService;
    /** Deposit orders confirmed by hand are credited through the deposit module's own credit. */
    depositService: Pick<DepositService, 'creditLocked' | 'credited'>;
    /** The withdrawal queue: list, approve, reject (exactly once, as the service guarantees). */
    withdrawalService: WithdrawalService;
    /** Turnover still owed and money it locks, shown beside a withdrawal. */
    wageringService: WageringService;
    /** The live chat console answers on the chat module's conversations. */
    chatService: ChatService;
    /** Agents: applications, making agents, settlements (the agents module's services). */
    agents: Pick<AgentsModule, 'hierarchyService' | 'settlementService'>;
    agentContractService: AgentContractService;
    /** The game providers' daily reconciliation (the provider wallet's); absent: its calls answer 404. */
    reconciliation?: ProviderReconciliation | undefined;
    /** The merchant's game providers, what a vendor may be played by (the provider wallet's); absent: none. */
    gameProviders?: ((merchantCode: string) => Promise<ProviderName[]>) | undefined;
    /** The game providers and their keys as operators set them up (the provider wallet's); absent: 404. */
    providerRegistry?: ProviderRegistry | undefined;
    /** Free rounds granted to members at providers (the provider wallet's); absent: its calls answer 404. */
    freeRounds?: FreeRoundsBook | undefined;
    /** Operators' changes of what is kept in memory are published there (docs/decisions/022-api-caching.md). */
    changes?: ChangeFeed | undefined;
    /** Where the sign-in captchas' answers go in development (the site's captchas, verification module). */
    outbox: OutboxSender;
    /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
    balanceChanged?: ((memberId: string) => void) | undefined;
    /** The merchant's settings (site settings) are the merchant module's rows. */
    merchants: MerchantRepository;
    /** The merchant as kept in memory (its time zone, in the operator's session answer). */
    merchantService: MerchantService;
    /** Whether SMS codes reach someone: SMS verification and SMS sign-in may be switched on. */
    smsAvailable: boolean;
    /** Whether Google / Facebook sign-in is configured: their toggles may be switched on. */
    socialLoginAvailable: boolean;
  },
) {
  const { db, config, clock } = deps;
  const merchantCode = config.merchantCode;
  const issuer = merchantCode;
  const audit = createAuditLog({ db, clock, merchantCode });
  const operators = createOperatorRepository(db, deps.secrets);
  const captchaService = createCaptchaService({
    db,
    captchas: createCaptchaRepository(db),
    outbox: deps.outbox,
    clock,
  });
  const timeZone = async () => (await deps.merchantService.getMerchant(merchantCode)).timeZone;
  const signIn = createSignIn({
    db,
    clock,
    merchantCode,
    issuer,
    operators,
    audit,
    captchaService,
    timeZone,
  });
  const invitations = createInvitations({
    db,
    clock,
    merchantCode,
    issuer,
    operators,
    invitations: createInvitationRepository(db),
    audit,
    startSession: signIn.startSession,
  });
  const operatorService = createOperatorService({ db, clock, merchantCode, operators, audit, invitations });
  const ownPassword = createOwnPassword({ db, clock, merchantCode, operators, audit });
  const controls = createControlsService({ db, clock, merchantCode });
  // Requests a second owner approves; each kind with its handler (operator-requests.ts says how to add one).
  const requestRecords = createOperatorRequestRepository(db);
  const requests = createOperatorRequests({
    db,
    clock,
    merchantCode,
    requests: requestRecords,
    audit,
    handlers: {
      'operator.reset': createOperatorResetKind({ clock, merchantCode, operators, invitations, audit }),
      'controls.update': createControlsChangeKind({ merchantCode, controls, audit }),
      'vip_level.update': createVipLevelChangeKind({ db, merchantCode, audit }),
      'lottery_odds.update': createLotteryOddsKind({ db, merchantCode, audit }),
    },
  });
  const vipLevelsAdmin = createVipLevelsAdmin({ db, merchantCode, audit, requests, requestRecords });
  const controlsChange = createControlsChange({ db, merchantCode, controls, audit, requests });
  const guard = createBackOfficeGuard({ signIn, clock, secure: config.nodeEnv === 'production' });
  // Every list's and report's CSV goes through one writer (docs/back-office.md, "Exports").
  const exports = createCsvExports({ audit, clock, maxRows: config.exportMaxRows, timeZone });
  const memberService = createMemberService({ ...deps, merchantCode, audit, exports });
  const adjustmentService = createAdjustmentService({
    ...deps,
    merchantCode,
    audit,
    controls,
    grantedAtOnce: deps.freeRounds?.valueGrantedAtOnce,
  });
  const dashboardService = createDashboardService({ ...deps, merchantCode, timeZone });
  const segregation = createSegregation({ db, clock, merchantCode, controls });
  const withdrawalQueue = createWithdrawalQueue({
    ...deps,
    merchantCode,
    audit,
    controls,
    segregation,
    exports,
  });
  const depositOrders = createDepositOrders({ db, clock, merchantCode, operators, exports });
  const bets = createBetsList({ db, merchantCode, exports });
  const depositChannels = createDepositChannelsAdmin({ db, merchantCode, audit });
  const depositConfirmations = createDepositConfirmations({
    db,
    clock,
    merchantCode,
    audit,
    controls,
    operators,
    depositService: deps.depositService,
  });
  const bankStatements = createBankStatements({
    db,
    clock,
    merchantCode,
    audit,
    operators,
    confirmations: depositConfirmations,
  });
  const { changes } = deps;
  const announcementAdmin = createAnnouncementAdmin({ db, clock, merchantCode, audit, changes });
  const promotionAdmin = createPromotionAdmin({ db, clock, merchantCode, audit, controls, operators });
  const reportService = createReportService({ db, merchantCode, timeZone, exports });
  const siteStatusAdmin = createSiteStatusAdmin({ ...deps, merchantCode, audit });
  // Pictures, banners and the help centre (docs/back-office.md, "Pictures, banners and the help centre").
  const imageStore = createImageStore({ db, clock, merchantCode });
  const siteSettingsAdmin = createSiteSettingsAdmin({
    db,
    merchantCode,
    merchants: deps.merchants,
    registerRepository: createRegisterRepository(db),
    audit,
    imageStore,
    changes,
    smsAvailable: deps.smsAvailable,
    socialLoginAvailable: deps.socialLoginAvailable,
  });
  const providers = deps.gameProviders ?? (async () => []);
  const gamesAdmin = createGamesAdmin({ db, merchantCode, audit, changes, providers, imageStore });
  const catalogueAdmin = createCatalogueAdmin({ db, merchantCode, audit, changes, providers, imageStore });
  const lotteryDrawsAdmin = createLotteryDrawsAdmin({ ...deps, merchantCode, audit });
  const lotteriesAdmin = createLotteriesAdmin({ db, merchantCode, audit, changes });
  const oddsAdmin = createLotteryOddsAdmin({ db, merchantCode, audit, requests, requestRecords });
  const chatConsole = createChatConsole({ chatService: deps.chatService, audit });
  const feedbackDesk = createFeedbackDesk({ db, clock, merchantCode, audit });
  const inboxSender = createInboxSender({ db, clock, merchantCode, audit });
  const imageUploads = createImageUploads({ db, imageStore, audit });
  const bannerAdmin = createBannerAdmin({ db, clock, merchantCode, audit, imageStore, changes });
  const helpAdmin = createHelpAdmin({ db, clock, merchantCode, audit, changes });
  const siteLinksAdmin = createSiteLinksAdmin({ db, merchantCode, audit, changes });
  const riskDesk = createRiskDesk({ db, clock, merchantCode, audit, operators });
  const kycDesk = createKycDesk({ db, clock, merchantCode, audit, operators });

  return {
    operatorService,
    async register(api: FastifyInstance): Promise<void> {
      api.decorateRequest('operator', null);
      registerOperatorRoutes(api, { guard, signIn, operatorService, audit, timeZone, exports });
      registerCredentialsRoutes(api, {
        guard,
        merchantCode,
        captchaService,
        invitations,
        ownPassword,
        operators,
        requests,
      });
      registerMemberRoutes(api, { guard, memberService });
      registerAdjustmentRoutes(api, { guard, adjustmentService });
      registerControlsRoutes(api, { guard, controls, controlsChange });
      registerDashboardRoutes(api, { guard, dashboardService });
      registerWithdrawalRoutes(api, { guard, withdrawalQueue });
      registerDepositRoutes(api, { guard, depositOrders });
      registerPaymentsRoutes(api, {
        guard,
        channels: depositChannels,
        confirmations: depositConfirmations,
        statements: bankStatements,
        withdrawalLimits: createWithdrawalLimitsAdmin({ db, merchantCode, audit }),
      });
      registerAnnouncementRoutes(api, { guard, announcementAdmin });
      registerPromotionRoutes(api, { guard, promotionAdmin });
      registerReportRoutes(api, { guard, reportService });
      registerBetRoutes(api, { guard, bets });
      registerSiteStatusRoutes(api, { guard, siteStatusAdmin });
      registerSiteSettingsRoutes(api, { guard, siteSettingsAdmin });
      registerGamesAdminRoutes(api, { guard, gamesAdmin });
      registerCatalogueAdminRoutes(api, { guard, catalogueAdmin });
      if (deps.providerRegistry) {
        const gameProviders = createGameProvidersAdmin({
          db,
          merchantCode,
          audit,
          registry: deps.providerRegistry,
        });
        registerGameProvidersRoutes(api, { guard, gameProviders });
      }
      registerLotteryAdminRoutes(api, { guard, lotteryDrawsAdmin, lotteriesAdmin, oddsAdmin });
      registerChatRoutes(api, { guard, chatConsole });
      registerFeedbackRoutes(api, { guard, feedbackDesk });
      registerInboxRoutes(api, { guard, inboxSender });
      await registerImageUploadRoutes(api, { guard, imageUploads });
      registerBannerAdminRoutes(api, { guard, bannerAdmin });
      registerHelpAdminRoutes(api, { guard, helpAdmin });
      registerSiteLinkAdminRoutes(api, { guard, siteLinksAdmin });
      registerVipAdminRoutes(api, { guard, vipLevelsAdmin });
      registerRiskRoutes(api, { guard, riskDesk });
      registerKycRoutes(api, { guard, kycDesk });
      const agentsDeps = { db, clock, merchantCode, guard, audit, agents: deps.agents, operators };
      registerAgentAdminRoutes(api, { ...agentsDeps, agentContractService: deps.agentContractService });
      registerSettlementAdminRoutes(api, { ...agentsDeps, agentContractService: deps.agentContractService });
      if (deps.reconciliation)
        registerReconciliationRoutes(api, { guard, audit, reconciliation: deps.reconciliation });
      if (deps.freeRounds) {
        const freeRounds = createFreeRoundsAdmin({
          db,
          clock,
          merchantCode,
          audit,
          controls,
          book: deps.freeRounds,
          usedAtOnce: adjustmentService.usedAtOnce,
          operatorNames: (ids, tx) => operators.usernamesOf(ids, tx),
          providers,
        });
        registerFreeRoundsRoutes(api, { guard, freeRounds });
      }
    },
  };
}
