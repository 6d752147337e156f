import type { ChangeFeed, ChangeTopic } from './change-feed.ts';
import type { Clock } from './clock.ts';

/**
 * Answers the same for everyone, kept in memory (docs/decisions/022-api-caching.md): one entry per key
 * (merchant, language, query), dropped when one of the cache's topics changes (change-feed.ts) and at
 * the latest `ttlMs` after it was read, on the service's clock (answers that depend on the time: shown
 * from, shown until, the next draw). A read that is under way is shared by the callers that ask
 * meanwhile; a read that fails is not kept.
 */

export interface AnswerCacheOptions<V> {
  changes: Pick<ChangeFeed, 'subscribe'>;
  topics: readonly ChangeTopic[];
  clock: Clock;
  /** How long an answer is kept at most, in the clock's time. */
  ttlMs: number;
  /** An earlier end for an answer (the next time it changes by itself), from the answer. */
  expiresAt?: (value: V, readAt: Date) => Date | undefined;
  /** How many keys are kept at most; the oldest goes first. */
  maxEntries?: number;
  /** Off: every call reads (docs/decisions/022-api-caching.md, ANSWER_CACHE). */
  enabled?: boolean;
}

export interface AnswerCache<V> {
  /** The kept answer of `key`, else `read()`'s, kept. */
  get(key: string, read: () => Promise<V>): Promise<V>;
  /** Drops every answer. */
  clear(): void;
}

/** Values handed out by a cache: shared by many calls and never changed in place. */
const keptValues = new WeakSet<object>();

/** Whether `value` is an answer kept in memory (its serialised text may be kept with it: serializer.ts). */
export function isKeptAnswer(value: object): boolean {
  return keptValues.has(value);
}

interface Entry<V> {
  value: Promise<V>;
  readAt: number;
  expiresAt: number;
}

export function createAnswerCache<V>(options: AnswerCacheOptions<V>): AnswerCache<V> {
  const { clock, ttlMs, maxEntries = 500, enabled = true } = options;
  const entries = new Map<string, Entry<V>>();
  const clear = () => entries.clear();
  for (const topic of options.topics) options.changes.subscribe(topic, clear);

  return {
    clear,
    get(key, read) {
      if (!enabled) return read();
      const now = clock().getTime();
      const kept = entries.get(key);
      // A clock moved back (development clock) makes the entry as old as unknown: read again.
      if (kept && now >= kept.readAt && now < kept.expiresAt) return kept.value;

      const entry: Entry<V> = { value: read(), readAt: now, expiresAt: now + ttlMs };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entry.value.then(
        (value) => {
          if (typeof value === 'object' && value !== null) keptValues.add(value);
          const end = options.expiresAt?.(value, new Date(now))?.getTime();
          if (end !== undefined && end < entry.expiresAt) entry.expiresAt = end;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
  };
}
