import type { FastifyInstance } from 'fastify';
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

/**
 * The shape of a module: `createXModule(deps) → { xService, register(api, guards) }`. `register` adds the
 * module's calls inside the API context (under /api, with its rate limit and compression); a module
 * with pages outside /api (chat, withdrawal operator page) also has `registerPages(app)`.
 */
export interface ServerModule {
  register(api: FastifyInstance, guards: MemberGuards): Promise<void>;
  registerPages?(app: FastifyInstance): Promise<void>;
}
