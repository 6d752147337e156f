export { SiteSettingsScreen } from './site-settings-screen.tsx';
