import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a fresh VM context of a worker that lives on: the environment and the packages outside
    // the app are set up once per worker, not once per file (the project runs in half the time). Each file
    // gets its own modules of the app; the jsdom document and the outside packages' module state are the
    // worker's: the setup empties the document for each file.
    pool: 'vmForks',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A journey of clicks takes about a second alone, and up to five while the server suites load both
    // cores; the default of 5 s failed such a test now and then.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
