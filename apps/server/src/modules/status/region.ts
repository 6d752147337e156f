import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { CountryLookup } from '../../platform/geo-ip.ts';

/** Addresses that never leave the machine or the local network: always allowed, never looked up. */
const LOCAL_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
] as const) {
  LOCAL_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
] as const) {
  LOCAL_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:203.0.113.7` → `203.0.113.7`; drops an IPv6 zone (`fe80::1%eth0`). */
export function normaliseIp(ip: string): string {
  const withoutZone = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(withoutZone);
  return mapped?.[1] ?? withoutZone;
}

/** Loopback, private, link-local, unique-local and other non-public addresses. */
export function isLocalAddress(ip: string): boolean {
  const address = normaliseIp(ip);
  if (isIPv4(address)) return LOCAL_NETWORKS.check(address, 'ipv4');
  if (isIPv6(address)) return LOCAL_NETWORKS.check(address, 'ipv6');
  return false;
}

export interface RegionDecision {
  /** The caller's address as shown to them (IPv4-mapped addresses written as IPv4). */
  ip: string;
  /** The caller's country when the address is public and known to the geo-IP database. */
  country: string | null;
  regionRestriction: boolean;
}

/**
 * Region restriction (product.md §3, §4): a caller is restricted when the merchant allows only some countries
 * and the caller's public address belongs to another one. Local addresses and public addresses whose
 * country is unknown are allowed; an empty list allows every country.
 */
export function decideRegion(
  ip: string,
  allowedCountries: readonly string[],
  lookup: CountryLookup,
): RegionDecision {
  const address = normaliseIp(ip);
  if (isLocalAddress(address) || (!isIPv4(address) && !isIPv6(address))) {
    return { ip: address, country: null, regionRestriction: false };
  }
  const country = lookup(address);
  const regionRestriction =
    allowedCountries.length > 0 && country !== null && !allowedCountries.includes(country);
  return { ip: address, country, regionRestriction };
}
