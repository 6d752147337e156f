import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findClones, MIN_LINES } from './copy-paste.mjs';

const workspace = mkdtempSync(join(tmpdir(), 'kl-copy-paste-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** A function of `lines` statements, the same wherever it is written. */
const body = (lines: number) =>
  Array.from({ length: lines }, (_, line) => `  total += values[${line}] * ${line + 3};`).join('\n');

function write(path: string, text: string) {
  mkdirSync(join(workspace, path, '..'), { recursive: true });
  writeFileSync(join(workspace, path), text);
}

describe('the copy/paste check', () => {
  it(`finds a run of ${MIN_LINES}+ lines written twice, in tests too, and says where`, () => {
    write(
      'apps/a/sum.ts',
      `export function sum(values: number[]) {\n  let total = 0;\n${body(9)}\n  return total;\n}\n`,
    );
    write(
      'apps/b/sum.test.ts',
      `export function check(values: number[]) {\n  let total = 0;\n${body(9)}\n  return total;\n}\n`,
    );
    const clones = findClones(['apps'], workspace);
    expect(clones).toHaveLength(1);
    expect(clones[0]!.lines).toBeGreaterThanOrEqual(MIN_LINES);
    expect([clones[0]!.first, clones[0]!.second].join(' ')).toMatch(
      /apps\/a\/sum\.ts:\d+.*apps\/b\/sum\.test\.ts:\d+|apps\/b\/sum\.test\.ts:\d+.*apps\/a\/sum\.ts:\d+/,
    );
  });

  it('ignores shorter repeats', () => {
    write(
      'packages/c/one.ts',
      `export const one = (values: number[]) => {\n  let total = 0;\n${body(2)}\n  return total;\n};\n`,
    );
    write(
      'packages/c/two.ts',
      `export const two = (values: number[]) => {\n  let total = 0;\n${body(2)}\n  return total;\n};\n`,
    );
    expect(findClones(['packages'], workspace)).toEqual([]);
  });
});
