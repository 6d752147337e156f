import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDateTime,
  formatDateTimeIn,
  formatDate,
  formatDay,
  getMerchantTimeZone,
  merchantToday,
  merchantZoneLabel,
  periodOf,
  pickedMoment,
  pickerMoment,
  pickerNow,
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
    expect(formatDate('1996-01-15')).toBe('15/01/1996');
  });

  it('has the pickers show and give the merchant wall-clock time, whatever the browser zone', () => {
    // 14:05 in Hồ Chí Minh is 07:05 UTC and 03:35 in St John's (summer time: 04:35).
    const picked = pickerMoment('2026-01-31T07:05:09.000Z', 'Asia/Ho_Chi_Minh');
    expect(picked.format('DD/MM/YYYY HH:mm:ss')).toBe('31/01/2026 14:05:09');
    expect(pickedMoment(picked, 'Asia/Ho_Chi_Minh')).toBe('2026-01-31T07:05:09.000Z');
    expect(pickerMoment('2026-07-01T07:05:09.000Z', 'America/St_Johns').format('HH:mm')).toBe('04:35');
    // A time typed in the picker is the merchant's: 09:00 there, whichever zone the browser is in.
    const typed = dayjs('2026-03-10T09:00:00');
    expect(pickedMoment(typed, 'Asia/Ho_Chi_Minh')).toBe('2026-03-10T02:00:00.000Z');
    // Newfoundland's summer time began on 8 March: UTC−02:30.
    expect(pickedMoment(typed, 'America/St_Johns')).toBe('2026-03-10T11:30:00.000Z');
    setMerchantTimeZone('Asia/Kolkata');
    expect(pickedMoment(typed)).toBe('2026-03-10T03:30:00.000Z');
    expect(merchantZoneLabel()).toBe('Asia/Kolkata, UTC+05:30');
    vi.useFakeTimers({ now: new Date('2026-03-10T03:30:00.000Z'), toFake: ['Date'] });
    expect(pickerNow().format('HH:mm')).toBe('09:00');
  });
});
