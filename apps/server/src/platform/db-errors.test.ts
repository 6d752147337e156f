import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestDatabase } from '../test/databases.ts';
import { arrayLiteral, rowsOf } from './db-errors.ts';

describeEachDatabase('arrayLiteral', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);

  it('reaches the database as the same elements, whatever they contain', async () => {
    const texts = [
      'member:available',
      'LX3:01,50,61',
      '*',
      'a "quoted" {brace}',
      'back\\slash',
      'two words',
      '',
      'NULL',
    ];
    const [row] = rowsOf<{ texts: string[]; amounts: string[] }>(
      await database.current.db.execute(
        sql`select ${arrayLiteral(texts)}::text[] as texts, (${arrayLiteral([-5n, 0n, 9_007_199_254_740_993n])}::bigint[])::text[] as amounts`,
      ),
    );
    expect(row?.texts).toEqual(texts);
    expect(row?.amounts).toEqual(['-5', '0', '9007199254740993']);
  });
});
