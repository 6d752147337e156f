import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type BackgroundJob, onLeaderOnly } from '../../platform/module.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { GameRecordsService } from '../game-records/index.ts';
import { createGamesRepository } from '../games/index.ts';
import type { LedgerService } from '../wallet/index.ts';
import { createFreeRoundsBook } from './free-rounds.ts';
import { createHub88Adapter } from './hub88/adapter.ts';
import { hub88Routes } from './hub88/routes.ts';
import { hub88LaunchAdapter } from './hub88/launch.ts';
import { createHub88OperatorApi } from './hub88/operator-api.ts';
import { createProviderLaunch, type ProviderAdapter } from './launch.ts';
import { createPragmaticAdapter } from './pragmatic/adapter.ts';
import { pragmaticLaunchAdapter } from './pragmatic/launch.ts';
import { pragmaticRoutes } from './pragmatic/routes.ts';
import { providerNames } from './provider-names.ts';
import { createProviderReconciliation } from './reconcile.ts';
import { createCloseRoundsScheduler } from './close-rounds-scheduler.ts';
import { createReconcileScheduler } from './reconcile-scheduler.ts';
import { createProviderRegistry } from './registry.ts';
import { createProviderWalletRepository } from './repository.ts';
import { providerWalletRoutes } from './routes.ts';
import { createProviderWalletService } from './service.ts';
import type { WalletDeadlines } from './deadlines.ts';

export { checkProviderTransactions } from './provider-check.ts';
export {
  PROVIDER_RECONCILE_COMMAND,
  PROVIDER_RECONCILE_USAGE,
  parseReconcileSetup,
  reconcileAndPrint,
} from './reconcile-command.ts';
export {
  createProviderReconciliation,
  fetchProviderReport,
  type ProviderReconciliation,
  type ReportingProvider,
  ReportUnavailable,
} from './reconcile.ts';
export { WALLET_DEADLINES_MS, type WalletDeadlines } from './deadlines.ts';
export type { ProviderName } from './provider-names.ts';
export type { ProviderFreeRoundsRow } from '../../db/schema/index.ts';
export {
  createFreeRoundsBook,
  FREE_ROUNDS_MAX,
  FREE_ROUNDS_PURPOSE,
  FREE_ROUNDS_TURNOVER_MAX,
  type FreeRoundsBook,
  type FreeRoundsDraft,
} from './free-rounds.ts';
export { createProviderLaunch, type ProviderAdapter, type ProviderLaunch } from './launch.ts';
export {
  registerSandboxProvider,
  sandboxHub88Launch,
  sandboxPragmaticLaunch,
  sandboxProviderAdapter,
  sandboxProviderFreeRoundsUrl,
  sandboxProviderReportUrl,
} from './sandbox-provider.ts';
export { createProviderWalletRepository, type ProviderWalletRepository } from './repository.ts';
export {
  createProviderRegistry,
  type EnvironmentRegistration,
  type ProviderEntry,
  type ProviderRegistry,
} from './registry.ts';
export {
  createProviderWalletService,
  type ProviderWalletService,
  type SignedProviderRequest,
} from './service.ts';
export { refuseProviderSignature, signProviderMessage, signProviderRequest } from '@kl/signing/provider';

/**
 * The seamless wallet of external game providers wired together (docs/decisions/025-provider-wallet.md):
 * the service (the providers' calls, and the launch token the launch flow issues with
 * `issueLaunchToken`) and the signed calls under /api/provider-wallet.
 */
