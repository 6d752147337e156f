import { defineProject } from 'vitest/config';

/** Tests of the repository's own lint rules. */
export default defineProject({
  test: { name: 'lint', environment: 'node', include: ['*.test.ts'] },
});
