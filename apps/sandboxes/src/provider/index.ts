import {
  SANDBOX_PROVIDER_CODE,
  SANDBOX_PROVIDER_NAME,
  type SandboxTableGame,
} from '@kl/contracts/sandbox-provider';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEVELOPMENT_PRAGMATIC_SECRET_KEY } from '@kl/signing/development-pragmatic';
import { type Clock, MINUTE_MS } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { createFishingService, PENDING_SHOT_MS } from './fishing.ts';
import { createFreeRoundsService, registerFreeRoundsRoute } from './free-rounds.ts';
import { developmentHub88Keys, type SandboxHub88Keys } from './hub88/keys.ts';
import { registerHub88OperatorApi } from './hub88/operator-api.ts';
import { createHub88OperatorService } from './hub88/operator-service.ts';
import { createHub88Records } from './hub88/records.ts';
import { routeWalletCalls } from './hub88/routing.ts';
import { createHub88WalletClient } from './hub88/wallet-client.ts';
import { createPragmaticGameServer, registerPragmaticGameServer } from './pragmatic/game-server.ts';
import { createPragmaticRecords } from './pragmatic/records.ts';
import { routePragmaticCalls } from './pragmatic/routing.ts';
import { createPragmaticWalletClient } from './pragmatic/wallet-client.ts';
import { createSandboxRepository, type SandboxDueTimes } from './repository.ts';
import { registerReportRoute, withCallLog } from './report.ts';
import { sandboxProviderRoutes } from './routes.ts';
import { createPassTimer, type PassTimer, type PassTimers, type SandboxActivity } from './scheduler.ts';
import { createSessionService } from './sessions.ts';
import { createSandboxSlot, PENDING_SPIN_MS } from './slots.ts';
import { createSportsBook, PENDING_SLIP_MS } from './sports-book.ts';
import { createTableService, RESULT_MS } from './tables.ts';
import { createWalletClient, type WalletTransportOptions } from './wallet-client.ts';

export { WalletRefusal, WalletUnreachable, createWalletClient, type WalletClient } from './wallet-client.ts';

/** The provider's code at the operator (the vendor of its rounds in the game records), and its name. */
export { SANDBOX_PROVIDER_CODE, SANDBOX_PROVIDER_NAME };
/** The first pass after the start. */
const FIRST_PASS_MS = 1_000;
/** A table opens new rounds while someone looked at it within this time. */
export const TABLE_ACTIVE_MS = 2 * MINUTE_MS;
/** The book keeps its programme of matches while someone looked at it within this time. */
export const BOOK_ACTIVE_MS = 10 * MINUTE_MS;

/** A part of a pass; `dueAt` says from the plan when it has work (epoch ms), null when it has none. */
interface PassPart {
  name: string;
  run: () => Promise<unknown>;
  dueAt: (due: SandboxDueTimes) => number | null;
}

const earliest = (...times: readonly (number | null | undefined)[]): number | null => {
  const known = times.filter((time): time is number => typeof time === 'number');
  return known.length === 0 ? null : Math.min(...known);
};
const plus = (time: number | null, ms: number) => (time === null ? null : time + ms);

/**
 * The sandbox game provider (docs/decisions/026-sandbox-provider.md), in the sandboxes process
 * (docs/decisions/036-sandboxes-process.md): a stand-in for a provider on other servers. Its games (live
 * tables, the sports book, fishing, the slot) keep their state in its own database and move money only
 * through the site's seamless wallet, over HTTP at `walletUrl`, signed with the provider's own key. The
 * operator hands it free rounds to play in the slot by a signed call (`free-rounds.ts`).
 *
 * It also speaks Hub88's protocol (docs/decisions/067-sandbox-hub88.md), as a second provider at the site
 * (`sandbox-hub88`): the operator launches its slot and grants free bets through Hub88's Operator API
 * (`hub88/operator-api.ts`), and the sessions opened from those launches call the wallet as Hub88 does
 * (`hub88/wallet-client.ts`); every other session, the native protocol (`hub88/routing.ts`). And it speaks
 * Pragmatic's (docs/decisions/071-sandbox-pragmatic.md), as a third provider (`sandbox-pragmatic`): the site
 * sends members to its game server with the launch token (`pragmatic/game-server.ts`), and the sessions
 * opened from those launches call the wallet as Pragmatic does (`pragmatic/wallet-client.ts`,
 * `pragmatic/routing.ts`). Its daily report lists the native protocol's calls only: the site reconciles it
 * as `sandbox`'s.
 *
 * `walletUrl` is read at each call (tests: a site listening on a port chosen at start).
 */
