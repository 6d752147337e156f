export { BetsScreen } from './bets-screen.tsx';
