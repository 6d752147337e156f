import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { contentCalls } from '@kl/contracts/content';
import { gamesCalls } from '@kl/contracts/games';
import { SESSION_COOKIE } from '@kl/contracts/accounts';
import { statusCalls } from '@kl/contracts/status';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBanner } from '../../db/schema/content.ts';
import { registerByUsername } from '../../test/accounts.ts';
import { buildTestApp, captureLogs } from '../../test/app.ts';
import { useTestDatabase } from '../../test/databases.ts';
import { FIRST_SCREEN_CHUNKS, SSR_ENTRY, SSR_STATE_ID } from './home-rendering.ts';

/**
 * The server rendering of /m/home, /m/gameList and /m/lottery (docs/decisions/005-web-first-load.md) with the web
 * app's real server module, built from apps/web for this file, over the seeded content.
 */

const WEB_APP = fileURLToPath(new URL('../../../../web/', import.meta.url));
const VITE = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
const INDEX_HTML =
  '<!doctype html><html lang="vi" data-theme="dark"><head><meta charset="UTF-8" /><title>Kim Long</title>' +
  '<script type="module" crossorigin src="/m/assets/index-a.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/m/assets/index-a.css"></head>' +
  '<body><div id="root"></div></body></html>';
const EVIL_TITLE = '</script><script>alert(1)</script>';

const database = useTestDatabase('pglite');

/** A build folder: index.html and, unless told, the server module built from the web app's sources. */
function writeDist({ ssrModule }: { ssrModule?: string } = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'kl-web-ssr-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  if (ssrModule !== undefined) {
    mkdirSync(join(dist, 'server'));
    writeFileSync(join(dist, SSR_ENTRY), ssrModule);
    return dist;
  }
  const result = spawnSync(
    process.execPath,
    [
      VITE,
      'build',
      '--config',
      'vite.ssr.config.ts',
      '--outDir',
      join(dist, 'server'),
      '--logLevel',
      'error',
    ],
    { cwd: WEB_APP, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`building the server module failed: ${result.stderr}`);
  return dist;
}

/**
 * The build's manifest as Vite writes it, in small: the entry (which imports the app), the app with its
 * framework chunk, and the first screen's module, each with its CSS.
 */
async function writeManifest(dist: string) {
  const ssr = (await import(pathToFileURL(join(dist, SSR_ENTRY)).href)) as {
    FIRST_SCREEN_MODULES: Record<string, readonly string[]>;
  };
  const [screen = 'src/features/home/home-screen.tsx'] = ssr.FIRST_SCREEN_MODULES['/m/home'] ?? [];
  const [listScreen = 'src/features/games/game-list-screen.tsx'] =
    ssr.FIRST_SCREEN_MODULES['/m/gameList'] ?? [];
  const [lotteryScreen = 'src/features/lottery/lottery-list-screen.tsx'] =
    ssr.FIRST_SCREEN_MODULES['/m/lottery'] ?? [];
  const manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      css: ['assets/index-a.css'],
      dynamicImports: ['src/app/start.tsx'],
    },
    'src/app/start.tsx': {
      file: 'assets/start-b.js',
      css: ['assets/start-b.css'],
      imports: ['_framework-c.js'],
    },
    '_framework-c.js': { file: 'assets/framework-c.js' },
    [screen]: {
      file: 'assets/home-screen-d.js',
      css: ['assets/home-screen-d.css'],
      imports: ['_framework-c.js'],
    },
    [listScreen]: {
      file: 'assets/game-list-screen-e.js',
      css: ['assets/game-list-screen-e.css'],
      imports: ['_framework-c.js'],
    },
    [lotteryScreen]: {
      file: 'assets/lottery-list-screen-f.js',
      css: ['assets/lottery-list-screen-f.css'],
      imports: ['_framework-c.js'],
    },
  };
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  mkdirSync(join(dist, 'assets'), { recursive: true });
  for (const name of ['index-a', 'start-b', 'home-screen-d', 'game-list-screen-e', 'lottery-list-screen-f']) {
    writeFileSync(join(dist, `assets/${name}.css`), `.kl-${name}{color:red}`);
  }
}

interface EmbeddedState {
  language: string;
  theme: string;
  /** The page the markup was rendered for; none in a page the app draws alone. */
  path?: string;
  search?: string;
  queries: unknown;
}

