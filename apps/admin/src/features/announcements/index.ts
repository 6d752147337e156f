export { AnnouncementsScreen } from './announcements-screen.tsx';
