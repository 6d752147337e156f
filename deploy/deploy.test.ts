import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../apps/server/src/platform/config.ts';

/**
 * The deployment files (docs/deployment.md) agree with the release they run: the container builds what
 * the repository has and starts what the release starts, the compose file's and the systemd unit's
 * settings are a valid production configuration of the server, nginx accepts its configuration, and
 * systemd its unit. (The two processes behind this nginx configuration run in the release's end-to-end
 * test, apps/web/e2e/release.spec.ts.)
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'kl-deploy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `KEY=value` lines, comments and blank lines left out. */
const envFile = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** What an operator fills in: the secrets the example files leave empty. */
const SECRETS: Record<string, () => string> = {
  POSTGRES_PASSWORD: () => randomBytes(24).toString('hex'),
  SECRET_KEYS: () => `k1:${randomBytes(32).toString('base64')}`,
  PAYMENT_CALLBACK_SECRET: () => randomBytes(32).toString('hex'),
  DATABASE_URL: () => `postgres://kimlong:${randomBytes(12).toString('hex')}@127.0.0.1:5432/kimlong`,
};

/** An example settings file as shipped (every secret empty, so none is published) and filled in. */
function filledIn(path: string): Record<string, string> {
  const example = envFile(read(path));
  const empty = Object.keys(example).filter((name) => example[name] === '');
  expect(empty.length).toBeGreaterThan(0);
  for (const name of empty) expect(SECRETS, `${path}: ${name}`).toHaveProperty(name);
  return { ...example, ...Object.fromEntries(empty.map((name) => [name, SECRETS[name]?.() ?? ''])) };
}

/** Compose's `${NAME:?message}` and `${NAME:-default}` read from `values`. */
const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
    const value = values[name];
    if (value !== undefined && value !== '') return value;
    if (kind === '-') return rest ?? '';
    throw new Error(`compose needs ${name}: ${rest ?? ''}`);
  });

describe('the container file', () => {
  const dockerfile = read('Dockerfile');

  it('copies only what the repository has, every workspace’s manifest before installing', () => {
    const copies = [...dockerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].map((match) =>
      (match[1] ?? '').trim().split(/\s+/).slice(0, -1),
    );
    const sources = copies.flat();
    for (const source of sources) expect(existsSync(join(root, source)), source).toBe(true);
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) expect(sources).toContain(`${workspace}/package.json`);
  });

  it('runs the release’s compiled server on Node 24 as an unprivileged user, with a health check', () => {
    const release = read('scripts/release.mjs');
    expect(release).toContain("start: 'node apps/server/src/main.js'");
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/server\/src\/main\.js"\]$/m);
    expect([...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((match) => match[1])).toEqual(['24', '24']);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });
});

describe('the compose file', () => {
  const compose = parse(
    interpolate(read('deploy/compose/compose.yaml'), filledIn('deploy/compose/example.env')),
  ) as {
    services: Record<string, { environment?: Record<string, string>; volumes?: string[]; build?: unknown }>;
  };

  it('refuses to start with the example’s empty secrets', () => {
    const example = envFile(read('deploy/compose/example.env'));
    expect(() => interpolate(read('deploy/compose/compose.yaml'), example)).toThrow(/POSTGRES_PASSWORD/);
  });

  it('gives both processes a valid production configuration on PostgreSQL, behind the proxy only', () => {
    for (const name of ['app1', 'app2']) {
      const environment = compose.services[name]?.environment ?? {};
      const config = loadConfig(environment);
      expect(config.nodeEnv).toBe('production');
      expect(config.databaseUrl).toMatch(/^postgres:\/\/kimlong:.+@postgres:5432\/kimlong$/);
      expect(config.trustProxy).toEqual(['172.30.0.0/24']);
    }
  });

  it('mounts nginx’s files from the repository, its upstream naming the app services', () => {
    const mounts = compose.services.nginx?.volumes ?? [];
    for (const mount of mounts) {
      const source = mount.split(':')[0] ?? '';
      expect(existsSync(join(root, 'deploy/compose', source)), source).toBe(true);
    }
    const upstream = read('deploy/compose/upstream.conf');
    const servers = [...upstream.matchAll(/^\s*server (\w+):8080/gm)].map((match) => match[1]);
    expect(servers).toEqual(['app1', 'app2']);
    for (const server of servers) expect(compose.services).toHaveProperty(server ?? '');
  });
});

describe('nginx', () => {
  it.skipIf(!existsSync('/usr/sbin/nginx'))('accepts the site’s configuration', () => {
    const main = join(scratch, 'nginx.conf');
    writeFileSync(
      main,
      [
        `pid ${join(scratch, 'nginx.pid')};`,
        `error_log ${join(scratch, 'error.log')};`,
        'events {}',
        'http {',
        `  include ${join(root, 'deploy/nginx/upstream.conf')};`,
        `  include ${join(scratch, 'site.conf')};`,
        '}',
      ].join('\n'),
    );
    // The cache folder of the shipped file is the system's; here one of the test's own.
    writeFileSync(
      join(scratch, 'site.conf'),
      read('deploy/nginx/kimlong.conf').replace('/var/cache/nginx/kimlong', join(scratch, 'cache')),
    );
    const checked = spawnSync('/usr/sbin/nginx', ['-t', '-p', scratch, '-c', main], { encoding: 'utf8' });
    expect(checked.stderr).toContain('test is successful');
    expect(checked.status).toBe(0);
  });
});

describe('the systemd unit', () => {
  it('with its example settings, is a valid production configuration on the instance’s port', () => {
    const unit = read('deploy/systemd/kimlong@.service');
    const fixed = Object.fromEntries(
      (unit.match(/^Environment=(.+)$/m)?.[1] ?? '').split(' ').map((pair) => pair.split('=')),
    ) as Record<string, string>;
    const config = loadConfig({
      ...filledIn('deploy/systemd/kimlong.env.example'),
      ...fixed,
      PORT: fixed.PORT === '%i' ? '8081' : (fixed.PORT ?? ''),
    });
    expect(config.nodeEnv).toBe('production');
    expect(config.port).toBe(8081);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeDefined();
  });

  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))('passes systemd’s own check', () => {
    // The unit names /usr/bin/node, which a machine with another Node lacks: checked with this one.
    const unit = join(scratch, 'kimlong@8081.service');
    writeFileSync(
      unit,
      read('deploy/systemd/kimlong@.service').replace(
        'ExecStart=/usr/bin/node',
        `ExecStart=${process.execPath}`,
      ),
    );
    const checked = spawnSync('/usr/bin/systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });
});
