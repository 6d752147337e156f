import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createAccountsModules } from './modules/accounts.ts';
import { registerAdminApp } from './modules/admin-app/routes.ts';
import { createAgentContractsModule } from './modules/agent-contracts/index.ts';
import { createAgentsModule } from './modules/agents/index.ts';
import type { FirebaseKeySource } from './modules/auth/index.ts';
import { createBackOfficeModule } from './modules/back-office/index.ts';
import { createBrandModule } from './modules/brand/index.ts';
import { createChatModule } from './modules/chat/index.ts';
import { createContentModule } from './modules/content/index.ts';
import { createDepositModule } from './modules/deposit/index.ts';
import { createDevClockModule } from './modules/dev-clock/index.ts';
import { registerDocs } from './modules/docs/register.ts';
import { createFeedbackModule } from './modules/feedback/index.ts';
import { createImagesModule } from './modules/images/index.ts';
import { createKycModule } from './modules/kyc/index.ts';
import { createGameRecordsModule } from './modules/game-records/index.ts';
import { createGamesModule } from './modules/games/index.ts';
import { createHealthModule } from './modules/health/index.ts';
import { createLotteryModule } from './modules/lottery/index.ts';
import { createMemberEventsModule } from './modules/member-events/index.ts';
import {
  createMerchantRepository,
  createMerchantService,
  type Merchant,
  type MerchantService,
} from './modules/merchant/index.ts';
import { createOutboxModule } from './modules/outbox/index.ts';
import { createPromotionsModule } from './modules/promotions/index.ts';
import {
  createProviderWalletModule,
  registerSandboxProvider,
  sandboxHub88Launch,
  sandboxPragmaticLaunch,
  sandboxProviderAdapter,
  sandboxProviderFreeRoundsUrl,
} from './modules/provider-wallet/index.ts';
import { createResponsibleGamingModule } from './modules/responsible-gaming/index.ts';
import { createSlotModule } from './modules/slot/index.ts';
import { type CountryLookup, createStatusModule } from './modules/status/index.ts';
import { createVipModule } from './modules/vip/index.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import { registerWebApp } from './modules/web-app/routes.ts';
import { createWithdrawalModule } from './modules/withdrawal/index.ts';
import { createAnswerCache } from './platform/answer-cache.ts';
import { type ChangeFeed, createChangeFeed } from './platform/change-feed.ts';
import { fastifyTrustProxy, trustProxyWarning } from './platform/client-address.ts';
import { type Clock, createShiftableClock, MINUTE_MS, systemClock } from './platform/clock.ts';
import { type AppConfig, firebaseWebSettings, retiredSettingsWarning } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { errorHandlingPlugin } from './platform/error-handling.ts';
import { gracefulClosePlugin } from './platform/graceful-close.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMemberFeed } from './platform/member-feed.ts';
import { moduleIdPlugin } from './platform/module-id.ts';
import { type ModuleContext, runModuleJobs, type ServerModule } from './platform/module.ts';
import { createDevOutboxSender, type OutboxSender } from './platform/outbox.ts';
import { sameOriginPlugin } from './platform/same-origin.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { registerRateLimit, securityHeadersPlugin } from './platform/security.ts';
import { memoSerializerCompiler } from './platform/serializer.ts';
import { storedTextPlugin } from './platform/stored-text.ts';
import { SERVER_VERSION } from './platform/version.ts';

export interface AppOptions {
  config: AppConfig;
  /** An open, migrated database; its owner closes it. */
  database: Pick<Database, 'db' | 'kind' | 'listen' | 'leadership'>;
  /** Logger options; by default JSON lines at the configured level on stdout. */
  logger?: FastifyServerOptions['logger'];
  /** Country of a public IP; by default the bundled geo-IP database. */
  lookupCountry?: CountryLookup;
  /** When the process started (uptime of /api/health); by default now. */
  startedAt?: number;
  /** The current time of the accounts rules (expiry of sessions, codes, captchas); by default the system clock. */
  clock?: Clock;
  /** Where SMS codes, e-mails and captcha answers go; by default the development outbox table. */
  outbox?: OutboxSender;
  /** Certificates of Firebase's signing keys (quick login); by default fetched from FIREBASE_CERTS_URL. */
  firebaseKeySource?: FirebaseKeySource;
  /** Rolls up the house accounts' entries every second (docs/decisions/038-money-functions.md); by default outside tests. */
  houseRollUp?: boolean;
  /** Runs the lottery's draw scheduler; by default outside tests, or when LOTTERY_SCHEDULER=on. */
  lotteryScheduler?: boolean;
  /**
   * Where the sandbox provider is, read at each launch and report (tests: a sandboxes app listening on a
   * port chosen at start); by default SANDBOX_PROVIDER_URL.
   */
  sandboxProviderUrl?: () => string;
}

