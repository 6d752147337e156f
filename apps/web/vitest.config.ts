import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a fresh VM context of a worker that lives on: the environment and the packages outside
    // the app are set up once per worker, not once per file, and each file still gets its own modules and
    // its own window (the project runs in half the time).
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
