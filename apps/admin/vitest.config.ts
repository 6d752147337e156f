import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // The files share their workers' modules: antd is imported once per worker, not once per file (the
    // project runs in a third of the time). Each test renders its own app, query client and fake server.
    isolate: false,
    // A journey of clicks through antd's screens can take several seconds while the server suites load
    // both cores (as in the web app's tests, which allow the same).
    testTimeout: 15_000,
  },
});
