import { defineProject } from 'vitest/config';

/**
 * Tests of the repository's own lint rules, of the decision records' index, of the test runner's
 * decisions (scripts/test) and of the bench's CPU calibration (tools/perf).
 */
export default defineProject({
  test: {
    name: 'lint',
    environment: 'node',
    include: ['*.test.ts', '../../scripts/**/*.test.mjs', '../perf/*.test.mjs', '../../deploy/*.test.ts'],
  },
});
