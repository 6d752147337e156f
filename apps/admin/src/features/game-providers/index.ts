export { GameProvidersScreen } from './game-providers-screen.tsx';
