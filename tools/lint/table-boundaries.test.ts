import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { ownerOf, schemaNames, tablesPlugin } from './table-boundaries.js';
import { FOREIGN_TABLE_ALLOWANCES, SCHEMA_OWNERS } from './table-owners.js';

const server = fileURLToPath(new URL('../../apps/server/src/', import.meta.url));

/** `tables/owner` as eslint.config.js runs it, on source text at a path under apps/server/src. */
function lint(file: string, code: string, allowances?: Record<string, string[]>) {
  const linter = new Linter({ configType: 'flat', cwd: '/repo' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
          plugins: { tables: tablesPlugin },
          rules: { 'tables/owner': allowances ? ['error', { allowances }] : 'error' },
        },
      ],
      `/repo/apps/server/src/${file}`,
    )
    .map((message) => message.message);
}

const promotionImport = "import { promotion, type PromotionRow } from '../../../db/schema/index.ts';";

describe('tables/owner', () => {
  it("fails on a back-office file importing another module's table or row type", () => {
    expect(lint('modules/back-office/promotions/publishing.ts', promotionImport)).toEqual([
      "'promotion' is the promotions module's (db/schema/vip-promotions.ts): ask modules/promotions/index.ts for what you need (owners: tools/lint/table-owners.js).",
      "'PromotionRow' is the promotions module's (db/schema/vip-promotions.ts): ask modules/promotions/index.ts for what you need (owners: tools/lint/table-owners.js).",
    ]);
    // The schema file itself, a re-export, everything at once, a table whose file has another owner.
    expect(
      lint('modules/back-office/x.ts', "import { member } from '../../db/schema/accounts.ts';"),
    ).toHaveLength(1);
    expect(
      lint('modules/back-office/x.ts', "export { gameRound } from '../../db/schema/index.ts';"),
    ).toHaveLength(1);
    expect(lint('modules/back-office/x.ts', "import * as schema from '../../db/schema/index.ts';")).toEqual([
      "'../../db/schema/index.ts' brings in every table: import the tables this module owns by name.",
    ]);
    expect(lint('modules/back-office/x.ts', "export * from '../../db/schema/index.ts';")).toHaveLength(1);
    expect(
      lint('modules/promotions/service.ts', "import { vipLevel } from '../../db/schema/index.ts';"),
    ).toEqual([
      "'vipLevel' is the vip module's (db/schema/vip-promotions.ts): ask modules/vip/index.ts for what you need (owners: tools/lint/table-owners.js).",
    ]);
    // A table named in the text of a statement.
    expect(
      lint(
        'modules/back-office/x.ts',
        'const n = sql`select count(*) from promotion_claim c join "member" m on m.id = c.member_id`;',
      ),
    ).toEqual([
      "The SQL names 'promotion_claim', the promotions module's table (db/schema/vip-promotions.ts): ask modules/promotions/index.ts for what you need (owners: tools/lint/table-owners.js).",
      "The SQL names 'member', the member module's table (db/schema/accounts.ts): ask modules/member/index.ts for what you need (owners: tools/lint/table-owners.js).",
    ]);
    // Any module, not only the back office.
    expect(
      lint('modules/wallet/service.ts', "import { feedback } from '../../db/schema/index.ts';"),
    ).toHaveLength(1);
  });

  it('passes on the owner, its own tables in the back office, the shared helpers, tests and test kits', () => {
    expect(lint('modules/promotions/repository.ts', promotionImport.replace('../../../', '../../'))).toEqual(
      [],
    );
    expect(
      lint(
        'modules/back-office/operator-repository.ts',
        "import { operator, type OperatorRow, balanceAdjustment } from '../../db/schema/index.ts';",
      ),
    ).toEqual([]);
    expect(lint('modules/vip/repository.ts', "import { vipLevel } from '../../db/schema/index.ts';")).toEqual(
      [],
    );
    expect(lint('modules/chat/repository.ts', "import { at } from '../../db/schema/columns.ts';")).toEqual(
      [],
    );
    // Its own tables in SQL; and the text of a template that is no statement.
    const chat = 'const n = sql`select count(*) from chat_message m`; const s = `from member`;';
    expect(lint('modules/chat/repository.ts', chat)).toEqual([]);
    expect(lint('modules/back-office/promotions/promotions.test.ts', promotionImport)).toEqual([]);
    expect(lint('modules/back-office/controls/testing.ts', promotionImport)).toEqual([]);
    // Outside modules/ (platform, seeds, scripts) the rule says nothing.
    expect(lint('db/seed/merchant.ts', "import { promotion } from '../schema/index.ts';")).toEqual([]);
  });

  it('lets a listed file keep only the tables listed for it', () => {
    const allowances = { 'back-office/promotions/service.ts': ['promotion'] };
    expect(lint('modules/back-office/promotions/service.ts', promotionImport, allowances)).toEqual([]);
    expect(
      lint(
        'modules/back-office/promotions/service.ts',
        "import { promotionClaim } from '../../../db/schema/index.ts';",
        allowances,
      ),
    ).toHaveLength(1);
    expect(lint('modules/back-office/games/service.ts', promotionImport, allowances)).toHaveLength(2);
  });

  it('lets a read-model module read any table and write none', () => {
    const code = [
      "import { member, withdrawalRequest } from '../../db/schema/index.ts';",
      'export const read = (db) => db.select().from(member).innerJoin(withdrawalRequest, x);',
    ].join('\n');
    expect(lint('modules/reporting/repository.ts', code)).toEqual([]);
    expect(
      lint(
        'modules/reporting/repository.ts',
        `${code}\nexport const write = (tx) => tx.update(member).set({ frozen: true });`,
      ),
    ).toEqual([
      "The reporting module reads 'member' and never writes it: writes go through the member module.",
    ]);
    expect(
      lint(
        'modules/reporting/repository.ts',
        `${code}\nexport const write = (tx) => tx.delete(withdrawalRequest);`,
      ),
    ).toHaveLength(1);
    const reads = 'const n = sql`select m.id from member m join ledger_transaction t on true`;';
    expect(lint('modules/reporting/repository.ts', reads)).toEqual([]);
    expect(
      lint('modules/reporting/repository.ts', 'const n = sql`update member set frozen = true`;'),
    ).toEqual([
      "The reporting module reads 'member' and never writes it: writes go through the member module.",
    ]);
  });
});

