import type { TFunction } from 'i18next';

/**
 * An address as the security screen shows it (docs/product.md, "Account security"): the IP, and the country
 * the server's geo-IP data puts it in, named in the screen's language — approximate, so only the country.
 */
export function addressText(
  t: TFunction,
  lang: string,
  address: { ip: string; country: string | null },
): string {
  if (!address.country) return address.ip;
  let region = address.country;
  try {
    region = new Intl.DisplayNames([lang], { type: 'region' }).of(address.country) ?? address.country;
  } catch {
    // A code this browser cannot name is shown as it is.
  }
  return t('auth.sessions.address', { ip: address.ip, region });
}
