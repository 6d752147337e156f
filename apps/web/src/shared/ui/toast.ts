import { TOAST_MS } from '@kl/contracts/constants';
import { announce, clearAnnouncements, prepareAnnouncer } from './announcer.ts';

/**
 * Toasts with the durations of SPEC §9 (contracts TOAST_MS): success 1 s, info 2 s, notice 1.5 s,
 * loading 10 s (or "until cleared" for logout, free play and home). Errors are shown for the info
 * duration. Each text is also announced to screen readers (see announcer.ts). antd-mobile's Toast
 * is fetched on first use; `preload` fetches it early.
 */
const loadToast = () => import('./toast-impl.tsx');

type Icon = 'success' | 'fail' | 'loading';

async function show(content: string, duration: number, icon?: Icon) {
  announce(content, icon === 'fail' ? 'assertive' : 'polite');
  const { showToast } = await loadToast();
  showToast({ content, duration, icon });
}

export const toast = {
  success: (text: string) => show(text, TOAST_MS.success, 'success'),
  info: (text: string) => show(text, TOAST_MS.info),
  notice: (text: string) => show(text, TOAST_MS.notice),
  error: (text: string) => show(text, TOAST_MS.info, 'fail'),
  loading: (text: string, { untilCleared = false }: { untilCleared?: boolean } = {}) =>
    show(text, untilCleared ? TOAST_MS.loadingLong : TOAST_MS.loading, 'loading'),
  clear: async () => {
    clearAnnouncements();
    (await loadToast()).clearToasts();
  },
  preload: async () => {
    prepareAnnouncer();
    await loadToast();
  },
};
