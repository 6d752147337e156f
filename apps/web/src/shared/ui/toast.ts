import { TOAST_MS } from '@kl/contracts/constants';
import { announce, clearAnnouncements, prepareAnnouncer } from './announcer.ts';
import type * as ToastImpl from './toast-impl.tsx';

/**
 * Toasts with the durations of product.md §9 (contracts TOAST_MS): success 1 s, info 2 s, notice 1.5 s,
 * loading 10 s (or "until cleared" for logout, free play and home). Errors are shown for the info
 * duration. Each text is also announced to screen readers (see announcer.ts). antd-mobile's Toast
 * is fetched on first use; `preload` fetches it early.
 */
let loading: Promise<typeof ToastImpl> | undefined;
/** One download for every caller, so that they go on in the order they asked (a failure is forgotten). */
const loadToast = () =>
  (loading ??= import('./toast-impl.tsx').catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));

type Icon = 'success' | 'fail' | 'loading';

/**
 * Counts `clear` calls. A toast asked for before a clear but not drawn yet (its chunk was still on
 * its way) is not drawn at all: otherwise a loading toast cleared at once would stay on screen.
 */
let clears = 0;

async function show(content: string, duration: number, icon?: Icon) {
  announce(content, icon === 'fail' ? 'assertive' : 'polite');
  const askedAfter = clears;
  const { showToast } = await loadToast();
  if (askedAfter !== clears) return;
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
    clears += 1;
    clearAnnouncements();
    (await loadToast()).clearToasts();
  },
  preload: async () => {
    prepareAnnouncer();
    await loadToast();
  },
};
