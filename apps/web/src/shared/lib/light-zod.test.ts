import * as realContent from '@kl/contracts/content';
import * as realGames from '@kl/contracts/games';
import * as realPlatform from '@kl/contracts/platform';
import * as realStatus from '@kl/contracts/status';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_BANNERS,
  DEFAULT_FOOTER,
  createAnnouncement,
  createVendorStructure,
} from '../../features/home/testing/fake-home.ts';
import { createGame } from '../../test/fake-games.ts';
import { createSystemStatus } from '../../test/factories.ts';

/**
 * The browser build gives the contracts' content, games, status and platform modules light-zod.ts instead
 * of zod (light-zod-plugin.ts). Here the same modules are loaded both ways and every schema they export
 * (and every request and response schema of their API tables) parses the same values to the same result:
 * valid answers of home's calls, each of them broken one field at a time, and odd values.
 */
type Parser = { safeParse: (value: unknown) => { success: boolean; data?: unknown } };
type Modules = Record<string, Record<string, unknown>>;

const REAL: Modules = { content: realContent, games: realGames, status: realStatus, platform: realPlatform };
let light: Modules;

beforeAll(async () => {
  vi.resetModules();
  vi.doMock('zod', () => import('./light-zod.ts'));
  light = {
    content: await import('@kl/contracts/content'),
    games: await import('@kl/contracts/games'),
    status: await import('@kl/contracts/status'),
    platform: await import('@kl/contracts/platform'),
  };
  vi.doUnmock('zod');
});

const isParser = (value: unknown): value is Parser =>
  typeof value === 'object' && value !== null && typeof (value as Parser).safeParse === 'function';

/** Every schema of a module by name: its exported schemas and the schemas of its API table's entries. */
function schemasOf(module: Record<string, unknown>): Map<string, Parser> {
  const schemas = new Map<string, Parser>();
  for (const [name, value] of Object.entries(module)) {
    if (isParser(value)) schemas.set(name, value);
    else if (name.endsWith('Calls') && typeof value === 'object' && value !== null)
      for (const [call, entry] of Object.entries(value))
        for (const part of ['response', 'query', 'body'] as const) {
          const schema = (entry as Record<string, unknown>)[part];
          if (isParser(schema)) schemas.set(`${name}.${call}.${part}`, schema);
        }
  }
  return schemas;
}

const parse = (schema: Parser, value: unknown) => {
  const result = schema.safeParse(structuredClone(value));
  return result.success ? { success: true, data: result.data } : { success: false };
};

/** The value, and a copy of it with each field in turn removed or replaced by an odd value. */
function variants(value: unknown): unknown[] {
  const odd = [undefined, null, '', 'x', '1', 0, -1, 1.5, 2 ** 60, true, [], {}];
  const out: unknown[] = [value];
  const walk = (node: unknown, change: (replacement: unknown, remove?: boolean) => unknown) => {
    if (Array.isArray(node)) {
      node.slice(0, 2).forEach((item, index) =>
        walk(item, (replacement, remove) => {
          const copy = [...node];
          if (remove) copy.splice(index, 1);
          else copy[index] = replacement;
          return change(copy);
        }),
      );
    } else if (typeof node === 'object' && node !== null) {
      for (const key of Object.keys(node)) {
        const record = node as Record<string, unknown>;
        walk(record[key], (replacement, remove) => {
          const copy = { ...record };
          if (remove) delete copy[key];
          else copy[key] = replacement;
          return change(copy);
        });
      }
      out.push(change({ ...node, unexpected: 1 }));
    }
    for (const replacement of odd) out.push(change(replacement));
    out.push(change(undefined, true));
  };
  walk(value, (replacement) => replacement);
  return out;
}

const game = createGame(1);
const SAMPLES: Record<string, unknown[]> = {
  'status.systemStatus': [
    createSystemStatus(),
    createSystemStatus({
      status: 1,
      maintenance: true,
      maintenanceUntil: '2030-01-02T03:04:05+07:00',
    } as never),
  ],
  'status.statusCalls.status.response': [createSystemStatus()],
  'content.bannerList': [{ list: DEFAULT_BANNERS }],
  'content.popularAnnouncements': [{ list: [createAnnouncement(1), createAnnouncement(2)] }],
  'content.footerLinks': [DEFAULT_FOOTER],
  'games.game': [game, createGame(2, { supportPlay: 0 } as never)],
  'games.vendorStructure': [createVendorStructure(3)],
  'games.gameListResult': [{ list: [game, createGame(3)] }],
  'games.gameSearchQuery': [
    { gameType: 'RNG', pageNo: '2', pageSize: '25', isNew: '1', gameName: '  Dragon ' },
    { platform: 'html5', language: 'en' },
  ],
  'games.hotGamesQuery': [{ platform: 'html5', language: 'vi' }],
  'games.winnerBoardQuery': [{ gameCategory: 'RNG', language: 'EN', limitNum: '100' }, {}],
  'content.bannersQuery': [{ lang: 'EN' }, { lang: 'vi' }, {}],
  'content.announcementsQuery': [{ types: 'A, B', pageNo: '1' }],
};

describe('light-zod', () => {
  it('loads the modules with light-zod, not zod', () => {
    // light-zod's schemas carry `optionalKey`; zod's do not.
    expect(light.games?.game).toHaveProperty('optionalKey', false);
    expect(realGames.game).not.toHaveProperty('optionalKey');
    expect(schemasOf(light.games ?? {}).size).toBe(schemasOf(realGames).size);
  });

  it('parses home’s answers, and each of them broken one field at a time, as zod does', () => {
    let compared = 0;
    for (const [path, samples] of Object.entries(SAMPLES)) {
      const [module = '', ...rest] = path.split('.');
      const name = rest.join('.');
      const real = schemasOf(REAL[module] ?? {}).get(name);
      const lightSchema = schemasOf(light[module] ?? {}).get(name);
      expect([path, real !== undefined, lightSchema !== undefined]).toEqual([path, true, true]);
      for (const sample of samples) {
        for (const value of variants(sample)) {
          expect([path, value, parse(lightSchema as Parser, value)]).toEqual([
            path,
            value,
            parse(real as Parser, value),
          ]);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('every schema of the four modules answers odd values as zod does', () => {
    const odd = [undefined, null, 0, 1, -1, 1.5, '', '1', 'abc', 'EN', 'vi', true, [], [1], {}, { list: [] }];
    for (const module of Object.keys(REAL)) {
      const lightSchemas = schemasOf(light[module] ?? {});
      for (const [name, real] of schemasOf(REAL[module] ?? {})) {
        const lightSchema = lightSchemas.get(name) as Parser;
        for (const value of odd)
          expect([module, name, value, parse(lightSchema, value)]).toEqual([
            module,
            name,
            value,
            parse(real, value),
          ]);
      }
    }
  });
});
