import type { FeedbackStatus } from '@kl/contracts/feedback';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../shared/ui/status-tag.tsx';

/** The colour a feedback status takes among the shared status colours. */
const COLOR_OF: Record<FeedbackStatus, string> = { new: 'pending', in_progress: 'default', resolved: 'paid' };

export function FeedbackStatusTag({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation();
  return <StatusTag status={COLOR_OF[status]} label={t(`feedback.statuses.${status}`)} />;
}
