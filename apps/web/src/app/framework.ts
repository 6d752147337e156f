/**
 * The framework's part of the start, a module of the framework chunk (vite.config.ts): importing it
 * evaluates that chunk and React DOM's client, in a task of their own before the app's modules
 * (src/main.tsx, docs/performance.md).
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
