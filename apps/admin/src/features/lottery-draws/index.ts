export { LotteryDrawsScreen } from './lottery-draws-screen.tsx';
