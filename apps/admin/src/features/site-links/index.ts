export { SiteLinksScreen } from './site-links-screen.tsx';
