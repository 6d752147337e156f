export { AgentsScreen } from './agents-screen.tsx';
