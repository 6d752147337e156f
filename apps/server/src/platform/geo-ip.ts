import { createRequire } from 'node:module';

/** Country (ISO 3166 alpha-2) of a public IP address, or null when the database does not know it. */
export type CountryLookup = (ip: string) => string | null;

interface GeoIpCountry {
  lookup(ip: string): { country?: string } | null;
}

let database: GeoIpCountry | undefined;

/**
 * The geo-IP database bundled with the npm package `geoip-country`. Its data (about 25 ms to read) is
 * loaded once, on the first lookup, so start-up does not pay for it.
 */
export const geoIpCountry: CountryLookup = (ip) => {
  database ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountry;
  const country = database.lookup(ip)?.country;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
};
