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

/** Starts each module's jobs when the app is ready and stops them when it closes, the last started first. */
export function runModuleJobs(app: FastifyInstance, modules: readonly ServerModule[]): void {
  for (const job of modules.flatMap((module) => module.jobs?.(app.log) ?? [])) {
    app.addHook('onReady', async () => job.start());
    app.addHook('onClose', async () => job.stop());
  }
}
