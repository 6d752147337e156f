import { HOME_PATH } from '@kl/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { storage } from '../../../shared/lib/storage.ts';
import { AUTO_LOGIN_KEY, useSessionStore } from '../../../shared/stores/session-store.ts';
import type * as DialogModule from '../../../shared/ui/dialog.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { logout } from '../api/logout.ts';
import { MEMBER_QUERY_KEY } from '../api/get-member-info.ts';

let dialogs: typeof DialogModule | undefined;

/**
 * product.md §4 Logout: confirm, a loading message, DELETE logout, autoLogin 0, the session and the
 * member's data forgotten, then /m/home. The browser forgets the session even if the server could
 * not be reached (the cookie then expires on its own).
 */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // The dialog (antd-mobile's) is fetched when first asked for: the member centre and the side menu
    // that offer signing out do not load it with their first screen (docs/performance.md). Once here,
    // it opens at once.
    dialogs ??= await import('../../../shared/ui/dialog.ts');
    const confirmed = await dialogs.confirmDialog({
      content: t('auth.signOutConfirm'),
      confirmText: t('auth.signOut'),
      cancelText: t('auth.cancel'),
    });
    if (!confirmed) return false;
    void toast.loading(t('in_please_wait'), { untilCleared: true });
    // The member's calls still on their way are cancelled first: one the server answered after the logout
    // would come back refused (401) for a session the page is forgetting anyway.
    await queryClient.cancelQueries();
    try {
      await logout();
    } catch {
      // Forgotten here all the same.
    }
    storage.set(AUTO_LOGIN_KEY, '0');
    useSessionStore.getState().clearSession();
    try {
      window.sessionStorage.clear();
    } catch {
      // No session storage to clear.
    }
    queryClient.removeQueries({ queryKey: MEMBER_QUERY_KEY });
    await toast.clear();
    void navigate(HOME_PATH, { replace: true });
    return true;
  };
}
