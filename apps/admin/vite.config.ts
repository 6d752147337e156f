import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** React and the router, cached across releases of the app code. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/;
/** Ant Design and its parts: large, and changed only when its version is. */
const ANTD = /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|dayjs)[\\/]/;

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // antd alone is larger than Vite's warning size; it is a desktop app on the office network.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            { name: 'antd', test: ANTD, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.ADMIN_PORT ?? 5174),
    // The API server (npm start or npm run dev at the root) answers /api.
    // The browser's Host is passed on (no changeOrigin): the API's cross-site check compares a browser's
    // Origin with it (docs/decisions/035-client-address-and-cross-site-requests.md).
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
    },
  },
});
