export { BannersScreen } from './banners-screen.tsx';
