import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnScreen } from '../../../shared/hooks/use-on-screen.ts';
import { usePageVisible } from '../hooks/use-page-visible.ts';
import { jackpotDelayMs, jackpotStart, jackpotStep } from '../lib/jackpot.ts';

/**
 * The footer's jackpot counter (product.md §9): decoration, not data. It starts between 50,000,000 and
 * 92,635,863 and rises by 100–500 every 1–3 s, shown without decimals; it rests while the tab is
 * hidden and while it is scrolled off the screen (docs/performance.md). Screen readers are not told of
 * each change (aria-live off).
 */
export function JackpotTicker() {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(() => jackpotStart());
  const visible = usePageVisible();
  const ticker = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(ticker);

  useEffect(() => {
    if (!visible || !onScreen) return;
    const timer = window.setTimeout(() => setValue((before) => before + jackpotStep()), jackpotDelayMs());
    return () => window.clearTimeout(timer);
  }, [visible, onScreen, value]);

  const formatted = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(value);
  return (
    <div ref={ticker} className="kl-jackpot" data-testid="jackpot">
      <p className="kl-jackpot__label">{t('home.footer.jackpot')}</p>
      <p className="kl-jackpot__value" aria-live="off" data-value={value}>
        {formatted}
      </p>
    </div>
  );
}
