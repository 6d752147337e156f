/**
 * A bonus's turnover progress bar, for the promotions' screens. Its own entry, apart from index.ts (which
 * the app loads on every page), so that it is bundled with the lazily loaded screens that show it only.
 */
export { TurnoverProgress } from './components/turnover-progress.tsx';
