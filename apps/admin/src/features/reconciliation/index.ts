export { ReconciliationScreen } from './reconciliation-screen.tsx';
