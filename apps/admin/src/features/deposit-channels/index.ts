export { DepositChannelsScreen } from './deposit-channels-screen.tsx';
