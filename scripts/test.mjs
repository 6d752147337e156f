#!/usr/bin/env node
/**
 * Every test of the repository, in stages, stopping after the first stage with a failing step:
 * typecheck, lint, format check and the web unit tests in one worker side by side → unit and
 * integration tests (Vitest, every other project with the default workers) → web build →
 * end-to-end (Playwright). The last line is always `tests: N passed, M failed[, K skipped]`, counted
 * from the JSON reports of Vitest and Playwright; the exit code is 0 only when every step passed.
 *
 * Before the first step it prepares the machine (scripts/test/prerequisites.mjs): Chromium, the CJK
 * font, openssl, the PostgreSQL server and nginx, installed with apt-get when missing and running as root,
 * else it stops with the command to run. The server suites run on PGlite and on PostgreSQL: on the
 * server TEST_DATABASE_URL names, or else on a throwaway cluster started here and stopped and removed
 * at the end whatever happens (scripts/test/postgres.mjs). A PostgreSQL copy never skips silently:
 * the Vitest step gets KL_REQUIRE_POSTGRES=1 (apps/server/src/test/global-setup.ts).
 *
 * The static checks each keep one core busy (tsc, ESLint and Prettier are single-threaded): run side by
 * side they take about the time of the longest instead of the sum. Their output is held and printed
 * whole, one step after the other, as each ends. The web project runs there in one worker (which proves
 * no file depends on the files that share its worker) and fills the idle half; the unit step leaves it
 * out. The later stages use every core on their own.
 *
 * A subset while developing: `--only=<step>[,<step>…]` (typecheck, lint, format, unit, build, e2e)
 * runs those steps only; any other argument goes to the Vitest or the Playwright step (one of them):
 *   npm test -- --only=unit --project=server apps/server/src/platform/attempts.test.ts
 *
 * Needs no terminal: children read no stdin.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databasePlan, throwawayCluster } from './test/postgres.mjs';
import { ensurePrerequisites, needsOf, PrerequisiteError, systemProbe } from './test/prerequisites.mjs';
import { parseArguments, stagesOf, unitProjects } from './test/arguments.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

let selection;
try {
  selection = parseArguments(process.argv.slice(2));
} catch (error) {
  console.error(`✗ test: ${error.message}`);
  console.log('tests: 0 passed, 0 failed');
  process.exit(1);
}

const reports = mkdtempSync(join(tmpdir(), 'kl-test-'));
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');
const oneWorkerReport = join(reports, 'vitest-web-one-worker.json');

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

/**
 * Adds the counts of the web project's pass in one worker (docs/decisions/031-test-suite-time.md: a file's
 * result must not depend on which files share its worker). It is the web project's only pass in a full
 * run: the unit step leaves the web project out then (`unitProjects`).
 */
