#!/usr/bin/env node
/**
 * Every test of the repository, in stages, stopping after the first stage with a failing step:
 * typecheck, lint and format check side by side → unit and integration tests (Vitest) → web build →
 * end-to-end (Playwright). The last line is always `tests: N passed, M failed[, K skipped]`, counted
 * from the JSON reports of Vitest and Playwright; the exit code is 0 only when every step passed.
 *
 * The static checks each keep one core busy (tsc, ESLint and Prettier are single-threaded): run side by
 * side they take about the time of the longest instead of the sum. Their output is held and printed
 * whole, one step after the other, as each ends. The later stages use every core on their own.
 *
 * Needs no terminal: children read no stdin. Server suites also run on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { spawn } from 'node:child_process';
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

const stages = [
  [
    { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
    { name: 'lint', command: 'npm', args: ['run', 'lint'] },
    { name: 'format check', command: 'npm', args: ['run', 'format:check'] },
  ],
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
].map((stage) => (Array.isArray(stage) ? stage : [stage]));

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

/**
 * Runs one step; its output goes straight to the terminal, or is held and answered when `hold` (a step
 * that runs beside others). Children read no stdin.
 */
function run(step, hold) {
  return new Promise((resolve) => {
    const output = [];
    const stepStarted = performance.now();
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: ['ignore', hold ? 'pipe' : 'inherit', hold ? 'pipe' : 'inherit'],
      env: { ...process.env, ...step.env },
    });
    if (hold) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    let settled = false;
    const done = (why) => {
      if (settled) return;
      settled = true;
      resolve({ why, output: Buffer.concat(output), seconds: (performance.now() - stepStarted) / 1000 });
    };
    child.on('error', (error) => done(error.message));
    child.on('close', (status, signal) =>
      done(status === 0 ? undefined : signal ? `signal ${signal}` : `exit ${status}`),
    );
  });
}

const total = stages.flat().length;
const started = performance.now();
let number = 0;
for (const stage of stages) {
  const hold = stage.length > 1;
  const labelled = stage.map((step) => {
    number += 1;
    return { step, label: `[${number}/${total}] ${step.name}` };
  });
  for (const { step, label } of labelled) {
    console.log(
      `\n━━ ${label}: ${step.command} ${step.args.join(' ')}${hold ? ' (side by side, output when it ends)' : ''}`,
    );
  }
  let failed = false;
  await Promise.all(
    labelled.map(async ({ step, label }) => {
      const result = await run(step, hold);
      if (hold) {
        console.log(`\n━━ ${label}: output`);
        process.stdout.write(result.output);
      }
      const seconds = result.seconds.toFixed(1);
      const counted = step.count ? step.count() : true;
      if (result.why) {
        console.error(`\n✗ test step failed: ${step.name} (${result.why}, ${seconds} s)`);
        if (!counted) console.error(`  (no test report was written by ${step.name})`);
        failed = true;
      } else if (!counted) {
        console.error(`\n✗ test step failed: ${step.name} wrote no test report`);
        failed = true;
      } else {
        console.log(`✓ ${step.name} (${seconds} s)`);
      }
    }),
  );
  if (failed) finish(1);
}

console.log(`\nall steps passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
finish(counts.failed > 0 ? 1 : 0);
