/**
 * The only place that reads the build environment (CONVENTIONS: env read in one place).
 * `dev` is true under `vite` and in tests, false in the production build.
 */
export const config = {
  dev: import.meta.env.DEV,
} as const;
