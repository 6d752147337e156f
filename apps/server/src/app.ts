import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { brandRoutes } from './modules/brand/routes.ts';
import { registerDocs } from './modules/docs/register.ts';
import { createHealthRepository } from './modules/health/repository.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createHealthService } from './modules/health/service.ts';
import { createMerchantRepository, createMerchantService } from './modules/merchant/index.ts';
import { createOutboxRepository } from './modules/outbox/repository.ts';
import { outboxRoutes } from './modules/outbox/routes.ts';
import { createOutboxService } from './modules/outbox/service.ts';
import { type CountryLookup, geoIpCountry } from './modules/status/geo-ip.ts';
import { statusRoutes } from './modules/status/routes.ts';
import { createStatusService } from './modules/status/service.ts';
import { registerWebApp } from './modules/web-app/routes.ts';
import { createAccountsModules } from './modules/accounts.ts';
import { createGamesRepository, createGamesService, gamesRoutes } from './modules/games/index.ts';
import { contentRoutes, createContentRepository, createContentService } from './modules/content/index.ts';
import { createChatModule } from './modules/chat/index.ts';
import { createFeedbackModule } from './modules/feedback/index.ts';
import type { FirebaseKeySource } from './modules/auth/index.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import { createDepositModule } from './modules/deposit/index.ts';
import { createWithdrawalModule } from './modules/withdrawal/index.ts';
import { createGameRecordsModule } from './modules/game-records/index.ts';
import { createResponsibleGamingModule } from './modules/responsible-gaming/index.ts';
import { createVipModule } from './modules/vip/index.ts';
import { createPromotionsModule } from './modules/promotions/index.ts';
import { createAgentContractsModule } from './modules/agent-contracts/index.ts';
import { createSlotModule } from './modules/slot/index.ts';
import { createLotteryModule } from './modules/lottery/index.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { createDevOutboxSender, type OutboxSender } from './platform/outbox.ts';
import { type AppConfig, firebaseWebSettings } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { errorHandlingPlugin } from './platform/error-handling.ts';
import { gracefulClosePlugin } from './platform/graceful-close.ts';
import { loggerOptions } from './platform/logger.ts';
import { moduleIdPlugin } from './platform/module-id.ts';
import { createOperatorAuth } from './platform/operator-auth.ts';
import { registerRateLimit, securityHeadersPlugin } from './platform/security.ts';
import { storedTextPlugin } from './platform/stored-text.ts';
import { SERVER_VERSION } from './platform/version.ts';

export interface AppOptions {
  config: AppConfig;
  /** An open, migrated database; its owner closes it. */
  database: Pick<Database, 'db' | 'kind'>;
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
  /** Runs the lottery's draw scheduler; by default outside tests, or when LOTTERY_SCHEDULER=on. */
  lotteryScheduler?: boolean;
}

