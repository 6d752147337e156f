import { describe, expect, it } from 'vitest';
import { formatClock, formatLocalDateTime } from './date-format.ts';

describe('formatClock', () => {
  it('shows the time at GMT+8 as HH:mm:ss | DD/MM/YYYY', () => {
    expect(formatClock(new Date('2025-03-04T05:06:07Z'), 8)).toBe('13:06:07 | 04/03/2025');
  });

  it('rolls over the date and the year', () => {
    expect(formatClock(new Date('2025-12-31T16:00:05Z'), 8)).toBe('00:00:05 | 01/01/2026');
  });

  it('does not depend on the device time zone', () => {
    const instant = new Date(Date.UTC(2024, 1, 29, 23, 59, 59));
    expect(formatClock(instant, 8)).toBe('07:59:59 | 01/03/2024');
    expect(formatClock(instant, 0)).toBe('23:59:59 | 29/02/2024');
  });
});

describe('formatLocalDateTime', () => {
  it('formats in local time', () => {
    const date = new Date(2030, 0, 2, 3, 4);
    expect(formatLocalDateTime(date.toISOString())).toBe('03:04 02/01/2030');
  });

  it('gives null for a text that is not a date', () => {
    expect(formatLocalDateTime('soon')).toBeNull();
  });
});
