import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The files that replace a package with `vi.mock`: they run in their own project, `server-isolated`
 * (vitest.isolated.config.ts), each with modules of its own, since the server's files share their
 * workers' modules and a package already loaded there would not be replaced.
 */
export const MOCKING_FILES = ['src/modules/auth/auth.test.ts', 'src/modules/withdrawal/withdrawal.test.ts'];

/** What both server projects share. */
export const SERVER_TEST = {
  environment: 'node',
  setupFiles: ['src/test/setup.ts'],
  // The migrated and the seeded database, built once per run and copied by each test file.
  globalSetup: ['src/test/global-setup.ts'],
  // A new PGlite database costs a few seconds (initdb in WebAssembly); the process tests start the real server.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // A deprecated use of a package fails the test that makes it, instead of a warning in the log: pg's
  // queries sent on a transaction's connection while one is running (queued today, refused by pg 9).
  execArgv: ['--throw-deprecation'],
} satisfies TestProjectInlineConfiguration['test'];

export default defineProject({
  test: {
    ...SERVER_TEST,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    // The files share their workers' modules: the server's packages (Fastify, PGlite, Drizzle, zod) and
    // sources are loaded once per worker, not once per file (the project runs in about two thirds of the
    // time). Each suite builds its own app on its own copy of the database; nothing a test relies on is
    // kept in a module between files.
    isolate: false,
  },
});
