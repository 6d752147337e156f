/**
 * React DOM's client, a module of the React chunk (vite.config.ts): importing it evaluates React and
 * React DOM in a task of their own, the first of the start (src/main.tsx, docs/performance.md).
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
