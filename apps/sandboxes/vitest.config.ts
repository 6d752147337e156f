import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sandboxes', environment: 'node', include: ['src/**/*.test.ts'], pool: 'forks' },
});
