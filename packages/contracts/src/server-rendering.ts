/**
 * What the server's rendering of a page (apps/server web-app home-rendering.ts) and the web app's entry
 * agree on: the id of the embedded data the page was rendered with, and the name of the meta element
 * listing the chunks the entry preloads (docs/decisions/005-web-first-load.md). A module of its own: the
 * entry stays small.
 */

/** The `<script type="application/json">` holding the state the page was rendered with. */
export const SSR_STATE_ID = 'kl-ssr-state';
/** The `<meta>` naming the app's and the first screen's chunks, in the order they run. */
export const FIRST_SCREEN_CHUNKS = 'kl-first-screen-chunks';
