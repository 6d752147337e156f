import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type AppConfig, ConfigError, loadConfig } from './platform/config.ts';

/**
 * `npm run start:cluster` (docs/decisions/042-scheduler-leader.md): the server in several processes of
 * this machine on one PostgreSQL database, sharing one port (node:cluster hands the connections round the
 * workers). This process, the primary, checks the configuration once, starts one worker per core
 * (WEB_CONCURRENCY to choose), starts again a worker that dies (waiting longer after each quick death),
 * and on SIGTERM or SIGINT passes the signal to the workers and exits once they have stopped. The
 * workers run main.ts (main.js in the release) as `npm start` does; one of them leads the schedulers.
 */

/** The most workers WEB_CONCURRENCY may ask for. */
export const MAX_WORKERS = 64;
/** The wait before a dead worker's first restart, doubled after each quick death up to the maximum. */
export const FIRST_RESTART_DELAY_MS = 500;
export const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long before it died is started again at once, its back-off forgotten. */
export const STEADY_RUN_MS = 60_000;
/** How long the workers have to stop after the signal before they are killed (main.ts: 10 s). */
const STOP_GRACE_MS = 15_000;

export type ClusterPlan = { workers: number } | { problem: string };

/** How many workers to start, or why the cluster cannot start. */
export function clusterPlan(
  env: Record<string, string | undefined>,
  config: Pick<AppConfig, 'databaseUrl'>,
  cores: number = availableParallelism(),
): ClusterPlan {
  if (config.databaseUrl === undefined) {
    return {
      problem:
        'DATABASE_URL must be set: the workers share one PostgreSQL database, and one embedded PGlite ' +
        'database (DATA_DIR) cannot be shared between processes (npm start runs one process on it)',
    };
  }
  const asked = env.WEB_CONCURRENCY?.trim();
  if (!asked) return { workers: Math.min(Math.max(cores, 1), MAX_WORKERS) };
  if (!/^[1-9]\d*$/.test(asked) || Number(asked) > MAX_WORKERS) {
    return { problem: `WEB_CONCURRENCY must be a whole number of workers from 1 to ${MAX_WORKERS}` };
  }
  return { workers: Number(asked) };
}

/**
 * The wait before starting again a worker that died: none after a steady run, then twice as long after
 * each quick death in a row, up to MAX_RESTART_DELAY_MS.
 */
export function restartDelayMs(quickDeathsInARow: number): number {
  if (quickDeathsInARow <= 0) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickDeathsInARow - 1));
}

/** The primary's own lines, on stdout beside the workers' logs. */
const say = (line: string) => void process.stdout.write(`${line}\n`);

interface Slot {
  number: number;
  worker?: Worker;
  startedAt: number;
  quickDeaths: number;
  restart?: NodeJS.Timeout;
}

/** Runs the primary: forks `workers` workers of `exec` and keeps them running until a signal. */
export function runPrimary(options: { workers: number; exec: string }): void {
  cluster.setupPrimary({ exec: options.exec });
  let stopping = false;
  let failed = false;
  const slots: Slot[] = Array.from({ length: options.workers }, (_, index) => ({
    number: index + 1,
    startedAt: 0,
    quickDeaths: 0,
  }));
  const alive = () => slots.filter((slot) => slot.worker && !slot.worker.isDead());

  const exitWhenStopped = () => {
    if (alive().length > 0) return;
    say(`start:cluster: every worker stopped${failed ? ' (one did not stop cleanly)' : ''}`);
    process.exit(failed ? 1 : 0);
  };

  const fork = (slot: Slot) => {
    slot.restart = undefined;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ CLUSTER_WORKER: String(slot.number) });
    slot.worker = worker;
    worker.on('exit', (code, signal) => {
      if (stopping) {
        if (code !== 0 && code !== null) failed = true;
        exitWhenStopped();
        return;
      }
      slot.quickDeaths = Date.now() - slot.startedAt >= STEADY_RUN_MS ? 0 : slot.quickDeaths + 1;
      const delay = restartDelayMs(slot.quickDeaths);
      console.error(
        `start:cluster: worker ${slot.number} (pid ${worker.process.pid}) stopped ` +
          `(${signal ?? `exit ${code}`}); starting it again in ${delay} ms`,
      );
      slot.restart = setTimeout(() => fork(slot), delay);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`start:cluster: ${signal}: stopping ${alive().length} workers`);
    for (const slot of slots) clearTimeout(slot.restart);
    for (const slot of alive()) slot.worker?.process.kill(signal);
    setTimeout(() => {
      for (const slot of alive()) slot.worker?.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
    exitWhenStopped();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  say(`start:cluster: starting ${options.workers} workers of ${options.exec}`);
  for (const slot of slots) fork(slot);
}

function main(): void {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const line of error.toLines()) console.error(line);
    process.exit(1);
  }
  const plan = clusterPlan(process.env, config);
  if ('problem' in plan) {
    console.error(`✗ start:cluster: ${plan.problem}`);
    process.exit(1);
  }
  // The server beside this file: main.ts from the sources (the workers inherit the loader), main.js in
  // the release.
  const self = fileURLToPath(import.meta.url);
  const exec = fileURLToPath(new URL(`./main${extname(self)}`, import.meta.url));
  runPrimary({ workers: plan.workers, exec });
}

if (cluster.isPrimary && process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) main();
