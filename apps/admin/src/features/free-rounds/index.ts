export { FreeRoundsScreen } from './free-rounds-screen.tsx';