/**
 * The merchant (its switches and site information, read by nearly every call) kept in memory until a
 * change of the 'status' topic, and at most a minute (docs/decisions/022-api-caching.md).
 */
function cachedMerchantService(
  service: MerchantService,
  options: { changes: ChangeFeed; clock: Clock; enabled: boolean },
): MerchantService {
  const cache = createAnswerCache<Merchant>({ ...options, topics: ['status'], ttlMs: MINUTE_MS });
  return { getMerchant: (code) => cache.get(code, () => service.getMerchant(code)) };
}

/** Builds the whole application (API under /api, web app under /m) without listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // The client address the nearest trusted proxy saw, never X-Forwarded-For's left-most entry.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
  });
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning !== undefined) app.log.warn(proxyWarning);
  const retiredWarning = retiredSettingsWarning(config);
  if (retiredWarning !== undefined) app.log.warn(retiredWarning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoSerializerCompiler);

  // Callback hooks on every request: no promise per hook (docs/performance.md, API).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(gracefulClosePlugin);
  await app.register(errorHandlingPlugin);
  await app.register(moduleIdPlugin);
  await app.register(securityHeadersPlugin, {
    firebaseAuthDomain: firebaseWebSettings(config)?.authDomain,
    firebasePhoneAuth: config.firebasePhoneAuth,
    // The sandbox provider's game client, served here, calls its API at its own origin.
    providerOrigins: config.sandboxProvider ? [new URL(config.sandboxProviderUrl).origin] : [],
  });

  app.decorateRequest('member', null);

  const { db } = database;
  // What every module is built from, made once (docs/conventions.md, layout).
  // DEV_CLOCK (development only): a clock PUT /api/dev/clock can move, for end-to-end journeys.
  const shiftable = config.devClock ? createShiftableClock(options.clock ?? systemClock) : undefined;
  // The change feed: writes publish, in-memory answers drop (docs/decisions/022-api-caching.md).
  const changes = createChangeFeed({
    db,
    listen: database.listen,
    onError: (error) => app.log.error({ err: error }, 'change feed subscriber failed'),
  });
  await changes.start();
  app.addHook('onClose', () => changes.close());
  // Balances changed without the member's request wake the member's event streams in every process,
  // batched outside the money's transactions (docs/decisions/041-live-updates.md).
  const memberFeed = createMemberFeed({
    db,
    listen: database.listen,
    onError: (error) => app.log.warn({ err: error }, 'balance notification failed'),
  });
  const balanceChanged = memberFeed.changed;
  const context: ModuleContext = {
    db,
    config,
    clock: shiftable?.clock ?? options.clock ?? systemClock,
  };
  // The secrets kept in the database, sealed under SECRET_KEYS (docs/decisions/034-secrets-at-rest.md).
  const secrets = createSecretBox(config.secretKeys);
  const outbox = options.outbox ?? createDevOutboxSender(db);
  const merchants = createMerchantRepository(db);
  const merchantService = cachedMerchantService(createMerchantService({ merchants }), {
    changes,
    clock: context.clock,
    enabled: config.answerCache,
  });
  const status = createStatusModule({
    ...context,
    merchants,
    merchantService,
    lookupCountry: options.lookupCountry,
    changes,
  });
  const health = createHealthModule({ database, startedAt: options.startedAt ?? Date.now() });

  // The ledger first: a new trial member's demo credit is posted inside the trial login's transaction.
  const wallet = createWalletModule({
    ...context,
    houseRollUp: options.houseRollUp ?? config.nodeEnv !== 'test',
  });
  // Responsible gaming before the accounts: login, deposit and game launch ask it first.
  const responsibleGaming = createResponsibleGamingModule(context);
  const rg = responsibleGaming.responsibleGamingService;
  // VIP before the accounts: member info shows the member's level.
  const vip = createVipModule({ ...context, ledgerService: wallet.ledgerService });
  const agentContracts = createAgentContractsModule(context);
  // Agents (the hierarchy, the agent centre, the settlements of the contracts that pay) before the
  // accounts: a registration through an agent's link joins the agent's team.
  const agents = createAgentsModule({
    ...context,
    ledgerService: wallet.ledgerService,
    agentContractService: agentContracts.agentContractService,
  });
  const accounts = createAccountsModules({
    ...context,
    merchantService,
    outbox,
    secrets,
    firebaseKeySource: options.firebaseKeySource,
    onTrialMember: (member, tx) => wallet.creditTrialMember(member, tx),
    attachMember: (member, code, tx) => agents.hierarchyService.attachNewMember(member, code, tx),
    checkLogin: (member, tx) => rg.checkLogin(member, tx),
    vipLevelOf: (merchantCode, memberId) => vip.vipService.levelOf(merchantCode, memberId),
    realityCheckOf: (memberId) => rg.realityCheckOf(memberId),
  });

  // Game records: games that take bets record their rounds through gameRecords.gameRecordsService.
  // Every settled round counts toward the member's turnover requirements, in its own transaction.
  const gameRecords = createGameRecordsModule({
    ...context,
    onSettled: (round, tx) => wallet.wageringRules.roundSettled(round, tx),
  });
  // The in-house lottery: bets through the ledger, recorded in the game records; its draw scheduler.
  const lottery = createLotteryModule({
    ...context,
    ledgerService: wallet.ledgerService,
    checkPlay: (memberId) => rg.checkPlay(memberId),
    gameRecords: gameRecords.gameRecordsService,
    scheduler: options.lotteryScheduler ?? config.lotteryScheduler,
    balanceChanged,
  });
  // Chat streams are woken by messages stored in any process (docs/decisions/041-live-updates.md).
  const chat = createChatModule({ ...context, merchantService, listen: database.listen });
  const sandboxProviderUrl = options.sandboxProviderUrl ?? (() => config.sandboxProviderUrl);
  // The sandbox provider's faces in published protocols, outside production only.
  const sandboxFaces = config.sandboxProvider && config.nodeEnv !== 'production';
  // External game providers call the wallet for each stake and win (docs/decisions/025-provider-wallet.md).
  const providerWallet = createProviderWalletModule({
    ...context,
    secrets,
    ledgerService: wallet.ledgerService,
    gameRecordsService: gameRecords.gameRecordsService,
    checkPlay: (memberId) => rg.checkPlay(memberId),
    // Only the providers connected to this site launch games: the sandbox one when it is on, at its
    // address (the sandboxes process, docs/decisions/036-sandboxes-process.md).
    adapters: config.sandboxProvider ? [sandboxProviderAdapter(sandboxProviderUrl)] : [],
    // Its Hub88 face outside production (docs/decisions/067-sandbox-hub88.md).
    hub88Launches: sandboxFaces ? [sandboxHub88Launch] : [],
    // Its Pragmatic face outside production (docs/decisions/071-sandbox-pragmatic.md).
    pragmaticLaunches: sandboxFaces ? [sandboxPragmaticLaunch] : [],
    freeRoundsUrl: (code) =>
      config.sandboxProvider ? sandboxProviderFreeRoundsUrl(sandboxProviderUrl(), code) : undefined,
    reconcileScheduler: config.nodeEnv !== 'test',
    balanceChanged,
  });
  // The sandbox provider registered for the merchant at start, unless the back office took its key over
  // (docs/decisions/026-sandbox-provider.md, docs/decisions/050-game-providers-in-the-back-office.md).
  if (config.sandboxProvider) {
    registerSandboxProvider(app, providerWallet.providerRegistry, {
      merchantCode: config.merchantCode,
      secret: config.sandboxProviderSecret,
      apiUrl: config.sandboxProviderUrl,
      hub88: sandboxFaces,
      pragmatic: sandboxFaces,
    });
  }
  // Identity documents before withdrawals: the merchant's rules of a request ask for the member's check.
  const kyc = createKycModule(context);
  const withdrawal = createWithdrawalModule({
    ...context,
    ledgerService: wallet.ledgerService,
    lockedOf: (memberId) => wallet.wageringService.lockedOf(memberId),
    balanceChanged,
    endOtherSessions: (memberId, keepSessionId, tx) =>
      accounts.sessionService.revokeOthers(memberId, keepSessionId, tx),
    verifySecondFactor: (memberId, code) => accounts.twoFactorService.verifyForWithdrawal(memberId, code),
    kycStateOf: (memberId, tx) => kyc.kycService.stateOf(memberId, tx),
    twoFactorOn: (memberId, tx) => accounts.twoFactorService.isOn(memberId, tx),
  });

  const games = createGamesModule({
    ...context,
    checkPlay: (memberId) => rg.checkPlay(memberId),
    lotteryDraws: (merchantCode) => lottery.lotteryService.nextDrawsByCatalogueGame(merchantCode),
    providers: providerWallet.providerLaunch,
    changes,
  });
  const content = createContentModule({
    ...context,
    merchantService,
    resolveSession: (token) => accounts.sessionService.resolve(token),
    changes,
  });

  const deposit = createDepositModule({
    ...context,
    ledgerService: wallet.ledgerService,
    checkDeposit: (memberId, amount, currency, tx) => rg.checkDeposit(memberId, amount, currency, tx),
    balanceChanged,
  });

  /** Every module with calls under /api, in the order they register. */
  const modules: ServerModule[] = [
    health,
    status,
    createBrandModule({ ...context, merchantService }),
    accounts,
    games,
    content,
    createImagesModule(context),
    createFeedbackModule({ ...context, outbox }),
    chat,
    wallet,
    deposit,
    responsibleGaming,
    withdrawal,
    kyc,
    vip,
    createPromotionsModule({
      ...context,
      ledgerService: wallet.ledgerService,
      wageringRules: wallet.wageringRules,
      wageringService: wallet.wageringService,
    }),
    agentContracts,
    agents,
    gameRecords,
    lottery,
    createSlotModule({
      ...context,
      ledgerService: wallet.ledgerService,
      gameRecordsService: gameRecords.gameRecordsService,
      checkPlay: (memberId) => rg.checkPlay(memberId),
    }),
    providerWallet,
    createOutboxModule(context),
    createDevClockModule({ config, shiftable }),
    createBackOfficeModule({
      ...context,
      secrets,
      ledgerService: wallet.ledgerService,
      depositService: deposit.depositService,
      withdrawalService: withdrawal.withdrawalService,
      wageringService: wallet.wageringService,
      statusService: status.statusService,
      lotteryService: lottery.lotteryService,
      chatService: chat.chatService,
      agents,
      agentContractService: agentContracts.agentContractService,
      reconciliation: providerWallet.reconciliation,
      gameProviders: providerWallet.providerNames,
      providerRegistry: providerWallet.providerRegistry,
      freeRounds: providerWallet.freeRounds,
      changes,
      outbox,
      balanceChanged,
      merchants,
      merchantService,
      // SMS codes reach someone through a sender given to the app, or the development outbox's page.
      smsAvailable: options.outbox !== undefined || config.devOutbox,
      socialLoginAvailable: firebaseWebSettings(config) !== null,
    }),
    createMemberEventsModule({ feed: memberFeed, ledgerService: wallet.ledgerService }),
  ];

  // The API: its own context, so compression and the rate limit stay off the static files.
  await app.register(async (api) => {
    // No route takes a compressed request body (JSON and multipart only): the plugin's decompression
    // hooks stay off every route instead of running on each request (docs/performance.md).
    api.addHook('onRoute', (route) => {
      route.decompress ??= false;
    });
    // Cross-site POST, PUT, PATCH and DELETE refused first, before any route's own hook (the limiter,
    // the guards) or its body: one hook for every call
    // (docs/decisions/035-client-address-and-cross-site-requests.md).
    await api.register(sameOriginPlugin);
    await api.register(compress, { global: true, threshold: 1024 });
    await registerRateLimit(api, config.rateLimitMax, { db });
    // NUL and lone surrogates in any query, path parameter or body: 400 before any route sees them.
    await api.register(storedTextPlugin);
    await registerDocs(api, SERVER_VERSION);
    for (const module of modules) await module.register(api, accounts.guards);
  });
  runModuleJobs(app, modules, { database });

  for (const module of modules) await module.registerPages?.(app);
  // The pages' data (home's first screen, the status and a member's first answers in every other page)
  // comes from the services their API calls answer from.
  await registerWebApp(app, {
    webDist: config.webDist,
    homeServices: {
      merchantCode: config.merchantCode,
      statusService: status.statusService,
      contentService: content.contentService,
      gamesService: games.gamesService,
      lotteryService: lottery.lotteryService,
      memberService: accounts.memberService,
      ledgerService: wallet.ledgerService,
    },
    resolveSession: (token) => accounts.sessionService.resolve(token),
  });
  await registerAdminApp(app, { adminDist: config.adminDist });
  return app;
}
