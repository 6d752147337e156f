import { expect, it } from 'vitest';
import { type FairGame, type FairRounds, fairStream, hashServerSeed, type UniformSource } from './fair.ts';

/**
 * The commit–reveal checks every sandbox game's tests run (docs/decisions/016-in-house-games.md): the round
 * publishes the hash of its server seed, resolves only with that seed, plays exactly what the fair stream
 * gives, and a verifier with the revealed seeds recomputes it and catches a changed outcome or seed.
 * `alter` changes an outcome into another one.
 */
export function itCommitsAndReveals<Outcome>(
  game: FairGame,
  rounds: FairRounds<Outcome>,
  play: (source: UniformSource) => Outcome,
  alter: (outcome: Outcome) => Outcome,
): void {
  const seeds = { serverSeed: `${game}-server-seed`, clientSeed: 'player-seed', nonce: 42 };

  it('commits to the server seed, plays the round from its stream, and lets anyone verify it', () => {
    const round = rounds.create(seeds);
    expect(round).toMatchObject({
      serverSeedHash: hashServerSeed(seeds.serverSeed),
      clientSeed: 'player-seed',
      nonce: 42,
    });
    const resolved = rounds.resolve(round, seeds.serverSeed);
    expect(resolved.serverSeed).toBe(seeds.serverSeed);
    expect(resolved.outcome).toEqual(play(fairStream(game, seeds)));
    expect(rounds.verify(resolved, resolved.outcome)).toEqual({ valid: true, outcome: resolved.outcome });
  });

  it('resolves only with the committed seed, and its verification catches a changed outcome or seed', () => {
    const round = rounds.create(seeds);
    expect(() => rounds.resolve(round, 'another-seed')).toThrow(RangeError);
    const resolved = rounds.resolve(round, seeds.serverSeed);
    expect(rounds.verify(resolved, alter(resolved.outcome))).toEqual({
      valid: false,
      reason: 'outcome-differs',
      outcome: resolved.outcome,
    });
    expect(rounds.verify({ ...resolved, serverSeed: 'another-seed' }, resolved.outcome)).toEqual({
      valid: false,
      reason: 'seed-does-not-match-hash',
    });
  });
}
