import { formatCount } from '@kl/contracts/money';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnScreen } from '../../../shared/hooks/use-on-screen.ts';
import { useJackpot } from '../api/get-jackpot.ts';
import { usePageVisible } from '../hooks/use-page-visible.ts';

/**
 * The footer's jackpot counter: the site's real progressive jackpot, what the jackpot machines' pools hold
 * (docs/decisions/061-slot-studio.md), in whole đồng. It asks again every 30 s while the tab is shown and
 * the counter is on the screen, and rests otherwise (docs/performance.md). Screen readers are not told of
 * each change (aria-live off). Until the first answer, and if it fails, the counter keeps its place empty.
 */
export function JackpotTicker() {
  const { t, i18n } = useTranslation();
  const visible = usePageVisible();
  const ticker = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(ticker);
  const { data } = useJackpot(visible && onScreen);

  const formatted = data && formatCount(Math.round(data.pool), i18n.language);
  return (
    <div ref={ticker} className="kl-jackpot" data-testid="jackpot">
      <p className="kl-jackpot__label">{t('home.footer.jackpot')}</p>
      <p className="kl-jackpot__value" aria-live="off" data-value={data?.pool}>
        {formatted ?? '\u00a0'}
      </p>
    </div>
  );
}
