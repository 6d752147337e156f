import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, staticImports } from './import-cycles.mjs';

const workspace = mkdtempSync(join(tmpdir(), 'kl-import-cycles-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(join(workspace, path, '..'), { recursive: true });
  writeFileSync(join(workspace, path), text);
}

describe('the import-cycle check', () => {
  it('finds files that import each other back, through any chain', () => {
    write('apps/cycle/a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
    write('apps/cycle/b.ts', "export { c as b } from './deep/c.ts';\n");
    write('apps/cycle/deep/c.ts', "import { a } from '../a.ts';\nexport const c = () => a;\n");
    expect(findCycles(['apps'], workspace)).toEqual([
      ['apps/cycle/a.ts', 'apps/cycle/b.ts', 'apps/cycle/deep/c.ts'],
    ]);
  });

  it('does not count type-only imports nor dynamic imports', () => {
    write('packages/ok/a.ts', "import type { B } from './b.ts';\nexport type A = B;\n");
    write(
      'packages/ok/b.ts',
      "import { type A } from './a.ts';\nexport const b = () => import('./a.ts');\nexport type B = A;\n",
    );
    expect(findCycles(['packages'], workspace)).toEqual([]);
    expect(staticImports("import { x, type Y } from './x.ts';")).toEqual(['./x.ts']);
    expect(staticImports("import { type Y } from './x.ts';")).toEqual([]);
    expect(staticImports("import '@kl/contracts/status';")).toEqual([]);
  });
});
