import { defineProject } from 'vitest/config';

/** Tests of the repository's own lint rules, and of the test runner's decisions (scripts/test). */
export default defineProject({
  test: { name: 'lint', environment: 'node', include: ['*.test.ts', '../../scripts/**/*.test.mjs'] },
});
