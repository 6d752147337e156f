import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a fresh VM context of a worker process that lives on: no process started per file (the
    // project runs in half the time of the forks pool). With a single worker, Vitest hands it every file at
    // once, in one context: the setup then empties the document and resets the app's modules for each file.
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
