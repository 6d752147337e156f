import { describe, expect, it } from 'vitest';
import { clusterUrl, databasePlan } from './postgres.mjs';

describe('the PostgreSQL server of the server suites', () => {
  it('starts a throwaway cluster when TEST_DATABASE_URL is not given', () => {
    expect(databasePlan({ steps: ['unit', 'e2e'], env: {} })).toEqual({ kind: 'throwaway' });
  });

  it('uses TEST_DATABASE_URL when given and starts nothing', () => {
    const url = 'postgres://postgres@db.example:5432/postgres';
    expect(databasePlan({ steps: ['unit'], env: { TEST_DATABASE_URL: url } })).toEqual({
      kind: 'given',
      url,
    });
  });

  it('starts one for the end-to-end tests alone too (the release runs on it)', () => {
    expect(databasePlan({ steps: ['build', 'e2e'], env: {} })).toEqual({ kind: 'throwaway' });
  });

  it('starts nothing when neither the unit and integration tests nor the end-to-end tests run', () => {
    expect(databasePlan({ steps: ['typecheck', 'lint', 'build'], env: {} })).toEqual({ kind: 'none' });
  });

  it('reaches the cluster on loopback as postgres', () => {
    expect(clusterUrl(41234)).toBe('postgres://postgres@127.0.0.1:41234/postgres');
  });
});
