export { ControlsScreen } from './controls-screen.tsx';
