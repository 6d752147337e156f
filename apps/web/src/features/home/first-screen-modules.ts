/**
 * The source modules of the chunks home's first screen is drawn with (the screen and the games part):
 * the server puts their CSS in the page and names their JavaScript for preloading, looked up in the
 * build manifest; the build puts them, with what they import, in one chunk (vite.config.ts). A module
 * of its own, with no imports, so that the build's configuration can read it.
 */
export const HOME_CHUNKS: readonly string[] = [
  'src/features/home/home-screen.tsx',
  'src/features/games/home-games.tsx',
];
