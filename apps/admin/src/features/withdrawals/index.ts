export { WithdrawalsScreen } from './withdrawals-screen.tsx';
