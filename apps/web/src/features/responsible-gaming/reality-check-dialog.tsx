import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './components/confirm-dialog.tsx';
import { MINUTE_MS } from './lib/play-clock.ts';

/** Played time in hours and minutes, in words. */
function usePlayedText(ms: number): string {
  const { t } = useTranslation();
  const totalMinutes = Math.floor(ms / MINUTE_MS);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours === 0
    ? t('realityCheck.minutes', { minutes })
    : t('realityCheck.hoursMinutes', { hours, minutes });
}

/**
 * The reality check's dialog: how long the member has been playing, with "continue" and "see my history".
 * A module of its own, fetched only for a member who set an interval (reality-check-reminder.tsx).
 */
export default function RealityCheckDialog({
  playedMs,
  onContinue,
  onHistory,
}: {
  playedMs: number;
  onContinue: () => void;
  onHistory: () => void;
}) {
  const { t } = useTranslation();
  const played = usePlayedText(playedMs);
  return (
    <ConfirmDialog
      title={t('realityCheck.title')}
      text={t('realityCheck.text', { played })}
      confirmText={t('realityCheck.continue')}
      cancelText={t('realityCheck.history')}
      safe="confirm"
      testId="reality-check"
      onConfirm={onContinue}
      onCancel={onHistory}
    />
  );
}
