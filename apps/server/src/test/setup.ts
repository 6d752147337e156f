import { afterEach, beforeEach, vi } from 'vitest';

/** A test fails when anything writes to console.error that the test did not expect. */
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    const calls = unexpected.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called:\n${calls}`);
  }
});