/** The JSON of the page's embedded state. */
function embeddedState(html: string): EmbeddedState {
  const match = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">(.*?)</script>`, 's').exec(
    html,
  );
  if (!match?.[1]) throw new Error('no embedded state');
  return JSON.parse(match[1]) as EmbeddedState;
}

/** The embedded queries' data, by their key as JSON. */
function embeddedData(html: string): Map<string, unknown> {
  const { queries } = embeddedState(html).queries as {
    queries: { queryKey: unknown[]; state: { data: unknown } }[];
  };
  return new Map(queries.map(({ queryKey, state }) => [JSON.stringify(queryKey), state.data]));
}

describe('/m/home, /m/gameList and /m/lottery rendered by the server', () => {
  let dist: string;
  let app: FastifyInstance;
  /** The same, with the answers kept in memory (docs/decisions/022-api-caching.md) as outside tests. */
  let cachedApp: FastifyInstance;
  const logs = captureLogs('error');

  beforeAll(async () => {
    dist = writeDist();
    await writeManifest(dist);
    app = await buildTestApp(database.current, { config: { webDist: dist }, logger: logs.logger });
    cachedApp = await buildTestApp(database.current, {
      config: { webDist: dist, answerCache: true },
      logger: logs.logger,
    });
  }, 120_000);
  afterAll(async () => {
    await cachedApp.close();
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** An API answer's value, asked like the browser asks it. */
  async function apiValue<T>(url: string, language: string): Promise<T> {
    const response = await app.inject({ url, headers: { 'accept-language': language } });
    return (JSON.parse(response.body) as { value: T }).value;
  }

  async function home(url: string, cookie?: string) {
    const response = await app.inject({
      url,
      headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    return response.body;
  }

  it.each([
    { url: '/m/home', language: 'vi', gameLanguage: 'VI', screenTitle: 'Trang chủ' },
    { url: '/m/home?lang=en', language: 'en', gameLanguage: 'EN', screenTitle: 'Home' },
  ])(
    'sends $url in its language with the first screen in it',
    async ({ url, language, gameLanguage, screenTitle }) => {
      const html = await home(url);
      expect(html).toContain(`<html lang="${language}" data-theme="dark">`);
      // The title the app gives the screen, in place of index.html's: the app then leaves it as it is.
      const { info } = await apiValue<{ info: { whitelabel: { siteName: string } } }>(
        '/api/status',
        language,
      );
      expect(html).toContain(`<title>${screenTitle} | ${info.whitelabel.siteName}</title>`);
      expect(html).not.toContain('<title>Kim Long</title>');

      // The first banner: in the page, asked at high priority, preloaded from the head.
      const { list: banners } = await apiValue<{ list: { url: string; groupName: string; sort: number }[] }>(
        '/api/banners',
        language,
      );
      const first = banners
        .filter((banner) => banner.groupName === 'm_home')
        .sort((a, b) => a.sort - b.sort)[0];
      const src = first?.url.replace(/&/g, '&amp;') ?? 'no banner';
      expect(html).toMatch(
        new RegExp(`<img[^>]*src="${src.replace(/[?.]/g, '\\$&')}"[^>]*fetchpriority="high"`, 'i'),
      );
      const head = html.slice(0, html.indexOf('</head>'));
      const preload = `<link rel="preload" as="image" href="${src}" fetchpriority="high">`;
      expect(head).toContain(preload);
      // …before any script or stylesheet: on a slow line the chunks must not take its bandwidth first.
      expect(head.indexOf(preload)).toBeLessThan(
        head.search(/<script|<link rel="(modulepreload|stylesheet)"|<style/),
      );

      // The stylesheets' rules are in the page: their links, which tell the app's loader so, are disabled
      // (neither fetched nor applied).
      const sheets = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link);
      expect(sheets).toEqual(
        ['index-a', 'start-b', 'home-screen-d'].map(
          (name) => `<link rel="stylesheet" href="/m/assets/${name}.css" disabled>`,
        ),
      );
      for (const name of ['index-a', 'start-b', 'home-screen-d'])
        expect(head).toContain(`.kl-${name}{color:red}`);
      // The chunks the entry preloads after the first paint: the app's first (they run first), then the
      // first screen's.
      const chunks =
        /<meta name="kl-first-screen-chunks" content="([^"]*)"/.exec(head)?.[1]?.split(' ') ?? [];
      expect(chunks).toEqual([
        '/m/assets/start-b.js',
        '/m/assets/framework-c.js',
        '/m/assets/home-screen-d.js',
      ]);

      // The marquee's announcements and the first game section's games, in the page's language.
      const { list: announcements } = await apiValue<{ list: { title: string }[] }>(
        '/api/announcements/popular',
        language,
      );
      expect(announcements.length).toBeGreaterThan(0);
      for (const { title } of announcements) expect(html).toContain(title);
      const { list: hot } = await apiValue<{ list: { gameName: string }[] }>(
        `/api/games/hot?platform=html5&language=${gameLanguage}`,
        language,
      );
      expect(hot.length).toBeGreaterThan(0);
      for (const { gameName } of hot.slice(0, 5)) expect(html).toContain(gameName.replace(/&/g, '&amp;'));

      // Real links, for a page whose JavaScript is still loading.
      expect(html).toContain('href="/m/notice"');
      expect(html).toContain('href="/m/login"');
      expect(embeddedState(html).language).toBe(language);
    },
  );

  it.each([
    { language: 'vi', answerCache: false },
    { language: 'en', answerCache: false },
    { language: 'vi', answerCache: true },
    { language: 'en', answerCache: true },
  ])(
    'embeds what the API answers for each call of the first screen ($language, answers kept: $answerCache)',
    async ({ language, answerCache }) => {
      const server = answerCache ? cachedApp : app;
      const response = await server.inject({
        url: `/m/home?lang=${language}`,
        headers: { 'accept-encoding': 'identity' },
      });
      const embedded = embeddedData(response.body);
      const list = (value: { list: unknown[] }) => value.list;
      // Each call as the browser asks it, and the data its query keeps (features/home/server-state.ts).
      const calls = [
        { key: ['system-status'], entry: statusCalls.status, url: '/api/status' },
        { key: ['content', 'banners'], entry: contentCalls.banners, url: '/api/banners', toData: list },
        {
          key: ['content', 'announcements', 'popular'],
          entry: contentCalls.popularAnnouncements,
          url: '/api/announcements/popular',
          toData: list,
        },
        { key: ['games', 'vendors'], entry: gamesCalls.gameVendors, url: '/api/games/vendors' },
        {
          key: ['games', 'list', { kind: 'hot' }],
          entry: gamesCalls.hotGames,
          url: `/api/games/hot?platform=html5&language=${language.toUpperCase()}`,
          toData: (value: { list: unknown[] }) => ({
            pages: [{ games: value.list, pageNum: 1, totalPages: 1 }],
            pageParams: [1],
          }),
        },
      ];
      expect([...embedded.keys()].sort()).toEqual(calls.map(({ key }) => JSON.stringify(key)).sort());
      for (const { key, entry, url, toData } of calls) {
        const answer = await server.inject({ url, headers: { 'accept-language': language } });
        expect(answer.statusCode, url).toBe(200);
        const value = entry.response.parse((JSON.parse(answer.body) as { value: unknown }).value) as {
          list: unknown[];
        };
        expect(JSON.stringify(embedded.get(JSON.stringify(key))), url).toBe(
          JSON.stringify(toData ? toData(value) : value),
        );
      }
    },
  );

  it.each([
    { url: '/m/gameList?gameType=FISH&lang=en', language: 'en', gameType: 'FISH', search: 'gameType=FISH' },
    { url: '/m/gameList?lang=vi&gameType=RNG', language: 'vi', gameType: 'RNG', search: 'gameType=RNG' },
  ])(
    'sends $url with the list’s first page in it, as the app asks for it',
    async ({ url, language, gameType, search }) => {
      const html = await home(url);
      expect(html).toContain(`<html lang="${language}" data-theme="dark">`);
      const { info } = await apiValue<{ info: { whitelabel: { siteName: string } } }>(
        '/api/status',
        language,
      );
      const title = language === 'en' ? 'Game list' : 'Danh sách trò chơi';
      expect(html).toContain(`<title>${title} | ${info.whitelabel.siteName}</title>`);

      // The list's first page, as the app asks for it (features/games search-games.ts), in the page.
      const searchUrl = `/api/games/search?platform=html5&language=${language.toUpperCase()}&gameType=${gameType}&pageNo=1&pageSize=25`;
      const page = await apiValue<{
        games: { gameName: string; iconUrl: string }[];
        pageNum: number;
        totalPages: number;
      }>(searchUrl, language);
      expect(page.games.length).toBeGreaterThan(3);
      for (const { gameName } of page.games.slice(0, 6))
        expect(html).toContain(gameName.replace(/&/g, '&amp;'));
      // The first game's picture is asked for from the head, before any script or stylesheet.
      const head = html.slice(0, html.indexOf('</head>'));
      const preload = `<link rel="preload" as="image" href="${page.games[0]!.iconUrl.replace(/&/g, '&amp;')}" fetchpriority="high">`;
      expect(head).toContain(preload);
      expect(head.indexOf(preload)).toBeLessThan(
        head.search(/<script|<link rel="(modulepreload|stylesheet)"|<style/),
      );
      // The list screen's stylesheet and chunk, not home's.
      expect(head).toContain('.kl-game-list-screen-e{color:red}');
      expect(head).not.toContain('.kl-home-screen-d{color:red}');
      const chunks =
        /<meta name="kl-first-screen-chunks" content="([^"]*)"/.exec(head)?.[1]?.split(' ') ?? [];
      expect(chunks).toEqual([
        '/m/assets/start-b.js',
        '/m/assets/framework-c.js',
        '/m/assets/game-list-screen-e.js',
      ]);

      // The state the app takes the page over with: the address without lang, and each call's data
      // under the key the client reads it (features/games server-state.ts).
      expect(embeddedState(html)).toMatchObject({ language, path: '/m/gameList', search });
      const embedded = embeddedData(html);
      expect([...embedded.keys()].sort()).toEqual(
        [['system-status'], ['games', 'vendors'], ['games', 'list', { kind: 'search', query: { gameType } }]]
          .map((key) => JSON.stringify(key))
          .sort(),
      );
      expect(
        embedded.get(JSON.stringify(['games', 'list', { kind: 'search', query: { gameType } }])),
      ).toEqual({
        pages: [{ games: page.games, pageNum: page.pageNum, totalPages: page.totalPages }],
        pageParams: [1],
      });
      expect(embedded.get(JSON.stringify(['games', 'vendors']))).toEqual(
        await apiValue('/api/games/vendors', language),
      );
    },
  );

  it('sends the hot list of /m/gameList?type=hot from the hot call', async () => {
    const html = await home('/m/gameList?gameType=RNG&type=hot&lang=en');
    const { list } = await apiValue<{ list: { gameName: string }[] }>(
      '/api/games/hot?platform=html5&language=EN&gameType=RNG',
      'en',
    );
    expect(list.length).toBeGreaterThan(0);
    const key = JSON.stringify(['games', 'list', { kind: 'hot', gameType: 'RNG' }]);
    expect(embeddedData(html).get(key)).toEqual({
      pages: [{ games: list, pageNum: 1, totalPages: 1 }],
      pageParams: [1],
    });
    for (const { gameName } of list.slice(0, 4)) expect(html).toContain(gameName.replace(/&/g, '&amp;'));
  });

  it.each([
    { url: '/m/lottery?lang=en', language: 'en', title: 'Lottery' },
    { url: '/m/lottery', language: 'vi', title: 'Xổ số' },
  ])('sends $url with the lotteries and their countdowns in it', async ({ url, language, title }) => {
    const html = await home(url);
    expect(html).toContain(`<html lang="${language}" data-theme="dark">`);
    const { info } = await apiValue<{ info: { whitelabel: { siteName: string } } }>('/api/status', language);
    expect(html).toContain(`<title>${title} | ${info.whitelabel.siteName}</title>`);
    expect(html).toMatch(new RegExp(`<h1 id="kl-lottery-title"[^>]*>${title}</h1>`));

    // Each lottery of the list, with its next draw's countdown as of the embedded answer's time: the
    // browser's first render over the page computes the same text from the same data.
    const state = embeddedState(html);
    expect(state).toMatchObject({ language, path: '/m/lottery', search: '' });
    const embedded = embeddedData(html);
    expect([...embedded.keys()].sort()).toEqual(
      [['system-status'], ['lottery', 'games']].map((key) => JSON.stringify(key)).sort(),
    );
    const carried = embedded.get(JSON.stringify(['lottery', 'games'])) as {
      serverTime: string;
      receivedAt: unknown;
      list: { code: string; name: string; nextDraw: { closeAt: string; issue: string } | null }[];
    };
    // No device time of arrival: the browser dates it from the page's opening (features/lottery lib/clock.ts).
    expect(carried.receivedAt).toBeNull();
    const { list } = await apiValue<{ list: unknown[] }>('/api/lottery/games', language);
    expect(carried.list).toEqual(list);
    expect(carried.list.length).toBeGreaterThan(1);
    const open = carried.list.filter((game) => game.nextDraw);
    expect(open.length).toBeGreaterThan(0);
    for (const game of carried.list) expect(html).toContain(`data-code="${game.code}"`);
    for (const { nextDraw } of open) {
      const seconds = Math.max(
        0,
        Math.ceil((Date.parse(nextDraw!.closeAt) - Date.parse(carried.serverTime)) / 1000),
      );
      expect(html).toContain(`data-seconds="${seconds}" data-issue="${nextDraw!.issue}"`);
    }
    // The device's time zone is not the server's to know: no zone is named beside a draw's time.
    expect(html).not.toContain('(GMT');

    const head = html.slice(0, html.indexOf('</head>'));
    // A list of text: no picture is preloaded.
    expect(head).not.toContain('rel="preload" as="image"');
    expect(head).toContain('.kl-lottery-list-screen-f{color:red}');
    expect(head).not.toContain('.kl-game-list-screen-e{color:red}');
    const chunks = /<meta name="kl-first-screen-chunks" content="([^"]*)"/.exec(head)?.[1]?.split(' ') ?? [];
    expect(chunks).toEqual([
      '/m/assets/start-b.js',
      '/m/assets/framework-c.js',
      '/m/assets/lottery-list-screen-f.js',
    ]);
  });

  it('takes the language and the theme from their cookies', async () => {
    const html = await home('/m/home', 'kl_lang=en; kl_theme=light');
    expect(html).toContain('<html lang="en" data-theme="light">');
    expect(embeddedState(html)).toMatchObject({ language: 'en', theme: 'light' });
    // ?lang= wins over the cookie.
    expect(await home('/m/home?lang=vi', 'kl_lang=en')).toContain('<html lang="vi"');
  });

  it.each(['/m/home', '/m/gameList?gameType=RNG'])(
    "leaves a member's %s to the app: a session cookie gets the page without a rendered screen",
    async (url) => {
      const html = await home(url, 'kl_session=some-session; kl_lang=en');
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-server-rendered');
      // The status only, for no path: the app draws the screen over it rather than taking a page over.
      expect(embeddedState(html)).toMatchObject({ language: 'en', theme: 'dark' });
      expect(embeddedState(html).path).toBeUndefined();
      expect([...embeddedData(html).keys()]).toEqual([JSON.stringify(['system-status'])]);
    },
  );

  it.each([
    { url: '/m/activity', cookie: undefined, language: 'vi', theme: 'dark' },
    {
      url: '/m/member/home',
      cookie: 'kl_session=some-session; kl_lang=en; kl_theme=light',
      language: 'en',
      theme: 'light',
    },
    { url: '/m/no-such-page?x=1', cookie: undefined, language: 'vi', theme: 'dark' },
  ])(
    'sends $url, a page the app draws alone, with the status the API answers in it',
    async ({ url, cookie, language, theme }) => {
      const html = await home(url, cookie);
      expect(html).toContain(`<html lang="${language}" data-theme="${theme}">`);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-server-rendered');
      // index.html's head as it is: its stylesheet linked, nothing of a first screen.
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/m/assets/index-a.css">');
      expect(html).not.toContain(FIRST_SCREEN_CHUNKS);
      const state = embeddedState(html);
      expect(state).toMatchObject({ language, theme });
      expect(state.path).toBeUndefined();
      expect(embeddedData(html)).toEqual(
        new Map([[JSON.stringify(['system-status']), await apiValue('/api/status', language)]]),
      );
    },
  );

  it("sends a member's page with the member's first answers in it, private: the member centre with its avatar preloaded", async () => {
    const member = await registerByUsername(app);
    const cookie = `${SESSION_COOKIE}=${member.cookie}; kl_lang=en`;
    /** The API's answer to the member, as the browser would get it. */
    const asMember = async (url: string) => {
      const response = await app.inject({
        url,
        remoteAddress: member.ip,
        headers: { cookie, 'accept-language': 'en' },
      });
      return (JSON.parse(response.body) as { value: unknown }).value;
    };
    const page = async (url: string) => {
      const response = await app.inject({
        url,
        remoteAddress: member.ip,
        headers: { 'accept-encoding': 'identity', cookie },
      });
      expect(response.statusCode).toBe(200);
      // The member's data is in it: no shared cache may keep it.
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toContain('cookie');
      return response.body;
    };

    const centre = await page('/m/member/home');
    expect(centre).not.toContain('data-server-rendered');
    const headIcon = (await asMember('/api/member/head-icon')) as { url: string };
    expect(embeddedData(centre)).toEqual(
      new Map([
        [JSON.stringify(['system-status']), await asMember('/api/status')],
        [JSON.stringify(['member', 'info', member.username]), await asMember('/api/member/info')],
        [JSON.stringify(['member', 'wallet']), await asMember('/api/wallet')],
        [JSON.stringify(['member', 'head-icon', member.username]), headIcon],
        [
          JSON.stringify(['member', 'inbox', 'unread-count', member.username]),
          await asMember('/api/inbox/unread-count'),
        ],
      ]),
    );
    const head = centre.slice(0, centre.indexOf('</head>'));
    const preload = `<link rel="preload" as="image" href="${headIcon.url.replace(/&/g, '&amp;')}" fetchpriority="high">`;
    expect(head).toContain(preload);
    expect(head.indexOf(preload)).toBeLessThan(head.search(/<script|<link rel="stylesheet"/));

    // Another page: the header's answers only, no picture.
    const activity = await page('/m/activity');
    expect([...embeddedData(activity).keys()].sort()).toEqual(
      [
        JSON.stringify(['system-status']),
        JSON.stringify(['member', 'info', member.username]),
        JSON.stringify(['member', 'wallet']),
      ].sort(),
    );
    expect(activity).not.toContain('rel="preload" as="image"');

    // A session the server no longer knows: the status only, as for a visitor.
    const stale = await home('/m/member/home', `${SESSION_COOKIE}=not-a-session`);
    expect([...embeddedData(stale).keys()]).toEqual([JSON.stringify(['system-status'])]);
  });

  it("sends /m/index.html, the service worker's app shell, as it is: a status kept there would outlive it", async () => {
    const response = await app.inject({ url: '/m/index.html', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('sends the plain index.html for a HEAD: no status is read for it', async () => {
    const response = await app.inject({
      method: 'HEAD',
      url: '/m/activity',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(INDEX_HTML)));
  });

  it('renders with no AsyncLocalStorage of its own (it would slow every later call: docs/performance.md)', () => {
    // React's Node build keeps each render in an AsyncLocalStorage from node:async_hooks; on Node 20 that
    // switches on async hooks for the whole process. The edge build, bundled here, does not import it.
    const module = readFileSync(join(dist, SSR_ENTRY), 'utf8');
    expect(module).toContain('prerender');
    expect(module).not.toMatch(/async_hooks/);
  });

  it('refuses to serve the server module as a file', async () => {
    for (const url of [`/m/${SSR_ENTRY}`, '/m/server/', '/m/.vite/manifest.json']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('prerender');
    }
  });

  it('answers with brotli when the browser accepts it', async () => {
    const response = await app.inject({ url: '/m/home', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('cookie');
  });

  it('keeps a banner title that closes the script inert in the embedded state', async () => {
    await database.current.db.update(contentBanner).set({ title: { vi: EVIL_TITLE, en: EVIL_TITLE } });
    const html = await home('/m/home?lang=en');
    // Nowhere in the page as markup: escaped in the picture's text, \u003c-escaped in the state.
    expect(html).not.toContain(EVIL_TITLE);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('alt="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(JSON.stringify(embeddedState(html).queries)).toContain(JSON.stringify(EVIL_TITLE));
  });

  it('logs nothing while rendering', () => {
    expect(logs.lines.filter((line) => line.level === 50)).toEqual([]);
  });
});

describe('/m/home when the server module fails', () => {
  it.each([
    [
      'throws while rendering',
      'export const FIRST_SCREEN_MODULES = { "/m/home": [] }; export async function loadState() { return {}; } export async function render() { throw new Error("render broke"); }',
    ],
    ['is not a server module', 'export const nothing = 1;'],
    ['cannot be loaded', 'this is not JavaScript'],
  ])('answers index.html when it %s, and logs it', async (_case, source) => {
    const dist = writeDist({ ssrModule: source });
    const logs = captureLogs('error');
    const app = await buildTestApp(database.current, { config: { webDist: dist }, logger: logs.logger });
    try {
      const response = await app.inject({ url: '/m/home', headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(logs.lines.some((line) => String(line.msg).includes('server rendering of a page failed'))).toBe(
        true,
      );
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
