import { defineConfig } from 'vitest/config';

/** One Vitest run over the packages; each project keeps its own environment. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'apps/admin', 'tools/lint'],
  },
});
