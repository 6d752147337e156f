import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CORE_CHUNK, CORE_KEYS } from './locale-parts.ts';

const LANGUAGES = ['vi', 'en'] as const;
const PREFIX = 'virtual:kl-locale/';
const RESOLVED = `\0${PREFIX}`;
const here = dirname(fileURLToPath(import.meta.url));
const localeFile = (language: string) => resolve(here, `../../locales/${language}.json`);
const loaderModule = resolve(here, 'locale-chunks.ts');

const readTexts = (language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(localeFile(language), 'utf8')) as Record<string, unknown>;

/** The chunks of the files: the core, then one part per other top-level key (of the Vietnamese file). */
export function chunkNames(): string[] {
  const core = new Set<string>(CORE_KEYS);
  return [CORE_CHUNK, ...Object.keys(readTexts('vi')).filter((key) => !core.has(key))];
}

export function chunkTexts(language: string, chunk: string): Record<string, unknown> {
  const texts = readTexts(language);
  const keys = chunk === CORE_CHUNK ? CORE_KEYS : [chunk];
  return Object.fromEntries(keys.filter((key) => key in texts).map((key) => [key, texts[key]]));
}

/**
 * Splits apps/web/src/locales/{vi,en}.json at build time by top-level key
 * (docs/decisions/024-first-load-javascript.md): the files stay the one source, and the app gets a
 * module per language and chunk (`virtual:kl-locale/locale-<language>-<chunk>`), loaded by locale-chunks.ts,
 * which this plugin replaces (tests keep the real one, which loads the whole file).
 */
export function localeSplit(): Plugin {
  return {
    name: 'kl-locale-split',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id.startsWith(RESOLVED)) {
        // `locale-<language>-<chunk>`, also the name of the chunk file.
        const [, language = '', chunk = ''] = /^locale-([a-z]+)-(.+)$/.exec(id.slice(RESOLVED.length)) ?? [];
        for (const lng of LANGUAGES) this.addWatchFile(localeFile(lng));
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(chunkTexts(language, chunk)))});`;
      }
      if (id.split('?')[0] !== loaderModule) return undefined;
      for (const lng of LANGUAGES) this.addWatchFile(localeFile(lng));
      const loaders = LANGUAGES.map(
        (language) =>
          `${JSON.stringify(language)}: {${chunkNames()
            .map(
              (chunk) =>
                `${JSON.stringify(chunk)}: () => import(${JSON.stringify(`${PREFIX}locale-${language}-${chunk}`)})`,
            )
            .join(',\n')}}`,
      ).join(',\n');
      return `const chunks = {${loaders}};
export function loadLocaleChunk(language, chunk) {
  const load = chunks[language] && chunks[language][chunk];
  if (!load) return Promise.reject(new Error('No texts for ' + language + '/' + chunk));
  return load().then((module) => module.default);
}`;
    },
  };
}
