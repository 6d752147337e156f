import { defineConfig } from 'vitest/config';

/** One Vitest run over the three packages; each project keeps its own environment. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'tools/lint'],
  },
});
