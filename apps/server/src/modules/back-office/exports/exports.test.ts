import { adminCalls } from '@kl/contracts/admin/calls';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../../platform/db.ts';
import { answerValue, csvLines, expectFailure } from '../../../test/answers.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { EXPORT_PAGE_ROWS } from './csv-export.ts';

let batches = 0;
/** A fresh target id prefix of audit entries written in bulk. */
const freshTarget = () => `bulk${process.pid % 1000}x${(batches += 1)}x${Math.floor(Math.random() * 1e6)}`;

/**
 * Writes `count` audit entries of target `<target>-1` … `<target>-<count>` straight into the log, three at a
 * time sharing a moment a microsecond apart from the next three (a JavaScript date could not tell them apart).
 */
async function bulkAudit(db: Db, target: string, count: number) {
  await db.execute(sql`
    insert into operator_audit
      (merchant_code, at, operator_id, operator_username, ip, action, target_type, target_id, before, after)
    select 'kimlong', timestamptz '2030-04-01 00:00:00+00' + (g / 3) * interval '1 microsecond', null,
      'bulk.writer', '10.9.9.9', case when g = 2 then '@SUM(A1)' else 'bulk.test' end, 'bulk',
      ${target} || '-' || g, case when g = 2 then jsonb_build_object('name', '=cmd') else null end,
      jsonb_build_object('n', g)
    from generate_series(1, ${count}) g`);
}

/** The audit log's CSV: every entry the filters select, read page after page. */
describeEachDatabase('back-office CSV exports', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { owner: 'owner', finance: 'finance' });
  const db = () => suite.database.current.db;

  it('writes every entry of a long list once, in its order, across pages of entries sharing a moment', async () => {
    const target = freshTarget();
    const count = 2 * EXPORT_PAGE_ROWS + 37;
    await bulkAudit(db(), target, count);

    const response = await request(adminCalls.adminAuditCsv, operators.owner, {
      query: { target, lang: 'en' },
    });
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{8}-\d{6}\.csv"$/,
    );
    const [header, ...rows] = csvLines(response);
    expect(header).toBe('Time,Operator,IP,Action,Target type,Target ID,Before,After');
    expect(rows).toHaveLength(count);
    // Newest first: the moment, then the id, both descending; each entry once.
    const ids = rows.map((row) => Number(/,bulk,[^,]+-(\d+),/.exec(row)?.[1]));
    expect(ids).toEqual(Array.from({ length: count }, (_, index) => count - index));
    expect(rows.at(-1)).toBe(
      `2030-04-01T07:00:00+07:00,bulk.writer,10.9.9.9,bulk.test,bulk,${target}-1,,"{""n"":1}"`,
    );
    // A formula in a cell is neutralised; the before and after are JSON.
    expect(rows.at(-2)).toBe(
      `2030-04-01T07:00:00+07:00,bulk.writer,10.9.9.9,'@SUM(A1),bulk,${target}-2,"{""name"":""=cmd""}","{""n"":2}"`,
    );

    // The export is itself in the log, with its filters and how many rows it wrote.
    const log = answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, {
        query: { action: 'audit.export', operator: operators.owner.username },
      }),
    ).list;
    expect(log.map((entry) => [entry.targetType, entry.after])).toEqual([
      ['audit', { filter: { target }, lang: 'en', rows: count, timeZone: 'Asia/Ho_Chi_Minh' }],
    ]);
    // Only owners read the audit log, and so export it.
    expectFailure(
      await request(adminCalls.adminAuditCsv, operators.finance, { query: { target } }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

/** A deployment's cap on an export: a longer list is refused before anything is written or audited. */
describeEachDatabase('back-office CSV exports past the cap', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(
    kind,
    { owner: 'owner' },
    { config: { exportMaxRows: 3 } },
  );

  it('refuses a list longer than EXPORT_MAX_ROWS with EXPORT_TOO_LARGE, and writes one that fits', async () => {
    const target = freshTarget();
    await bulkAudit(suite.database.current.db, target, 4);
    const refused = await request(adminCalls.adminAuditCsv, operators.owner, { query: { target } });
    expectFailure(refused, 400, 'EXPORT_TOO_LARGE');
    expect(refused.json()).toMatchObject({ value: { limit: 3, total: 4 } });

    const fits = await request(adminCalls.adminAuditCsv, operators.owner, {
      query: { target: `${target}-`, action: 'bulk.test' },
    });
    expect(csvLines(fits)).toHaveLength(4);
    const log = answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, { query: { action: 'audit.export' } }),
    ).list;
    expect(log.map((entry) => (entry.after as { rows: number }).rows)).toEqual([3]);
  });
});
