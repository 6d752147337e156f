import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commit,
  fairStream,
  hashServerSeed,
  pickWeighted,
  resolveWith,
  reveal,
  shuffledIndices,
  type UniformSource,
  verifyWith,
} from './fair.ts';

const seeds = { serverSeed: 'server-seed', clientSeed: 'lucky', nonce: 7 };

/** The words of HMAC-SHA256(server seed, message), as the stream reads them. */
const words = (message: string): number[] => {
  const bytes = createHmac('sha256', 'server-seed').update(message).digest();
  return Array.from({ length: 8 }, (_, index) => bytes.readUInt32BE(index * 4));
};

describe('fair stream', () => {
  it('reads words of HMAC-SHA256(server seed, "game:nonce:block:client seed") in order', () => {
    const stream = fairStream('fishing', seeds);
    const expected = [...words('fishing:7:0:lucky'), ...words('fishing:7:1:lucky')];
    // A size of 2^32 takes every word as it is.
    expect(Array.from({ length: 16 }, () => stream.below(2 ** 32))).toEqual(expected);
  });

  it('keeps games, nonces and client seeds apart', () => {
    const take = (stream: UniformSource) => Array.from({ length: 10 }, () => stream.below(1000));
    const same = take(fairStream('baccarat', seeds));
    expect(take(fairStream('baccarat', seeds))).toEqual(same);
    expect(take(fairStream('sports', seeds))).not.toEqual(same);
    expect(take(fairStream('baccarat', { ...seeds, nonce: 8 }))).not.toEqual(same);
    expect(take(fairStream('baccarat', { ...seeds, clientSeed: 'other' }))).not.toEqual(same);
  });

  it('skips the words that would bias a draw (rejection, not modulo)', () => {
    // Size 3 × 2^30: the largest multiple of it below 2^32 is itself, so words at or above it are skipped.
    const size = 3 * 2 ** 30;
    const block = [...words('xoc-dia:7:0:lucky'), ...words('xoc-dia:7:1:lucky')];
    const expected = block.filter((word) => word < size).slice(0, 6);
    const stream = fairStream('xoc-dia', seeds);
    expect(Array.from({ length: 6 }, () => stream.below(size))).toEqual(expected);
  });

  it('draws 64-bit numbers from two words', () => {
    const [high = 0, low = 0] = words('cockfight:7:0:lucky');
    const value = (BigInt(high) << 32n) | BigInt(low);
    expect(fairStream('cockfight', seeds).belowBig(1n << 64n)).toBe(value);
    expect(fairStream('cockfight', seeds).belowBig(1_000_000_007n)).toBe(value % 1_000_000_007n);
  });

  it('spreads small draws evenly', () => {
    const stream = fairStream('bau-cua', seeds);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let draw = 0; draw < 60_000; draw += 1) {
      const face = stream.below(6);
      counts[face] = (counts[face] ?? 0) + 1;
    }
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(450);
  });

  it('refuses sizes out of range and bad seeds', () => {
    const stream = fairStream('sports', seeds);
    expect(() => stream.below(0)).toThrow(RangeError);
    expect(() => stream.below(2 ** 32 + 1)).toThrow(RangeError);
    expect(() => stream.below(1.5)).toThrow(RangeError);
    expect(() => stream.belowBig(0n)).toThrow(RangeError);
    expect(() => fairStream('sports', { ...seeds, nonce: -1 })).toThrow(RangeError);
    expect(() => fairStream('sports', { ...seeds, serverSeed: '' })).toThrow(RangeError);
  });
});

describe('draw helpers', () => {
  it('shuffles by forward Fisher–Yates', () => {
    // Scripted draws: position 0 takes offset 2, position 1 offset 0, position 2 offset 1.
    const offsets = [2, 0, 1];
    const source: UniformSource = {
      below: (size) => {
        const offset = offsets.shift();
        if (offset === undefined || offset >= size) throw new Error('unscripted draw');
        return offset;
      },
      belowBig: () => 0n,
    };
    expect(shuffledIndices(source, 4)).toEqual([2, 1, 3, 0]);
  });

  it('picks by weight', () => {
    const at = (draw: number): UniformSource => ({ below: () => draw, belowBig: () => 0n });
    expect([0, 1, 2, 3, 5].map((draw) => pickWeighted(at(draw), [2, 0, 3, 1]))).toEqual([0, 0, 2, 2, 3]);
  });
});

describe('commit and reveal', () => {
  it('publishes the SHA-256 of the server seed and reveals only that seed', () => {
    const commitment = commit(seeds);
    expect(commitment).toEqual({
      serverSeedHash: createHash('sha256').update('server-seed').digest('hex'),
      clientSeed: 'lucky',
      nonce: 7,
    });
    expect(hashServerSeed('server-seed')).toBe(commitment.serverSeedHash);
    expect(reveal(commitment, 'server-seed')).toEqual({ ...commitment, serverSeed: 'server-seed' });
    expect(() => reveal(commitment, 'guess')).toThrow(RangeError);
  });

  it('replays a resolved round to verify it', () => {
    const play = (source: UniformSource) => [source.below(10), source.below(10)];
    const resolved = resolveWith('fishing', commit(seeds), 'server-seed', play);
    expect(resolved.outcome).toEqual(play(fairStream('fishing', seeds)));
    expect(verifyWith('fishing', resolved, resolved.outcome, play)).toEqual({
      valid: true,
      outcome: resolved.outcome,
    });
    expect(verifyWith('fishing', resolved, [10, 10], play)).toEqual({
      valid: false,
      reason: 'outcome-differs',
      outcome: resolved.outcome,
    });
    expect(verifyWith('fishing', { ...resolved, serverSeedHash: hashServerSeed('x') }, [1, 1], play)).toEqual(
      {
        valid: false,
        reason: 'seed-does-not-match-hash',
      },
    );
  });
});
