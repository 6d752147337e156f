import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairDraws, hashServerSeed, newClientSeed, newServerSeed } from './fair.ts';

describe('provably fair draws', () => {
  it('publishes the SHA-256 of the server seed', () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashServerSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(newServerSeed()).not.toBe(seed);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{16}$/);
  });

  it('reads each number from 4 bytes of HMAC-SHA256(server seed, "client:nonce:block")', () => {
    const seeds = { serverSeed: 'server-seed', clientSeed: 'lucky', nonce: 7 };
    const draws = fairDraws(seeds);
    const block0 = createHmac('sha256', 'server-seed').update('lucky:7:0').digest();
    const block1 = createHmac('sha256', 'server-seed').update('lucky:7:1').digest();
    const expected = [
      ...Array.from({ length: 8 }, (_, index) => block0.readUInt32BE(index * 4) / 2 ** 32),
      block1.readUInt32BE(0) / 2 ** 32,
    ];
    expect(Array.from({ length: 9 }, () => draws.next())).toEqual(expected);
  });

  it('gives the same draws for the same seeds and nonce, other draws otherwise', () => {
    const take = (seeds: Parameters<typeof fairDraws>[0]) => {
      const draws = fairDraws(seeds);
      return Array.from({ length: 20 }, () => draws.below(37));
    };
    const seeds = { serverSeed: 'a', clientSeed: 'b', nonce: 1 };
    expect(take(seeds)).toEqual(take(seeds));
    expect(take({ ...seeds, nonce: 2 })).not.toEqual(take(seeds));
    expect(take({ ...seeds, clientSeed: 'c' })).not.toEqual(take(seeds));
    for (const value of take(seeds)) expect(value >= 0 && value < 37 && Number.isInteger(value)).toBe(true);
  });
});