export function createProviderWalletModule(deps: {
  db: Db;
  clock: Clock;
  config: { merchantCode: string };
  /** Opens and seals the providers' signing keys (docs/decisions/034-secrets-at-rest.md). */
  secrets: SecretBox;
  ledgerService: LedgerService;
  gameRecordsService: GameRecordsService;
  checkPlay?: ((memberId: string) => Promise<void>) | undefined;
  /** The providers connected in this process (docs/decisions/027-provider-launch.md). */
  adapters?: readonly ProviderAdapter[];
  /**
   * The providers of Hub88's protocol connected in this process, by their code and games: they launch
   * through Hub88's `game/url` at their API address (docs/decisions/067-sandbox-hub88.md).
   */
  hub88Launches?: readonly Pick<ProviderAdapter, 'code' | 'gameOf'>[];
  /**
   * The providers of Pragmatic's protocol connected in this process, by their code and games: the site sends
   * the member to their game server with the launch token (docs/decisions/071-sandbox-pragmatic.md).
   */
  pragmaticLaunches?: readonly Pick<ProviderAdapter, 'code' | 'gameOf'>[];
  /**
   * The wallet's deadline of a call per game type, when not WALLET_DEADLINES_MS's (deadlines.ts,
   * docs/decisions/070-provider-replay-window.md): tests.
   */
  deadlines?: WalletDeadlines;
  /** Where each provider takes free rounds (docs/decisions/065-provider-credits.md). */
  freeRoundsUrl?: (providerCode: string) => string | undefined;
  /**
   * Runs the background jobs in this process (outside tests): the daily reconciliation and the closing of
   * rounds left open (docs/decisions/064-open-provider-rounds.md).
   */
  reconcileScheduler?: boolean;
  /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
  balanceChanged?: ((memberId: string) => void) | undefined;
}) {
  const games = createGamesRepository(deps.db);
  const findGame = (merchantCode: string, gameId: string, tx?: DbOrTx) =>
    games.findByGameId(merchantCode, gameId, tx);
  const wallet = createProviderWalletRepository(deps.db, deps.secrets);
  const reconciliation = createProviderReconciliation({
    clock: deps.clock,
    merchantCode: deps.config.merchantCode,
    repo: wallet,
  });
  const hub88 = createHub88OperatorApi();
  const freeRounds = createFreeRoundsBook({
    db: deps.db,
    clock: deps.clock,
    wallet,
    findGame,
    grantUrl: deps.freeRoundsUrl ?? (() => undefined),
    hub88,
  });
  const hub88Adapters = (deps.hub88Launches ?? []).map(({ code, gameOf }) =>
    hub88LaunchAdapter({
      code,
      gameOf,
      operatorApi: hub88,
      providerOf: (merchantCode) => wallet.findProvider(merchantCode, code),
    }),
  );
  const pragmaticAdapters = (deps.pragmaticLaunches ?? []).map(({ code, gameOf }) =>
    pragmaticLaunchAdapter({
      code,
      gameOf,
      providerOf: (merchantCode) => wallet.findProvider(merchantCode, code),
    }),
  );
  const providerWalletService = createProviderWalletService({
    db: deps.db,
    clock: deps.clock,
    merchantCode: deps.config.merchantCode,
    wallet,
    ledgerService: deps.ledgerService,
    gameRecords: deps.gameRecordsService,
    findGame,
    checkPlay: deps.checkPlay,
    balanceChanged: deps.balanceChanged,
    freeRounds,
    deadlines: deps.deadlines,
  });
  return {
    providerWalletService,
    /** Free rounds granted to members, handed to their providers (the back office grants them). */
    freeRounds,
    /** The daily reconciliation of the providers' reports (the back office reads and runs it). */
    reconciliation,
    /**
     * The providers as operators and the start set them up: added, renamed, switched, re-keyed with an
     * overlap (the back office's Game providers; docs/decisions/050-game-providers-in-the-back-office.md).
     */
    providerRegistry: createProviderRegistry({ db: deps.db, clock: deps.clock, wallet }),
    /** The merchant's providers by code, name and switch, never a key (the back office's vendor forms). */
    providerNames: (merchantCode: string) => providerNames(deps.db, merchantCode),
    /** Launches catalogue games at their providers (the games module's launch). */
    providerLaunch: createProviderLaunch({
      wallet: providerWalletService,
      adapters: [...(deps.adapters ?? []), ...hub88Adapters, ...pragmaticAdapters],
    }),
    async register(api: FastifyInstance): Promise<void> {
      await api.register(providerWalletRoutes, { providerWalletService });
      // Hub88's providers, in Hub88's protocol (docs/decisions/066-hub88-adapter.md).
      await api.register(hub88Routes, { adapter: createHub88Adapter(providerWalletService.run) });
      // Pragmatic Play's providers, in Pragmatic's protocol (docs/decisions/068-pragmatic-adapter.md).
      await api.register(pragmaticRoutes, { adapter: createPragmaticAdapter(providerWalletService.run) });
    },
    /**
     * With the jobs on, reconciles each provider's previous day once it is over, and closes the rounds left
     * open past their provider's time.
     */
    jobs(log: FastifyBaseLogger): BackgroundJob[] {
      if (!deps.reconcileScheduler) return [];
      return [
        onLeaderOnly(createReconcileScheduler({ reconciliation, clock: deps.clock, log })),
        onLeaderOnly(createCloseRoundsScheduler({ service: providerWalletService, log })),
      ];
    },
  };
}

export type ProviderWalletModule = ReturnType<typeof createProviderWalletModule>;
