/**
 * What `npm test` needs from the machine besides Node and npm (README, "Test it"), as Debian packages:
 * Debian's Chromium headless shell and a CJK font for the end-to-end tests, openssl for the
 * quick-login certificates of the server tests, the PostgreSQL server binaries for the throwaway
 * cluster the server suites' PostgreSQL copies and the release's processes run on, and nginx, which the
 * release's end-to-end test puts in front of two of them and the deployment files' test checks. Missing ones are installed with apt-get when
 * running as root; otherwise the runner stops with the command to run.
 *
 * The decisions take the machine's facts from a probe, so that they can be checked against any machine.
 */
import { accessSync, constants, existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** The Debian package of each prerequisite, and what it is for (said when it is missing). */
export const PACKAGES = {
  chromium: {
    name: 'chromium-headless-shell',
    for: 'the end-to-end tests drive Chromium headless shell, /usr/lib/chromium/chromium-headless-shell',
  },
  cjkFont: { name: 'fonts-wqy-microhei', for: 'the end-to-end tests render Chinese text' },
  openssl: { name: 'openssl', for: 'the server tests make certificates with it' },
  postgres: { name: 'postgresql', for: 'the server suites also run on a throwaway PostgreSQL cluster' },
  nginx: { name: 'nginx', for: 'the release runs behind it in its end-to-end test' },
};

/** The browser the end-to-end tests drive (apps/web/e2e/playwright.config.ts). */
export const CHROMIUM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The PostgreSQL programs the throwaway cluster needs, all in one folder. */
export const POSTGRES_PROGRAMS = ['initdb', 'pg_ctl', 'pg_isready', 'postgres'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The facts of this machine. Fixed paths are read under KL_TEST_SYSTEM_ROOT (default `/`) and commands
 * are looked up on PATH, so that a run can be pointed at a folder that lacks them.
 */
export function systemProbe(env = process.env) {
  const root = env.KL_TEST_SYSTEM_ROOT || '/';
  const at = (path) => join(root, path);
  const onPath = (command) =>
    (env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((folder) => join(folder, command))
      .find(isExecutable);
  return {
    isRoot: () => process.getuid?.() === 0,
    hasAptGet: () => onPath('apt-get') !== undefined,
    hasChromium: () => isExecutable(at(CHROMIUM_HEADLESS_SHELL)),
    hasCjkFont: () => existsSync(at('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc')),
    hasOpenssl: () => onPath('openssl') !== undefined,
    hasNginx: () => isExecutable(at('/usr/sbin/nginx')),
    /** The folder holding every PostgreSQL server program: Debian's newest version, else the one on PATH. */
    postgresBin: () => {
      let versions = [];
      try {
        versions = readdirSync(at('/usr/lib/postgresql'))
          .filter((name) => /^\d+$/.test(name))
          .sort((a, b) => Number(b) - Number(a));
      } catch {
        // No Debian PostgreSQL.
      }
      const folders = versions.map((version) => at(`/usr/lib/postgresql/${version}/bin`));
      const initdb = onPath('initdb');
      if (initdb) folders.push(dirname(realpathSync(initdb)));
      return folders.find((folder) =>
        POSTGRES_PROGRAMS.every((program) => isExecutable(join(folder, program))),
      );
    },
  };
}

/**
 * What the selected steps need: the end-to-end tests Chromium and the font; the unit and integration
 * tests openssl; both nginx, and the PostgreSQL server unless TEST_DATABASE_URL names one to use.
 */
export function needsOf({ steps, env }) {
  const unit = steps.includes('unit');
  const e2e = steps.includes('e2e');
  return {
    chromium: e2e,
    cjkFont: e2e,
    openssl: unit,
    postgres: (unit || e2e) && !env.TEST_DATABASE_URL,
    nginx: unit || e2e,
  };
}

/** The Debian packages of the needs the machine lacks, in the order of PACKAGES. */
export function missingPackages(needs, probe) {
  const present = {
    chromium: () => probe.hasChromium(),
    cjkFont: () => probe.hasCjkFont(),
    openssl: () => probe.hasOpenssl(),
    postgres: () => probe.postgresBin() !== undefined,
    nginx: () => probe.hasNginx(),
  };
  return Object.keys(PACKAGES)
    .filter((need) => needs[need] && !present[need]())
    .map((need) => PACKAGES[need].name);
}

/** The command a user who is not root runs to install the missing packages. */
export function installCommand(missing) {
  return `sudo apt-get install -y ${missing.join(' ')}`;
}

function describeMissing(missing) {
  return Object.values(PACKAGES)
    .filter((entry) => missing.includes(entry.name))
    .map((entry) => `  - ${entry.name}: ${entry.for}`)
    .join('\n');
}

/**
 * What to do about the missing packages: nothing (`ready`), install them with apt-get (`install`,
 * root only), or stop with a message naming the command to run (`stop`).
 */
export function installPlan(missing, { isRoot, hasAptGet }) {
  if (missing.length === 0) return { kind: 'ready' };
  const lacking = `This machine lacks what npm test needs:\n${describeMissing(missing)}`;
  if (!isRoot) {
    return {
      kind: 'stop',
      message: `${lacking}\nInstall them, then run npm test again:\n  ${installCommand(missing)}`,
    };
  }
  if (!hasAptGet) {
    return {
      kind: 'stop',
      message: `${lacking}\napt-get is not available to install them (Debian packages: ${missing.join(' ')}).`,
    };
  }
  return {
    kind: 'install',
    commands: [
      ['apt-get', ['update']],
      ['apt-get', ['install', '-y', ...missing]],
    ],
  };
}

/** Environment of the apt-get commands: no question is ever asked (their stdin is closed too). */
export const APT_ENV = { DEBIAN_FRONTEND: 'noninteractive' };

export class PrerequisiteError extends Error {}

/**
 * Makes sure the machine has what the needs ask for, installing it when the plan says so. `run(command,
 * args, env)` runs a command with stdin closed and resolves to whether it succeeded. Resolves to the
 * folder of the PostgreSQL programs (when PostgreSQL is needed); rejects with a PrerequisiteError whose
 * message says what to do.
 */
export async function ensurePrerequisites({ needs, probe, run, log }) {
  const missing = missingPackages(needs, probe);
  const plan = installPlan(missing, { isRoot: probe.isRoot(), hasAptGet: probe.hasAptGet() });
  if (plan.kind === 'stop') throw new PrerequisiteError(plan.message);
  if (plan.kind === 'install') {
    log(`installing ${missing.join(' ')} with apt-get`);
    for (const [command, args] of plan.commands) {
      if (!(await run(command, args, APT_ENV))) {
        throw new PrerequisiteError(`${command} ${args.join(' ')} failed`);
      }
    }
    const still = missingPackages(needs, probe);
    if (still.length > 0) {
      throw new PrerequisiteError(`Still missing after apt-get install: ${still.join(' ')}`);
    }
  }
  return { postgresBin: needs.postgres ? probe.postgresBin() : undefined };
}
