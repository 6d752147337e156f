import type { FooterLogo, SocialLink } from '@kl/contracts/content';
import { Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../../../shared/lib/url.ts';
import { DownloadArea } from '../../app-download/index.ts';
import { useSystemStatus } from '../../system-status/index.ts';
import { useFooterLinks } from '../api/get-footer-links.ts';
import { useVendorStructure } from '../api/get-vendor-structure.ts';
import { COPYRIGHT_YEAR, footerVendors } from '../lib/footer.ts';
import { FacebookIcon, TelegramIcon } from './icons.tsx';
import { JackpotTicker } from './jackpot-ticker.tsx';

/** A logo (partner or badge), linked when it has an address; left out when its picture fails. */
function LogoItem({ logo, size }: { logo: FooterLogo; size: { width: number; height: number } }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const picture = (
    <img
      src={logo.logoUrl}
      alt={logo.name}
      width={size.width}
      height={size.height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
  const href = safeLinkUrl(logo.url);
  return (
    <li>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {picture}
          <span className="kl-visually-hidden"> ({t('common.opensInNewTab')})</span>
        </a>
      ) : (
        picture
      )}
    </li>
  );
}

const SOCIAL_ICONS: Record<SocialLink['type'], () => ReactElement> = {
  Facebook: FacebookIcon,
  Telegram: TelegramIcon,
  Telegram2: TelegramIcon,
};

function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  const { t } = useTranslation();
  const safe = links.flatMap((link) => {
    const href = safeLinkUrl(link.url);
    return href ? [{ ...link, href }] : [];
  });
  if (safe.length === 0) return null;
  return (
    <ul className="kl-home-footer__social" aria-label={t('home.footer.social')}>
      {safe.map((link) => {
        const LinkIcon = SOCIAL_ICONS[link.type];
        return (
          <li key={link.type}>
            <a
              className="kl-home-footer__social-link"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${link.label} (${t('common.opensInNewTab')})`}
            >
              <LinkIcon />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The footer block of home (product.md §2 Other widgets): app buttons, partner logos, badges, social
 * icons, up to 28 vendor logos, the jackpot counter and the copyright. In its own chunk, fetched
 * when the user scrolls near it.
 */
export default function HomeFooter() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const { data: links } = useFooterLinks();
  const { data: structure } = useVendorStructure();
  const vendors = footerVendors(structure);
  const whitelabel = status?.info.whitelabel;
  return (
    <footer className="kl-home-footer" data-testid="home-footer" aria-labelledby="kl-home-footer-title">
      <h2 id="kl-home-footer-title" className="kl-visually-hidden">
        {t('home.footer.title')}
      </h2>
      <JackpotTicker />
      <Suspense fallback={null}>
        <DownloadArea />
      </Suspense>
      {vendors.length > 0 && (
        <section aria-labelledby="kl-footer-vendors">
          <h3 id="kl-footer-vendors" className="kl-home-footer__heading">
            {t('home.footer.vendors')}
          </h3>
          <ul className="kl-home-footer__vendors" data-testid="footer-vendors">
            {vendors.map((vendor) => (
              <li key={vendor.vassalage}>
                <img
                  src={vendor.mobileSmallIcon}
                  alt={vendor.displayName}
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {links && links.partners.length > 0 && (
        <section aria-labelledby="kl-footer-partners">
          <h3 id="kl-footer-partners" className="kl-home-footer__heading">
            {t('home.footer.partners')}
          </h3>
          <ul className="kl-home-footer__logos" data-testid="footer-partners">
            {links.partners.map((logo) => (
              <LogoItem key={logo.id} logo={logo} size={{ width: 160, height: 56 }} />
            ))}
          </ul>
        </section>
      )}
      {links && links.badges.length > 0 && (
        <section aria-labelledby="kl-footer-badges">
          <h3 id="kl-footer-badges" className="kl-home-footer__heading">
            {t('home.footer.badges')}
          </h3>
          <ul className="kl-home-footer__logos kl-home-footer__logos--badges" data-testid="footer-badges">
            {links.badges.map((logo) => (
              <LogoItem key={logo.id} logo={logo} size={{ width: 96, height: 96 }} />
            ))}
          </ul>
        </section>
      )}
      {links && <SocialLinks links={links.socialLinks} />}
      <p className="kl-home-footer__copyright">
        {t('home.footer.copyright', {
          year: whitelabel?.copyrightYear ?? COPYRIGHT_YEAR,
          site: whitelabel?.siteName ?? '',
        })}
      </p>
    </footer>
  );
}
