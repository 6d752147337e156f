#!/usr/bin/env node
/**
 * The copy/paste check of `npm run lint` (docs/conventions.md, "Say it once"): jscpd over the apps,
 * the contracts package and the tools, tests included, counting runs of 6 lines or more that appear
 * twice. It fails when there are more than MAX_CLONES of them, and prints where each one is, so the
 * number can only go down: what two places share belongs in one helper.
 *
 *   node tools/lint/copy-paste.mjs            check (exit 1 above the limit)
 *   node tools/lint/copy-paste.mjs --list     also list every clone
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The ceiling; lower it when clones are removed, never raise it. */
export const MAX_CLONES = 8;
export const MIN_LINES = 6;

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs jscpd on the given directories and answers its clones: `{ lines, first, second }`. */
export function findClones(dirs = ['apps', 'packages', 'tools'], cwd = root) {
  const output = mkdtempSync(join(tmpdir(), 'kl-jscpd-'));
  try {
    const run = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/jscpd/bin/jscpd'),
        ...dirs,
        '--min-lines',
        String(MIN_LINES),
        '--format',
        'typescript,tsx,javascript',
        '--ignore',
        '**/node_modules/**,**/dist/**,release/**,**/reports/**,**/*.json,**/*.timestamp-*',
        '--reporters',
        'json',
        '--output',
        output,
        '--silent',
      ],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (run.status !== 0) throw new Error(`jscpd failed (${run.status}): ${run.stderr}${run.stdout}`);
    const report = JSON.parse(readFileSync(join(output, 'jscpd-report.json'), 'utf8'));
    return report.duplicates.map((clone) => ({
      lines: clone.lines,
      first: `${clone.firstFile.name}:${clone.firstFile.start}`,
      second: `${clone.secondFile.name}:${clone.secondFile.start}`,
    }));
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clones = findClones();
  const lines = clones.reduce((sum, clone) => sum + clone.lines, 0);
  const over = clones.length > MAX_CLONES;
  if (over || process.argv.includes('--list')) {
    for (const clone of clones)
      console.log(`${String(clone.lines).padStart(4)}  ${clone.first}  ≡  ${clone.second}`);
  }
  console.log(
    `copy/paste: ${clones.length} clones of ${MIN_LINES}+ lines (${lines} lines), at most ${MAX_CLONES} allowed`,
  );
  if (over) {
    console.error('copy/paste: too many clones; move what the places above share into one helper.');
    process.exit(1);
  }
}
