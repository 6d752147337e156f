import { describe, expect, it } from 'vitest';
import { API, API_ENTRIES } from './api-paths.ts';

describe('the API table', () => {
  it('gives every call answering an envelope its response schema, and no schema to a raw call', () => {
    const withoutResponse = API_ENTRIES.filter(([, entry]) => !entry.raw && entry.response === undefined);
    expect(withoutResponse.map(([name]) => name)).toEqual([]);
    const rawWithSchema = API_ENTRIES.filter(([, entry]) => entry.raw && entry.response !== undefined);
    expect(rawWithSchema.map(([name]) => name)).toEqual([]);
  });

  it('has one call per method and path, every path under /api', () => {
    const keys = API_ENTRIES.map(([, entry]) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [, entry] of API_ENTRIES) expect(entry.path).toMatch(/^\/api\//);
  });

  it('sends a body only with calls that change something', () => {
    const getsWithBody = API_ENTRIES.filter(
      ([, entry]) => entry.method === 'GET' && entry.body !== undefined,
    );
    expect(getsWithBody).toEqual([]);
    expect(API.vipLevels.response.safeParse({ currency: 'VND', list: [] }).success).toBe(true);
  });
});
