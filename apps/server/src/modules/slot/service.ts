import { randomUUID } from 'node:crypto';
import { isTrialMember, TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import { IN_HOUSE_VENDOR } from '@kl/contracts/games';
import {
  SLOT_BET_LEVELS,
  SLOT_DEFAULT_MACHINE_ID,
  SLOT_HOUSE_GAME_ID,
  SLOT_MACHINE_NAME,
  SLOT_PLAY_MONEY_START,
  type SlotBalance,
  type SlotGame,
  type SlotJackpot,
  type SlotMachineInfo,
  type SlotMode,
  type SlotMoney,
  type SlotRound,
  type SlotSeedState,
  type SlotSpinOutcome,
} from '@kl/contracts/slot';
import { studioMachine } from '@kl/contracts/slot-machines/index';
import type { StudioMachine } from '@kl/contracts/slot-studio-types';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { SlotRoundRow, SlotSeedRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { functionRefusal } from '../../platform/db-errors.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { GameRecordsService } from '../game-records/index.ts';
import { type GamesRepository, launchesInHouseSlot } from '../games/index.ts';
import { DEFAULT_WAGERING_SETTING, type LedgerService } from '../wallet/index.ts';
import { machineLayout, playRound, totalBetOf } from './engine.ts';
import { fairDraws, hashServerSeed, newClientSeed, newServerSeed } from './fair.ts';
import type { RoundWithSeed, SlotRepository } from './repository.ts';

export interface SlotServiceDeps {
  db: Db;
  clock: Clock;
  slots: SlotRepository;
  games: Pick<GamesRepository, 'findByGameId' | 'findVendor'>;
  ledgerService: Pick<LedgerService, 'balanceOf' | 'refusalOf'>;
  /**
   * When given, each wallet round is recorded in the game records, settled, inside the round's call
   * (`slot_spin` writes the record the way `recordSettledRound` does, turnover included).
   */
  gameRecords?: Pick<GameRecordsService, 'recordSettledRound'> | undefined;
  /** Refuses a member who may not play now (time-out, self-exclusion); throws a DomainError. */
  checkPlay?: ((memberId: string) => Promise<void>) | undefined;
}

type Member = Pick<AuthenticatedMember, 'memberId' | 'merchantCode' | 'type'>;

/** The ledger key and reference of a round. */
export const slotRoundKey = (roundId: string) => `slot:${roundId}`;

const HOUSE_GAME: SlotGame = { gameId: SLOT_HOUSE_GAME_ID, gameName: SLOT_MACHINE_NAME, house: true };

/** The studio machine a title opens: its own, or the studio's first (no title, or one without a machine). */
function machineOf(id: string | null | undefined): StudioMachine {
  const found = studioMachine(id ?? SLOT_DEFAULT_MACHINE_ID) ?? studioMachine(SLOT_DEFAULT_MACHINE_ID);
  if (!found) throw new Error(`the studio has no machine ${SLOT_DEFAULT_MACHINE_ID}`);
  return found;
}

/** The smallest total bet of a machine: a free-play wallet that cannot pay it is filled back. */
const minimumBetOf = (studio: StudioMachine) =>
  BigInt(totalBetOf(studio.machine, Math.min(...SLOT_BET_LEVELS)));

/** Thrown inside a round's transaction when its request key turns out to be taken: the answer is that round. */
class KeyTaken extends Error {}
/** Thrown when the seed was rotated between looking it up and taking its nonce: the round is tried again. */
class SeedMoved extends Error {}
const SPIN_ATTEMPTS = 3;

/** The share of a stake a jackpot machine's pool takes, in minor units (rounded down). */
export function jackpotShare(studio: StudioMachine, stake: bigint): bigint {
  const jackpot = studio.machine.jackpot;
  if (!jackpot) return 0n;
  return (stake * BigInt(Math.round(jackpot.contribution * 10_000))) / 10_000n;
}

/** The machine as the screen draws it, with the figures it declares and its jackpot's pool. */
export function machineInfo(studio: StudioMachine = machineOf(undefined), pool = 0n): SlotMachineInfo {
  const jackpot = studio.machine.jackpot;
  return {
    id: studio.id,
    name: studio.name,
    theme: studio.theme,
    declaredRtp: studio.declaredRtp,
    volatility: studio.volatility,
    ...machineLayout(studio.machine),
    reels: studio.machine.reels.map((strip) => [...strip]),
    betLevels: [...SLOT_BET_LEVELS],
    jackpot: jackpot
      ? {
          symbol: jackpot.symbol,
          count: jackpot.count,
          contribution: jackpot.contribution,
          pool: Number(pool),
        }
      : null,
  };
}

const seedState = (seed: SlotSeedRow): SlotSeedState => ({
  serverSeedHash: seed.serverSeedHash,
  clientSeed: seed.clientSeed,
  nonce: seed.nextNonce,
});

function toRound({ round, seed }: RoundWithSeed): SlotRound {
  return {
    roundId: round.id,
    money: round.money,
    gameId: round.gameId,
    gameName: round.gameName,
    machineId: round.machineId,
    lineBet: Number(round.lineBet),
    totalBet: Number(round.totalBet),
    totalWin: Number(round.totalWin),
    jackpotWin: Number(round.jackpotWin),
    balanceAfter: Number(round.balanceAfter),
    serverSeedHash: seed.serverSeedHash,
    serverSeed: seed.revealedAt ? seed.serverSeed : null,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    spins: round.spins as SlotSpinOutcome[],
    createdAt: round.createdAt.toISOString(),
  };
}

/**
 * The in-house provably fair slot: seeds, rounds and balances. Every paid round is one database
 * transaction: the nonce is taken under the seed row's lock, the round is played from the seeds, the money
 * moves (one ledger `game_round`, or the play-money wallet), and the round is stored and recorded.
 */
export function createSlotService(deps: SlotServiceDeps) {
  const { db, clock, slots, games, ledgerService } = deps;

  /** Which money the member plays with in this mode. */
  const moneyOf = (member: Member, mode: SlotMode): SlotMoney =>
    isTrialMember(member.type) ? 'demo' : mode === 'play' ? 'play' : 'real';

  async function activeSeed(member: Member, tx: DbOrTx = db): Promise<SlotSeedRow> {
    const found = await slots.activeSeed(member.memberId, tx);
    if (found) return found;
    const serverSeed = newServerSeed();
    await slots.insertSeedIfNone(
      {
        merchantCode: member.merchantCode,
        memberId: member.memberId,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        clientSeed: newClientSeed(),
        createdAt: clock(),
      },
      tx,
    );
    const created = await slots.activeSeed(member.memberId, tx);
    if (!created) throw new Error('the slot seed could not be created');
    return created;
  }

  async function balanceOf(member: Member, money: SlotMoney, studio: StudioMachine): Promise<SlotBalance> {
    if (money === 'play') {
      const amount = await slots.playBalance(member.memberId, {
        start: BigInt(SLOT_PLAY_MONEY_START),
        minimum: minimumBetOf(studio),
        at: clock(),
      });
      return { money, amount: Number(amount), currency: WALLET_CURRENCY };
    }
    const balance = await ledgerService.balanceOf({
      merchantCode: member.merchantCode,
      memberId: member.memberId,
    });
    return { money, amount: Number(balance.available), currency: balance.currency };
  }

  /**
   * The game rounds are played as, and its machine: the launched game when it opens the in-house slot (its
   * studio machine), else the studio's first machine as itself.
   */
  async function gameOf(merchantCode: string, gameId: string | undefined) {
    const house = { game: HOUSE_GAME, row: undefined, studio: machineOf(undefined) };
    if (gameId === undefined || gameId === SLOT_HOUSE_GAME_ID) return house;
    const row = await games.findByGameId(merchantCode, gameId);
    if (!row) return house;
    const opens = launchesInHouseSlot({ vassalage: row.vassalage, gameType: row.gameType });
    if (!opens) return house;
    return {
      game: { gameId: row.gameId, gameName: row.gameName, house: false },
      row,
      studio: machineOf(row.slotMachine),
    };
  }

  async function replayOf(
    member: Member,
    found: RoundWithSeed,
    request: { lineBet: number },
    money: SlotMoney,
  ) {
    if (Number(found.round.lineBet) !== request.lineBet || found.round.money !== money)
      throw new DomainError('IDEMPOTENCY_CONFLICT');
    const studio = machineOf(found.round.machineId);
    return {
      round: toRound(found),
      balance: await balanceOf(member, money, studio),
      seed: seedState(await activeSeed(member)),
      jackpotPool: studio.machine.jackpot
        ? Number(await slots.jackpotPool(member.merchantCode, studio.id, money))
        : null,
      replayed: true,
    };
  }

  /**
   * The round the seed's next nonce draws for a request: its outcome, and its row as stored once its
   * balance after (and, with the ledger's money, its transaction) is known.
   */
  function drawRound(
    member: Member,
    request: { lineBet: number; requestKey: string },
    money: SlotMoney,
    game: SlotGame,
    studio: StudioMachine,
    seed: SlotSeedRow,
  ) {
    const nonce = seed.nextNonce;
    const outcome = playRound(
      studio.machine,
      fairDraws({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }),
      request.lineBet,
    );
    const roundId = randomUUID();
    const now = clock();
    const stake = BigInt(outcome.totalBet);
    const payout = BigInt(outcome.totalWin);
    // A jackpot machine: the stake's share for the pool, and whether the base spin shows the jackpot.
    const jackpot = studio.machine.jackpot
      ? { contribution: jackpotShare(studio, stake), won: outcome.spins[0]?.jackpot === true }
      : null;
    const row = (
      balanceAfter: bigint,
      ledgerTransactionId: number | null,
      jackpotWin: bigint,
    ): SlotRoundRow => ({
      id: roundId,
      merchantCode: member.merchantCode,
      memberId: member.memberId,
      requestKey: request.requestKey,
      seedId: seed.id,
      nonce,
      clientSeed: seed.clientSeed,
      money,
      gameId: game.gameId,
      gameName: game.gameName,
      machineId: studio.id,
      lineBet: BigInt(request.lineBet),
      totalBet: stake,
      totalWin: payout + jackpotWin,
      jackpotWin,
      balanceAfter,
      spins: outcome.spins,
      ledgerTransactionId,
      createdAt: now,
    });
    return { roundId, nonce, outcome, stake, payout, jackpot, now, row };
  }

  /**
   * A played round's answer: the round, the balance after it, the seed as it is now and a jackpot machine's
   * pool after it.
   */
  function playedAnswer(round: SlotRoundRow, seed: SlotSeedRow, money: SlotMoney, pool: bigint | null) {
    const used = { ...seed, nextNonce: round.nonce + 1 };
    return {
      round: toRound({ round, seed: used }),
      balance: { money, amount: Number(round.balanceAfter), currency: WALLET_CURRENCY },
      seed: seedState(used),
      jackpotPool: pool === null ? null : Number(pool),
      replayed: false,
    };
  }

  /**
   * A spin with the ledger's money (real, or demo for a trial member) in one database call (`slot_spin`,
   * docs/decisions/038-money-functions.md), inside a transaction that first holds the member's active seed:
   * the outcome is drawn here from that seed and its next nonce, which the call then takes.
   */
  async function paidSpin(
    member: Member,
    request: { lineBet: number; requestKey: string },
    money: 'real' | 'demo',
    { game, row: gameRow, studio }: Awaited<ReturnType<typeof gameOf>>,
  ) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction(async (tx) => {
          const seed = await slots.holdActiveSeed(member.memberId, tx);
          if (!seed) throw new SeedMoved();
          const drawn = drawRound(member, request, money, game, studio, seed);
          const spun = await slots.spin(
            {
              merchantCode: member.merchantCode,
              memberId: member.memberId,
              roundId: drawn.roundId,
              requestKey: request.requestKey,
              seedId: seed.id,
              nonce: drawn.nonce,
              money,
              currency: WALLET_CURRENCY,
              game: {
                gameId: game.gameId,
                gameName: game.gameName,
                vendorCode: gameRow?.vendorCode ?? IN_HOUSE_VENDOR,
                nodeId: gameRow?.nodeId ?? SLOT_HOUSE_GAME_ID,
                gameType: gameRow?.gameType ?? 'RNG',
                machineId: studio.id,
                ...(drawn.jackpot && {
                  jackpotContribution: Number(drawn.jackpot.contribution),
                  jackpotWon: drawn.jackpot.won,
                }),
              },
              lineBet: BigInt(request.lineBet),
              stake: drawn.stake,
              payout: drawn.payout,
              spins: drawn.outcome.spins,
              ledgerKey: slotRoundKey(drawn.roundId),
              record: deps.gameRecords !== undefined,
              trialType: TRIAL_MEMBER_TYPE,
              defaultPercent: DEFAULT_WAGERING_SETTING.contributions.default,
              at: drawn.now,
            },
            tx,
          );
          // The seed is held: only a change outside the rules (a seed moved by hand) comes here.
          if (spun.outcome === 'SEED_MOVED') throw new SeedMoved();
          return playedAnswer(
            drawn.row(spun.balance, spun.ledgerTransactionId, spun.jackpotWin),
            seed,
            money,
            spun.jackpotPool,
          );
        });
      } catch (error) {
        // No active seed yet (a first spin), or it was rotated since: made or read again, then drawn again.
        if (error instanceof SeedMoved && attempt < SPIN_ATTEMPTS) {
          await activeSeed(member);
          continue;
        }
        // Another request with the same key got there first: everything was undone, that one answers.
        if (functionRefusal(error)?.reason === 'KEY_TAKEN') {
          const first = await slots.roundByKey(member.memberId, request.requestKey);
          if (first) return replayOf(member, first, request, money);
        }
        throw ledgerService.refusalOf(error, WALLET_CURRENCY);
      }
    }
  }

  return {
    machineInfo,

    async session(member: Member, query: { mode: SlotMode; gameId?: string | undefined }) {
      const money = moneyOf(member, query.mode);
      const [seed, { game, studio }] = await Promise.all([
        activeSeed(member),
        gameOf(member.merchantCode, query.gameId),
      ]);
      const [balance, pool] = await Promise.all([
        balanceOf(member, money, studio),
        studio.machine.jackpot
          ? slots.jackpotPool(member.merchantCode, studio.id, money)
          : Promise.resolve(0n),
      ]);
      return { machine: machineInfo(studio, pool), game, balance, seed: seedState(seed) };
    },

    /**
     * One paid round. The same request key answers the first round (whatever happened since); a refused
     * round (not enough money, a time-out) stores nothing and takes no nonce.
     */
    async spin(
      member: Member,
      request: { lineBet: number; requestKey: string; mode: SlotMode; gameId?: string | undefined },
    ) {
      const money = moneyOf(member, request.mode);
      const earlier = await slots.roundByKey(member.memberId, request.requestKey);
      if (earlier) return replayOf(member, earlier, request, money);
      await deps.checkPlay?.(member.memberId);
      const played = await gameOf(member.merchantCode, request.gameId);
      if (money !== 'play') return paidSpin(member, request, money, played);
      const { game, studio } = played;
      for (let attempt = 1; ; attempt += 1) {
        await activeSeed(member);
        try {
          return await db.transaction(async (tx) => {
            const seed = await slots.takeNonce(member.memberId, tx);
            if (!seed) throw new SeedMoved();
            const drawn = drawRound(member, request, money, game, studio, seed);
            await slots.playBalance(
              member.memberId,
              { start: BigInt(SLOT_PLAY_MONEY_START), minimum: minimumBetOf(studio), at: drawn.now },
              tx,
            );
            const pool = drawn.jackpot
              ? await slots.feedPlayJackpot(
                  { merchantCode: member.merchantCode, machineId: studio.id },
                  drawn.jackpot.contribution,
                  drawn.jackpot.won,
                  drawn.now,
                  tx,
                )
              : null;
            const jackpotWin = pool?.won ?? 0n;
            const balanceAfter = await slots.playRound(
              member.memberId,
              drawn.stake,
              drawn.payout + jackpotWin,
              drawn.now,
              tx,
            );
            if (balanceAfter === undefined)
              throw new DomainError('INSUFFICIENT_BALANCE', { currency: WALLET_CURRENCY });
            const created = await slots.insertRound(drawn.row(balanceAfter, null, jackpotWin), tx);
            // Another request with the same key got there first: undo everything, answer that one.
            if (!created) throw new KeyTaken();
            return playedAnswer(created, seed, money, pool?.pool ?? null);
          });
        } catch (error) {
          if (error instanceof SeedMoved && attempt < SPIN_ATTEMPTS) continue;
          if (!(error instanceof KeyTaken)) throw error;
          const first = await slots.roundByKey(member.memberId, request.requestKey);
          if (!first) throw error;
          return replayOf(member, first, request, money);
        }
      }
    },

    async setClientSeed(member: Member, clientSeed: string): Promise<SlotSeedState> {
      await activeSeed(member);
      await slots.setClientSeed(member.memberId, clientSeed);
      return seedState(await activeSeed(member));
    },

    /** Reveals the active server seed and starts a new one (nonce 0, the same client seed). */
    async rotate(member: Member) {
      await activeSeed(member);
      return db.transaction(async (tx) => {
        const revealed = await slots.reveal(member.memberId, clock(), tx);
        if (!revealed) throw new DomainError('NOT_FOUND', { reason: 'SLOT_SEED_NOT_FOUND' });
        const serverSeed = newServerSeed();
        await slots.insertSeedIfNone(
          {
            merchantCode: member.merchantCode,
            memberId: member.memberId,
            serverSeed,
            serverSeedHash: hashServerSeed(serverSeed),
            clientSeed: revealed.clientSeed,
            createdAt: clock(),
          },
          tx,
        );
        const next = await slots.activeSeed(member.memberId, tx);
        if (!next) throw new Error('the new slot seed could not be created');
        return {
          revealed: {
            serverSeed: revealed.serverSeed,
            serverSeedHash: revealed.serverSeedHash,
            clientSeed: revealed.clientSeed,
            rounds: await slots.roundsOfSeed(revealed.id, tx),
          },
          seed: seedState(next),
        };
      });
    },

    async history(member: Member, query: { pageNo: number; pageSize: number }) {
      const { rows, total } = await slots.roundsPage(member.memberId, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map(toRound),
        pageNum: query.pageNo,
        totalPages: Math.ceil(total / query.pageSize),
        total,
      };
    },

    /** The site's progressive jackpot: the merchant's real-money pools together (the home's counter). */
    async jackpot(merchantCode: string): Promise<SlotJackpot> {
      return { pool: Number(await slots.realJackpotTotal(merchantCode)), currency: WALLET_CURRENCY };
    },

    async round(member: Member, roundId: string): Promise<SlotRound> {
      const found = await slots.roundById(member.memberId, roundId);
      if (!found) throw new DomainError('NOT_FOUND', { reason: 'SLOT_ROUND_NOT_FOUND' });
      return toRound(found);
    },
  };
}

export type SlotService = ReturnType<typeof createSlotService>;
