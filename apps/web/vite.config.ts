import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { HOME_CHUNKS } from './src/features/home/first-screen-modules.ts';
import { firstScreenGroups } from './src/shared/lib/first-screen-chunks.ts';
import { lightContracts } from './src/shared/lib/light-zod-plugin.ts';
import { localeSplit } from './src/shared/lib/locale-split-plugin.ts';
import { productionReactRouter } from './src/shared/lib/react-router-production.ts';
import { installableWebApp } from './src/shared/pwa/build/vite-plugin.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Modules every screen needs: long-lived chunks, cached across releases of the app code. React and
 * React DOM are one, the router, the query cache, i18next and the stores the other: each is evaluated
 * in a task of its own, React's first, through the module that starts it (src/main.tsx).
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const FRAMEWORK = /[\\/]node_modules[\\/](react-router|@tanstack|i18next|react-i18next|zustand)[\\/]/;
const REACT_START = fromRoot('src/app/framework-react.ts');
const FRAMEWORK_START = fromRoot('src/app/framework.ts');
const inReact = (id: string) => REACT.test(id) || id === REACT_START;
const inFramework = (id: string) => FRAMEWORK.test(id) || id === FRAMEWORK_START;

export default defineConfig({
  base: '/m/',
  // The manifest, icons and service worker of the installable web app (build only).
  // The locale files split by top-level key, each screen's texts loaded with it, and home's answers
  // parsed without zod's full build (docs/decisions/024-first-load-javascript.md).
  plugins: [react(), productionReactRouter(), localeSplit(), lightContracts(), installableWebApp()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fromRoot('src/shared/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Screens are split by route (React.lazy); the framework gets two chunks, the app's sources one
    // and the rest of home's first screen one (src/shared/lib/first-screen-chunks.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: inReact, priority: 10 },
            { name: 'framework', test: inFramework, priority: 10 },
            {
              name: firstScreenGroups({
                entry: fromRoot('src/main.tsx'),
                app: fromRoot('src/app/start.tsx'),
                screen: HOME_CHUNKS.map(fromRoot),
                excluded: (id) => /[\\/]node_modules[\\/]/.test(id),
                everywhere: (id) => inReact(id) || inFramework(id),
              }),
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // The browser's Host is passed on (no changeOrigin): the API's cross-site check compares a browser's
    // Origin with it (docs/decisions/035-client-address-and-cross-site-requests.md).
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
    },
  },
});
