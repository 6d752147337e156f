import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router's package names only its development build in its exports: its production build, the
 * same code with the development warnings switched off (checks run on every navigation, and their
 * messages), is reached by its own Vite plugin, which this app does not use. This plugin points the
 * builds at it; `vite` in development keeps the warnings (docs/performance.md).
 */
export function productionReactRouter(): Plugin {
  const development = dirname(createRequire(import.meta.url).resolve('react-router'));
  const production = join(development, '..', 'production', 'index.mjs');
  return {
    name: 'kl-production-react-router',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}