/** Builds the whole application (API under /api, web app under /m) without listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(gracefulClosePlugin);
  await app.register(errorHandlingPlugin);
  await app.register(moduleIdPlugin);
  await app.register(securityHeadersPlugin, {
    firebaseAuthDomain: firebaseWebSettings(config)?.authDomain,
  });

  app.decorateRequest('member', null);

  const { db } = database;
  const merchants = createMerchantRepository(db);
  const merchantService = createMerchantService({ merchants });
  const statusService = createStatusService({
    merchants,
    merchantService,
    lookupCountry: options.lookupCountry ?? geoIpCountry,
  });
  const healthService = createHealthService({
    health: createHealthRepository(db),
    databaseKind: database.kind,
    version: SERVER_VERSION,
    startedAt: options.startedAt ?? Date.now(),
  });

  // The ledger first: a new trial member's demo credit is posted inside the trial login's transaction.
  const wallet = createWalletModule({ db, clock: options.clock ?? systemClock });
  // Responsible gaming before the accounts: login, deposit and game launch ask it first.
  const responsibleGaming = createResponsibleGamingModule({
    db,
    clock: options.clock ?? systemClock,
    secureCookies: config.nodeEnv === 'production',
  });
  const rg = responsibleGaming.responsibleGamingService;
  // VIP before the accounts: member info shows the member's level.
  const vip = createVipModule({ db, merchantCode: config.merchantCode, ledgerService: wallet.ledgerService });
  const accounts = createAccountsModules({
    db,
    config,
    merchantService,
    clock: options.clock ?? systemClock,
    outbox: options.outbox ?? createDevOutboxSender(db),
    firebaseKeySource: options.firebaseKeySource,
    onTrialMember: (member, tx) => wallet.creditTrialMember(member, tx),
    checkLogin: (member, tx) => rg.checkLogin(member, tx),
    vipLevelOf: (merchantCode, memberId) => vip.vipService.levelOf(merchantCode, memberId),
  });

  const feedback = createFeedbackModule({
    db,
    clock: options.clock ?? systemClock,
    outbox: options.outbox ?? createDevOutboxSender(db),
    guards: accounts.guards,
  });
  const chat = createChatModule({
    db,
    config,
    clock: options.clock ?? systemClock,
    merchantService,
    guards: accounts.guards,
  });

  const withdrawal = createWithdrawalModule({
    db,
    config,
    clock: options.clock ?? systemClock,
    ledgerService: wallet.ledgerService,
    lockedOf: (memberId) => wallet.wageringService.lockedOf(memberId),
  });

  // Game records: games that take bets record their rounds through gameRecords.gameRecordsService.
  // Every settled round counts toward the member's turnover requirements, in its own transaction.
  const gameRecords = createGameRecordsModule({
    db,
    clock: options.clock ?? systemClock,
    onSettled: (round, tx) => wallet.wageringRules.roundSettled(round, tx),
  });
  // The in-house lottery: bets through the ledger, recorded in the game records; its draw scheduler.
  const lottery = createLotteryModule({
    db,
    clock: options.clock ?? systemClock,
    merchantCode: config.merchantCode,
    ledgerService: wallet.ledgerService,
    checkPlay: (memberId) => rg.checkPlay(memberId),
    gameRecords: gameRecords.gameRecordsService,
    scheduler: options.lotteryScheduler ?? config.lotteryScheduler,
  });
  lottery.attachScheduler(app);

  // The API: its own context, so compression and the rate limit stay off the static files.
  await app.register(async (api) => {
    await api.register(compress, { global: true, threshold: 1024 });
    await registerRateLimit(api, config.rateLimitMax);
    // NUL and lone surrogates in any query, path parameter or body: 400 before any route sees them.
    await api.register(storedTextPlugin);
    await registerDocs(api, SERVER_VERSION);

    await api.register(healthRoutes, { healthService });
    await api.register(statusRoutes, {
      statusService,
      merchantCode: config.merchantCode,
      opsAuth: createOperatorAuth({
        credential: 'ops',
        token: config.opsToken,
        db,
        clock: options.clock ?? systemClock,
      }),
    });
    await api.register(brandRoutes, { merchantService, merchantCode: config.merchantCode });
    await accounts.register(api);
    await api.register(gamesRoutes, {
      gamesService: createGamesService({
        games: createGamesRepository(db),
        clock: options.clock ?? systemClock,
        checkPlay: (memberId) => rg.checkPlay(memberId),
        lotteryDraws: (merchantCode) => lottery.lotteryService.nextDrawsByCatalogueGame(merchantCode),
      }),
      guards: accounts.guards,
      merchantCode: config.merchantCode,
    });
    await api.register(contentRoutes, {
      contentService: createContentService({
        content: createContentRepository(db),
        merchantService,
        clock: options.clock ?? systemClock,
      }),
      guards: accounts.guards,
      resolveSession: (token) => accounts.sessionService.resolve(token),
      merchantCode: config.merchantCode,
    });
    await feedback.register(api);
    await chat.registerApi(api);
    await wallet.register(api, accounts.guards);
    await createDepositModule({
      db,
      config,
      clock: options.clock ?? systemClock,
      ledgerService: wallet.ledgerService,
      checkDeposit: (memberId, amount, currency, tx) => rg.checkDeposit(memberId, amount, currency, tx),
    }).register(api, accounts.guards);
    await responsibleGaming.register(api, accounts.guards);
    await withdrawal.registerApi(api, accounts.guards);
    await vip.register(api, accounts.guards);
    await createPromotionsModule({
      db,
      clock: options.clock ?? systemClock,
      ledgerService: wallet.ledgerService,
      wageringRules: wallet.wageringRules,
      wageringService: wallet.wageringService,
      merchantCode: config.merchantCode,
    }).register(api, accounts.guards);
    await createAgentContractsModule({ db, config, clock: options.clock ?? systemClock }).register(
      api,
      accounts.guards,
    );
    await gameRecords.register(api, accounts.guards);
    await lottery.register(api, accounts.guards);
    await createSlotModule({
      db,
      clock: options.clock ?? systemClock,
      ledgerService: wallet.ledgerService,
      gameRecordsService: gameRecords.gameRecordsService,
      checkPlay: (memberId) => rg.checkPlay(memberId),
    }).register(api, accounts.guards);
    // Never in production, whatever the configuration says.
    if (config.devOutbox && config.nodeEnv !== 'production') {
      await api.register(outboxRoutes, {
        outboxService: createOutboxService({ outbox: createOutboxRepository(db) }),
      });
    }
  });

  await chat.registerPages(app);
  await withdrawal.registerPages(app);
  await registerWebApp(app, { webDist: config.webDist });
  return app;
}
