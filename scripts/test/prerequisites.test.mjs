import { describe, expect, it } from 'vitest';
import { ensurePrerequisites, installPlan, missingPackages, needsOf } from './prerequisites.mjs';

/** A machine as the probe sees it: every prerequisite present unless `lacks` names it. */
function machine({ lacks = [], root = true, aptGet = true, installs = true } = {}) {
  const absent = new Set(lacks);
  const commands = [];
  const probe = {
    isRoot: () => root,
    hasAptGet: () => aptGet,
    hasChromium: () => !absent.has('chromium-headless-shell'),
    hasCjkFont: () => !absent.has('fonts-wqy-microhei'),
    hasOpenssl: () => !absent.has('openssl'),
    hasNginx: () => !absent.has('nginx'),
    postgresBin: () => (absent.has('postgresql') ? undefined : '/usr/lib/postgresql/15/bin'),
  };
  const run = async (command, args, env) => {
    commands.push({ command: [command, ...args].join(' '), env });
    if (installs && args[0] === 'install') for (const name of args.slice(2)) absent.delete(name);
    return true;
  };
  return { probe, run, commands };
}

const everything = needsOf({ steps: ['typecheck', 'lint', 'format', 'unit', 'build', 'e2e'], env: {} });

describe('what npm test needs', () => {
  it('needs all five for every step, PostgreSQL only without TEST_DATABASE_URL', () => {
    expect(everything).toEqual({ chromium: true, cjkFont: true, openssl: true, postgres: true, nginx: true });
    expect(
      needsOf({ steps: ['unit', 'e2e'], env: { TEST_DATABASE_URL: 'postgres://db.example/postgres' } }),
    ).toEqual({ chromium: true, cjkFont: true, openssl: true, postgres: false, nginx: true });
    expect(needsOf({ steps: ['e2e'], env: {} })).toEqual({
      chromium: true,
      cjkFont: true,
      openssl: false,
      postgres: true,
      nginx: true,
    });
  });

  it('needs no package for the static checks alone, nor Chromium for the unit tests alone', () => {
    expect(needsOf({ steps: ['typecheck', 'lint', 'format', 'build'], env: {} })).toEqual({
      chromium: false,
      cjkFont: false,
      openssl: false,
      postgres: false,
      nginx: false,
    });
    expect(needsOf({ steps: ['unit'], env: {} })).toEqual({
      chromium: false,
      cjkFont: false,
      openssl: true,
      postgres: true,
      nginx: true,
    });
  });

  it('names the Debian package of each missing prerequisite', () => {
    const { probe } = machine({
      lacks: ['nginx', 'postgresql', 'chromium-headless-shell', 'fonts-wqy-microhei', 'openssl'],
    });
    expect(missingPackages(everything, probe)).toEqual([
      'chromium-headless-shell',
      'fonts-wqy-microhei',
      'openssl',
      'postgresql',
      'nginx',
    ]);
    expect(missingPackages({ ...everything, chromium: false, cjkFont: false }, probe)).toEqual([
      'openssl',
      'postgresql',
      'nginx',
    ]);
    expect(missingPackages(everything, machine().probe)).toEqual([]);
  });
});

describe('what npm test does about missing packages', () => {
  it('installs them with apt-get as root, non-interactively', async () => {
    const { probe, run, commands } = machine({ lacks: ['chromium-headless-shell', 'postgresql'] });
    const result = await ensurePrerequisites({ needs: everything, probe, run, log: () => {} });
    expect(commands).toEqual([
      { command: 'apt-get update', env: { DEBIAN_FRONTEND: 'noninteractive' } },
      {
        command: 'apt-get install -y chromium-headless-shell postgresql',
        env: { DEBIAN_FRONTEND: 'noninteractive' },
      },
    ]);
    expect(result.postgresBin).toBe('/usr/lib/postgresql/15/bin');
  });

  it('installs nothing when nothing is missing', async () => {
    const { probe, run, commands } = machine();
    await ensurePrerequisites({ needs: everything, probe, run, log: () => {} });
    expect(commands).toEqual([]);
  });

  it('stops with the exact command to run when not root, and installs nothing', async () => {
    const { probe, run, commands } = machine({
      lacks: ['chromium-headless-shell', 'postgresql'],
      root: false,
    });
    await expect(ensurePrerequisites({ needs: everything, probe, run, log: () => {} })).rejects.toThrow(
      'This machine lacks what npm test needs:\n' +
        '  - chromium-headless-shell: the end-to-end tests drive Chromium headless shell, /usr/lib/chromium/chromium-headless-shell\n' +
        '  - postgresql: the server suites also run on a throwaway PostgreSQL cluster\n' +
        'Install them, then run npm test again:\n' +
        '  sudo apt-get install -y chromium-headless-shell postgresql',
    );
    expect(commands).toEqual([]);
  });

  it('stops rather than skipping the PostgreSQL copies when PostgreSQL alone is missing and not root', () => {
    const plan = installPlan(['postgresql'], { isRoot: false, hasAptGet: true });
    expect(plan.kind).toBe('stop');
    expect(plan.message).toMatch(/\n {2}sudo apt-get install -y postgresql$/);
  });

  it('stops when root has no apt-get', () => {
    expect(installPlan(['openssl'], { isRoot: true, hasAptGet: false })).toEqual({
      kind: 'stop',
      message:
        'This machine lacks what npm test needs:\n' +
        '  - openssl: the server tests make certificates with it\n' +
        'apt-get is not available to install them (Debian packages: openssl).',
    });
  });

  it('fails when a package is still missing after apt-get install', async () => {
    const { probe, run } = machine({ lacks: ['fonts-wqy-microhei'], installs: false });
    await expect(ensurePrerequisites({ needs: everything, probe, run, log: () => {} })).rejects.toThrow(
      'Still missing after apt-get install: fonts-wqy-microhei',
    );
  });

  it('fails when apt-get fails, without installing', async () => {
    const commands = [];
    const { probe } = machine({ lacks: ['openssl'] });
    const run = async (command, args) => {
      commands.push([command, ...args].join(' '));
      return false;
    };
    await expect(ensurePrerequisites({ needs: everything, probe, run, log: () => {} })).rejects.toThrow(
      'apt-get update failed',
    );
    expect(commands).toEqual(['apt-get update']);
  });
});
