/**
 * What the server's rendering of a page (apps/server web-app home-rendering.ts) and the web app's entry
 * agree on: the pages it renders, the id of the embedded data a page was rendered with, and the name of the
 * meta element listing the chunks the entry preloads (docs/decisions/005-web-first-load.md). A module of
 * its own: the entry stays small.
 */

/** The `<script type="application/json">` holding the state the page was rendered with. */
export const SSR_STATE_ID = 'kl-ssr-state';
/** The `<meta>` naming the app's and the first screen's chunks, in the order they run. */
export const FIRST_SCREEN_CHUNKS = 'kl-first-screen-chunks';

/**
 * The pages the server renders for a visitor, by path: home, the game list and the lottery list. Their
 * first screen is in the page before any script runs; the app then takes it over.
 */
export const SERVER_RENDERED_PATHS = ['/m/home', '/m/gameList', '/m/lottery'] as const;
export type ServerRenderedPath = (typeof SERVER_RENDERED_PATHS)[number];

/**
 * The address's query as a page is rendered for it: without `lang`, which the app takes out at start,
 * the rest as written (the server and the browser read the same text the same way).
 */
export function renderedSearch(search: string): string {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && part.split('=', 1)[0] !== 'lang')
    .join('&');
}
