import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db.ts';
import { createLeaderElection } from './leader.ts';
import type { MemberGuards } from './member-guard.ts';

/**
 * What every server module is built from (docs/conventions.md, layout): the database, the validated
 * configuration and the clock. `buildApp` makes it once and hands it to each `createXModule`, which takes
 * what it needs (`Pick<ModuleContext, 'db' | 'clock'>`) plus the services of the modules it uses.
 */
export interface ModuleContext {
  readonly db: Db;
  readonly config: AppConfig;
  readonly clock: Clock;
}

/** Work a module runs for the app's lifetime (a scheduler): started once the app is ready, stopped at close. */
export interface BackgroundJob {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
  /**
   * Runs in one process of those sharing the database, the leader (platform/leader.ts): started when this
   * process becomes the leader, stopped when it stops being it, and started again if it leads again.
   */
  leaderOnly?: boolean;
}

/**
 * A job that runs `work` every `tickMs` (the timer unreferenced: it keeps no process alive). A tick still
 * running is not doubled; a failure goes to `failed` and the next tick runs as usual. `stop` waits for the
 * tick in progress. `atStart`: a first tick when the job starts, `start` waiting for it (`wait`) or not
 * (`background`); none by default.
 */
export function intervalJob(
  work: () => Promise<void>,
  tickMs: number,
  failed: (error: unknown) => void,
  options: { atStart?: 'wait' | 'background' } = {},
): BackgroundJob & { tick(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = (): Promise<void> => {
    running ??= work()
      .catch(failed)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    tick,
    start(): void | Promise<void> {
      if (timer) return;
      timer = setInterval(() => void tick(), tickMs);
      timer.unref();
      if (options.atStart === 'wait') return tick();
      if (options.atStart === 'background') void tick();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** The job, run on the leader only (docs/decisions/042-scheduler-leader.md). */
export function onLeaderOnly(job: BackgroundJob): BackgroundJob {
  return { start: () => job.start(), stop: () => job.stop(), leaderOnly: true };
}

/**
 * The shape of a module: `createXModule(deps) → { xService, register(api, guards) }`. `register` adds the
 * module's calls inside the API context (under /api, with its rate limit and compression); a module
 * with pages outside /api (chat, withdrawal operator page) also has `registerPages(app)`, and a module
 * with work of its own in the background (the lottery's draws, the agents' settlements, the providers'
 * reconciliation) declares it in `jobs(log)` — none when its configuration turns it off. `buildApp`
 * registers every module of its list the same way; nothing is attached beside it.
 */
export interface ServerModule {
  register(api: FastifyInstance, guards: MemberGuards): Promise<void>;
  registerPages?(app: FastifyInstance): Promise<void>;
  jobs?(log: FastifyBaseLogger): BackgroundJob[];
}

/**
 * Starts each module's jobs when the app is ready and stops them as it begins to close (`preClose`), the
 * last started first: before every `onClose` hook, so a job's last work (the house roll-up's) still finds
 * the database the server closes in one of them. The jobs marked `leaderOnly` run while this process leads
 * (platform/leader.ts, elected through `database.leadership`; always without it): the election starts
 * after the other jobs and stops before them, handing the leadership over once its jobs have stopped.
 */
export function runModuleJobs(
  app: FastifyInstance,
  modules: readonly ServerModule[],
  options: { database?: Pick<Database, 'leadership'> } = {},
): void {
  const jobs = modules.flatMap((module) => module.jobs?.(app.log) ?? []);
  const everywhere = jobs.filter((job) => !job.leaderOnly);
  const leaderOnly = jobs.filter((job) => job.leaderOnly);
  for (const job of everywhere) app.addHook('onReady', async () => job.start());
  if (leaderOnly.length > 0) {
    const election = createLeaderElection({
      leadership: options.database?.leadership,
      log: app.log,
      lead: async () => {
        for (const job of leaderOnly) await job.start();
      },
      follow: async () => {
        for (const job of leaderOnly.toReversed()) await job.stop();
      },
    });
    app.addHook('onReady', () => election.start());
    // preClose hooks run in the order they were added (onClose hooks in the reverse one).
    app.addHook('preClose', () => election.stop());
  }
  for (const job of everywhere.toReversed()) app.addHook('preClose', async () => job.stop());
}
