import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { rateLimitWindow } from '../db/schema/index.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Db } from './db.ts';

/**
 * The API's rate limit shared by every server process on one database
 * (docs/decisions/040-shared-rate-limits.md). Windows are fixed (a multiple of their length since the
 * epoch), so every process agrees on them and a refusal's Retry-After is the time to the window's end.
 *
 * - Far from the limit a call costs no statement: the process counts it locally, and every
 *   `flushIntervalMs` it adds the counts of all its keys to the table in one
 *   INSERT … ON CONFLICT DO UPDATE … RETURNING, whose totals become its view of the key's count.
 * - From about half the limit on (`localBudget`), each call of the key is one atomic upsert, which
 *   carries the key's unflushed local count with it, and goes through only if the total it answers is
 *   within the limit.
 * - A key whose known total has reached the limit is refused without a statement until its window ends
 *   (a window's count only grows).
 * - When the database does not answer, the process logs it once and counts locally (every call,
 *   against the whole limit) until a flush goes through again.
 */

/** The calls of a key a process lets through on its own count before asking the database. */
export const localBudget = (max: number): number => Math.max(0, Math.floor((max - 1) / 2));

export const RATE_LIMIT_FLUSH_MS = 200;
/** How often a flush forgets the entries of ended windows. */
const SWEEP_MS = 1000;
/** Rows of one flush statement at most (three parameters each, far below PostgreSQL's 65 535). */
const FLUSH_ROWS = 5000;

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

interface Entry {
  key: string;
  windowStart: number;
  windowMs: number;
  /** The key's total in the table, as the last statement of this process answered it. */
  known: number;
  /** Calls counted here and not yet added to the table. */
  pending: number;
  /** Calls sent to the table by statements that have not answered yet. */
  sent: number;
  /** Upserts of this entry under way (one at a time). */
  inFlight: number;
  /** Calls near the limit waiting for the entry's next upsert. */
  waiting: { callback: Callback; ttl: number }[];
}

export interface RateLimitLogger {
  error(object: object, message: string): void;
  info(message: string): void;
}

export interface SharedRateLimitOptions {
  db: Db;
  clock?: Clock;
  logger: RateLimitLogger;
  /** How often the local counts are flushed; 0 starts no timer (the caller flushes). */
  flushIntervalMs?: number;
}

