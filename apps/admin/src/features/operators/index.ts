export { OperatorsScreen } from './operators-screen.tsx';
