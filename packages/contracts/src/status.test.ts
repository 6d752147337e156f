import { describe, expect, it } from 'vitest';
import { SYSTEM_STATUS, systemStatusCode } from './status.ts';

describe('systemStatusCode (product.md §4)', () => {
  it('is 0 when normal, 1 in maintenance even with region restriction, 2 for region restriction only', () => {
    expect(systemStatusCode(false, false)).toBe(SYSTEM_STATUS.normal);
    expect(systemStatusCode(true, false)).toBe(SYSTEM_STATUS.maintenance);
    expect(systemStatusCode(true, true)).toBe(SYSTEM_STATUS.maintenance);
    expect(systemStatusCode(false, true)).toBe(SYSTEM_STATUS.regionRestricted);
  });
});
