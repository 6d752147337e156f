import type { LotteryOpenDraw } from '@kl/contracts/lottery';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../shared/lib/date-format.ts';
import { secondsUntil } from '../lib/bet.ts';
import { useServerNow } from '../lib/clock.ts';

/** The countdown to a draw's close on the server's clock; "closed" once it has passed. */
export function DrawClock({ draw, serverNow }: { draw: LotteryOpenDraw | null; serverNow: number }) {
  const { t } = useTranslation();
  if (!draw) return <span data-testid="lottery-countdown">{t('lottery.noDraw')}</span>;
  const seconds = secondsUntil(draw.closeAt, serverNow);
  return (
    <span data-testid="lottery-countdown" data-seconds={seconds} data-issue={draw.issue}>
      {seconds > 0 ? t('lottery.closesIn', { time: formatCountdown(seconds, t) }) : t('lottery.closed')}
    </span>
  );
}

/**
 * A DrawClock that keeps its own time (the server's, from `offset`): where nothing else on the screen
 * follows the clock, only the countdown's text is drawn again each second, not the whole screen around
 * it (docs/performance.md).
 */
export function TickingDrawClock({ draw, offset }: { draw: LotteryOpenDraw | null; offset: number }) {
  const serverNow = useServerNow(offset);
  return <DrawClock draw={draw} serverNow={serverNow} />;
}
