import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_EXIT, runMerchantCreate } from '../../db/seed/commands.ts';
import { operator, operatorAudit } from '../../db/schema/index.ts';
import { verifyPassword } from '../../platform/crypto.ts';
import { openDatabase } from '../../platform/db.ts';
import { PRODUCTION_TEST_ENV } from '../../test/app.ts';
import { openDataDirCopy } from '../../test/databases.ts';
import { type PasswordInput, runOperatorCreate } from './operator-create.ts';

const PASSWORD = 'first-owner-passphrase';

describe('npm run operator:create', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'kl-operator-create-'));
  const dataDir = join(workDir, 'data');
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  const env = { ...PRODUCTION_TEST_ENV, DATA_DIR: dataDir, MERCHANT_CODE: 'kl' };

  /** Runs operator:create with `stdin` as its standard input (piped unless it says it is a terminal). */
  const create = async (argv: string[], stdin: PasswordInput = Readable.from([`${PASSWORD}\n`])) => {
    const lines: string[] = [];
    const prompts: string[] = [];
    const code = await runOperatorCreate({
      argv,
      env,
      write: (line) => lines.push(line),
      input: stdin,
      prompt: (text) => prompts.push(text),
    });
    return { code, lines, prompts };
  };

  it('refuses bad options, and a password on the command line, before reading one or opening a database', async () => {
    const { code, lines } = await create(['--username', 'A B', '--role', 'king', '--password', PASSWORD]);
    expect(code).toBe(COMMAND_EXIT.refused);
    expect(lines).toEqual(
      expect.arrayContaining([
        'operator:create: --username must be 3 to 32 of a-z, 0-9, dot, dash, underscore',
        'operator:create: --role must be one of owner, finance, risk, support, content',
        expect.stringMatching(
          /^operator:create: --password is not taken on the command line .*pipe it on standard input/,
        ),
      ]),
    );
    const short = await create(['--username', 'boss', '--role', 'owner'], Readable.from(['short\n']));
    expect(short).toMatchObject({
      code: COMMAND_EXIT.refused,
      lines: ['operator:create: the password must be 12 to 128 characters'],
    });
    const empty = await create(['--username', 'boss', '--role', 'owner'], Readable.from([]));
    expect(empty.code).toBe(COMMAND_EXIT.refused);
    expect(empty.lines.join('\n')).toContain('no password on standard input');
  });

  it('asks the password twice at a terminal without showing it', async () => {
    const terminal = new PassThrough() as PassThrough & PasswordInput;
    const modes: boolean[] = [];
    terminal.isTTY = true;
    terminal.setRawMode = (raw: boolean) => modes.push(raw);
    const typed = create(['--username', 'boss', '--role', 'owner'], terminal);
    // Typed key by key, with a mistake taken back, then the same again with a different last word.
    terminal.write(`${PASSWORD}x\u007f\r`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    terminal.write('something-else-entirely\r');
    const { code, lines, prompts } = await typed;
    expect(code).toBe(COMMAND_EXIT.refused);
    expect(lines).toEqual(['operator:create: the two passwords differ; nothing changed']);
    expect(prompts.join('')).toMatch(/^Password for boss \(not shown\): \nThe same password again: \n$/);
    expect(modes).toEqual([true, false, true, false]);
  });

  it('creates the first owner on the embedded database from a piped password, never writing it, once', async () => {
    // The data folder starts as a copy of the run's migrated template (making a database from nothing is
    // merchant:create's test, db/seed/production-start.test.ts).
    await (await openDataDirCopy(dataDir, 'migrated')).close();
    const argv = ['--username', 'Boss', '--role', 'owner'];
    const missing = await create(argv);
    expect(missing.code).toBe(COMMAND_EXIT.refused);
    expect(missing.lines.join('\n')).toContain('merchant kl does not exist');

    const lines: string[] = [];
    expect(
      await runMerchantCreate({
        argv: ['--code', 'kl', '--name', 'Kim Long', '--domain', 'kimlong.vn'],
        env,
        write: (line) => lines.push(line),
      }),
    ).toBe(COMMAND_EXIT.done);
    const created = await create(argv, Readable.from([`${PASSWORD}\r\n`, 'the rest is not read\n']));
    expect(created.code).toBe(COMMAND_EXIT.done);
    expect(created.lines.join('\n')).toContain('operator boss (owner) created for merchant kl');
    expect(created.lines.join('\n')).not.toContain(PASSWORD);
    expect(created.prompts).toEqual([]);

    const again = await create(argv);
    expect(again.code).toBe(COMMAND_EXIT.refused);
    expect(again.lines.join('\n')).toContain('operator boss exists already');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await database.db.select().from(operator);
      expect(row).toMatchObject({
        username: 'boss',
        role: 'owner',
        readOnly: false,
        totpEnrolledAt: null,
        credentialsIssuedBy: null,
      });
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row?.passwordHash ?? '', PASSWORD)).toBe(true);
      const audit = await database.db.select().from(operatorAudit);
      expect(audit.map((entry) => [entry.action, entry.operatorUsername])).toEqual([
        ['operator.create', 'operator:create'],
      ]);
    } finally {
      await database.close();
    }
    // Four runs, each opening the embedded database.
  }, 120_000);
});
