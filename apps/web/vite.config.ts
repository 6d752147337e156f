import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lightContracts } from './src/shared/lib/light-zod-plugin.ts';
import { localeSplit } from './src/shared/lib/locale-split-plugin.ts';
import { installableWebApp } from './src/shared/pwa/build/vite-plugin.ts';

/** Modules every screen needs: one long-lived chunk, cached across releases of the app code. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand)[\\/]/;

export default defineConfig({
  base: '/m/',
  // The manifest, icons and service worker of the installable web app (build only).
  // The locale files split by top-level key, each screen's texts loaded with it, and home's answers
  // parsed without zod's full build (docs/decisions/024-first-load-javascript.md).
  plugins: [react(), localeSplit(), lightContracts(), installableWebApp()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Screens are split by route (React.lazy); the framework gets its own chunk.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: FRAMEWORK, priority: 10 }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
    },
  },
});
