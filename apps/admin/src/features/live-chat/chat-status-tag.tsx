import type { AdminChatStatus } from '@kl/contracts/admin/chat';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../shared/ui/status-tag.tsx';

/** The colour a conversation status takes among the shared status colours. */
const COLOR_OF: Record<AdminChatStatus, string> = { waiting: 'pending', open: 'paid', closed: 'expired' };

export function ChatStatusTag({ status }: { status: AdminChatStatus }) {
  const { t } = useTranslation();
  return <StatusTag status={COLOR_OF[status]} label={t(`liveChat.statuses.${status}`)} />;
}
