import { fullPath } from '@kl/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/stores/session-store.ts';
import { responsibleGamingQuery } from './api/get-settings.ts';
import { ConfirmDialog } from './components/confirm-dialog.tsx';
import { MINUTE_MS, nextReminderAt, playStartedAt } from './lib/play-clock.ts';

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

function Reminder({
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

/**
 * The reality check (responsible gaming): while a member with an interval set is logged in, every interval
 * a dialog says how long they have been playing (counted from the start of the session in this tab), with
 * "continue" and "see my history".
 */
export default function RealityCheckReminder() {
  const navigate = useNavigate();
  const { userName } = useSession();
  const settings = useQuery({ ...responsibleGamingQuery, staleTime: 5 * 60_000 });
  const minutes = settings.data?.realityCheckMinutes ?? 0;
  const [since] = useState(() => playStartedAt(userName ?? ''));
  const [shownAt, setShownAt] = useState<number | null>(null);

  useEffect(() => {
    if (minutes === 0 || shownAt !== null) return undefined;
    const now = Date.now();
    const due = nextReminderAt(since, minutes, now);
    // The time played is told as the whole interval reached (15, 30, 45 … minutes).
    const timer = window.setTimeout(() => setShownAt(due), due - now);
    return () => window.clearTimeout(timer);
  }, [minutes, shownAt, since]);

  if (shownAt === null || minutes === 0) return null;
  return (
    <Reminder
      playedMs={shownAt - since}
      onContinue={() => setShownAt(null)}
      onHistory={() => {
        setShownAt(null);
        void navigate(fullPath('member/history'));
      }}
    />
  );
}
