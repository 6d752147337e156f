/**
 * The quick-nav items (product.md §2 quick-nav bar), for the member centre and the benefits screen: an entry of
 * its own, apart from index.ts (which the router loads with the first page).
 */
export { quickNavItems, type QuickNavItem, type QuickNavKey } from './lib/quick-nav.ts';