export function createSandboxProviderModule(deps: {
  db: Db;
  clock: Clock;
  providerCode?: string;
  secret: string;
  walletUrl: () => string;
  /** Runs the timer in this process (outside tests); tests call `tick` after moving the clock. */
  scheduler?: boolean;
  /** The timer's timeouts (tests record and fire them); Node's by default. */
  timers?: PassTimers;
  /** How both protocols' wallet calls go out. */
  walletOptions?: WalletTransportOptions;
  /** The keys of Hub88's protocol; the development keys the site knows by default. */
  hub88Keys?: SandboxHub88Keys;
  /** The secret key of Pragmatic's protocol; the development key the site knows by default. */
  pragmaticSecretKey?: string;
}) {
  const { db, clock } = deps;
  const code = deps.providerCode ?? SANDBOX_PROVIDER_CODE;
  const repo = createSandboxRepository(db);
  const transport: WalletTransportOptions = { backoffMs: (retry) => 200 * retry, ...deps.walletOptions };
  const hub88Keys = deps.hub88Keys ?? developmentHub88Keys();
  const hub88Records = createHub88Records(repo, clock);
  const pragmaticRecords = createPragmaticRecords(repo, clock);
  const nativeOrHub88 = routeWalletCalls({
    native: createWalletClient({
      baseUrl: deps.walletUrl,
      providerCode: code,
      secret: deps.secret,
      clock,
      ...transport,
    }),
    hub88: createHub88WalletClient({
      siteUrl: deps.walletUrl,
      keys: hub88Keys,
      records: hub88Records,
      ...transport,
    }),
    records: hub88Records,
  });
  const routedWallet = routePragmaticCalls({
    others: nativeOrHub88,
    pragmatic: createPragmaticWalletClient({
      siteUrl: deps.walletUrl,
      secretKey: deps.pragmaticSecretKey ?? DEVELOPMENT_PRAGMATIC_SECRET_KEY,
      records: pragmaticRecords,
      clock,
      ...transport,
    }),
    records: pragmaticRecords,
  });
  // Every money call is logged first: the provider's own record, which its daily report answers (and where
  // a Hub88 win finds its round's stake).
  const wallet = withCallLog(routedWallet, { repo, clock });
  let passes: PassTimer | undefined;
  /** Tables looked at, when, and when their next round opens. */
  const looks = new Map<SandboxTableGame, { lookedAt: number; reopensAt: number }>();
  let bookLookedAt = Number.NEGATIVE_INFINITY;
  const activity: SandboxActivity = {
    tableLooked(game, round) {
      looks.set(game, { lookedAt: clock().getTime(), reopensAt: round.closesAt.getTime() + RESULT_MS });
      passes?.wake(round.closesAt);
    },
    bookLooked() {
      bookLookedAt = clock().getTime();
      passes?.poke();
    },
    due(at) {
      passes?.wake(at);
    },
  };
  const activeTables = () => {
    const now = clock().getTime();
    return [...looks].filter(([, look]) => now - look.lookedAt < TABLE_ACTIVE_MS);
  };
  const bookActive = () => clock().getTime() - bookLookedAt < BOOK_ACTIVE_MS;

  const sessions = createSessionService({ repo, clock, wallet });
  const tables = createTableService({ db, repo, clock, wallet, activity });
  const book = createSportsBook({ repo, clock, wallet, activity });
  const fishing = createFishingService({ repo, clock, wallet, activity });
  const slot = createSandboxSlot({ repo, clock, wallet, activity });
  const freeRounds = createFreeRoundsService({ repo, clock });
  const hub88Operator = createHub88OperatorService({ repo, clock, siteUrl: deps.walletUrl });
  const pragmaticGames = createPragmaticGameServer({ repo, clock, siteUrl: deps.walletUrl });

  /** Opens the next round of the tables looked at recently whose result time is over. */
  async function reopenTables(all: boolean) {
    const now = clock().getTime();
    for (const [game, look] of activeTables()) {
      if (!all && look.reopensAt > now) continue;
      const round = await tables.currentRound(game);
      look.reopensAt = round.closesAt.getTime() + RESULT_MS;
    }
  }

  const parts: PassPart[] = [
    { name: 'tables', run: () => tables.settleDue(), dueAt: (due) => due.roundCloses },
    {
      name: 'rounds',
      run: () => reopenTables(false),
      dueAt: () => earliest(...activeTables().map(([, look]) => look.reopensAt)),
    },
    {
      name: 'programme',
      run: () => book.ensureMatches(),
      dueAt: () => (bookActive() ? book.programmeDueAt() : null),
    },
    {
      name: 'slips',
      run: () => book.settleDue(),
      dueAt: (due) =>
        earliest(due.matchEnds, due.slipEnds, due.slipUnpaid, plus(due.slipPending, PENDING_SLIP_MS)),
    },
    { name: 'fishing', run: () => fishing.recover(), dueAt: (due) => plus(due.shotPending, PENDING_SHOT_MS) },
    { name: 'slot', run: () => slot.recover(), dueAt: (due) => plus(due.spinPending, PENDING_SPIN_MS) },
  ];

  /** Runs the parts, each apart, so one failing (the wallet down) does not stop the others. */
  async function runParts(chosen: readonly PassPart[], log?: FastifyBaseLogger) {
    for (const part of chosen) {
      try {
        await part.run();
      } catch (error) {
        if (!log) throw error;
        log.error({ err: error, part: part.name }, 'sandbox provider pass failed');
      }
    }
  }

  /**
   * The timer's pass: reads when each part is due (one statement), runs the parts whose time has come
   * and answers when the next pass is due. A pass with nothing due is that one statement.
   */
  async function plannedPass(log: FastifyBaseLogger): Promise<number | null> {
    const now = clock().getTime();
    let due = await repo.dueTimes();
    const chosen = parts.filter((part) => {
      const at = part.dueAt(due);
      return at !== null && at <= now;
    });
    if (chosen.length > 0) {
      await runParts(chosen, log);
      due = await repo.dueTimes();
    }
    return earliest(...parts.map((part) => part.dueAt(due)));
  }

  let running: Promise<void> | undefined;

  /**
   * Every part at once, whatever is due (tests, after moving the clock); a tick still running is not
   * doubled. Without a logger a failure is thrown.
   */
  function tick(log?: FastifyBaseLogger): Promise<void> {
    running ??= runParts(
      parts.map((part) => (part.name === 'rounds' ? { ...part, run: () => reopenTables(true) } : part)),
      log,
    ).finally(() => {
      running = undefined;
    });
    return running;
  }

  /** Starts the timer (the app, with the scheduler; tests with their own timers). */
  function startTimer(log: FastifyBaseLogger, firstPassMs?: number): PassTimer {
    passes ??= createPassTimer({
      clock,
      log,
      pass: plannedPass,
      ...(deps.timers && { timers: deps.timers }),
    });
    passes.start(firstPassMs);
    return passes;
  }

  return {
    sessions,
    tables,
    book,
    fishing,
    slot,
    freeRounds,
    wallet,
    tick,
    startTimer,
    async register(api: FastifyInstance): Promise<void> {
      await api.register(sandboxProviderRoutes, { sessions, tables, book, fishing, slot });
      registerReportRoute(api, { repo, clock, providerCode: code, secret: deps.secret });
      await registerFreeRoundsRoute(api, {
        service: freeRounds,
        clock,
        providerCode: code,
        secret: deps.secret,
      });
      await registerHub88OperatorApi(api, { service: hub88Operator, keys: hub88Keys });
      registerPragmaticGameServer(api, pragmaticGames);
    },
    /** With the scheduler, settles what a restart left once the app is ready, and keeps the timer. */
    attach(app: FastifyInstance): void {
      app.addHook('onReady', async () => {
        if (deps.scheduler) startTimer(app.log, FIRST_PASS_MS);
      });
      app.addHook('onClose', async () => {
        await passes?.stop();
        await running;
      });
    },
  };
}

export type SandboxProviderModule = ReturnType<typeof createSandboxProviderModule>;
