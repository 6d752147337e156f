import { createHash, createHmac, randomBytes } from 'node:crypto';
import { type Draws, drawMessage } from '@kl/contracts/slot-engine';

/**
 * Provably fair draws. Before a spin the player sees the SHA-256 hash of the server seed; the outcome of
 * spin number `nonce` is read from HMAC-SHA256(server seed, "<client seed>:<nonce>:<block>"), block 0, 1, …
 * giving 32 bytes each, every 4 bytes one number in [0, 1). Once the server seed is rotated it is revealed,
 * and anyone can recompute every spin made with it: the hash proves it was fixed before the spins, the
 * client seed (the player's) that the server could not choose the outcome alone.
 */

const BYTES_PER_NUMBER = 4;
const SCALE = 2 ** 32;

/** A new server seed: 32 random bytes, hex. */
export const newServerSeed = (): string => randomBytes(32).toString('hex');

/** What the player is shown before spinning: SHA-256 of the server seed, hex. */
export const hashServerSeed = (serverSeed: string): string =>
  createHash('sha256').update(serverSeed).digest('hex');

/** A default client seed, until the player types their own. */
export const newClientSeed = (): string => randomBytes(8).toString('hex');

export type { Draws };

export function fairDraws(seeds: { serverSeed: string; clientSeed: string; nonce: number }): Draws {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let offset = 0;
  const next = (): number => {
    if (offset + BYTES_PER_NUMBER > bytes.length) {
      bytes = createHmac('sha256', seeds.serverSeed)
        .update(drawMessage(seeds.clientSeed, seeds.nonce, block))
        .digest();
      block += 1;
      offset = 0;
    }
    const value = bytes.readUInt32BE(offset) / SCALE;
    offset += BYTES_PER_NUMBER;
    return value;
  };
  return { next, below: (size) => Math.floor(next() * size) };
}
