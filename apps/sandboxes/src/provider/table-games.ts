import { SANDBOX_TABLE_BET_KINDS, type SandboxTableGame } from '@kl/contracts/sandbox-provider';
import { type BaccaratOutcome, resolveBaccaratRound, settleBaccarat } from './games/baccarat.ts';
import { type BauCuaOutcome, resolveBauCuaRound, settleBauCua } from './games/bau-cua.ts';
import { type CockfightOutcome, resolveCockfightRound, settleCockfight } from './games/cockfight.ts';
import type { Commitment } from './games/fair.ts';
import type { SettledBet } from './games/payout.ts';
import { resolveXocDiaRound, settleXocDia, type XocDiaOutcome } from './games/xoc-dia.ts';

/**
 * The live tables' games behind one shape (docs/decisions/026-sandbox-provider.md): the parameters a
 * round is created with (cockfight: its odds), how a committed round is played once its server seed is
 * revealed, and what each line of a placement returns on the outcome. The rules are the engines'.
 */

export interface TableLine {
  kind: string;
  stake: bigint;
}

export interface TableGameRules {
  /** Parameters fixed at the round's creation and shown with its commitment; null when the game has none. */
  params(seq: number): Record<string, number> | null;
  /** Plays the round from its revealed seed (throws when the seed is not the committed one). */
  play(commitment: Commitment, params: Record<string, number> | null, serverSeed: string): unknown;
  /** What each line returns (stake + win, the stake on a push, 0). */
  settle(lines: readonly TableLine[], outcome: unknown, params: Record<string, number> | null): bigint[];
}

const returns = (settled: readonly SettledBet<string>[]): bigint[] => settled.map((bet) => bet.returned);

/** Cockfight prices alternate between two fights' odds (both with a margin; see games/cockfight.ts). */
const COCKFIGHT_ODDS = [
  { meronBp: 19_000, walaBp: 18_500 },
  { meronBp: 17_000, walaBp: 21_000 },
] as const;

const oddsOf = (params: Record<string, number> | null) => ({
  meronBp: params?.meronBp ?? COCKFIGHT_ODDS[0].meronBp,
  walaBp: params?.walaBp ?? COCKFIGHT_ODDS[0].walaBp,
});

export const TABLE_GAMES: Readonly<Record<SandboxTableGame, TableGameRules>> = {
  baccarat: {
    params: () => null,
    play: (commitment, _params, serverSeed) => resolveBaccaratRound(commitment, serverSeed).outcome,
    settle: (lines, outcome) =>
      returns(settleBaccarat(lines as Parameters<typeof settleBaccarat>[0], outcome as BaccaratOutcome)),
  },
  'xoc-dia': {
    params: () => null,
    play: (commitment, _params, serverSeed) => resolveXocDiaRound(commitment, serverSeed).outcome,
    settle: (lines, outcome) =>
      returns(settleXocDia(lines as Parameters<typeof settleXocDia>[0], outcome as XocDiaOutcome)),
  },
  'bau-cua': {
    params: () => null,
    play: (commitment, _params, serverSeed) => resolveBauCuaRound(commitment, serverSeed).outcome,
    settle: (lines, outcome) =>
      returns(settleBauCua(lines as Parameters<typeof settleBauCua>[0], outcome as BauCuaOutcome)),
  },
  cockfight: {
    params: (seq) => ({ ...COCKFIGHT_ODDS[seq % COCKFIGHT_ODDS.length] }) as Record<string, number>,
    play: (commitment, params, serverSeed) =>
      resolveCockfightRound({ ...commitment, ...oddsOf(params) }, serverSeed).outcome,
    settle: (lines, outcome, params) =>
      returns(
        settleCockfight(
          lines as Parameters<typeof settleCockfight>[0],
          oddsOf(params),
          outcome as CockfightOutcome,
        ),
      ),
  },
};

/** Whether `kind` is a bet the game's table takes. */
export const isBetKind = (game: SandboxTableGame, kind: string): boolean =>
  (SANDBOX_TABLE_BET_KINDS[game] as readonly string[]).includes(kind);
