export { VipLevelsScreen } from './vip-levels-screen.tsx';
export { useVipChangeText } from './vip-level-text.ts';
