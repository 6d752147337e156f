import type { ChannelListener } from './change-feed.ts';
import type { DbOrTx } from './db.ts';
import { createLiveHub, type LiveHub } from './live-hub.ts';

/**
 * The members whose balance changed without their own request (a provider's bet or win, a deposit
 * credited by the gateway, a lottery payout, an operator's adjustment or withdrawal decision), told to
 * the members' event streams of every API process (docs/decisions/041-live-updates.md, balance stream).
 *
 * `changed(memberId)` is called after the money's transaction committed; it only remembers the member.
 * Every BATCH_MS while some are pending, the feed wakes this process's streams of those members and sends
 * ONE `pg_notify` on the pool (several when the ids overflow a payload): never inside the money's
 * transaction, where NOTIFY would take PostgreSQL's commit-time lock of every notifying transaction, and
 * at most about ten notifications a second per process whatever the load. Every process listens on
 * BALANCE_CHANNEL and ignores its own notifications; a listening connection back after a loss wakes every
 * open stream once.
 */
export interface MemberFeed {
  /** Remembers that the member's balance changed (synchronous, in memory; call it after the commit). */
  changed(memberId: string): void;
  /** Calls `wake` after each change of the member's balance; answers the unsubscribe function. */
  subscribe(memberId: string, wake: () => void): () => void;
  /** Remembers an open stream so that shutdown can end it; answers the function that forgets it. */
  track(close: () => void): () => void;
  /** Ends every open stream (server shutdown). */
  closeAll(): void;
  /** Sends what is pending now (the batch's timer calls it). */
  flush(): Promise<void>;
  /** Starts hearing the other processes (a no-op without a channel listener). */
  start(): Promise<void>;
  /** Sends what is pending, then stops hearing the other processes. */
  close(): Promise<void>;
  readonly openStreams: number;
}

/** The PostgreSQL notification channel of the balance wake-ups. */
export const BALANCE_CHANNEL = 'kl_balance';

/** How long changes are gathered before one notification tells them. */
export const BATCH_MS = 100;

export function createMemberFeed(deps: {
  /** Where the notifications are sent: the pool, never a money transaction. */
  db: DbOrTx;
  listen?: ChannelListener | undefined;
  /** Hears of a notification that could not be sent or read. */
  onError?: (error: unknown) => void;
}): MemberFeed {
  const hub: LiveHub = createLiveHub({ channel: BALANCE_CHANNEL, listen: deps.listen });
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const members = [...pending];
    pending = new Set();
    hub.wake(members);
    try {
      await hub.notify(deps.db, members);
    } catch (error) {
      deps.onError?.(error);
    }
  }

  return {
    changed(memberId) {
      pending.add(memberId);
      if (timer !== undefined) return;
      timer = setTimeout(() => void flush(), BATCH_MS);
      timer.unref();
    },
    subscribe: (memberId, wake) => hub.subscribe(memberId, wake),
    track: (close) => hub.track(close),
    closeAll: () => hub.closeAll(),
    flush,
    start: () => hub.start((error) => deps.onError?.(error)),
    async close() {
      await flush();
      await hub.close();
    },
    get openStreams() {
      return hub.openStreams;
    },
  };
}
