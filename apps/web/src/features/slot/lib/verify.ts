import type { SlotRound } from '@kl/contracts/slot';
import { blocksOfRound, drawMessage, drawsFromBlocks, playRound } from '@kl/contracts/slot-engine';
import { studioMachine } from '@kl/contracts/slot-machines/index';

/**
 * Provably fair verification in the browser (Web Crypto): a revealed server seed must hash to the hash
 * shown before the round, and HMAC-SHA256(server seed, "<client seed>:<nonce>:<block>") replayed through
 * the same engine, on the machine the round was played on, must give the stored outcome. Web Crypto is
 * asynchronous, so every block a round can need (reels × (1 + most free spins) numbers) is computed first
 * and the engine then reads them.
 */

export type Verdict = 'verified' | 'mismatch' | 'unrevealed';

const encoder = new TextEncoder();

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** HMAC-SHA256 blocks 0 … count − 1 of one round. */
export async function drawBlocks(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  count: number,
): Promise<Uint8Array[]> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(seeds.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return Promise.all(
    Array.from(
      { length: count },
      async (_, block) =>
        new Uint8Array(
          await crypto.subtle.sign(
            'HMAC',
            key,
            encoder.encode(drawMessage(seeds.clientSeed, seeds.nonce, block)),
          ),
        ),
    ),
  );
}

const sameOutcome = (replayed: ReturnType<typeof playRound>, round: SlotRound) =>
  replayed.totalBet === round.totalBet &&
  replayed.totalWin === round.totalWin &&
  replayed.spins.length === round.spins.length &&
  replayed.spins.every((spin, index) => {
    const stored = round.spins[index];
    return (
      stored !== undefined &&
      spin.kind === stored.kind &&
      spin.win === stored.win &&
      JSON.stringify(spin.stops) === JSON.stringify(stored.stops) &&
      JSON.stringify(spin.grid) === JSON.stringify(stored.grid) &&
      JSON.stringify(spin.cascades?.map((fall) => fall.grid)) ===
        JSON.stringify(stored.cascades?.map((fall) => fall.grid))
    );
  });

/** Recomputes a round from its seeds; 'unrevealed' while its server seed is still secret. */
export async function verifyRound(round: SlotRound): Promise<Verdict> {
  if (round.serverSeed === null) return 'unrevealed';
  if ((await sha256Hex(round.serverSeed)) !== round.serverSeedHash) return 'mismatch';
  const studio = studioMachine(round.machineId);
  if (!studio) return 'mismatch';
  const blocks = await drawBlocks(
    { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce },
    blocksOfRound(studio.machine),
  );
  try {
    return sameOutcome(playRound(studio.machine, drawsFromBlocks(blocks), round.lineBet), round)
      ? 'verified'
      : 'mismatch';
  } catch {
    return 'mismatch';
  }
}
