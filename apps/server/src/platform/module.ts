import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db.ts';
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
 * the database the server closes in one of them.
 */
export function runModuleJobs(app: FastifyInstance, modules: readonly ServerModule[]): void {
  const jobs = modules.flatMap((module) => module.jobs?.(app.log) ?? []);
  for (const job of jobs) app.addHook('onReady', async () => job.start());
  // preClose hooks run in the order they were added (onClose hooks in the reverse one).
  for (const job of jobs.toReversed()) app.addHook('preClose', async () => job.stop());
}
