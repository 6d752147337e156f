import { describe, expect, it } from 'vitest';
import { agentDate, parsePeriod, periodAt, periodKeySchema, previousPeriod } from './agents.ts';

const iso = (date: Date) => date.toISOString();
const window = (key: string) => {
  const period = parsePeriod(key);
  if (!period) throw new Error(`not a period: ${key}`);
  return { type: period.type, start: iso(period.start), end: iso(period.end) };
};

describe('agent periods (GMT+8)', () => {
  it('a day runs from 16:00 UTC of the day before to 16:00 UTC', () => {
    expect(window('2026-11-24')).toEqual({
      type: 'day',
      start: '2026-11-23T16:00:00.000Z',
      end: '2026-11-24T16:00:00.000Z',
    });
  });

  it('an hour at 23:00 GMT+8 ends at the next day’s 00:00 GMT+8', () => {
    expect(window('2026-11-24T23')).toEqual({
      type: 'hour',
      start: '2026-11-24T15:00:00.000Z',
      end: '2026-11-24T16:00:00.000Z',
    });
    expect(parsePeriod('2026-11-24T23')!.end).toEqual(parsePeriod('2026-11-25')!.start);
    expect(window('2026-11-24T00').start).toBe('2026-11-23T16:00:00.000Z');
  });

  it('a round settled at 15:59:59Z belongs to the earlier GMT+8 day, at 16:00:00Z to the next', () => {
    const before = new Date('2026-11-24T15:59:59.999Z');
    const after = new Date('2026-11-24T16:00:00.000Z');
    expect(agentDate(before)).toBe('2026-11-24');
    expect(agentDate(after)).toBe('2026-11-25');
    expect(periodAt('day', before).key).toBe('2026-11-24');
    expect(periodAt('day', after).key).toBe('2026-11-25');
    expect(periodAt('hour', before).key).toBe('2026-11-24T23');
    expect(periodAt('hour', after).key).toBe('2026-11-25T00');
  });

  it('half months and months, at month ends', () => {
    expect(window('2026-11-H1')).toEqual({
      type: 'half_month',
      start: '2026-10-31T16:00:00.000Z',
      end: '2026-11-15T16:00:00.000Z',
    });
    expect(window('2027-02-H2')).toEqual({
      type: 'half_month',
      start: '2027-02-15T16:00:00.000Z',
      end: '2027-02-28T16:00:00.000Z',
    });
    expect(window('2028-02-H2').end).toBe('2028-02-29T16:00:00.000Z');
    expect(window('2026-12')).toEqual({
      type: 'month',
      start: '2026-11-30T16:00:00.000Z',
      end: '2026-12-31T16:00:00.000Z',
    });
    expect(periodAt('half_month', new Date('2026-11-15T15:59:59Z')).key).toBe('2026-11-H1');
    expect(periodAt('half_month', new Date('2026-11-15T16:00:00Z')).key).toBe('2026-11-H2');
    expect(periodAt('month', new Date('2026-12-31T16:00:00Z')).key).toBe('2027-01');
  });

  it('the period before: across midnight, a half month, February and the year', () => {
    const previousKey = (key: string) => previousPeriod(parsePeriod(key)!).key;
    expect(previousKey('2026-11-25T00')).toBe('2026-11-24T23');
    expect(previousKey('2027-01-01')).toBe('2026-12-31');
    expect(previousKey('2026-11-H2')).toBe('2026-11-H1');
    expect(previousKey('2026-12-H1')).toBe('2026-11-H2');
    expect(previousKey('2027-03-H1')).toBe('2027-02-H2');
    expect(previousKey('2027-01')).toBe('2026-12');
    expect(previousKey('2026-03')).toBe('2026-02');
  });

  it('refuses keys that name no period', () => {
    for (const key of ['2026-02-30', '2026-11-24T24', '2026-13', '2026-11-H3', '24-11-2026', '']) {
      expect(parsePeriod(key), key).toBeNull();
      expect(periodKeySchema.safeParse(key).success, key).toBe(false);
    }
    expect(periodKeySchema.parse(' 2026-11 ')).toBe('2026-11');
  });
});
