import { describe, expect, it } from 'vitest';
import { opsStatusUpdate, SYSTEM_STATUS, systemStatusCode } from './status.ts';

describe('systemStatusCode (product.md §4)', () => {
  it('is 0 when normal, 1 in maintenance even with region restriction, 2 for region restriction only', () => {
    expect(systemStatusCode(false, false)).toBe(SYSTEM_STATUS.normal);
    expect(systemStatusCode(true, false)).toBe(SYSTEM_STATUS.maintenance);
    expect(systemStatusCode(true, true)).toBe(SYSTEM_STATUS.maintenance);
    expect(systemStatusCode(false, true)).toBe(SYSTEM_STATUS.regionRestricted);
  });
});

describe('opsStatusUpdate', () => {
  it('accepts a partial update and refuses unknown fields and bad country codes', () => {
    expect(opsStatusUpdate.safeParse({ maintenance: true }).success).toBe(true);
    expect(opsStatusUpdate.safeParse({ maintenanceUntil: '2026-11-21T10:00:00+07:00' }).success).toBe(true);
    expect(opsStatusUpdate.safeParse({ allowedCountries: ['VN', 'sg'] }).success).toBe(false);
    expect(opsStatusUpdate.safeParse({ maintenance: true, extra: 1 }).success).toBe(false);
  });
});
