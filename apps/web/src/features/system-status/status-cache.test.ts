import { CACHE_KEYS } from '@kl/contracts/constants';
import { describe, expect, it } from 'vitest';
import { createSystemStatus } from '../../test/factories.ts';
import { readStatusCache, writeStatusCache } from './status-cache.ts';

describe('status cache (localStorage `status`)', () => {
  it('is empty at first', async () => {
    await expect(readStatusCache()).resolves.toBeUndefined();
  });

  it('gives back what was written', async () => {
    const status = createSystemStatus({ status: 2, regionRestriction: true });
    writeStatusCache(status);
    expect(JSON.parse(window.localStorage.getItem(CACHE_KEYS.status)!)).toEqual(status);
    await expect(readStatusCache()).resolves.toEqual(status);
  });

  it.each([
    ['not JSON', '{'],
    ['JSON null', 'null'],
    ['missing fields', JSON.stringify({ status: 0 })],
    ['a wrong field type', JSON.stringify({ ...createSystemStatus(), maintenance: 'no' })],
  ])('drops a cache with %s', async (_what, raw) => {
    window.localStorage.setItem(CACHE_KEYS.status, raw);
    await expect(readStatusCache()).resolves.toBeUndefined();
    expect(window.localStorage.getItem(CACHE_KEYS.status)).toBeNull();
  });
});
