import type { AddressInfo } from 'node:net';
import { SANDBOX_PROVIDER_CODE } from '@kl/contracts/sandbox-provider';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { createFishingService } from './fishing.ts';
import { createSandboxRepository } from './repository.ts';
import { sandboxProviderRoutes } from './routes.ts';
import { createSessionService } from './sessions.ts';
import { createSandboxSlot } from './slots.ts';
import { createSportsBook } from './sports-book.ts';
import { createTableService } from './tables.ts';
import { createWalletClient, type WalletClientOptions } from './wallet-client.ts';

export { WalletRefusal, WalletUnreachable, createWalletClient, type WalletClient } from './wallet-client.ts';

/** The provider's code at the operator (the vendor of its rounds in the game records). */
export { SANDBOX_PROVIDER_CODE };
export const SANDBOX_PROVIDER_NAME = 'Sandbox provider';
/** How often the scheduler opens rounds, settles closed ones, keeps the programme and pays slips. */
export const SANDBOX_PROVIDER_TICK_MS = 1_000;

/**
 * The sandbox game provider (docs/decisions/026-sandbox-provider.md): a stand-in for a provider on other
 * servers. Its games (live tables, the sports book, fishing, the slot) keep their state in their own tables
 * and move money only through the operator's seamless wallet, over HTTP at `walletUrl`, signed with the
 * provider's own key: the module would run unchanged in a process of its own.
 *
 * `walletUrl` is read at each call, so a server listening on a port chosen at start (tests: port 0) can
 * name its own address once it listens.
 */
export function createSandboxProviderModule(deps: {
  db: Db;
  clock: Clock;
  providerCode?: string;
  secret: string;
  walletUrl: () => string;
  /** Runs the timer in this process (outside tests); tests call `tick` after moving the clock. */
  scheduler?: boolean;
  /** Registers the provider at the operator at start (the app: `saveProvider`, idempotent). */
  register?: (provider: { code: string; name: string; secret: string }) => Promise<void>;
  walletOptions?: Partial<Pick<WalletClientOptions, 'fetch' | 'attempts' | 'backoffMs' | 'timeoutMs'>>;
}) {
  const { db, clock } = deps;
  const code = deps.providerCode ?? SANDBOX_PROVIDER_CODE;
  const wallet = createWalletClient({
    baseUrl: deps.walletUrl,
    providerCode: code,
    secret: deps.secret,
    clock,
    backoffMs: (retry) => 200 * retry,
    ...deps.walletOptions,
  });
  const repo = createSandboxRepository(db);
  const sessions = createSessionService({ repo, clock, wallet });
  const tables = createTableService({ db, repo, clock, wallet });
  const book = createSportsBook({ repo, clock, wallet });
  const fishing = createFishingService({ repo, clock, wallet });
  const slot = createSandboxSlot({ repo, clock, wallet });

  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** One pass: each part apart, so one failing (the wallet down) does not stop the others. */
  async function work(log?: FastifyBaseLogger) {
    const parts: [string, () => Promise<unknown>][] = [
      ['tables', () => tables.settleDue()],
      ['rounds', () => tables.openRounds()],
      ['programme', () => book.ensureMatches()],
      ['slips', () => book.settleDue()],
      ['fishing', () => fishing.recover()],
      ['slot', () => slot.recover()],
    ];
    for (const [part, run] of parts) {
      try {
        await run();
      } catch (error) {
        if (!log) throw error;
        log.error({ err: error, part }, 'sandbox provider tick failed');
      }
    }
  }

  /** One tick; a tick still running is not doubled. Without a logger a failure is thrown (tests). */
  function tick(log?: FastifyBaseLogger): Promise<void> {
    running ??= work(log).finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    sessions,
    tables,
    book,
    fishing,
    slot,
    wallet,
    tick,
    async register(api: FastifyInstance): Promise<void> {
      await api.register(sandboxProviderRoutes, { sessions, tables, book, fishing, slot });
    },
    /** Registers the provider when the app is ready; then, with the scheduler, settles what a restart left. */
    attach(app: FastifyInstance): void {
      app.addHook('onReady', async () => {
        // A database without the merchant yet (before `merchant:create`) still starts: no provider then.
        await deps
          .register?.({ code, name: SANDBOX_PROVIDER_NAME, secret: deps.secret })
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'the sandbox provider could not be registered at the wallet');
          });
        if (!deps.scheduler) return;
        // The first pass waits for the server to listen (the wallet is its own address).
        timer = setInterval(() => void tick(app.log), SANDBOX_PROVIDER_TICK_MS);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        if (timer) clearInterval(timer);
        timer = undefined;
        await running;
      });
    },
  };
}

export type SandboxProviderModule = ReturnType<typeof createSandboxProviderModule>;

/**
 * The wallet's address when the provider runs in the server it calls: the port the server listens on, on
 * the loopback of the address it listens on (127.0.0.1 for a wildcard).
 */
export function ownWalletUrl(server: { address(): AddressInfo | string | null }): string {
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the server is not listening on a port');
  const host =
    address.family === 'IPv6'
      ? address.address === '::'
        ? '[::1]'
        : `[${address.address}]`
      : address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address;
  return `http://${host}:${address.port}`;
}
