export { LotteriesScreen } from './lotteries-screen.tsx';
export { useOddsLabel } from './odds-modal.tsx';
