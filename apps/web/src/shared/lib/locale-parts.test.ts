import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURE_TEXTS } from '../../app/router.tsx';
import vi from '../../locales/vi.json';
import { CORE_CHUNK, CORE_KEYS } from './locale-parts.ts';
import { chunkNames, chunkTexts } from './locale-split-plugin.ts';

/**
 * The split of the locale files (docs/decisions/024-first-load-javascript.md), checked on the sources:
 * the modules a page loads are followed from src/main.tsx through their relative imports, static and
 * dynamic; a screen (a `*-screen.tsx` a feature's index.ts loads lazily) starts a graph of its own. Every
 * string literal naming a top-level key (`'lottery.title'`, `t('in_no_data')`, `keyPrefix: 'slot'`) must
 * be in the core, or, in a screen's graph, in the parts of its feature.
 */
const SRC = `${resolve(dirname(fileURLToPath(import.meta.url)), '../..')}/`;
const TOP_KEYS = new Set(Object.keys(vi));
const CORE = new Set<string>(CORE_KEYS);

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

interface Module {
  imports: string[];
  keys: Set<string>;
}

const modules = new Map<string, Module>();

function moduleAt(file: string): Module {
  let module = modules.get(file);
  if (module) return module;
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? '');
  const code = text.replace(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"][^'"]+['"];?/g, '\n');
  const keys = new Set<string>();
  for (const match of code.matchAll(/['"`]([A-Za-z_]\w*)\.[\w$]/g))
    if (TOP_KEYS.has(match[1] ?? '')) keys.add(match[1] ?? '');
  for (const match of code.matchAll(/(?:\bt\(\s*|i18nKey=\{?\s*|keyPrefix:\s*)['"`]([A-Za-z_]\w*)['"`]/g))
    if (TOP_KEYS.has(match[1] ?? '')) keys.add(match[1] ?? '');
  module = {
    imports: specifiers
      .map((specifier) => resolveModule(file, specifier))
      .filter((file) => file !== undefined),
    keys,
  };
  modules.set(file, module);
  return module;
}

/** Home is part of the first load: its keys are core. */
const HOME_SCREEN = `${SRC}features/home/home-screen.tsx`;
/** Screen module → its feature folder. */
const screens = new Map<string, string>();
for (const feature of readdirSync(`${SRC}features`)) {
  const index = `${SRC}features/${feature}/index.ts`;
  if (!existsSync(index)) continue;
  for (const target of moduleAt(index).imports)
    if (target.endsWith('-screen.tsx') && target !== HOME_SCREEN) screens.set(target, feature);
}

/** The keys the graph from `start` uses, each with a module using it. */
function keysFrom(start: string): Map<string, string> {
  const keys = new Map<string, string>();
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const module = moduleAt(file);
    for (const key of module.keys) if (!keys.has(key)) keys.set(key, relative(SRC, file));
    for (const next of module.imports) if (next === start || !screens.has(next)) stack.push(next);
  }
  return keys;
}

describe('locale parts', () => {
  it('the layout, home and what they load late use only core keys', () => {
    const outside = [...keysFrom(`${SRC}main.tsx`)].filter(([key]) => !CORE.has(key));
    expect(outside.map(([key, file]) => `${key} (${file})`)).toEqual([]);
  });

  it("every screen uses only core keys and its feature's parts", () => {
    expect(screens.size).toBeGreaterThan(30);
    const outside: string[] = [];
    for (const [screen, feature] of screens) {
      const parts = new Set<string>((FEATURE_TEXTS as Record<string, readonly string[]>)[feature] ?? []);
      for (const [key, file] of keysFrom(screen))
        if (!CORE.has(key) && !parts.has(key)) outside.push(`${feature}: ${key} (${file})`);
    }
    expect(outside).toEqual([]);
  });

  it('the router gives each screen the parts of the feature it is imported from', () => {
    const router = readFileSync(`${SRC}app/router.tsx`, 'utf8');
    const featureOf = new Map<string, string>();
    for (const match of router.matchAll(/import \{([^}]*)\} from '\.\.\/features\/([a-z-]+)\/index\.ts'/g))
      for (const name of (match[1] ?? '').split(',')) featureOf.set(name.trim(), match[2] ?? '');
    const uses = [...router.matchAll(/\bof\('([a-z-]+)', (\w+)\)/g)];
    expect(uses.length).toBeGreaterThan(30);
    for (const [, feature, screen] of uses)
      expect([screen, featureOf.get(screen ?? '')]).toEqual([screen, feature]);
  });

  it('the core and the parts together are the whole file, in both languages, each key once', () => {
    for (const language of ['vi', 'en']) {
      const whole = JSON.parse(readFileSync(`${SRC}locales/${language}.json`, 'utf8')) as Record<
        string,
        unknown
      >;
      const chunks = chunkNames().map((chunk) => chunkTexts(language, chunk));
      const keys = chunks.flatMap((texts) => Object.keys(texts));
      expect(new Set(keys).size).toBe(keys.length);
      expect(Object.assign({}, ...chunks)).toEqual(whole);
    }
    expect(chunkNames()[0]).toBe(CORE_CHUNK);
    expect(chunkNames()).toContain('lottery');
    expect(chunkNames()).not.toContain('home');
  });
});
