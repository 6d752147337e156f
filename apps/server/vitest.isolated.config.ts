import { defineProject } from 'vitest/config';
import { MOCKING_FILES, SERVER_TEST } from './vitest.config.ts';

/** The server files that replace a package with `vi.mock`, each with modules of its own (vitest.config.ts). */
export default defineProject({
  test: { ...SERVER_TEST, name: 'server-isolated', include: MOCKING_FILES, isolate: true },
});
