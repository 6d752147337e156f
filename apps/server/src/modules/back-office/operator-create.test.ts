import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_EXIT, type CommandOptions, runMerchantCreate } from '../../db/seed/commands.ts';
import { operator, operatorAudit } from '../../db/schema/index.ts';
import { verifyPassword } from '../../platform/crypto.ts';
import { openDatabase } from '../../platform/db.ts';
import { PRODUCTION_TEST_ENV } from '../../test/app.ts';
import { runOperatorCreate } from './operator-create.ts';

const PASSWORD = 'first-owner-passphrase';

describe('npm run operator:create', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'kl-operator-create-'));
  const dataDir = join(workDir, 'data');
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  const env = { ...PRODUCTION_TEST_ENV, DATA_DIR: dataDir, MERCHANT_CODE: 'kl' };

  const run = async (command: (options: CommandOptions) => Promise<number>, argv: string[]) => {
    const lines: string[] = [];
    const code = await command({ argv, env, write: (line) => lines.push(line) });
    return { code, lines };
  };

  it('refuses bad options before opening any database', async () => {
    const { code, lines } = await run(runOperatorCreate, [
      '--username',
      'A B',
      '--role',
      'king',
      '--password',
      'short',
    ]);
    expect(code).toBe(COMMAND_EXIT.refused);
    expect(lines).toEqual(
      expect.arrayContaining([
        'operator:create: --username must be 3 to 32 of a-z, 0-9, dot, dash, underscore',
        'operator:create: --role must be one of owner, finance, risk, support, content',
        'operator:create: --password must be 12 to 128 characters',
      ]),
    );
  });

  it('creates the first owner on the embedded database, never writing the password, once', async () => {
    const argv = ['--username', 'Boss', '--role', 'owner', '--password', PASSWORD];
    const missing = await run(runOperatorCreate, argv);
    expect(missing.code).toBe(COMMAND_EXIT.refused);
    expect(missing.lines.join('\n')).toContain('merchant kl does not exist');

    expect(
      (await run(runMerchantCreate, ['--code', 'kl', '--name', 'Kim Long', '--domain', 'kimlong.vn'])).code,
    ).toBe(COMMAND_EXIT.done);
    const created = await run(runOperatorCreate, argv);
    expect(created.code).toBe(COMMAND_EXIT.done);
    expect(created.lines.join('\n')).toContain('operator boss (owner) created for merchant kl');
    expect(created.lines.join('\n')).not.toContain(PASSWORD);

    const again = await run(runOperatorCreate, argv);
    expect(again.code).toBe(COMMAND_EXIT.refused);
    expect(again.lines.join('\n')).toContain('operator boss exists already');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await database.db.select().from(operator);
      expect(row).toMatchObject({ username: 'boss', role: 'owner', readOnly: false, totpEnrolledAt: null });
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row?.passwordHash ?? '', PASSWORD)).toBe(true);
      const audit = await database.db.select().from(operatorAudit);
      expect(audit.map((entry) => [entry.action, entry.operatorUsername])).toEqual([
        ['operator.create', 'operator:create'],
      ]);
    } finally {
      await database.close();
    }
  });
});
