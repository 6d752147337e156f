import type { SandboxTableGame } from '@kl/contracts/sandbox-provider';

/**
 * What each bet pays, as the provider's engines pay it (apps/sandboxes/src/provider/games/),
 * for the labels of the bet spots: "to one" odds (0.95 → 0.95:1), or decimal odds with the stake for
 * cockfight's meron and wala, which come with each round (its params, × 10 000).
 */
export type Payout = { kind: 'toOne'; odds: number } | { kind: 'decimal'; odds: number } | { kind: 'perDie' };

const TO_ONE: Record<string, number> = {
  // baccarat
  player: 1,
  banker: 0.95,
  tie: 8,
  'player-pair': 11,
  'banker-pair': 11,
  // xóc đĩa
  chan: 0.96,
  le: 0.96,
  'four-red': 12,
  'four-white': 12,
  'three-red': 2.6,
  'three-white': 2.6,
  // cockfight
  draw: 8,
};

export function payoutOf(
  game: SandboxTableGame,
  kind: string,
  params: Record<string, number> | null,
): Payout | null {
  if (game === 'bau-cua') return { kind: 'perDie' };
  if (game === 'cockfight' && (kind === 'meron' || kind === 'wala')) {
    const bp = params?.[`${kind}Bp`];
    return typeof bp === 'number' ? { kind: 'decimal', odds: bp / 10_000 } : null;
  }
  const odds = TO_ONE[kind];
  return odds === undefined ? null : { kind: 'toOne', odds };
}
