export { PromotionsScreen } from './promotions-screen.tsx';
