/**
 * The arguments of `npm test -- …` (README, "Test it"): `--only=<step>[,<step>…]` runs those steps
 * only, in their usual order; every other argument is passed on to the Vitest step or the Playwright
 * step, whichever one of the two is selected.
 */

/** The steps, in the order they run. */
export const STEP_KEYS = ['typecheck', 'lint', 'format', 'unit', 'build', 'e2e'];

/** Which steps run, and which test runner (`unit`, `e2e`) gets the other arguments (`extra`). */
export function parseArguments(argv) {
  let only;
  const extra = [];
  for (const argument of argv) {
    const match = /^--only=(.*)$/.exec(argument);
    if (!match) {
      extra.push(argument);
      continue;
    }
    if (only) throw new Error('--only is given twice: list the steps once, separated by commas');
    only = match[1].split(',').filter(Boolean);
    const unknown = only.filter((key) => !STEP_KEYS.includes(key));
    if (unknown.length > 0 || only.length === 0) {
      throw new Error(`--only takes steps among ${STEP_KEYS.join(', ')} (got ${match[1] || 'nothing'})`);
    }
  }
  const steps = only ? STEP_KEYS.filter((key) => only.includes(key)) : [...STEP_KEYS];
  if (extra.length === 0) return { steps, extra, passOn: undefined };
  const runners = steps.filter((key) => key === 'unit' || key === 'e2e');
  if (runners.length !== 1) {
    throw new Error(
      `${extra.join(' ')}: arguments go to the Vitest or the Playwright step; pick one with --only=unit or --only=e2e`,
    );
  }
  return { steps, extra, passOn: runners[0] };
}

/**
 * The stages of a run, each a list of step keys run side by side. The web project runs in one worker
 * (`webOneWorker`) beside the checks, which leave a core half idle, whenever the unit step runs without
 * files or options of its own; the unit step then leaves the web project out (`unitProjects`).
 */
export function stagesOf({ steps, passOn }) {
  const selected = (key) =>
    key === 'webOneWorker' ? steps.includes('unit') && passOn !== 'unit' : steps.includes(key);
  return [['typecheck', 'lint', 'format', 'webOneWorker'], ['unit'], ['build'], ['e2e']]
    .map((stage) => stage.filter(selected))
    .filter((stage) => stage.length > 0);
}

/**
 * What the unit step adds to Vitest's arguments: the web project is left out when its one-worker pass
 * runs (every web test once, in the stage before), and kept when the unit step runs alone or narrowed.
 */
export function unitProjects(selection) {
  return stagesOf(selection).some((stage) => stage.includes('webOneWorker')) ? ['--project=!web'] : [];
}
