import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run over the packages; each project keeps its own environment. */
export default defineConfig({
  test: {
    // Vitest's default leaves a core to its main process, that is one worker on the 2-core CI machine; the
    // main process only gathers results, and the server suites spend much of their time waiting on their
    // databases (PostgreSQL runs in processes of its own). One worker per core.
    maxWorkers: availableParallelism(),
    projects: [
      'packages/contracts',
      'packages/signing',
      'apps/server',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
      'apps/admin',
      'apps/sandboxes',
      'tools/lint',
    ],
  },
});
