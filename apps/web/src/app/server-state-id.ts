/** The id of the data the server rendered the page with (apps/server web-app home-rendering.ts). */
export const SERVER_STATE_ID = 'kl-ssr-state';
/** The meta element naming the chunks of the screen the server rendered (same file). */
export const FIRST_SCREEN_CHUNKS = 'kl-first-screen-chunks';
