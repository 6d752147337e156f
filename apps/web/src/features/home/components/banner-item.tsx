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

/** A banner whose picture is its file as the server draws it (the side menu's, the new-games section's). */
export function PictureBanner({
  banner,
  className,
  size,
  onFollow,
}: {
  banner: Banner;
  className: string;
  size: { width: number; height: number };
  onFollow?: () => void;
}) {
  return (
    <BannerItem
      banner={banner}
      {...(onFollow && { onFollow })}
      picture={
        <img
          className={className}
          src={banner.url}
          alt={banner.title}
          width={size.width}
          height={size.height}
          loading="lazy"
          decoding="async"
        />
      }
    />
  );
}
