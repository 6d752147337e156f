import { describe, expect, it } from 'vitest';
import {
  cacheNameFor,
  handlingOf,
  isHashedAsset,
  isSkipWaiting,
  isStaleCache,
  SKIP_WAITING,
  staticRoutesOf,
  type RequestFacts,
  type Scope,
} from './rules.ts';

const ORIGIN = 'https://kimlong.example';
const scope: Scope = {
  origin: ORIGIN,
  path: '/m/',
  precached: new Set(['/m/index.html', '/m/assets/index-abc123.js', '/m/favicon.svg']),
};

const get = (path: string, mode = 'cors'): RequestFacts => ({ method: 'GET', mode, url: `${ORIGIN}${path}` });
const navigate = (path: string) => get(path, 'navigate');

describe('handlingOf', () => {
  it.each([
    '/m/home',
    '/m/',
    '/m/index.html',
    '/m/gameList?gameType=RNG',
    '/m/member/home',
    '/m/lotto-h5/kimlong/trad/games/1001?token=x',
    '/m/a-path-the-app-does-not-know',
  ])('answers the app shell for a navigation to %s', (path) => {
    expect(handlingOf(navigate(path), scope)).toBe('shell');
  });

  it('answers precached files from the cache', () => {
    expect(handlingOf(get('/m/assets/index-abc123.js'), scope)).toBe('precached');
    expect(handlingOf(get('/m/favicon.svg', 'no-cors'), scope)).toBe('precached');
  });

  it.each([
    ['an API call', get('/api/member/info')],
    ['an API call of a public picture', get('/api/games/art/1001.svg', 'no-cors')],
    ['a navigation to an API address', navigate('/api/docs')],
    ['a file the build did not precache', get('/m/assets/firebase-popup-x1.js')],
    ['a precached file asked with a query', get('/m/assets/index-abc123.js?v=2')],
    ['a navigation to a file', navigate('/m/icons/icon-192.png')],
    ['a navigation outside the scope', navigate('/chat/?b2c=1')],
    ['a request outside the scope', get('/favicon.ico')],
    ['another origin', { method: 'GET', mode: 'cors', url: 'https://cdn.example/m/assets/index-abc123.js' }],
    ['a POST', { method: 'POST', mode: 'cors', url: `${ORIGIN}/m/home` }],
    ['a POST to the API', { method: 'POST', mode: 'cors', url: `${ORIGIN}/api/login` }],
  ])('leaves %s to the network', (_label, request) => {
    expect(handlingOf(request, scope)).toBe('network');
  });

  it('never answers under /api, even for a worker whose scope would include it', () => {
    const wide: Scope = { ...scope, path: '/', precached: new Set(['/api/assets/logo.svg']) };
    expect(handlingOf(get('/api/assets/logo.svg'), wide)).toBe('network');
    expect(handlingOf(navigate('/api/member/info'), wide)).toBe('network');
    expect(handlingOf(navigate('/m/home'), wide)).toBe('shell');
  });
});

describe('caches and messages', () => {
  it('names the cache by version and treats only older shell caches as stale', () => {
    const current = cacheNameFor('v2');
    expect(isStaleCache(cacheNameFor('v1'), current)).toBe(true);
    expect(isStaleCache(current, current)).toBe(false);
    expect(isStaleCache('someone-else', current)).toBe(false);
  });

  it('recognises hashed build output and the skip-waiting message', () => {
    expect(isHashedAsset('/m/assets/index-abc123.js', '/m/')).toBe(true);
    expect(isHashedAsset('/m/index.html', '/m/')).toBe(false);
    expect(isSkipWaiting({ type: SKIP_WAITING })).toBe(true);
    expect(isSkipWaiting(SKIP_WAITING)).toBe(false);
    expect(isSkipWaiting(null)).toBe(false);
  });
});

describe('staticRoutesOf', () => {
  const routes = staticRoutesOf(scope.path);
  const matches = (pattern: string, path: string) => path.startsWith(pattern.slice(0, -1));

  it('sends the API to the network and the build’s files to the cache, as the fetch handler would', () => {
    expect(routes).toEqual([
      { pathname: '/api/*', source: 'network' },
      { pathname: '/m/assets/*', source: 'cache' },
    ]);
    for (const path of ['/api/games/art/1001.webp?v=x', '/api/health']) {
      const route = routes.find(({ pathname }) => matches(pathname, path));
      expect(route?.source).toBe('network');
      expect(handlingOf(get(path), scope)).toBe('network');
    }
    const asset = '/m/assets/index-abc123.js';
    expect(routes.find(({ pathname }) => matches(pathname, asset))?.source).toBe('cache');
    expect(handlingOf(get(asset), scope)).toBe('precached');
  });

  it('leaves navigations to the fetch handler, which answers them with the app shell', () => {
    for (const path of ['/m/home', '/m/gameList?gameType=RNG']) {
      expect(routes.some(({ pathname }) => matches(pathname, path))).toBe(false);
      expect(handlingOf(navigate(path), scope)).toBe('shell');
    }
  });
});
