import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

// Imported once the file's own modules are, so that a file replacing argon2's package (vi.mock) has it
// replaced in platform/crypto.ts too.
beforeAll(async () => {
  (await import('../platform/crypto.ts')).lightenPasswordHashingForTests();
});

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
