import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db.ts';

/**
 * The change feed (docs/decisions/022-api-caching.md): a write that changes an answer kept in memory
 * (the game catalogue, the content, the site status, the lottery menu) publishes its topic; whatever
 * keeps such an answer subscribes to the topic and drops it.
 *
 * Within the process, subscribers hear a publish at once. Other processes on the same database hear it
 * through PostgreSQL's NOTIFY on one channel (PGlite has LISTEN/NOTIFY too): NOTIFY is transactional,
 * so when `publish` is given the write's transaction the others hear it at commit. This process hears
 * its own NOTIFY as well and tells its subscribers a second time: that second drop, after the commit,
 * clears an answer read again between the first drop and the commit.
 */

export const CHANGE_TOPICS = ['catalogue', 'content', 'status', 'lottery-menu'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** The PostgreSQL notification channel of the feed. */
export const CHANGE_CHANNEL = 'kl_changes';

/**
 * Listens on a notification channel of the database: calls `onPayload` for each notification, and
 * `onReconnect` when the listening connection was lost and is back (notifications may have been
 * missed meanwhile). Resolves to a function that stops listening.
 */
export type ChannelListener = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
) => Promise<() => Promise<void>>;

export interface ChangeFeed {
  /**
   * Tells the subscribers of `topic` that its data changed: in this process now, in the other
   * processes on the database at the commit of `tx` (or now without one).
   */
  publish(topic: ChangeTopic, tx?: DbOrTx): Promise<void>;
  /** Calls `listener` after each change of `topic`; returns the function that unsubscribes. */
  subscribe(topic: ChangeTopic, listener: () => void): () => void;
  /** Starts hearing the other processes (a no-op without a channel listener). */
  start(): Promise<void>;
  /** Stops hearing the other processes. */
  close(): Promise<void>;
}

interface Notice {
  topic: ChangeTopic;
  origin: string;
}

function parseNotice(payload: string): Notice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Notice>;
    return CHANGE_TOPICS.includes(value.topic as ChangeTopic) && typeof value.origin === 'string'
      ? (value as Notice)
      : undefined;
  } catch {
    return undefined;
  }
}

export function createChangeFeed(deps: {
  db: DbOrTx;
  listen?: ChannelListener | undefined;
  /** Reports a subscriber that threw (the other subscribers are still told). */
  onError?: (error: unknown) => void;
}): ChangeFeed {
  const origin = randomUUID();
  const listeners = new Map<ChangeTopic, Set<() => void>>();
  let stop: (() => Promise<void>) | undefined;

  const tell = (topic: ChangeTopic) => {
    for (const listener of listeners.get(topic) ?? []) {
      try {
        listener();
      } catch (error) {
        deps.onError?.(error);
      }
    }
  };
  const tellAll = () => {
    for (const topic of CHANGE_TOPICS) tell(topic);
  };

  return {
    async publish(topic, tx) {
      tell(topic);
      const payload = JSON.stringify({ topic, origin } satisfies Notice);
      await (tx ?? deps.db).execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    async start() {
      if (!deps.listen || stop) return;
      stop = await deps.listen(
        CHANGE_CHANNEL,
        (payload) => {
          const notice = parseNotice(payload);
          if (notice) tell(notice.topic);
        },
        tellAll,
      );
    },
    async close() {
      const stopping = stop;
      stop = undefined;
      await stopping?.();
    },
  };
}
