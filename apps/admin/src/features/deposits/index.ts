export { DepositsScreen } from './deposits-screen.tsx';