function countOneWorker() {
  const report = readJson(oneWorkerReport);
  if (!report) return false;
  const passed = report.numPassedTests ?? 0;
  const failed = report.numFailedTests ?? 0;
  console.log(`test: web project in one worker: ${passed} passed, ${failed} failed`);
  counts.passed += passed;
  counts.failed += failed;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return failed === 0 && passed > 0;
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

/** The environment of the unit and integration tests (the PostgreSQL server, set once it is known). */
const vitestEnv = {};
/** The environment of the end-to-end tests (the release's test runs on the same PostgreSQL server). */
const playwrightEnv = { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport };

const steps = {
  typecheck: { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  lint: { name: 'lint', command: 'npm', args: ['run', 'lint'] },
  format: { name: 'format check', command: 'npm', args: ['run', 'format:check'] },
  unit: {
    name: 'unit and integration tests',
    command: 'npx',
    args: [
      '--no',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
      ...unitProjects(selection),
      ...(selection.passOn === 'unit' ? selection.extra : []),
    ],
    env: vitestEnv,
    count: countVitest,
  },
  webOneWorker: {
    name: 'web unit tests in one worker',
    command: 'npx',
    args: [
      '--no',
      'vitest',
      'run',
      '--project=web',
      '--maxWorkers=1',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${oneWorkerReport}`,
    ],
    count: countOneWorker,
  },
  build: { name: 'web build', command: 'npm', args: ['run', 'build'] },
  e2e: {
    name: 'end-to-end tests',
    command: 'npx',
    args: [
      '--no',
      'playwright',
      'test',
      '-c',
      'apps/web/e2e/playwright.config.ts',
      '--reporter=list,json',
      ...(selection.passOn === 'e2e' ? selection.extra : []),
    ],
    env: playwrightEnv,
    count: countPlaywright,
  },
};

const stages = stagesOf(selection).map((stage) => stage.map((key) => steps[key]));

function summary() {
  return `tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
}

/** The throwaway PostgreSQL cluster of this run, if one was made; removed by `cleanUp`. */
let cluster;

/** Stops and removes what this run made: the throwaway cluster and the reports folder. Synchronous. */
function cleanUp() {
  if (cluster) {
    const stopping = performance.now();
    const { dir } = cluster;
    cluster.stop();
    cluster = undefined;
    console.log(`✓ PostgreSQL cluster stopped, ${dir} removed (${seconds(stopping)} s)`);
  }
  rmSync(reports, { recursive: true, force: true });
}
// A last resort (an unexpected exception): 'exit' handlers run synchronously, as cleanUp does.
process.on('exit', () => {
  for (const group of groups) signalGroup(group, 'SIGKILL');
  cleanUp();
});

/** The exit code of the signal that interrupted the run, once one has. */
let interrupted;

/**
 * Cleans up, prints the last line and exits. While an interrupted run stops its children it does
 * nothing (and never settles): the signal's handler finishes the run.
 */
function finish(code) {
  if (interrupted !== undefined) return new Promise(() => {});
  cleanUp();
  console.log(summary());
  process.exit(code);
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/**
 * The process groups of the children started (each child leads its own, so that a step's grandchildren,
 * npx's test runner and its workers, are signalled with it).
 */
const groups = new Set();

/** Sends a signal to a process group; false when the group is gone. */
function signalGroup(group, signal) {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ctrl-C or SIGTERM: the running steps get the signal (then SIGKILL after 10 s), then the cluster is
 * stopped and removed, then this process exits with 128 + the signal's number.
 */
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, async () => {
    if (interrupted !== undefined) return;
    interrupted = code;
    console.error(`\n✗ test: ${signal}, stopping`);
    for (const group of groups) signalGroup(group, signal);
    const deadline = performance.now() + 10_000;
    while ([...groups].some((group) => signalGroup(group, 0)) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const group of groups) signalGroup(group, 'SIGKILL');
    interrupted = undefined;
    finish(code);
  });
}

/**
 * Runs one step; its output goes straight to the terminal, or is held and answered when `hold` (a step
 * that runs beside others). Children read no stdin.
 */
function run(step, hold) {
  return new Promise((resolve) => {
    const output = [];
    const stepStarted = performance.now();
    // Nothing new starts once the run is interrupted (a signal that came while the cluster started).
    if (interrupted !== undefined) {
      resolve({ why: 'interrupted', output: Buffer.alloc(0), seconds: 0 });
      return;
    }
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: ['ignore', hold ? 'pipe' : 'inherit', hold ? 'pipe' : 'inherit'],
      env: { ...process.env, ...step.env },
      detached: true,
    });
    if (child.pid !== undefined) groups.add(child.pid);
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
    child.on('close', (status, signal) => {
      if (!signalGroup(child.pid, 0)) groups.delete(child.pid);
      done(status === 0 ? undefined : signal ? `signal ${signal}` : `exit ${status}`);
    });
  });
}

/** Runs a command of the preparation (apt-get), output to the terminal; resolves to whether it succeeded. */
async function runCommand(command, args, env) {
  const result = await run({ command, args, env }, false);
  return result.why === undefined;
}

const started = performance.now();

// ── Preparation: the machine's packages, then the PostgreSQL server of the server suites ─────────────
const probe = systemProbe();
const needs = needsOf({ steps: selection.steps, env: process.env });
console.log('\n━━ prepare: prerequisites (Chromium, CJK font, openssl, PostgreSQL, nginx)');
let prepared;
const preparing = performance.now();
try {
  prepared = await ensurePrerequisites({
    needs,
    probe,
    run: runCommand,
    log: (line) => console.log(`test: ${line}`),
  });
} catch (error) {
  if (!(error instanceof PrerequisiteError)) throw error;
  console.error(`\n✗ test: ${error.message}`);
  await finish(1);
}
console.log(`✓ prerequisites (${seconds(preparing)} s)`);

const database = databasePlan({ steps: selection.steps, env: process.env });
if (database.kind === 'given') {
  console.log('test: server suites run on PGlite and PostgreSQL (TEST_DATABASE_URL)');
}
if (database.kind === 'throwaway') {
  const starting = performance.now();
  cluster = throwawayCluster({ binDir: prepared.postgresBin, asRoot: probe.isRoot() });
  console.log(`\n━━ prepare: throwaway PostgreSQL cluster in ${cluster.dir}`);
  try {
    const { url } = await cluster.start();
    vitestEnv.TEST_DATABASE_URL = url;
    playwrightEnv.TEST_DATABASE_URL = url;
    console.log(`test: server suites run on PGlite and PostgreSQL (TEST_DATABASE_URL=${url})`);
  } catch (error) {
    console.error(`\n✗ test: the throwaway PostgreSQL cluster could not start: ${error.message}`);
    await finish(1);
  }
  console.log(`✓ PostgreSQL cluster (${seconds(starting)} s)`);
}
if (database.kind !== 'none') vitestEnv.KL_REQUIRE_POSTGRES = '1';

// ── The steps ─────────────────────────────────────────────────────────────────────────────────────
const total = stages.flat().length;
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
      const took = result.seconds.toFixed(1);
      const counted = step.count ? step.count() : true;
      if (result.why) {
        console.error(`\n✗ test step failed: ${step.name} (${result.why}, ${took} s)`);
        if (!counted) console.error(`  (no test report was written by ${step.name})`);
        failed = true;
      } else if (!counted) {
        console.error(`\n✗ test step failed: ${step.name} wrote no test report`);
        failed = true;
      } else {
        console.log(`✓ ${step.name} (${took} s)`);
      }
    }),
  );
  if (failed) await finish(1);
}

console.log(`\nall steps passed in ${seconds(started)} s`);
await finish(counts.failed > 0 ? 1 : 0);
