/** Query keys of the home's content (banners, marquee, footer). */
export const CONTENT_QUERY_KEY = ['content'] as const;
