import i18next from 'i18next';
import { afterEach, describe, expect, it, onTestFinished, vi as vitest } from 'vitest';
import en from '../../locales/en.json';
import vi from '../../locales/vi.json';
import { DEFAULT_SITE_TIME_ZONE } from '@kl/contracts/constants';
import { formatClock, formatCountdown, formatSiteDateTime, setSiteTimeZone } from './date-format.ts';

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

describe("formatSiteDateTime (the merchant's time, product.md §9)", () => {
  afterEach(() => setSiteTimeZone(DEFAULT_SITE_TIME_ZONE));

  it("shows an instant in the merchant's zone, naming it when the device's differs", () => {
    // 16:25 UTC is 23:25 in Vietnam (UTC+7, no daylight saving).
    const draw = '2030-01-02T16:25:00.000Z';
    const deviceInVietnam = new Date(draw).getTimezoneOffset() === -420;
    expect(formatSiteDateTime(draw)).toBe(deviceInVietnam ? '23:25 02/01/2030' : '23:25 02/01/2030 (GMT+7)');
  });

  it('follows the zone the merchant names, and ignores one the browser does not know', () => {
    setSiteTimeZone('Asia/Kolkata');
    expect(formatSiteDateTime('2030-01-02T16:25:00.000Z')).toMatch(/^21:55 02\/01\/2030( \(GMT\+5:30\))?$/);
    setSiteTimeZone('Mars/Olympus_Mons');
    expect(formatSiteDateTime('2030-01-02T16:25:00.000Z')).toMatch(/^21:55 02\/01\/2030/);
  });

  it('gives null for a text that is not a date', () => {
    expect(formatSiteDateTime('soon')).toBeNull();
  });

  it("writes Vietnam's times as Intl does, from 1976 to 2100, and Intl's before", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: DEFAULT_SITE_TIME_ZONE,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
    });
    const expected = (instant: Date) => {
      const part = Object.fromEntries(intl.formatToParts(instant).map((p) => [p.type, p.value]));
      return `${part.hour}:${part.minute} ${part.day}/${part.month}/${part.year}`;
    };
    // Every day's edges and a prime step through the years, and an instant before 1975, when Vietnam's
    // offset was not +7.
    const instants = [new Date('1970-06-01T12:00:00Z'), new Date('1976-01-01T00:00:00Z')];
    for (let time = Date.UTC(1976, 0, 1); time < Date.UTC(2100, 0, 1); time += 7_919 * 60_000 * 11) {
      instants.push(new Date(time), new Date(time - (time % 86_400_000) + 16 * 3_600_000 + 59 * 60_000));
    }
    for (const instant of instants) {
      expect(formatSiteDateTime(instant.toISOString(), { deviceKnown: false }), instant.toISOString()).toBe(
        expected(instant),
      );
    }
  });

  it("makes no Intl date format for Vietnam's times (a page's first one loads the zones' data)", () => {
    const made = vitest.spyOn(Intl, 'DateTimeFormat');
    onTestFinished(() => made.mockRestore());
    // The zone's other name: no formatter of it was made (and kept) by a test before.
    setSiteTimeZone('Asia/Saigon');
    expect(formatSiteDateTime('2030-01-02T16:25:00.000Z', { deviceKnown: false })).toBe('23:25 02/01/2030');
    expect(made).not.toHaveBeenCalled();
  });
});

describe('formatCountdown', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'vi',
    resources: { vi: { translation: vi }, en: { translation: en } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const tVi = i18n.getFixedT('vi');
  const tEn = i18n.getFixedT('en');

  it('shows minutes and seconds under an hour, hours from an hour', () => {
    expect(formatCountdown(0, tEn)).toBe('00:00');
    expect(formatCountdown(75, tEn)).toBe('01:15');
    expect(formatCountdown(3_700, tVi)).toBe('1:01:40');
    expect(formatCountdown(86_399, tVi)).toBe('23:59:59');
  });

  it('shows the days in words from a day, in Vietnamese', () => {
    // 102:44:36 as the clock counted it before.
    expect(formatCountdown(102 * 3_600 + 44 * 60 + 36, tVi)).toBe('4 ngày 06:44:36');
    expect(formatCountdown(86_400, tVi)).toBe('1 ngày 00:00:00');
  });

  it('puts "day" in the singular and "days" in the plural in English', () => {
    expect(formatCountdown(86_405, tEn)).toBe('1 day 00:00:05');
    expect(formatCountdown(4 * 86_400 + 6 * 3_600 + 44 * 60 + 36, tEn)).toBe('4 days 06:44:36');
  });

  it('counts whole seconds and never below zero', () => {
    expect(formatCountdown(59.9, tEn)).toBe('00:59');
    expect(formatCountdown(-5, tEn)).toBe('00:00');
  });
});
