import { describe, expect, it } from 'vitest';
import { LANGUAGES, localeFromAcceptLanguage } from './i18n.ts';

describe('languages', () => {
  it('lists every language of product.md §9 with Vietnamese first and complete', () => {
    expect(LANGUAGES.map((l) => l.code).sort()).toEqual(
      ['EN', 'VI', 'CN', 'JA', 'TH', 'MY', 'ES', 'HI', 'ID', 'KM', 'KO', 'MS', 'PT', 'TA', 'TW'].sort(),
    );
    expect(LANGUAGES[0]).toMatchObject({ code: 'VI', complete: true });
    expect(LANGUAGES.filter((l) => l.complete).map((l) => l.code)).toEqual(['VI', 'EN']);
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'vi'],
    ['', 'vi'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR, en;q=0.5, vi;q=0.8', 'vi'],
    ['th', 'vi'],
    ['EN', 'en'],
    ['vi-VN;q=0.1, en;q=0.2', 'en'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
