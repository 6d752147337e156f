import { HOME_PATH } from '@kl/contracts/routes';
import type { NavigateFunction } from 'react-router';

/**
 * Back from a screen that draws its own title bar (its page has no app header): to the previous page
 * of the app, or home when this page was the first one opened (the router numbers its history
 * entries in `history.state.idx`).
 */
export function goBack(navigate: NavigateFunction): void {
  const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx !== 'number' || idx === 0) void navigate(HOME_PATH, { replace: true });
  else void navigate(-1);
}
