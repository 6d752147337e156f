import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { systemProbe } from '../../../../scripts/test/prerequisites.mjs';
import { throwawayCluster } from '../../../../scripts/test/postgres.mjs';
import { createDatabase, dropDatabase } from './site-database.ts';

/**
 * What the release's tests (release.spec.ts, launch.spec.ts) run beside the release: an empty PostgreSQL
 * database, the release's processes, and nginx in front of them with the site's own configuration
 * (deploy/nginx).
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The release (scripts/release.mjs, docs/decisions/039-release.md) as an operator ships it: copied to a
 * folder of its own and installed there with production dependencies only. `npm run build` made it.
 * Answers the folder; the caller removes it.
 */
export function installRelease(): string {
  const folder = mkdtempSync(join(tmpdir(), 'kl-release-'));
  cpSync(join(REPO_ROOT, 'release'), folder, { recursive: true });
  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: folder,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`npm ci --omit=dev failed in the release: ${install.stderr}`);
  return folder;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * A new, empty database on the PostgreSQL server of the test run (TEST_DATABASE_URL, which `npm test`
 * sets), or on a throwaway cluster of its own when the end-to-end tests run alone. `drop` removes it.
 */
export async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let cluster: ReturnType<typeof throwawayCluster> | undefined;
  if (!serverUrl) {
    const probe = systemProbe();
    const binDir = probe.postgresBin();
    if (!binDir) throw new Error('PostgreSQL is not installed: run the tests with npm test');
    cluster = throwawayCluster({ binDir, asRoot: probe.isRoot() });
    serverUrl = (await cluster.start()).url;
  }
  const server = serverUrl;
  const name = `kl_release_${randomBytes(6).toString('hex')}`;
  await createDatabase(server, name);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await dropDatabase(server, name);
      cluster?.stop();
    },
  };
}

/** A process of the release, its standard output kept (the server logs JSON lines there). */
export interface ReleaseProcess {
  readonly port: number;
  readonly child: ChildProcess;
  /** The JSON log lines so far. */
  logs(): Record<string, unknown>[];
  /** Everything it wrote so far, as written. */
  output(): string;
  readonly exited: Promise<number | null>;
}

export function startRelease(folder: string, env: Record<string, string>, port: number): ReleaseProcess {
  const child = spawn(process.execPath, ['apps/server/src/main.js'], {
    cwd: folder,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    port,
    child,
    exited,
    output: () => out,
    logs: () =>
      out.split('\n').flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
  };
}

/**
 * nginx in front of `ports` on `listen`, with the site's configuration (deploy/nginx/kimlong.conf) as
 * shipped but for its addresses and folders, and a header naming the process that answered.
 */
export function startNginx(
  repoRoot: string,
  folder: string,
  ports: readonly number[],
  listen: number,
): ChildProcess {
  const prefix = join(folder, 'nginx');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const site = readFileSync(join(repoRoot, 'deploy/nginx/kimlong.conf'), 'utf8')
    .replace('/var/cache/nginx/kimlong', join(prefix, 'cache'))
    .replace(/^[ \t]*listen \[::\]:80;\n/m, '')
    .replace(/^([ \t]*)listen 80;/m, `$1listen 127.0.0.1:${listen};`);
  writeFileSync(join(prefix, 'site.conf'), site);
  // The shipped upstream, its server lines (same parameters) pointed at the test's processes.
  const upstream = readFileSync(join(repoRoot, 'deploy/nginx/upstream.conf'), 'utf8').split('\n');
  const template = upstream.find((line) => /^[ \t]*server 127\.0\.0\.1:8081 /.test(line)) ?? '';
  const servers = ports.map((port) => template.replace(':8081 ', `:${port} `));
  writeFileSync(
    join(prefix, 'upstream.conf'),
    upstream
      .filter((line) => !/^[ \t]*server /.test(line))
      .flatMap((line) => (/^upstream /.test(line) ? [line, ...servers] : [line]))
      .join('\n'),
  );
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events {}',
      'http {',
      '  access_log off;',
      '  add_header X-Served-By $upstream_addr always;',
      `  include ${join(prefix, 'upstream.conf')};`,
      `  include ${join(prefix, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  return spawn('/usr/sbin/nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The `name=value` of a Set-Cookie header's cookie `name`. */
export function cookieOf(response: Response, name: string): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie in the answer`);
  return cookie;
}

/** Reads a server-sent event stream; `next(match)` resolves with the first event data `match` accepts. */
export function eventsOf(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const seen: unknown[] = [];
  return {
    async next<T>(match: (data: T) => boolean): Promise<T> {
      for (;;) {
        const found = seen.find((data) => match(data as T));
        if (found !== undefined) return found as T;
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) seen.push(JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
      }
    },
    close: () => reader.cancel(),
  };
}

/**
 * Answers a captcha as a person reading its image would: the test gives the captcha (on the database at
 * `databaseUrl`) the digest of a known answer, which it answers (captcha answers are kept as SHA-256
 * digests scoped by the captcha's id, apps/server/src/db/schema/accounts.ts).
 */
export async function solveCaptcha(databaseUrl: string, captchaId: string): Promise<string> {
  const answer = String(1000 + (Date.now() % 9000));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update captcha set answer_hash = $1 where id = $2', [
      createHash('sha256').update(`${captchaId}\u0000${answer}`).digest('hex'),
      captchaId,
    ]);
  } finally {
    await client.end();
  }
  return answer;
}
