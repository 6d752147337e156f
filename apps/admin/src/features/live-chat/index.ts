export { LiveChatScreen } from './live-chat-screen.tsx';
