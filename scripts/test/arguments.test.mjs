import { describe, expect, it } from 'vitest';
import { parseArguments, stagesOf, unitProjects } from './arguments.mjs';

describe('npm test -- arguments', () => {
  it('runs every step without arguments', () => {
    expect(parseArguments([])).toEqual({
      steps: ['typecheck', 'lint', 'format', 'unit', 'build', 'e2e'],
      extra: [],
      passOn: undefined,
    });
  });

  it('runs the steps of --only in their order and passes the rest to their test runner', () => {
    expect(parseArguments(['--only=e2e,build', '--project=journeys', 'language.spec.ts'])).toEqual({
      steps: ['build', 'e2e'],
      extra: ['--project=journeys', 'language.spec.ts'],
      passOn: 'e2e',
    });
    expect(parseArguments(['--only=unit', '--project=server', 'apps/server/src/platform'])).toMatchObject({
      steps: ['unit'],
      passOn: 'unit',
    });
  });

  it('refuses an unknown step, and arguments that could go to both test runners', () => {
    expect(() => parseArguments(['--only=unit,e3e'])).toThrow(
      '--only takes steps among typecheck, lint, format, unit, build, e2e (got unit,e3e)',
    );
    expect(() => parseArguments(['--project=server'])).toThrow(
      '--project=server: arguments go to the Vitest or the Playwright step; pick one with --only=unit or --only=e2e',
    );
  });

  it('runs the web project in one worker beside the checks, unless the unit step is narrowed', () => {
    expect(stagesOf(parseArguments([]))).toEqual([
      ['typecheck', 'lint', 'format', 'webOneWorker'],
      ['unit'],
      ['build'],
      ['e2e'],
    ]);
    expect(stagesOf(parseArguments(['--only=unit']))).toEqual([['webOneWorker'], ['unit']]);
    expect(stagesOf(parseArguments(['--only=unit', '--project=server']))).toEqual([['unit']]);
    expect(stagesOf(parseArguments(['--only=lint,build']))).toEqual([['lint'], ['build']]);
  });

  it('leaves the web project out of the unit step only when its one-worker pass runs', () => {
    expect(unitProjects(parseArguments([]))).toEqual(['--project=!web']);
    expect(unitProjects(parseArguments(['--only=unit']))).toEqual(['--project=!web']);
    expect(unitProjects(parseArguments(['--only=unit', 'apps/web/src/app/layout.test.tsx']))).toEqual([]);
    expect(unitProjects(parseArguments(['--only=e2e']))).toEqual([]);
  });
});
