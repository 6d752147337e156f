import { GAME_CATEGORIES, ROUTES } from '@kl/contracts/routes';
import { CS_TYPES } from '@kl/contracts/status';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';

/** Every key path of a nested catalogue, with its value. */
function entries(catalogue: object, prefix = ''): [string, unknown][] {
  return Object.entries(catalogue).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null
      ? entries(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

describe('locale files', () => {
  it('have the same keys in Vietnamese and English', () => {
    const viKeys = entries(vi)
      .map(([key]) => key)
      .sort();
    const enKeys = entries(en)
      .map(([key]) => key)
      .sort();
    expect(enKeys).toEqual(viKeys);
  });

  it.each([
    ['vi', vi],
    ['en', en],
  ])('%s has no empty or non-text value', (_language, catalogue) => {
    for (const [key, value] of entries(catalogue)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('keep the product’s own keys', () => {
    for (const key of ['in_no_data', 'no_announcement', 'in_please_wait'] as const) {
      expect(vi[key]).toBeTruthy();
    }
  });

  it.each([
    ['vi', vi],
    ['en', en],
  ])('%s: a category path’s route title is its category’s title', (_language, catalogue) => {
    for (const route of ROUTES) {
      if (!route.category) continue;
      const page = route.titleKey.slice('route.'.length) as keyof typeof catalogue.route;
      expect(catalogue.route[page], route.pattern).toBe(catalogue.category[route.category]);
    }
  });

  it('have a title for every route of the route table and every category', () => {
    const keys = new Set(entries(vi).map(([key]) => key));
    for (const route of ROUTES) expect(keys, route.pattern).toContain(route.titleKey);
    for (const category of GAME_CATEGORIES) expect(keys, category).toContain(`category.${category}`);
    for (const csType of CS_TYPES) expect(keys, csType).toContain(`customerService.${csType}`);
  });
});
