import { randomUUID } from 'node:crypto';
import { queryString } from '@kl/contracts/games';
import {
  HUB88_UNITS_PER_CURRENCY_UNIT,
  type Hub88GameUrlAnswer,
  type Hub88GameUrlRequest,
  type Hub88Reward,
  type Hub88RewardCreateRequest,
  hub88TimeOf,
} from '@kl/contracts/provider-hub88';
import { FREE_ROUNDS_MAX } from '@kl/contracts/provider-wallet';
import { fullPath } from '@kl/contracts/routes';
import type { Clock } from '../../platform/clock.ts';
import type { FreeRoundsRow, SandboxRepository } from '../repository.ts';

/**
 * What the sandbox provider does for the operator's calls of Hub88's Operator API
 * (docs/decisions/067-sandbox-hub88.md): a game's address for a player (`game/url`), and a reward of free
 * bets (`freebet/rewards/create`). Hub88 would answer its own game address; the sandbox answers the site's
 * own game client of the sandbox provider, whose session then speaks Hub88's protocol to the wallet
 * (`routing.ts`).
 */

/** A request the operator API refuses: Hub88's HTTP status and error. */
export class Hub88OperatorRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    readonly error: string,
    /** Why, for the log; the answer carries the error alone. */
    detail?: string,
  ) {
    super(detail === undefined ? error : `${error}: ${detail}`);
    this.name = 'Hub88OperatorRefusal';
  }
}

const wrongSyntax = (why: string) => new Hub88OperatorRefusal(400, 'RS_ERROR_WRONG_SYNTAX', why);

/** Hub88's time (`2017-11-05T13:15:30`, UTC, the schema's shape) as a moment. */
const momentOf = (hub88Time: string) => new Date(`${hub88Time}Z`);

/** The site's language of Hub88's ISO 639-1 `lang`: English for English, else the site's Vietnamese. */
const languageOf = (lang: string): 'vi' | 'en' => (lang.toLowerCase().startsWith('en') ? 'en' : 'vi');

/** A reward's bet value (Hub88's units) as the grant's round value in whole đồng; not whole: refused. */
function roundValueOf(betValue: number): bigint {
  const units = BigInt(betValue);
  const per = BigInt(HUB88_UNITS_PER_CURRENCY_UNIT);
  if (units <= 0n || units % per !== 0n) throw wrongSyntax('bet_value is not a positive whole đồng');
  return units / per;
}

/**
 * The stored reward is the one asked for. Its start is left out: a retry may state the start anew (the time
 * it was sent), and the first one stands.
 */
const sameReward = (row: FreeRoundsRow, request: Hub88RewardCreateRequest) =>
  row.playerId === request.user &&
  row.gameId === request.game_code &&
  row.currency === request.currency &&
  row.rounds === request.bet_count &&
  row.roundValue * BigInt(HUB88_UNITS_PER_CURRENCY_UNIT) === BigInt(request.bet_value) &&
  row.expiresAt.getTime() === momentOf(request.end_time).getTime();

/** The reward as Hub88 answers it: as created (its free bets are played at the slot). */
const rewardOf = (row: FreeRoundsRow): Hub88Reward => ({
  reward_uuid: row.id,
  status: 'FRS_ACTIVE',
  user: row.playerId,
  game_code: row.gameId,
  currency: row.currency,
  bet_value: Number(row.roundValue) * HUB88_UNITS_PER_CURRENCY_UNIT,
  bet_count: row.rounds,
  start_time: hub88TimeOf(row.startsAt ?? row.createdAt),
  end_time: hub88TimeOf(row.expiresAt),
  ...(row.operatorReference !== null && { operator_reference: row.operatorReference }),
});

export function createHub88OperatorService(deps: {
  repo: SandboxRepository;
  clock: Clock;
  /** The site's base URL: its game client of the sandbox provider plays the launches. */
  siteUrl: () => string;
}) {
  const { repo, clock } = deps;

  /** A new reward's grant row: its bounds checked, a reward uuid of the provider's own. */
  function newReward(request: Hub88RewardCreateRequest) {
    const startsAt = momentOf(request.start_time);
    const expiresAt = momentOf(request.end_time);
    if (request.bet_count > FREE_ROUNDS_MAX) throw wrongSyntax(`bet_count is past ${FREE_ROUNDS_MAX}`);
    // A reward that ends before it could be played would never be.
    if (expiresAt <= clock() || expiresAt <= startsAt) throw wrongSyntax('end_time is past');
    return {
      id: randomUUID(),
      operatorReference: request.operator_reference ?? null,
      playerId: request.user,
      gameId: request.game_code,
      rounds: request.bet_count,
      roundValue: roundValueOf(request.bet_value),
      currency: request.currency,
      startsAt,
      expiresAt,
      createdAt: clock(),
    };
  }

  return {
    /**
     * Records the launch under its token (a `game/url` sent again keeps the first) and answers the site's
     * game client as the native launch builds its address: the launch's id, the language, the lobby, and `api`,
     * where the client finds this process (`providerUrl`, as the operator reached it).
     */
    async gameUrl(request: Hub88GameUrlRequest, providerUrl: string): Promise<Hub88GameUrlAnswer> {
      const launch = await repo.saveHub88Launch({
        token: request.token,
        playerId: request.user,
        gameId: request.game_code,
        currency: request.currency,
        lang: request.lang,
        lobbyUrl: request.lobby_url,
        createdAt: clock(),
      });
      // The address goes to the player's browser: it carries the launch's id, which opens one session, and
      // never the operator's token, which names the session in every wallet call.
      const query = queryString({
        token: launch.id,
        lang: languageOf(request.lang),
        lobby: request.lobby_url,
        api: providerUrl,
      });
      return { url: `${deps.siteUrl()}${fullPath('provider/slot')}?${query}` };
    },

    /**
     * A reward of free bets, kept as the slot's free rounds under a reward uuid the provider makes. A create
     * under an `operator_reference` already taken (the operator did not read the first answer) answers that
     * reward; another reward under it is refused.
     */
    async createReward(request: Hub88RewardCreateRequest): Promise<Hub88Reward> {
      const reference = request.operator_reference ?? undefined;
      const known = reference === undefined ? undefined : await repo.findReward(reference);
      const row = known ?? (await repo.saveReward(newReward(request)));
      if (!sameReward(row, request)) throw new Hub88OperatorRefusal(409, 'RS_ERROR_DUPLICATE_TRANSACTION');
      return rewardOf(row);
    },
  };
}

export type Hub88OperatorService = ReturnType<typeof createHub88OperatorService>;
