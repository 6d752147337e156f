import { describe, expect, it } from 'vitest';
import { dayNumberOf, isoDateOf, startOfZoneDay, zoneDateTime, zoneDayOf } from './time-zone.ts';

describe('days of a time zone', () => {
  const start = (date: string, zone: string) => startOfZoneDay(dayNumberOf(date), zone).toISOString();

  it('starts a day at its midnight in the zone', () => {
    expect(start('2026-03-01', 'Asia/Ho_Chi_Minh')).toBe('2026-02-28T17:00:00.000Z');
    expect(start('2026-03-01', 'UTC')).toBe('2026-03-01T00:00:00.000Z');
    expect(start('2026-03-01', 'Asia/Kolkata')).toBe('2026-02-28T18:30:00.000Z');
    // New York: winter, then summer time from 8 March 2026.
    expect(start('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(start('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
  });

  it('knows the day of a moment in the zone', () => {
    const at = new Date('2026-01-31T20:00:00.000Z');
    expect(isoDateOf(zoneDayOf(at, 'Asia/Ho_Chi_Minh'))).toBe('2026-02-01');
    expect(isoDateOf(zoneDayOf(at, 'America/New_York'))).toBe('2026-01-31');
    expect(isoDateOf(zoneDayOf(new Date('2026-02-28T16:59:59.999Z'), 'Asia/Ho_Chi_Minh'))).toBe('2026-02-28');
  });

  it('writes a moment on the zone’s wall clock with the zone’s offset then', () => {
    const at = new Date('2030-03-05T02:00:09.750Z');
    expect(zoneDateTime(at, 'Asia/Ho_Chi_Minh')).toBe('2030-03-05T09:00:09+07:00');
    expect(zoneDateTime(at, 'UTC')).toBe('2030-03-05T02:00:09+00:00');
    expect(zoneDateTime(at, 'Asia/Kolkata')).toBe('2030-03-05T07:30:09+05:30');
    expect(zoneDateTime(new Date('2026-01-31T20:00:00.000Z'), 'America/St_Johns')).toBe(
      '2026-01-31T16:30:00-03:30',
    );
    // New York in winter, then in summer time.
    expect(zoneDateTime(new Date('2026-03-08T06:59:00.000Z'), 'America/New_York')).toBe(
      '2026-03-08T01:59:00-05:00',
    );
    expect(zoneDateTime(new Date('2026-03-08T07:00:00.000Z'), 'America/New_York')).toBe(
      '2026-03-08T03:00:00-04:00',
    );
  });
});
