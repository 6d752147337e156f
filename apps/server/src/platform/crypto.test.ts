import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { hash } from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, lightenPasswordHashingForTests, verifyPassword } from './crypto.ts';

describe('password hashing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('hashes with argon2id; the suites in this process hash lightly (test/setup.ts)', async () => {
    const hashed = await hashPassword('secret123');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hashed, 'secret123')).toBe(true);
    expect(await verifyPassword(hashed, 'secret124')).toBe(false);
  });

  it("checks a hash by its own parameters: production's verify here", async () => {
    const production = await hash('secret123', {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(await verifyPassword(production, 'secret123')).toBe(true);
    expect(await verifyPassword(production, 'wrong999')).toBe(false);
    expect(await verifyPassword('not a hash', 'secret123')).toBe(false);
  });

  it('hashes at 19 MiB and two passes in any other process, as production does', async () => {
    const script =
      "const { hashPassword } = await import('./src/platform/crypto.ts'); console.log(await hashPassword('secret123'));";
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    expect(stdout.trim()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('is never lightened in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => lightenPasswordHashingForTests()).toThrow(/never lightened in production/);
  });
});
