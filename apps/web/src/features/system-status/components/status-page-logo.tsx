import type { StatusInfo } from '@kl/contracts/status';
import { useState } from 'react';
import { safeLinkUrl } from '../../../shared/lib/url.ts';

/** The merchant's logo (its site name when the image is missing or fails). */
export function StatusPageLogo({ whitelabel }: { whitelabel: StatusInfo['whitelabel'] }) {
  const [failed, setFailed] = useState(false);
  const src = safeLinkUrl(whitelabel.logoUrl);
  if (!src || failed) return <p className="kl-status-page__site">{whitelabel.siteName}</p>;
  return (
    <img
      className="kl-status-page__logo"
      src={src}
      alt={whitelabel.siteName}
      height={48}
      onError={() => setFailed(true)}
    />
  );
}
