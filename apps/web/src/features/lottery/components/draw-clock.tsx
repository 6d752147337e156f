import type { LotteryOpenDraw } from '@kl/contracts/lottery';
import { useTranslation } from 'react-i18next';
import { useAfterHydration } from '../../../shared/hooks/use-after-hydration.ts';
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
 * it (docs/performance.md). A page the server rendered, and the browser's first render over it, show the
 * countdown as of `answeredAt`, the answer's serverTime: the same text on both sides; it ticks from the
 * device's clock once the browser has the page (docs/decisions/005-web-first-load.md).
 */
export function TickingDrawClock({
  draw,
  offset,
  answeredAt,
}: {
  draw: LotteryOpenDraw | null;
  offset: number;
  answeredAt: string;
}) {
  const serverNow = useServerNow(offset);
  const ticking = useAfterHydration();
  return <DrawClock draw={draw} serverNow={ticking ? serverNow : Date.parse(answeredAt)} />;
}
