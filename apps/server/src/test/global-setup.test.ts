import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestProject } from 'vitest/node';
import setup from './global-setup.ts';

describe('the PostgreSQL copies when npm test requires them', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('fail the run instead of skipping when no PostgreSQL server is given', async () => {
    vi.stubEnv('KL_REQUIRE_POSTGRES', '1');
    vi.stubEnv('TEST_DATABASE_URL', '');
    const provided: string[] = [];
    const project = { provide: (key: string) => provided.push(key) } as unknown as TestProject;
    await expect(setup(project)).rejects.toThrow(
      'KL_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL copies of the server suites cannot run',
    );
    expect(provided).toEqual([]);
  });
});
