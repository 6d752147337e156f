import { randomUUID } from 'node:crypto';
import { ERROR_CATALOGUE, type ErrorCode } from '@kl/contracts/errors';
import {
  HUB88_SIGNATURE_HEADER,
  HUB88_UNITS_PER_CURRENCY_UNIT,
  HUB88_WALLET_PATH,
  hub88Answer,
  type Hub88Call,
  type Hub88Status,
} from '@kl/contracts/provider-hub88';
import type {
  ProviderAction,
  ProviderCreditRequest,
  ProviderTransactionResult,
} from '@kl/contracts/provider-wallet';
import { SANDBOX_HUB88_CODE } from '@kl/contracts/sandbox-provider';
import { signRsaSha256 } from '@kl/signing/rsa';
import type { Hub88LaunchRow } from '../repository.ts';
import {
  createWalletTransport,
  isProviderStatus,
  NoAnswer,
  type WalletClient,
  WalletRefusal,
  type WalletTransportOptions,
} from '../wallet-client.ts';
import type { SandboxHub88Keys } from './keys.ts';
import type { Hub88Records } from './records.ts';
import { readSigned } from './signed-json.ts';

/**
 * The sandbox provider's wallet calls in Hub88's protocol (docs/decisions/066-hub88-adapter.md), behind the
 * native client's interface so the games never know which protocol a session speaks. Each call is a JSON
 * POST to `<site>/api/provider-wallet/hub88/<provider code>/<call>`, its raw body signed with the provider's
 * private key, carrying the player and the token the operator gave with the game's address (Hub88's calls
 * name no session of the operator's: the session here is the launch, `records.ts`).
 *
 * The site answers every call HTTP 200 with a status. An answer counts only when it is signed with the
 * operator's key and echoes this attempt's `request_uuid`: anything else (unsigned, forged, replayed, not
 * JSON, a 5xx) is no answer, and the call is sent again like the native client's, a fresh `request_uuid`
 * each attempt, the same `transaction_uuid` (the site answers a repeated one with its first answer). `RS_OK`
 * is the answer; any other status is a `WalletRefusal` with the site's catalogue code.
 *
 * Hub88 counts in 1/100,000 of the currency unit; the site's amounts are whole đồng.
 */

export interface Hub88WalletClientOptions extends WalletTransportOptions {
  /** The site's base URL (`http://127.0.0.1:8080`); read at each call. */
  siteUrl: () => string;
  /** The provider's code at the site: its wallet endpoint's last segment. */
  providerCode?: string;
  keys: SandboxHub88Keys;
  records: Hub88Records;
}

/**
 * The site's catalogue code of Hub88's status: the code the site's own protocol answers where the site maps
 * that code to this status (`apps/server/src/modules/provider-wallet/statuses.ts`, `hub88/statuses.ts`), so
 * the games treat a refusal the same whichever protocol gave it.
 */
const CODES: Record<Exclude<Hub88Status, 'RS_OK'>, ErrorCode> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'INSUFFICIENT_BALANCE',
  RS_ERROR_INVALID_SIGNATURE: 'PROVIDER_SIGNATURE_INVALID',
  RS_ERROR_INVALID_PARTNER: 'FEATURE_NOT_ENABLED',
  // The token is the launch's: unknown, or another player's.
  RS_ERROR_INVALID_TOKEN: 'LAUNCH_LINK_EXPIRED',
  RS_ERROR_TOKEN_EXPIRED: 'SESSION_EXPIRED',
  RS_ERROR_WRONG_SYNTAX: 'INVALID_INPUT',
  RS_ERROR_WRONG_TYPES: 'INVALID_INPUT',
  RS_ERROR_WRONG_CURRENCY: 'INVALID_INPUT',
  RS_ERROR_USER_DISABLED: 'ACCOUNT_UNAVAILABLE',
  RS_ERROR_INVALID_GAME: 'NOT_FOUND',
  RS_ERROR_DUPLICATE_TRANSACTION: 'IDEMPOTENCY_CONFLICT',
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: 'NOT_FOUND',
  // What the site answers a stake into a round already ended and the refund of a stake that already counted
  // (GAME_ROUND_CLOSED in its own protocol): the games' recovery pays such a round's win instead.
  RS_ERROR_UNKNOWN: 'GAME_ROUND_CLOSED',
};

