import { createHash, createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

/**
 * Provably fair draws for the sandbox provider's games, on the commit–reveal scheme of the in-house slot
 * (docs/decisions/016-in-house-games.md): the SHA-256 of the server seed is published before play (the
 * commitment), the player's client seed and the round's nonce are mixed in, and once the server seed is
 * revealed anyone can recompute the round.
 *
 * The stream of a round is HMAC-SHA256(server seed, "<game>:<nonce>:<block>:<client seed>") for block 0, 1,
 * …, read 4 bytes at a time as big-endian unsigned 32-bit words. The game id keeps two games played with
 * the same seeds and nonce apart; the client seed comes last so that no choice of it can make the message
 * of one (nonce, block) equal to another's.
 *
 * Unlike the slot's draws (a word scaled to [0, 1)), an integer below `size` is taken by rejection: a word
 * at or above the largest multiple of `size` that fits in 2^32 is thrown away and the next one read, so
 * every integer in [0, size) is exactly equally likely (no modulo bias). `belowBig` does the same with 64-bit
 * numbers made of two words, for ranges beyond 2^32.
 *
 * Nothing here reads the clock or a random source: the seeds come in as arguments.
 */

/** The games the sandbox provider runs; each draws from its own stream. */
export type FairGame = 'baccarat' | 'xoc-dia' | 'bau-cua' | 'cockfight' | 'sports' | 'fishing' | 'slot';

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  /** The round's number under this server seed: a non-negative integer, never reused with the same seeds. */
  nonce: number;
}

/** What is published before a round is played: the server seed's hash, the client seed and the nonce. */
export interface Commitment {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** A commitment with its server seed revealed: everything needed to recompute the round. */
export interface Reveal extends Commitment {
  serverSeed: string;
}

/** A round once played: its revealed seeds and its outcome. */
export type Resolved<Outcome> = Reveal & { outcome: Outcome };

/** Uniform integers; the fair stream is one, tests script others. */
export interface UniformSource {
  /** An integer in [0, size), each equally likely; `size` an integer in [1, 2^32]. */
  below(size: number): number;
  /** An integer in [0, size), each equally likely; `size` in [1, 2^64]. */
  belowBig(size: bigint): bigint;
}

const WORD_RANGE = 2 ** 32;
const WORD_BYTES = 4;
const BIG_RANGE = 1n << 64n;

/** SHA-256 of the server seed, hex: the commitment shown before play. */
export const hashServerSeed = (serverSeed: string): string =>
  createHash('sha256').update(serverSeed).digest('hex');

/** The message of HMAC block `block` of a round's stream. */
export const streamMessage = (game: FairGame, seeds: FairSeeds, block: number): string =>
  `${game}:${seeds.nonce}:${block}:${seeds.clientSeed}`;

function checkSeeds(seeds: FairSeeds): void {
  if (seeds.serverSeed.length === 0) throw new RangeError('the server seed is empty');
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0)
    throw new RangeError('the nonce must be a non-negative integer');
}

/** The round's stream of uniform integers. */
export function fairStream(game: FairGame, seeds: FairSeeds): UniformSource {
  checkSeeds(seeds);
  let block = 0;
  let bytes = Buffer.alloc(0);
  let offset = 0;
  const word = (): number => {
    if (offset + WORD_BYTES > bytes.length) {
      bytes = createHmac('sha256', seeds.serverSeed)
        .update(streamMessage(game, seeds, block))
        .digest();
      block += 1;
      offset = 0;
    }
    const value = bytes.readUInt32BE(offset);
    offset += WORD_BYTES;
    return value;
  };
  return {
    below(size) {
      if (!Number.isSafeInteger(size) || size < 1 || size > WORD_RANGE)
        throw new RangeError(`size ${size} is not an integer in [1, 2^32]`);
      const limit = WORD_RANGE - (WORD_RANGE % size);
      for (;;) {
        const value = word();
        if (value < limit) return value % size;
      }
    },
    belowBig(size) {
      if (size < 1n || size > BIG_RANGE) throw new RangeError(`size ${size} is not in [1, 2^64]`);
      const limit = BIG_RANGE - (BIG_RANGE % size);
      for (;;) {
        const value = (BigInt(word()) << 32n) | BigInt(word());
        if (value < limit) return value % size;
      }
    },
  };
}

