import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChannelListener } from './change-feed.ts';
import type { DbOrTx } from './db.ts';

/**
 * Wake-ups of open streams by topic, across every API process on the database
 * (docs/decisions/041-live-updates.md): the chat's streams (`kl_chat`) and the members' event streams
 * (`kl_balance`). A wake-up carries topic names only; each woken stream reads the database, the one
 * source of truth.
 *
 * `notify` tells the other processes through PostgreSQL's NOTIFY on the hub's channel (on a transaction:
 * at its commit; on the pool: at once); the sender wakes its own streams itself (`wake`) and ignores its
 * own notifications. When the listening connection was lost and is back, notifications of the meantime
 * are gone: every open stream is woken once.
 */
export interface LiveHub {
  subscribe(topic: string, wake: () => void): () => void;
  /** Tells the other processes that `topics` changed, at the commit of `tx` (or at once on the pool). */
  notify(tx: DbOrTx, topics: readonly string[]): Promise<void>;
  /** Wakes this process's streams of `topics`. */
  wake(topics: readonly string[]): void;
  /** Wakes every open stream of this process once. */
  wakeAll(): void;
  /** Remembers an open stream so that shutdown can end it; answers the function that forgets it. */
  track(close: () => void): () => void;
  /** Ends every open stream (server shutdown). */
  closeAll(): void;
  /**
   * Starts hearing the other processes (a no-op without a channel listener); `onError` hears of a
   * notification that could not be read.
   */
  start(onError?: (error: Error) => void): Promise<void>;
  /** Stops hearing the other processes. */
  close(): Promise<void>;
  readonly openStreams: number;
}

/**
 * The largest payload sent in one notification, in bytes: PostgreSQL refuses more than 8000; topics
 * beyond it go in further notifications.
 */
export const NOTICE_BYTES = 7_500;

interface Notice {
  /** The process that sent it. */
  origin: string;
  topics: string[];
}

function parseNotice(payload: string): Notice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Notice>;
    return typeof value.origin === 'string' &&
      Array.isArray(value.topics) &&
      value.topics.every((topic) => typeof topic === 'string')
      ? (value as Notice)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The payloads that carry `topics`, each within NOTICE_BYTES (a topic longer than that alone is dropped). */
export function noticePayloads(origin: string, topics: readonly string[]): string[] {
  const payloads: string[] = [];
  const encode = (batch: string[]) => JSON.stringify({ origin, topics: batch } satisfies Notice);
  let batch: string[] = [];
  for (const topic of topics) {
    const longer = [...batch, topic];
    if (Buffer.byteLength(encode(longer)) <= NOTICE_BYTES) {
      batch = longer;
      continue;
    }
    if (batch.length > 0) payloads.push(encode(batch));
    batch = Buffer.byteLength(encode([topic])) <= NOTICE_BYTES ? [topic] : [];
  }
  if (batch.length > 0) payloads.push(encode(batch));
  return payloads;
}

export function createLiveHub(deps: { channel: string; listen?: ChannelListener | undefined }): LiveHub {
  const { channel } = deps;
  const origin = randomUUID();
  const topics = new Map<string, Set<() => void>>();
  const streams = new Set<() => void>();
  let stop: (() => Promise<void>) | undefined;

  const wake = (names: readonly string[]) => {
    for (const name of names) for (const listener of topics.get(name) ?? []) listener();
  };
  const wakeAll = () => {
    for (const listeners of [...topics.values()]) for (const listener of [...listeners]) listener();
  };

  return {
    subscribe(topic, listener) {
      const listeners = topics.get(topic) ?? new Set();
      listeners.add(listener);
      topics.set(topic, listeners);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) topics.delete(topic);
      };
    },
    async notify(tx, names) {
      for (const payload of noticePayloads(origin, names)) {
        await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
      }
    },
    wake,
    wakeAll,
    track(close) {
      streams.add(close);
      return () => streams.delete(close);
    },
    closeAll() {
      for (const close of [...streams]) close();
    },
    async start(onError) {
      if (!deps.listen || stop) return;
      stop = await deps.listen(
        channel,
        (payload) => {
          const notice = parseNotice(payload);
          if (!notice) onError?.(new Error(`unreadable ${channel} notification: ${payload.slice(0, 200)}`));
          else if (notice.origin !== origin) wake(notice.topics);
        },
        wakeAll,
      );
    },
    async close() {
      const stopping = stop;
      stop = undefined;
      await stopping?.();
    },
    get openStreams() {
      return streams.size;
    },
  };
}