export function createSharedRateLimit(options: SharedRateLimitOptions) {
  const { db, logger } = options;
  const clock = options.clock ?? systemClock;
  const flushIntervalMs = options.flushIntervalMs ?? RATE_LIMIT_FLUSH_MS;
  const entries = new Map<string, Entry>();
  /** The entries with calls counted here since the last flush. */
  const unflushed = new Set<Entry>();
  let nextSweepAt = 0;
  /** Set when a statement failed: counting is local until a flush goes through. */
  let offline = false;
  let flushing: Promise<void> | undefined;
  let longestWindowMs = 0;
  let nextCleanupAt = 0;

  const entryOf = (key: string, windowStart: number, windowMs: number): Entry => {
    const id = `${windowStart}\n${key}`;
    let entry = entries.get(id);
    if (!entry) {
      entry = { key, windowStart, windowMs, known: 0, pending: 0, sent: 0, inFlight: 0, waiting: [] };
      entries.set(id, entry);
      if (windowMs > longestWindowMs) longestWindowMs = windowMs;
    }
    return entry;
  };

  const upsert = async (rows: { key: string; windowStart: number; count: number }[]) =>
    db
      .insert(rateLimitWindow)
      .values(rows)
      .onConflictDoUpdate({
        target: [rateLimitWindow.key, rateLimitWindow.windowStart],
        set: { count: sql`${rateLimitWindow.count} + excluded.count` },
      })
      .returning({
        key: rateLimitWindow.key,
        windowStart: rateLimitWindow.windowStart,
        count: rateLimitWindow.count,
      });

  const goOffline = (error: unknown) => {
    if (offline) return;
    offline = true;
    logger.error({ err: error }, 'rate limit: the database did not answer, counting locally');
  };

  const incr = (key: string, callback: Callback, windowMs: number, max: number): void => {
    const now = clock().getTime();
    const windowStart = now - (now % windowMs);
    const ttl = windowStart + windowMs - now;
    const entry = entryOf(key, windowStart, windowMs);
    if (entry.known >= max) {
      callback(null, { current: entry.known + 1, ttl });
      return;
    }
    if (offline || entry.known + entry.sent + entry.pending < localBudget(max)) {
      entry.pending += 1;
      unflushed.add(entry);
      callback(null, { current: entry.known + entry.sent + entry.pending, ttl });
      return;
    }
    // Near the limit: the database counts this call (and what this process has not flushed yet).
    entry.waiting.push({ callback, ttl });
    if (entry.inFlight === 0) void ask(entry);
  };

  /**
   * One upsert of an entry at a time: the calls that arrive while one is under way wait and go together
   * in the next, behind the local counts it carries first. Each call's count is its place in the total
   * the upsert answers, so a process lets through exactly the calls whose place is within the limit.
   */
  const ask = async (entry: Entry): Promise<void> => {
    entry.inFlight += 1;
    while (entry.waiting.length > 0) {
      // Calls this process let through on its own count and a flush is writing: the upsert waits for
      // that flush, or the places it answers would leave those calls out (and let as many more through).
      while (entry.sent > 0 && flushing) await flushing;
      const calls = entry.waiting.splice(0);
      const carried = entry.pending;
      const count = carried + calls.length;
      entry.pending = 0;
      entry.sent += count;
      try {
        const [row] = await upsert([{ key: entry.key, windowStart: entry.windowStart, count }]);
        entry.sent -= count;
        const total = row?.count ?? entry.known + count;
        if (total > entry.known) entry.known = total;
        const first = total - calls.length + 1;
        calls.forEach((call, index) => call.callback(null, { current: first + index, ttl: call.ttl }));
      } catch (error) {
        entry.sent -= count;
        entry.pending += carried;
        unflushed.add(entry);
        goOffline(error);
        for (const call of calls) {
          entry.pending += 1;
          call.callback(null, { current: entry.known + entry.sent + entry.pending, ttl: call.ttl });
        }
      }
    }
    entry.inFlight -= 1;
  };

  /** Deletes the windows older than two windows, once a window; whether it did. */
  const deleteOldWindows = async (now: number): Promise<boolean> => {
    if (longestWindowMs === 0) return false;
    // The first one a window after the process counted its first call; then once a window.
    if (nextCleanupAt === 0) nextCleanupAt = now + longestWindowMs;
    if (now < nextCleanupAt) return false;
    nextCleanupAt = now + longestWindowMs;
    await db
      .delete(rateLimitWindow)
      .where(sql`${rateLimitWindow.windowStart} < ${now - 2 * longestWindowMs}`);
    return true;
  };

  const flushOnce = async (): Promise<void> => {
    const now = clock().getTime();
    const candidates = [...unflushed];
    unflushed.clear();
    // An entry with an upsert under way carries its local count with it: left for a later flush.
    const taken = candidates.filter((entry) => entry.pending > 0 && entry.inFlight === 0);
    for (const entry of candidates) if (entry.pending > 0 && entry.inFlight > 0) unflushed.add(entry);
    const counts = new Map(taken.map((entry) => [entry, entry.pending]));
    for (const entry of taken) {
      entry.sent += entry.pending;
      entry.pending = 0;
    }
    try {
      for (let from = 0; from < taken.length; from += FLUSH_ROWS) {
        const part = taken.slice(from, from + FLUSH_ROWS);
        const rows = await upsert(
          part.map((entry) => ({
            key: entry.key,
            windowStart: entry.windowStart,
            count: counts.get(entry) ?? 0,
          })),
        );
        for (const row of rows) {
          const entry = entries.get(`${row.windowStart}\n${row.key}`);
          if (entry && row.count > entry.known) entry.known = row.count;
        }
        for (const entry of part) {
          entry.sent -= counts.get(entry) ?? 0;
          counts.delete(entry);
        }
      }
      const deleted = await deleteOldWindows(now);
      // Back to sharing only once a statement went through.
      if (offline && (taken.length > 0 || deleted))
        logger.info('rate limit: the database answers again, counting shared');
      if (taken.length > 0 || deleted) offline = false;
    } catch (error) {
      for (const [entry, count] of counts) {
        entry.sent -= count;
        entry.pending += count;
        unflushed.add(entry);
      }
      goOffline(error);
    }
    if (now < nextSweepAt) return;
    nextSweepAt = now + SWEEP_MS;
    for (const [id, entry] of entries) {
      const ended = entry.windowStart + entry.windowMs <= now;
      if (ended && entry.pending === 0 && entry.sent === 0 && entry.inFlight === 0) entries.delete(id);
    }
  };

  /** Adds the local counts to the table (one flush at a time; a call during one waits for it). */
  const flush = (): Promise<void> => {
    flushing ??= flushOnce().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  let timer: NodeJS.Timeout | undefined;
  if (flushIntervalMs > 0) {
    timer = setInterval(() => void flush(), flushIntervalMs);
    timer.unref();
  }

  /** A store of @fastify/rate-limit on these counts; a route's own limit counts under its own prefix. */
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      incr(this.prefix + key, callback, timeWindow, max);
    }
    /** The plugin passes the route's merged limit options, with the route itself under `routeInfo`. */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      type Route = { method?: unknown; url?: string };
      const route = (options as unknown as { routeInfo?: Route }).routeInfo ?? (options as Route);
      const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method ?? '');
      return new SharedStore(undefined, `${this.prefix}${method} ${route.url ?? ''} `);
    }
  }

  return {
    Store: SharedStore,
    flush,
    /** Stops the timer and flushes what is left (the app's preClose). */
    async close(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
    /** Keys counted in this process and not flushed yet (tests, diagnostics). */
    pendingCount: (): number => [...entries.values()].reduce((sum, entry) => sum + entry.pending, 0),
  };
}

export type SharedRateLimit = ReturnType<typeof createSharedRateLimit>;
