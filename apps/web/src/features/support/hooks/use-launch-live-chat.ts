import { TIMING_MS } from '@kl/contracts/constants';
import { fullPath } from '@kl/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { currentLanguage } from '../../../shared/lib/i18n.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useSystemStatus } from '../../system-status/index.ts';
import { launchChat } from '../api/launch-chat.ts';
import { goToAddress } from '../lib/go-to-address.ts';

const HEADER_COLOR = /^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const TITLE_MAX = 40;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal that means "not for trial members" (product.md §6 free_reject). */
const isFreeReject = (error: unknown) =>
  error instanceof ApiError && error.code === 'FEATURE_NOT_ENABLED' && error.value?.reason === 'free_reject';

/**
 * Live chat (product.md §4, §6): offered only when the merchant's CBS3 toggle is on. A visitor goes to
 * /m/login (and comes back after logging in); a trial member gets the free_reject message; a member
 * sees the loading message 'in_please_wait', the server answers the chat page address
 * (value.chatUrl), and 500 ms later the page goes there. The chat page's back arrow returns to the
 * page the chat was started from.
 */
export function useLaunchLiveChat() {
  const { t } = useTranslation();
  const { role } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: status } = useSystemStatus();
  const available = status?.info.toggles.CBS3 === true;
  const themeColor = status?.info.whitelabel.themeColor;

  const mutation = useMutation({
    mutationFn: async () => {
      void toast.loading(t('in_please_wait'));
      const backUrl = `${location.pathname}${location.search}`;
      const answer = await launchChat({
        language: currentLanguage().toUpperCase(),
        backUrl,
        title: t('customerService.LIVECHAT').slice(0, TITLE_MAX),
        ...(themeColor && HEADER_COLOR.test(themeColor) ? { headerColor: themeColor } : {}),
      });
      await wait(TIMING_MS.liveChatRedirect);
      return answer;
    },
    meta: { errorToast: false },
    onSuccess: (answer) => goToAddress(answer.chatUrl),
    onError: async (error) => {
      await toast.clear();
      if (error instanceof ApiError && error.sessionCleared) return;
      void toast.error(isFreeReject(error) ? t('free_reject') : messageFor(error));
    },
  });

  const launch = () => {
    if (!available || mutation.isPending) return;
    if (role === 'visitor') {
      const from = `${location.pathname}${location.search}${location.hash}`;
      void navigate(fullPath('login'), { state: { from } });
      return;
    }
    if (role === 'trial') {
      void toast.info(t('free_reject'));
      return;
    }
    mutation.mutate();
  };

  return { available, launch, pending: mutation.isPending };
}