describe('the table owners', () => {
  const names = schemaNames();

  it('name an owner for every schema file, and only for existing files and tables', () => {
    const files = readdirSync(`${server}db/schema`)
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
      .map((name) => name.slice(0, -'.ts'.length))
      .sort();
    expect(Object.keys(SCHEMA_OWNERS).sort()).toEqual(files);
    const modules = new Set([...readdirSync(`${server}modules`), 'platform']);
    for (const [file, of] of Object.entries(SCHEMA_OWNERS)) {
      if (!of) continue;
      for (const [table, owner] of Object.entries({ '': of.owner, ...(of.tables ?? {}) })) {
        expect(modules.has(owner), `${file}: ${owner}`).toBe(true);
        if (table) expect(names.get(table), `${file}: ${table}`).toEqual({ file, table });
      }
    }
    expect(ownerOf(names.get('VipLevelRow'))).toBe('vip');
    expect(ownerOf(names.get('MemberSessionRow'))).toBe('auth');
  });

  it('allow only what the listed files still import: the list shrinks', () => {
    for (const [file, tables] of Object.entries(FOREIGN_TABLE_ALLOWANCES)) {
      const code = readFileSync(`${server}modules/${file}`, 'utf8');
      const reported = lint(`modules/${file}`, code, {}).map((message) => {
        const name = /'(\w+)'/.exec(message)?.[1] ?? message;
        return (names.get(name) ?? names.get(`sql:${name}`))?.table ?? name;
      });
      expect([...new Set(reported)].sort(), file).toEqual([...tables].sort());
    }
  });
});
