/**
 * The rest of the framework, a module of the framework chunk (vite.config.ts): importing it evaluates
 * the router, the query cache, i18next and the stores in a task of their own, after React's and
 * before the app's (src/main.tsx, docs/performance.md). The entry imports it for that alone; its one
 * export makes it a module of the chunk it starts.
 */
export { QueryClientProvider } from '@tanstack/react-query';
