import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_EXIT } from '../../../db/seed/commands.ts';
import { PRODUCTION_TEST_ENV } from '../../../test/app.ts';
import { openDataDirCopy } from '../../../test/databases.ts';
import { compiledServerPath } from '../../../test/processes.ts';
import { runAgentsSettle } from './command.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../../..', import.meta.url));

describe('npm run agents:settle', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'kl-agents-settle-'));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  const env = { ...PRODUCTION_TEST_ENV, DATA_DIR: join(workDir, 'data'), MERCHANT_CODE: 'kl' };

  const run = async (argv: string[], now = new Date('2026-11-24T10:00:00.000Z')) => {
    const lines: string[] = [];
    const code = await runAgentsSettle({ argv, env, write: (line) => lines.push(line), clock: () => now });
    return { code, text: lines.join('\n') };
  };

  it('refuses a bad or open period before opening any database', async () => {
    const missing = await run([]);
    expect(missing.code).toBe(COMMAND_EXIT.refused);
    expect(missing.text).toContain('agents:settle: --period is required');
    expect(missing.text).toContain('usage: npm run agents:settle -- --period <period>');

    const bad = await run(['--period', '2026-02-30']);
    expect(bad.code).toBe(COMMAND_EXIT.refused);
    expect(bad.text).toContain('--period 2026-02-30 is not a period');

    // 10:00Z is 18:00 GMT+8: the day and the half month are still running, the hour before is not.
    for (const period of ['2026-11-24', '2026-11-H2', '2026-11-24T18']) {
      const open = await run(['--period', period]);
      expect(open.code, period).toBe(COMMAND_EXIT.refused);
      expect(open.text).toContain(`agents:settle: ${period} is not over yet`);
    }
    expect((await run(['--help'])).code).toBe(COMMAND_EXIT.done);
  });

  it('settles a closed day as a person runs it', async () => {
    // The data folder starts as a copy of the run's migrated template: the command has nothing to migrate.
    await (await openDataDirCopy(env.DATA_DIR, 'migrated')).close();
    const child = spawn(
      process.execPath,
      [compiledServerPath('scripts/agents-settle.ts'), '--period', '2026-11-23'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, stdout).toBe(COMMAND_EXIT.done);
    expect(stdout).toContain('agents:settle: merchant kl on PGlite at');
    expect(stdout).toContain('settled 2026-11-23 and its 24 hours (2026-11-23T00 … 2026-11-23T23)');
    expect(stdout).toMatch(/paid now: +0 \(0 in minor units\)/);
  }, 60_000);
});
