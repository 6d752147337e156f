import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The migrator applies the journal's migrations that are newer than the last one a database has (it
 * compares their `when`): a migration whose time is before its predecessor's would never reach a database
 * that already had the predecessor.
 */
describe('the migrations journal', () => {
  const journal = JSON.parse(
    readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: { idx: number; when: number; tag: string }[] };

  it('lists the migrations in order, each one later than the one before', () => {
    const { entries } = journal;
    expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, index) => index));
    const late = entries.filter((entry, index) => index > 0 && entry.when <= (entries[index - 1]?.when ?? 0));
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });
});