function refusalOf(status: Exclude<Hub88Status, 'RS_OK'>): WalletRefusal {
  const code = CODES[status];
  return new WalletRefusal(
    code,
    ERROR_CATALOGUE[code].status,
    isProviderStatus(status) ? status : 'RS_ERROR_WRONG_SYNTAX',
  );
}

/** A site amount (whole đồng) in Hub88's units; past what a JSON number holds exactly it is not sent. */
function hub88Units(amount: number | bigint): number {
  const units = Number(amount) * HUB88_UNITS_PER_CURRENCY_UNIT;
  if (!Number.isSafeInteger(units)) throw new RangeError(`${amount} is past Hub88's exact amounts`);
  return units;
}

/**
 * A Hub88 balance in whole đồng. Read from JSON as a number, it is exact to the unit up to 2^53 units (90
 * billion đồng), and rounds to the right đồng far beyond that.
 */
const siteAmount = (units: number | bigint) => Math.round(Number(units) / HUB88_UNITS_PER_CURRENCY_UNIT);

/** What an accepted call answered: the player's currency and balance after it, in the site's units. */
interface Balance {
  currency: string;
  balance: number;
}

/** The fields of a call besides the player, the token, the game and the request's id. */
type Fields = Record<string, string | number | boolean>;

export function createHub88WalletClient(options: Hub88WalletClientOptions): WalletClient {
  const { keys, records } = options;
  const transport = createWalletTransport(options);
  const endpoint = `${HUB88_WALLET_PATH}/${options.providerCode ?? SANDBOX_HUB88_CODE}`;

  /** One attempt: a fresh request id, signed; the answer trusted only when signed and echoing that id. */
  async function attempt(call: Hub88Call, launch: Hub88LaunchRow, fields: Fields): Promise<Balance> {
    const requestUuid = randomUUID();
    const rawBody = JSON.stringify({
      user: launch.playerId,
      token: launch.token,
      game_code: launch.gameId,
      request_uuid: requestUuid,
      ...fields,
    });
    const response = await transport.post(
      new URL(`${endpoint}/${call}`, options.siteUrl()),
      { [HUB88_SIGNATURE_HEADER]: signRsaSha256(keys.privateKey, rawBody) },
      rawBody,
    );
    const read = readSigned(
      keys.operatorPublicKey,
      await response.text(),
      response.headers.get(HUB88_SIGNATURE_HEADER),
    );
    if (!read.signed) throw new NoAnswer(`${call}: an answer the operator did not sign`);
    const answer = hub88Answer.safeParse(read.json);
    if (!answer.success || answer.data.request_uuid !== requestUuid)
      throw new NoAnswer(`${call}: not the answer to this request`);
    const { status, currency, balance } = answer.data;
    if (status !== 'RS_OK') throw refusalOf(status);
    if (balance === undefined) throw new NoAnswer(`${call}: an answer without the balance`);
    return { currency: currency ?? launch.currency, balance: siteAmount(balance) };
  }

  const send = (action: ProviderAction, call: Hub88Call, launch: Hub88LaunchRow, fields: Fields = {}) =>
    transport.call(action, () => attempt(call, launch, fields));

  /** The launch behind a wallet session; a session of none is no session at the site either. */
  async function launchOf(sessionId: string): Promise<Hub88LaunchRow> {
    const launch = await records.launch(sessionId);
    if (!launch) throw new WalletRefusal('SESSION_EXPIRED', 401, 'RS_ERROR_INVALID_TOKEN');
    return launch;
  }

  const moved = (transactionId: string, answer: Balance): ProviderTransactionResult => ({
    status: 'RS_OK',
    transactionId,
    // Hub88's answers name no movement of the operator's.
    operatorTransactionId: null,
    ...answer,
  });

  /** A win in the round, naming the round's stake when the provider sent one in this session. */
  async function winIn(
    action: ProviderAction,
    launch: Hub88LaunchRow,
    win: { transactionId: string; roundId: string; amount: number; currency: string; roundClosed: boolean },
  ): Promise<Balance> {
    const bet = await records.betOfRound(launch.id, win.roundId);
    return send(action, 'transaction/win', launch, {
      transaction_uuid: win.transactionId,
      round: win.roundId,
      amount: hub88Units(win.amount),
      currency: win.currency,
      round_closed: win.roundClosed,
      ...(bet !== undefined && { reference_transaction_uuid: bet }),
    });
  }

  /**
   * A free round's win: Hub88 pays a reward's spin as a free bet of the reward's value (`is_free`, nothing
   * taken from the player) and its win, both naming the reward. Their ids derive from the credit's, so a
   * credit sent again is the same two transactions.
   */
  async function freeRoundWin(body: ProviderCreditRequest): Promise<ProviderTransactionResult> {
    if (body.kind !== 'free_round' || body.grantId === undefined)
      throw new Error(`the sandbox sends no ${body.kind} credit in Hub88's protocol`);
    const launch = await launchOf(body.sessionId);
    const reward = await records.reward(body.grantId);
    if (!reward) throw new Error(`no reward ${body.grantId} to credit a free round of`);
    const freeBet = `${body.transactionId}:bet`;
    const free = {
      is_free: true,
      reward_uuid: reward.id,
      round: body.roundId ?? body.transactionId,
      currency: body.currency,
    };
    await send('credit', 'transaction/bet', launch, {
      ...free,
      transaction_uuid: freeBet,
      amount: hub88Units(reward.roundValue),
    });
    const answer = await send('credit', 'transaction/win', launch, {
      ...free,
      transaction_uuid: body.transactionId,
      reference_transaction_uuid: freeBet,
      amount: hub88Units(body.amount),
      round_closed: true,
    });
    return moved(body.transactionId, answer);
  }

  return {
    /**
     * A session of a launch the operator's `game/url` recorded, opened once with the launch's id (the game
     * client's address carries it, never the operator's token): the player and game of its token.
     */
    async authenticate({ token: launchId }) {
      const launch = await records.open(launchId);
      if (!launch) throw refusalOf('RS_ERROR_INVALID_TOKEN');
      const answer = await send('authenticate', 'user/balance', launch);
      return {
        status: 'RS_OK',
        sessionId: launch.id,
        // The operator's user id is all Hub88 knows of the player.
        playerId: launch.playerId,
        playerName: launch.playerId,
        ...answer,
        gameId: launch.gameId,
        demo: false,
      };
    },

    async balance({ sessionId }) {
      return { status: 'RS_OK', ...(await send('balance', 'user/balance', await launchOf(sessionId))) };
    },

    async bet(body) {
      const answer = await send('bet', 'transaction/bet', await launchOf(body.sessionId), {
        transaction_uuid: body.transactionId,
        round: body.roundId,
        amount: hub88Units(body.amount),
        currency: body.currency,
      });
      return moved(body.transactionId, answer);
    },

    async win(body) {
      const launch = await launchOf(body.sessionId);
      return moved(
        body.transactionId,
        await winIn('win', launch, { ...body, roundClosed: body.roundClosed ?? false }),
      );
    },

    async rollback(body) {
      const answer = await send('rollback', 'transaction/rollback', await launchOf(body.sessionId), {
        transaction_uuid: body.transactionId,
        reference_transaction_uuid: body.betTransactionId,
      });
      return moved(body.transactionId, answer);
    },

    /** Hub88 has no call ending a round: a win of nothing that closes it, once per round. */
    async roundEnd({ sessionId, roundId }) {
      const launch = await launchOf(sessionId);
      const answer = await winIn('round-end', launch, {
        transactionId: `round-end:${roundId}`,
        roundId,
        amount: 0,
        currency: launch.currency,
        roundClosed: true,
      });
      return { status: 'RS_OK', roundId, ...answer };
    },

    credit: freeRoundWin,
  };
}
