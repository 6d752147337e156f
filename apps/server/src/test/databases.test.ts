import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The suites run on PostgreSQL, and on PGlite as well only where they opt in (test/databases.ts,
 * docs/decisions/031-test-suite-time.md). What differs between the two drivers is how raw SQL results come
 * back (`db.execute`: the rows' types are each driver's), so every module that reads raw SQL must be
 * exercised on PGlite by a suite of its own folder or of a folder above it within its module: one that opts
 * in with `embedded: true` or runs on PGlite only.
 */

const SOURCE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Raw-SQL modules with no suite of their own, and the suite (relative to src) that runs them. */
const COVERED_ELSEWHERE: Record<string, string> = {
  // The provenance of a withdrawal (who made and approved the money it came from), read for its approval.
  'modules/reporting/provenance-repository.ts': 'modules/back-office/withdrawals/withdrawals.test.ts',
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const RUNS_ON_PGLITE = /embedded: true|TestDatabase\('pglite'/;

/** The folders whose suites count for a file: its own, and those above it below `modules/<name>` or `platform`. */
function foldersFor(root: string, file: string): string[] {
  const parts = relative(root, dirname(file)).split(sep);
  const depth = parts[0] === 'modules' ? 2 : 1;
  const folders: string[] = [];
  for (let end = parts.length; end >= depth; end -= 1) folders.push(parts.slice(0, end).join(sep));
  return folders;
}

function rawSqlModulesWithoutEmbeddedSuite(root: string): string[] {
  const files = sourceFiles(root);
  const isTest = (file: string) => file.endsWith('.test.ts');
  const helpers = join(root, 'test');
  const rawSql = files.filter(
    (file) => !isTest(file) && !file.startsWith(helpers) && /\.execute\(/.test(readFileSync(file, 'utf8')),
  );
  const embedded = new Set(
    files
      .filter((file) => isTest(file) && RUNS_ON_PGLITE.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file)),
  );
  const embeddedFolders = new Set([...embedded].map((file) => dirname(file)));
  return rawSql
    .map((file) => ({ file, name: relative(root, file) }))
    .filter(({ file, name }) => {
      const elsewhere = COVERED_ELSEWHERE[name];
      if (elsewhere) return !embedded.has(elsewhere);
      return !foldersFor(root, file).some((folder) => embeddedFolders.has(folder));
    })
    .map(({ name }) => name);
}

describe('the suites on the embedded database', () => {
  it('include one for every module that reads raw SQL results', () => {
    expect(rawSqlModulesWithoutEmbeddedSuite(SOURCE_ROOT)).toEqual([]);
  });
});
