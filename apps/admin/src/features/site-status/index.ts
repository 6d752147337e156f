export { SiteStatusScreen } from './site-status-screen.tsx';
