import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'signing', environment: 'node', include: ['src/**/*.test.ts'] },
});
