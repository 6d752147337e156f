export { AdjustBalanceModal } from './adjust-balance-modal.tsx';
export { AdjustmentsScreen } from './adjustments-screen.tsx';
