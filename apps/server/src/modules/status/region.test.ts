import { describe, expect, it } from 'vitest';
import { geoIpCountry } from '../../platform/geo-ip.ts';
import { decideRegion, isLocalAddress, normaliseIp } from './region.ts';

describe('isLocalAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.10',
    '169.254.10.20',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456:789a::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:192.168.0.5',
  ])('%s is local', (ip) => {
    expect(isLocalAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '14.160.0.1', '172.32.0.1', '192.169.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(isLocalAddress(ip)).toBe(false);
    },
  );
});

describe('normaliseIp', () => {
  it('writes IPv4-mapped IPv6 addresses as IPv4 and drops zones', () => {
    expect(normaliseIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normaliseIp('::FFFF:14.160.0.1')).toBe('14.160.0.1');
    expect(normaliseIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseIp('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('decideRegion with the bundled geo-IP database', () => {
  const vietnam = ['VN'];

  it('knows a Vietnamese and a US address', () => {
    expect(geoIpCountry('14.160.0.1')).toBe('VN');
    expect(geoIpCountry('2001:ee0::1')).toBe('VN');
    expect(geoIpCountry('8.8.8.8')).toBe('US');
    expect(geoIpCountry('203.0.113.7')).toBeNull();
  });

  it('restricts a public address of another country', () => {
    expect(decideRegion('8.8.8.8', vietnam, geoIpCountry)).toEqual({
      ip: '8.8.8.8',
      country: 'US',
      regionRestriction: true,
    });
    expect(decideRegion('::ffff:8.8.8.8', vietnam, geoIpCountry)).toEqual({
      ip: '8.8.8.8',
      country: 'US',
      regionRestriction: true,
    });
    expect(decideRegion('2001:4860:4860::8888', vietnam, geoIpCountry).regionRestriction).toBe(true);
  });

  it('allows an address of an allowed country, v4 and v6', () => {
    expect(decideRegion('14.160.0.1', vietnam, geoIpCountry)).toEqual({
      ip: '14.160.0.1',
      country: 'VN',
      regionRestriction: false,
    });
    expect(decideRegion('2001:ee0::1', vietnam, geoIpCountry).regionRestriction).toBe(false);
  });

  it('allows local addresses without looking them up', () => {
    const lookup = () => {
      throw new Error('a local address was looked up');
    };
    for (const ip of ['127.0.0.1', '::1', '10.0.0.8', 'fd00::8', 'fe80::8', '::ffff:127.0.0.1']) {
      expect(decideRegion(ip, vietnam, lookup)).toMatchObject({ country: null, regionRestriction: false });
    }
  });

  it('allows a public address whose country is unknown', () => {
    expect(decideRegion('203.0.113.7', vietnam, geoIpCountry)).toEqual({
      ip: '203.0.113.7',
      country: null,
      regionRestriction: false,
    });
  });

  it('allows every country when the list is empty', () => {
    expect(decideRegion('8.8.8.8', [], geoIpCountry)).toMatchObject({
      country: 'US',
      regionRestriction: false,
    });
  });
});
