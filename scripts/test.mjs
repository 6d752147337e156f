#!/usr/bin/env node
/**
 * Every test of the repository, in order, stopping at the first failing step:
 * typecheck → lint → format check → unit and integration tests (Vitest) → web build → end-to-end
 * (Playwright). The last line is always `tests: N passed, M failed[, K skipped]`, counted from
 * the JSON reports of Vitest and Playwright; the exit code is 0 only when every step passed.
 *
 * Needs no terminal: children read no stdin. Server suites also run on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'kl-test-'));
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');

const counts = { passed: 0, failed: 0, skipped: 0 };

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Adds the counts of Vitest's JSON report (Jest-compatible shape). */
function countVitest() {
  const report = readJson(vitestReport);
  if (!report) return false;
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return true;
}

/** Adds the counts of Playwright's JSON report (flaky tests passed on retry: counted as passed). */
function countPlaywright() {
  const report = readJson(playwrightReport);
  if (!report?.stats) return false;
  counts.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
  counts.failed += report.stats.unexpected ?? 0;
  counts.skipped += report.stats.skipped ?? 0;
  return true;
}

const steps = [
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', 'lint'] },
  { name: 'format check', command: 'npm', args: ['run', 'format:check'] },
  {
    name: 'unit and integration tests',
    command: 'npx',
    args: [
      '--no',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    count: countVitest,
  },
  { name: 'web build', command: 'npm', args: ['run', 'build'] },
  {
    name: 'end-to-end tests',
    command: 'npx',
    args: ['--no', 'playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    count: countPlaywright,
  },
];

function summary() {
  return `tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
}

function finish(code) {
  rmSync(reports, { recursive: true, force: true });
  console.log(summary());
  process.exit(code);
}

const database = process.env.TEST_DATABASE_URL
  ? 'PGlite and PostgreSQL (TEST_DATABASE_URL)'
  : 'PGlite (set TEST_DATABASE_URL to also run on PostgreSQL)';
console.log(`test: server suites run on ${database}`);

const started = performance.now();
for (const [index, step] of steps.entries()) {
  const label = `[${index + 1}/${steps.length}] ${step.name}`;
  console.log(`\n━━ ${label}: ${step.command} ${step.args.join(' ')}`);
  const stepStarted = performance.now();
  const result = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...step.env },
  });
  const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
  const counted = step.count ? step.count() : true;
  if (result.error || result.status !== 0) {
    const why = result.error
      ? result.error.message
      : result.signal
        ? `signal ${result.signal}`
        : `exit ${result.status}`;
    console.error(`\n✗ test step failed: ${step.name} (${why}, ${seconds} s)`);
    if (!counted) console.error(`  (no test report was written by ${step.name})`);
    finish(1);
  }
  if (!counted) {
    console.error(`\n✗ test step failed: ${step.name} wrote no test report`);
    finish(1);
  }
  console.log(`✓ ${step.name} (${seconds} s)`);
}

console.log(`\nall steps passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
finish(counts.failed > 0 ? 1 : 0);
