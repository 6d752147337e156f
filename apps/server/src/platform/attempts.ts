import { and, eq, type SQL, sql } from 'drizzle-orm';
import { attemptCounter } from '../db/schema/index.ts';
import { addMs, type Clock } from './clock.ts';
import type { DbOrTx } from './db.ts';

/**
 * Counting attempts before the check they guard (docs/decisions/017-money-integrity.md): one statement
 * adds the attempt and answers the new count, so N parallel attempts get the counts 1…N in some order
 * and at most `limit` of them are let through, however they interleave. A window that has passed starts
 * again at 1; a count that reaches the limit locks the key until `lockMs` after that attempt.
 */

export interface AttemptRule {
  /** Attempts allowed in one window. */
  limit: number;
  /** Length of the window. */
  windowMs: number;
  /** How long the key stays locked once the limit is reached, from that attempt (one window when left out). */
  lockMs?: number;
}

export type AttemptVerdict =
  | { allowed: true; count: number; remaining: number }
  | { allowed: false; count: number; retryAfterSeconds: number };

/**
 * A limit that never locks a key out: `free` attempts in a window go as they come; every further one
 * needs a proof of effort from the caller (`proven`: a solved captcha) and waits since the last one
 * counted: `firstDelayMs`, doubled at each attempt up to `maxDelayMs`. A window that has passed starts
 * again. Guessing stays slow, and whoever proves effort and waits always gets a try.
 */
export interface PaceRule {
  free: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export type PaceVerdict =
  | {
      allowed: true;
      count: number;
      /** The next attempt needs the proof (this one used the last free attempt or went past them). */
      proofNext: boolean;
    }
  | {
      allowed: false;
      /** `proof`: past the free attempts without the proof; `wait`: sooner than the delay. */
      reason: 'proof' | 'wait';
      retryAfterSeconds: number;
    };

export function createAttemptCounter(deps: { db: DbOrTx; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /**
     * Counts one attempt of `key` in `scope` and says whether it may go on. A locked key is not counted
     * further (its lock does not grow by being hammered) and answers how long it stays locked.
     */
    async hit(scope: string, key: string, rule: AttemptRule, tx: DbOrTx = db): Promise<AttemptVerdict> {
      const now = clock();
      const windowFrom = new Date(now.getTime() - rule.windowMs);
      const lockUntil = new Date(now.getTime() + (rule.lockMs ?? rule.windowMs));
      // Locked: counted, refused, the lock unchanged. A window (or a lock) that has passed: a new window.
      const c = attemptCounter;
      const locked = sql`(${c.lockedUntil} is not null and ${c.lockedUntil} > ${now})`;
      const fresh = sql`(${c.windowStart} <= ${windowFrom} or (${c.lockedUntil} is not null and ${c.lockedUntil} <= ${now}))`;
      const nextCount = sql`case when ${locked} then ${c.count} + 1 when ${fresh} then 1 else ${c.count} + 1 end`;
      const [row] = await tx
        .insert(attemptCounter)
        .values({
          scope,
          key,
          windowStart: now,
          count: 1,
          lockedUntil: rule.limit <= 1 ? lockUntil : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [c.scope, c.key],
          set: {
            count: nextCount,
            windowStart: sql`case when not ${locked} and ${fresh} then ${now} else ${c.windowStart} end`,
            lockedUntil: sql`case when ${locked} then ${c.lockedUntil} when ${nextCount} >= ${rule.limit} then ${lockUntil}::timestamptz else null end`,
            updatedAt: now,
          },
        })
        .returning({ count: c.count, lockedUntil: c.lockedUntil });
      if (!row) throw new Error('attempt counter answered no row');
      if (row.count > rule.limit) {
        const until = row.lockedUntil ?? lockUntil;
        return {
          allowed: false,
          count: row.count,
          retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
        };
      }
      return { allowed: true, count: row.count, remaining: rule.limit - row.count };
    },

    /**
     * Counts one attempt of `key` under a PaceRule, when it may go: one INSERT … ON CONFLICT DO UPDATE
     * … WHERE, which counts it and sets when the next may go only if this one may (a fresh window, a free
     * attempt left, or the proof given and the delay past). Parallel attempts queue on the row, each
     * deciding on what the one before it wrote, so a burst gets no more attempts than the same attempts
     * one after the other. An attempt refused is not counted: hammering does not lengthen the delay.
     */
    async pace(
      scope: string,
      key: string,
      rule: PaceRule,
      proven: boolean,
      tx: DbOrTx = db,
    ): Promise<PaceVerdict> {
      const now = clock();
      const windowFrom = new Date(now.getTime() - rule.windowMs);
      const c = attemptCounter;
      const fresh = sql`${c.windowStart} <= ${windowFrom}`;
      const nextCount = sql`case when ${fresh} then 1 else ${c.count} + 1 end`;
      // From the last free attempt on, the next one waits: first delay, doubled per attempt, capped.
      const nextAt = (count: SQL) =>
        sql`case when ${count} >= ${rule.free} then ${now}::timestamptz + least(${rule.maxDelayMs}::float8, ${rule.firstDelayMs}::float8 * power(2::float8, least(${count} - ${rule.free}, 30)::float8)) * interval '1 millisecond' else null end`;
      const mayGo = proven
        ? sql`${fresh} or ${c.count} < ${rule.free} or ${c.lockedUntil} is null or ${c.lockedUntil} <= ${now}`
        : sql`${fresh} or ${c.count} < ${rule.free}`;
      const [row] = await tx
        .insert(attemptCounter)
        .values({
          scope,
          key,
          windowStart: now,
          count: 1,
          lockedUntil: rule.free <= 1 ? addMs(now, rule.firstDelayMs) : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [c.scope, c.key],
          set: {
            count: nextCount,
            windowStart: sql`case when ${fresh} then ${now} else ${c.windowStart} end`,
            lockedUntil: nextAt(nextCount),
            updatedAt: now,
          },
          setWhere: mayGo,
        })
        .returning({ count: c.count });
      if (row) return { allowed: true, count: row.count, proofNext: row.count >= rule.free };
      const [state] = await tx
        .select({ count: c.count, lockedUntil: c.lockedUntil })
        .from(attemptCounter)
        .where(and(eq(c.scope, scope), eq(c.key, key)));
      const waitMs = Math.max(0, (state?.lockedUntil?.getTime() ?? 0) - now.getTime());
      return {
        allowed: false,
        reason: proven ? 'wait' : 'proof',
        retryAfterSeconds: Math.ceil(waitMs / 1000),
      };
    },

    /** Forgets the attempts of `key` (after a success that should clear them, e.g. a right password). */
    async clear(scope: string, key: string, tx: DbOrTx = db): Promise<void> {
      await tx.execute(sql`delete from attempt_counter where scope = ${scope} and key = ${key}`);
    },
  };
}

export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
