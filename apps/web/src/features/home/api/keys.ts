/** Query keys of the home's content (banners, marquee, footer). */
export const CONTENT_QUERY_KEY = ['content'] as const;

/**
 * The content calls of the API table with their schemas, loaded with the first call rather than with
 * the page, so that zod and the schemas are not part of the home's first chunk; only the calls of home and
 * every page (content-home.ts), not the inbox's, the notices' or the help centre's.
 */
export const loadContentCalls = () => import('@kl/contracts/content-home');
