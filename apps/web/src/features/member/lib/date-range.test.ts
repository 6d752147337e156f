import { DEFAULT_SITE_TIME_ZONE } from '@kl/contracts/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { setSiteTimeZone } from '../../../shared/lib/date-format.ts';
import { addDays, dayOf, initialRange, rangeOf } from './date-range.ts';

// 2030-03-09 23:30 in Vietnam (UTC+7) is 16:30 UTC: still the 9th there.
const now = new Date('2030-03-09T16:30:00Z');

describe("report date ranges (days of the merchant's zone: Vietnam's, UTC+7, by default)", () => {
  afterEach(() => setSiteTimeZone(DEFAULT_SITE_TIME_ZONE));

  it('finds the day of an instant in UTC+7', () => {
    expect(dayOf(now)).toBe('2030-03-09');
    expect(dayOf(new Date('2030-03-09T17:00:00Z'))).toBe('2030-03-10');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
  });

  it('turns the presets into from (inclusive) and to (exclusive) at +07:00', () => {
    const range = (preset: 'today' | 'week' | 'month') => rangeOf({ ...initialRange(now), preset }, now);
    expect(range('today')).toEqual({
      ok: true,
      from: '2030-03-09T00:00:00+07:00',
      to: '2030-03-10T00:00:00+07:00',
    });
    expect(range('week')).toMatchObject({
      from: '2030-03-03T00:00:00+07:00',
      to: '2030-03-10T00:00:00+07:00',
    });
    expect(range('month')).toMatchObject({ from: '2030-02-08T00:00:00+07:00' });
  });

  it('takes custom days, both included, and says what is wrong with a bad choice', () => {
    const custom = (fromDay: string, toDay: string) => rangeOf({ preset: 'custom', fromDay, toDay }, now);
    expect(custom('2030-03-01', '2030-03-05')).toEqual({
      ok: true,
      from: '2030-03-01T00:00:00+07:00',
      to: '2030-03-06T00:00:00+07:00',
    });
    expect(custom('', '2030-03-05')).toEqual({ ok: false, error: 'fromRequired' });
    expect(custom('2030-03-01', '')).toEqual({ ok: false, error: 'toRequired' });
    expect(custom('2030-02-30', '2030-03-05')).toEqual({ ok: false, error: 'fromRequired' });
    expect(custom('2030-03-06', '2030-03-05')).toEqual({ ok: false, error: 'order' });
    expect(custom('2030-03-10', '2030-03-12')).toEqual({ ok: false, error: 'future' });
  });

  it("follows another merchant's zone, its offset changing with daylight saving", () => {
    // 23:30 on the 9th in Vietnam is 11:30 that day in New York (EST, UTC−5; EDT, UTC−4, from 10 March 2030).
    setSiteTimeZone('America/New_York');
    expect(dayOf(now)).toBe('2030-03-09');
    expect(rangeOf({ ...initialRange(now), preset: 'today' }, now)).toEqual({
      ok: true,
      from: '2030-03-09T00:00:00-05:00',
      to: '2030-03-10T00:00:00-05:00',
    });
    expect(
      rangeOf(
        { preset: 'custom', fromDay: '2030-03-10', toDay: '2030-03-10' },
        new Date('2030-03-11T12:00:00Z'),
      ),
    ).toEqual({
      ok: true,
      from: '2030-03-10T00:00:00-05:00',
      to: '2030-03-11T00:00:00-04:00',
    });
    setSiteTimeZone('Asia/Tokyo');
    expect(dayOf(now)).toBe('2030-03-10');
    expect(rangeOf({ ...initialRange(now), preset: 'today' }, now)).toMatchObject({
      from: '2030-03-10T00:00:00+09:00',
    });
  });
});
