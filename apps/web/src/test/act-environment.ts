import { afterAll, beforeAll } from 'vitest';

/**
 * For a file that calls React's act() itself, outside Testing Library: React must know it runs in a test,
 * in this file only. With one worker the files share one global scope (test/setup.ts), and a flag left on
 * would reach the files after it.
 */
export function inActEnvironment(): void {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let previous: boolean | undefined;
  beforeAll(() => {
    previous = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  });
}
