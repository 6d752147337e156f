export { InboxScreen } from './inbox-screen.tsx';
