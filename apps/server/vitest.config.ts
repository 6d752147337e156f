import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // The migrated and the seeded database, built once per run and copied by each test file.
    globalSetup: ['src/test/global-setup.ts'],
    // A new PGlite database costs a few seconds (initdb in WebAssembly); the process tests start the real server.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
