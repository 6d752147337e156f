import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDateTime,
  formatDateTimeIn,
  formatDay,
  getMerchantTimeZone,
  merchantToday,
  periodOf,
  setMerchantTimeZone,
} from './dates.ts';

describe('dates in the merchant time zone', () => {
  const zoneBefore = getMerchantTimeZone();
  afterEach(() => {
    setMerchantTimeZone(zoneBefore);
    vi.useRealTimers();
  });

  it('shows a time in the merchant zone with its offset, whatever the browser zone', () => {
    expect(formatDateTimeIn('2026-01-31T07:05:09.000Z', 'Asia/Ho_Chi_Minh')).toBe(
      '31/01/2026 14:05:09 (UTC+07:00)',
    );
    expect(formatDateTimeIn('2026-01-31T20:05:09.000Z', 'Asia/Ho_Chi_Minh')).toBe(
      '01/02/2026 03:05:09 (UTC+07:00)',
    );
    // Half-hour offsets and summer time.
    expect(formatDateTimeIn('2026-01-31T07:05:09.000Z', 'America/St_Johns')).toBe(
      '31/01/2026 03:35:09 (UTC-03:30)',
    );
    expect(formatDateTimeIn('2026-07-01T07:05:09.000Z', 'America/St_Johns')).toBe(
      '01/07/2026 04:35:09 (UTC-02:30)',
    );
    expect(formatDateTime(null)).toBe('—');
  });

  it('formats in the zone learnt from the session', () => {
    setMerchantTimeZone('Asia/Kolkata');
    expect(formatDateTime('2026-01-31T07:05:09.000Z')).toBe('31/01/2026 12:35:09 (UTC+05:30)');
    setMerchantTimeZone('UTC');
    expect(formatDateTime('2026-01-31T07:05:09.000Z')).toBe('31/01/2026 07:05:09 (UTC+00:00)');
  });

  it('picks whole days of the merchant zone', () => {
    const range = [dayjs('2026-03-01'), dayjs('2026-03-07')] as const;
    expect(periodOf([...range], 'Asia/Ho_Chi_Minh')).toEqual({
      from: '2026-02-28T17:00:00.000Z',
      to: '2026-03-07T17:00:00.000Z',
    });
    // New York moves to summer time on 8 March 2026: the last day ends at 04:00 UTC, the first began at 05:00.
    expect(periodOf([dayjs('2026-03-01'), dayjs('2026-03-08')], 'America/New_York')).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
    expect(periodOf([range[0], null], 'Asia/Ho_Chi_Minh')).toEqual({ from: '2026-02-28T17:00:00.000Z' });
    expect(periodOf(null)).toEqual({});
  });

  it('knows the merchant day: 20:00 UTC is already tomorrow in Vietnam', () => {
    vi.useFakeTimers({ now: new Date('2026-01-31T20:00:00.000Z'), toFake: ['Date'] });
    expect(merchantToday('Asia/Ho_Chi_Minh').format('YYYY-MM-DD')).toBe('2026-02-01');
    expect(merchantToday('America/New_York').format('YYYY-MM-DD')).toBe('2026-01-31');
    expect(formatDay('2026-02-01')).toBe('01/02');
  });
});
