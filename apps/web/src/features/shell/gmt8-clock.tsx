import { CLOCK_UTC_OFFSET_HOURS } from '@kl/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../shared/lib/date-format.ts';

/** The side menu's clock (product.md §2): GMT+8, `HH:mm:ss | DD/MM/YYYY`, ticking on each second while shown. */
export function Gmt8Clock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      // Wake up just after the next whole second, so the seconds change in step with the real clock.
      timer = setTimeout(tick, 1_000 - (current.getTime() % 1_000));
    };
    timer = setTimeout(tick, 1_000 - (Date.now() % 1_000));
    return () => clearTimeout(timer);
  }, []);
  return (
    <p className="kl-side-menu__clock">
      <span className="kl-side-menu__clock-label">{t('sideMenu.clock')}</span>
      <time data-testid="gmt8-clock" dateTime={now.toISOString()}>
        {formatClock(now, CLOCK_UTC_OFFSET_HOURS)}
      </time>
    </p>
  );
}