/**
 * The first `count` positions of a shuffle of the indices 0 … size − 1, by forward Fisher–Yates: position i
 * takes the index at a uniform position in [i, size). A position is final once taken, so these are the
 * first `count` positions of the full shuffle made with the same draws; only the positions moved are kept.
 */
export function shuffledIndices(source: UniformSource, size: number, count = size): number[] {
  const moved = new Map<number, number>();
  const at = (position: number) => moved.get(position) ?? position;
  const taken: number[] = [];
  for (let position = 0; position < Math.min(count, size); position += 1) {
    const other = position + (position < size - 1 ? source.below(size - position) : 0);
    const index = at(other);
    moved.set(other, at(position));
    taken.push(index);
  }
  return taken;
}

/**
 * An index of `weights` drawn with probability weight / sum (weights non-negative integers, sum in
 * [1, 2^32]): exact, as the draw is a uniform integer below the sum.
 */
export function pickWeighted(source: UniformSource, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let draw = source.below(total);
  for (const [index, weight] of weights.entries()) {
    if (draw < weight) return index;
    draw -= weight;
  }
  throw new RangeError('the weights must be non-negative integers');
}

/** The public commitment of a round played with `seeds`. */
export const commit = (seeds: FairSeeds): Commitment => {
  checkSeeds(seeds);
  return {
    serverSeedHash: hashServerSeed(seeds.serverSeed),
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
  };
};

/** Reveals a committed round's server seed; throws when the seed is not the committed one. */
export function reveal(commitment: Commitment, serverSeed: string): Reveal {
  if (hashServerSeed(serverSeed) !== commitment.serverSeedHash)
    throw new RangeError('the server seed does not match the commitment');
  return {
    serverSeedHash: commitment.serverSeedHash,
    clientSeed: commitment.clientSeed,
    nonce: commitment.nonce,
    serverSeed,
  };
}

export const seedsOf = (revealed: Reveal): FairSeeds => ({
  serverSeed: revealed.serverSeed,
  clientSeed: revealed.clientSeed,
  nonce: revealed.nonce,
});

/** Reveals a committed round and plays it from its stream. */
export function resolveWith<Outcome>(
  game: FairGame,
  commitment: Commitment,
  serverSeed: string,
  play: (source: UniformSource) => Outcome,
): Resolved<Outcome> {
  const revealed = reveal(commitment, serverSeed);
  return { ...revealed, outcome: play(fairStream(game, seedsOf(revealed))) };
}

/** What checking a revealed round tells: valid, or why not (with the recomputed outcome when there is one). */
export type Verification<Outcome> =
  | { valid: true; outcome: Outcome }
  | { valid: false; reason: 'seed-does-not-match-hash' }
  | { valid: false; reason: 'outcome-differs'; outcome: Outcome };

/**
 * Checks a revealed round: the server seed must hash to the commitment, and replaying the stream must give
 * the claimed outcome.
 */
export function verifyWith<Outcome>(
  game: FairGame,
  revealed: Reveal,
  claimed: Outcome,
  play: (source: UniformSource) => Outcome,
): Verification<Outcome> {
  if (hashServerSeed(revealed.serverSeed) !== revealed.serverSeedHash)
    return { valid: false, reason: 'seed-does-not-match-hash' };
  const outcome = play(fairStream(game, seedsOf(revealed)));
  return isDeepStrictEqual(outcome, claimed)
    ? { valid: true, outcome }
    : { valid: false, reason: 'outcome-differs', outcome };
}

/** The commit–reveal functions of a game whose outcome depends on its seeds alone. */
export interface FairRounds<Outcome> {
  /** A round before play: its public commitment. */
  create(seeds: FairSeeds): Commitment;
  /** Plays a committed round once its server seed is revealed (throws if it is not the committed seed). */
  resolve(round: Commitment, serverSeed: string): Resolved<Outcome>;
  /** Recomputes a revealed round and compares it with the claimed outcome. */
  verify(revealed: Reveal, claimed: Outcome): Verification<Outcome>;
}

export const fairRounds = <Outcome>(
  game: FairGame,
  play: (source: UniformSource) => Outcome,
): FairRounds<Outcome> => ({
  create: commit,
  resolve: (round, serverSeed) => resolveWith(game, round, serverSeed, play),
  verify: (revealed, claimed) => verifyWith(game, revealed, claimed, play),
});
