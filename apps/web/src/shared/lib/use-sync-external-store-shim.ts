/**
 * `use-sync-external-store/shim` for the build (vite.config.ts aliases it here): react-i18next imports the
 * shim that gives React 17 and older the hook, which React 19 has itself; the shim would only hand React's
 * own back, from 700 bytes of code every page loads.
 */
export { useSyncExternalStore } from 'react';
