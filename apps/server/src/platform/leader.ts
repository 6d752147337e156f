import type { FastifyBaseLogger } from 'fastify';
import type { Database, SessionLock } from './db.ts';

/**
 * One leader among the API processes on one database, for the work that needs only one of them (the
 * lottery's draws, the agents' settlements, the providers' reconciliation; docs/decisions/042-scheduler-leader.md).
 * The leader is the process holding a PostgreSQL session advisory lock on a connection of its own; the
 * others try to take it every `retryMs`. When the leader dies its connection closes and the server frees
 * the lock, so another process leads within one retry period; a leader that loses its connection stops
 * its work at once and tries again like the others. Stopping hands over: the work stops, then the lock is
 * freed. Without a lock (PGlite: one process on its embedded database) the process always leads.
 */

/** Any number that identifies this application's scheduler lock among other users of the server. */
export const SCHEDULER_LEADER_KEY = 7_415_020_252;

/** How often a process that does not lead tries to take the lock, and the leader checks its connection. */
export const LEADER_RETRY_MS = 3_000;

export interface LeaderElection {
  /** Whether this process leads now. */
  readonly leading: boolean;
  /** Tries once to lead (the first attempt is awaited), then every `retryMs`. */
  start(): Promise<void>;
  /**
   * One attempt now, after any under way: takes the lock when free, or, leading, checks that the lock's
   * connection still answers. Answers whether this process leads.
   */
  check(): Promise<boolean>;
  /** Stops trying; leading, stops the leader's work, then frees the lock. */
  stop(): Promise<void>;
}

export function createLeaderElection(deps: {
  /** Where the lock comes from (`Database.leadership`); undefined: this process always leads. */
  leadership: Database['leadership'];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;
  /** Starts the leader's work when this process becomes the leader. */
  lead(): Promise<void>;
  /** Stops it when this process stops being the leader. */
  follow(): Promise<void>;
  key?: number;
  retryMs?: number;
}): LeaderElection {
  const { log } = deps;
  const retryMs = deps.retryMs ?? LEADER_RETRY_MS;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Every change of state runs after the one before it.
  let chain: Promise<unknown> = Promise.resolve();
  let pending: Promise<boolean> | undefined;

  const lock: SessionLock | undefined = deps.leadership?.(deps.key ?? SCHEDULER_LEADER_KEY, (reason) => {
    // The lock's connection is lost: the server has freed the lock, another process may take it now.
    void enqueue(() => resign(`its connection to the database was lost (${reason})`));
  });

  function enqueue<T>(step: () => Promise<T>): Promise<T> {
    const next = chain.then(step);
    chain = next.catch((error: unknown) => log.error({ err: error }, 'leader election step failed'));
    return next;
  }

  async function become(): Promise<void> {
    leading = true;
    if (lock) log.info({ retryMs }, 'this process is now the leader: it runs the schedulers');
    else log.debug('this process is the only one on its database: it runs the schedulers');
    await deps.lead();
  }

  async function resign(reason: string): Promise<void> {
    if (!leading) return;
    leading = false;
    log.warn({ reason }, 'this process is no longer the leader: it stops the schedulers');
    await deps.follow();
  }

  async function attempt(): Promise<boolean> {
    if (stopped) return false;
    if (!lock) {
      if (!leading) await become();
      return true;
    }
    const holds = await lock.tryHold();
    if (stopped) return false;
    if (holds && !leading) await become();
    if (!holds && leading) await resign('the lock could not be confirmed');
    return leading;
  }

  function check(): Promise<boolean> {
    pending ??= enqueue(attempt).finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    get leading() {
      return leading;
    },
    check,
    async start() {
      if (stopped || timer) return;
      await check().catch(() => false);
      if (!lock || stopped) return;
      timer = setInterval(() => void check().catch(() => false), retryMs);
      timer.unref();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await enqueue(async () => {
        try {
          if (leading) {
            leading = false;
            await deps.follow();
            if (lock) log.info('this process stops and hands over the leadership');
          }
        } finally {
          await lock?.release();
        }
      });
    },
  };
}
