import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '../../../shared/lib/storage.ts';
import { CloseIcon } from '../../../shared/ui/icons.tsx';
import {
  currentPlatform,
  HOME_SCREEN_TIP_TYPE,
  homeScreenGuideOffered,
  needsLegacyTip,
  type Platform,
} from '../lib/platform.ts';
import { AddBoxIcon, ShareIcon } from './icons.tsx';
import '../app-download.css';

/** localStorage key: when the guide was last closed (ms since the epoch). */
export const GUIDE_DISMISSED_KEY = 'homeScreenGuideClosedAt';
/** A closed guide comes back after a week. */
export const GUIDE_QUIET_MS = 7 * 24 * 60 * 60 * 1000;

const closedRecently = (now: number) => {
  const at = Number(storage.get(GUIDE_DISMISSED_KEY));
  return Number.isFinite(at) && at > 0 && now - at < GUIDE_QUIET_MS;
};

/** The steps of the guide: the current Safari, or the legacy tip of iOS before 12.2. */
export function HomeScreenSteps({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  const legacy = needsLegacyTip(platform);
  return (
    <ol className="kl-guide__steps" data-tip={legacy ? 'legacy' : 'current'}>
      <li>
        <ShareIcon />
        <span>{t(legacy ? 'appDownload.guide.legacyShare' : 'appDownload.guide.share')}</span>
      </li>
      <li>
        <AddBoxIcon />
        <span>{t(legacy ? 'appDownload.guide.legacyAdd' : 'appDownload.guide.add')}</span>
      </li>
    </ol>
  );
}

/**
 * The add-to-home-screen guide of product.md §4 on home: only in iOS Safari when the site is not already
 * opened from the home screen; tip type 2 (a note pointing down at Safari's toolbar and its share
 * button). Closing it keeps it away for a week.
 */
export default function HomeScreenGuide({ platform = currentPlatform() }: { platform?: Platform }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => homeScreenGuideOffered(platform) && !closedRecently(Date.now()));
  if (!open) return null;
  return (
    <aside
      className="kl-guide"
      aria-labelledby="kl-guide-title"
      data-testid="home-screen-guide"
      data-tip-type={HOME_SCREEN_TIP_TYPE}
    >
      <div className="kl-guide__head">
        <h2 id="kl-guide-title" className="kl-guide__title">
          {t('appDownload.guide.title')}
        </h2>
        <button
          type="button"
          className="kl-icon-button"
          aria-label={t('appDownload.guide.close')}
          onClick={() => {
            storage.set(GUIDE_DISMISSED_KEY, String(Date.now()));
            setOpen(false);
          }}
        >
          <CloseIcon />
        </button>
      </div>
      <HomeScreenSteps platform={platform} />
    </aside>
  );
}
