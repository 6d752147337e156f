import type { Banner } from '@kl/contracts/content';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bannerLink } from '../lib/banners.ts';

/**
 * A banner's picture in a list, following its link as the carousel's do: a site path in the app (then
 * `onFollow`), another site in a new tab (said to screen readers), no link the picture alone.
 */
export function BannerItem({
  banner,
  picture,
  onFollow,
}: {
  banner: Banner;
  picture: ReactNode;
  onFollow?: () => void;
}) {
  const { t } = useTranslation();
  const link = bannerLink(banner.linkUrl);
  return (
    <li>
      {link?.kind === 'app' && (
        <Link to={link.to} onClick={onFollow}>
          {picture}
        </Link>
      )}
      {link?.kind === 'external' && (
        <a href={link.href} target="_blank" rel="noopener noreferrer">
          {picture}
          <span className="kl-visually-hidden"> ({t('common.opensInNewTab')})</span>
        </a>
      )}
      {link === null && picture}
    </li>
  );
}
