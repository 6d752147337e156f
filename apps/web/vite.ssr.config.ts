import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { productionReactRouter } from './src/shared/lib/react-router-production.ts';

/**
 * The server rendering of home and the game list (docs/decisions/005-web-first-load.md):
 * src/entry-server.tsx built for Node into dist/server/, next to the browser build (the server refuses to
 * serve this folder). Every dependency is bundled in, so that the folder runs without the web app's
 * node_modules and one copy of React renders it.
 */
export default defineConfig({
  base: '/m/',
  plugins: [react(), productionReactRouter()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
  },
});
