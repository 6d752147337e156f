export { GamesScreen } from './games-screen.tsx';
