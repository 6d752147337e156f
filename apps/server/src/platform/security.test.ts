import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { useTestDatabase } from '../test/databases.ts';
import { API_ANSWER_HEADERS, CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './security.ts';

/** `directive a b; directive c` → { directive: ['a', 'b'], … } */
function parsePolicy(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const AUTH_DOMAIN = 'kimlong-web.firebaseapp.com';
const FIREBASE_CONFIG = {
  firebaseProjectId: 'kimlong-web',
  firebaseWebApiKey: `AIza${'k'.repeat(35)}`,
  firebaseAuthDomain: AUTH_DOMAIN,
};

const unchanged = Object.fromEntries(
  Object.entries(CONTENT_SECURITY_POLICY).map(([name, sources]) => [name, [...sources]]),
);

describe('contentSecurityPolicy', () => {
  it('is the site policy without Firebase', () => {
    expect(contentSecurityPolicy(undefined)).toEqual(CONTENT_SECURITY_POLICY);
  });

  it('adds exactly the sources of the Firebase Auth popup', () => {
    const policy = contentSecurityPolicy(AUTH_DOMAIN);
    expect(policy).toEqual({
      ...CONTENT_SECURITY_POLICY,
      'script-src': ["'self'", 'https://apis.google.com'],
      'connect-src': [
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
      ],
      // The site had no frame-src: frames followed default-src 'self', which stays allowed.
      'frame-src': ["'self'", `https://${AUTH_DOMAIN}`],
    });
    // The constant itself is never changed.
    expect(CONTENT_SECURITY_POLICY['frame-src']).toBeUndefined();
  });

  it('adds the reCAPTCHA of the Firebase phone sign-in only when the project signs in by phone', () => {
    const policy = contentSecurityPolicy(AUTH_DOMAIN, [], true);
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://apis.google.com',
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(policy['frame-src']).toEqual([
      "'self'",
      `https://${AUTH_DOMAIN}`,
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    // Without Firebase's web configuration there is no Firebase sign-in at all.
    expect(contentSecurityPolicy(undefined, [], true)).toEqual(CONTENT_SECURITY_POLICY);
  });

  it('lets the pages call the game providers the site serves the clients of, and no one else', () => {
    expect(contentSecurityPolicy(undefined, ['http://127.0.0.1:8090'])).toEqual({
      ...CONTENT_SECURITY_POLICY,
      'connect-src': ["'self'", 'http://127.0.0.1:8090'],
    });
    expect(CONTENT_SECURITY_POLICY['connect-src']).toEqual(["'self'"]);
  });
});

describe('security headers of the application', () => {
  const database = useTestDatabase('pglite');
  let plain: FastifyInstance;
  let withFirebase: FastifyInstance;
  let projectOnly: FastifyInstance;
  beforeAll(async () => {
    // Without the sandbox provider, whose API its game client calls (its own test below).
    plain = await buildTestApp(database.current, { config: { sandboxProvider: false } });
    withFirebase = await buildTestApp(database.current, {
      config: { ...FIREBASE_CONFIG, sandboxProvider: false },
    });
    projectOnly = await buildTestApp(database.current, {
      config: { firebaseProjectId: 'kimlong-web', sandboxProvider: false },
    });
  });
  afterAll(async () => {
    await Promise.all([plain.close(), withFirebase.close(), projectOnly.close()]);
  });

  it('sends the unchanged policy and a same-origin opener policy without Firebase', async () => {
    for (const app of [plain, projectOnly]) {
      for (const url of ['/m/home', '/api/games/art/1001.svg']) {
        const response = await app.inject({ url });
        expect(parsePolicy(response.headers['content-security-policy'])).toEqual(unchanged);
        expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
    }
  });

  it('answers a JSON call with the API set: not framed, not sniffed, not read by another site', async () => {
    for (const app of [plain, withFirebase]) {
      for (const url of ['/api/health', '/api/status', '/api/banners']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        for (const [name, value] of Object.entries(API_ANSWER_HEADERS)) {
          expect(response.headers[name], `${url} ${name}`).toBe(value);
        }
        // No page policy on an answer that is never a page, and the limit's headers only on a refusal.
        expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
        expect(response.headers['x-ratelimit-remaining'], url).toBeUndefined();
      }
    }
  });

  it('lets the sandbox provider’s game client call the provider’s API when it is on', async () => {
    const withProvider = await buildTestApp(database.current, {
      config: { sandboxProvider: true, sandboxProviderUrl: 'http://games.test:8090' },
    });
    try {
      const response = await withProvider.inject({ url: '/m/home' });
      expect(parsePolicy(response.headers['content-security-policy'])).toEqual({
        ...unchanged,
        'connect-src': ["'self'", 'http://games.test:8090'],
      });
    } finally {
      await withProvider.close();
    }
  });

  it('lets the Firebase sign-in popup work when the web configuration is set', async () => {
    for (const url of ['/m/home', '/api/games/art/1001.svg']) {
      const response = await withFirebase.inject({ url });
      const policy = parsePolicy(response.headers['content-security-policy']);
      expect(policy).toEqual({
        ...unchanged,
        'script-src': ["'self'", 'https://apis.google.com'],
        'connect-src': [
          "'self'",
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
        ],
        'frame-src': ["'self'", `https://${AUTH_DOMAIN}`],
      });
      // The popup keeps its opener, so the page learns the result and when it was closed.
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });
});
