import {
  HUB88_OPERATOR_API_PATH,
  HUB88_SIGNATURE_HEADER,
  type Hub88GameUrlRequest,
  hub88GameUrlAnswer,
  type Hub88OperatorCall,
  type Hub88Reward,
  hub88Reward,
  type Hub88RewardCreateRequest,
} from '@kl/contracts/provider-hub88';
import type { z } from 'zod';
import { signRsaSha256, verifyRsaSha256 } from '@kl/signing/rsa';
import type { OpenedProviderRow } from '../repository.ts';
import { hub88KeysOf } from './keys.ts';

/**
 * The site's calls to Hub88's operator API (docs/decisions/066-hub88-adapter.md,
 * docs/decisions/067-sandbox-hub88.md): a game's address for a member, a reward of free bets. Each is a
 * JSON POST to `<provider's API address>/operator/generic/v2/<call>` signed with the operator's private key,
 * and its answer counts only when HTTP 200, signed by Hub88's key and of the call's shape: an address or a
 * reward nobody signed is never handed to a member or recorded as given.
 */

const TIMEOUT_MS = 10_000;

/** A call that did not give an answer to act on; `reason` says why (kept on the grant, logged). */
export class Hub88OperatorFailure extends Error {
  constructor(readonly reason: string) {
    super(`Hub88's operator API: ${reason}`);
    this.name = 'Hub88OperatorFailure';
  }
}

/** The provider as the calls need it: its API address and its Hub88 settings (keys, operator id). */
export type Hub88Provider = Pick<OpenedProviderRow, 'code' | 'apiUrl' | 'protocol' | 'protocolSettings'>;

export function createHub88OperatorApi(deps: { fetch?: typeof fetch; timeoutMs?: number } = {}) {
  const send = deps.fetch ?? fetch;

  async function call<S extends z.ZodType>(
    provider: Hub88Provider,
    path: Hub88OperatorCall,
    body: Record<string, unknown>,
    answer: S,
  ): Promise<z.infer<S>> {
    if (provider.protocol !== 'hub88' || provider.protocolSettings === null || provider.apiUrl === null)
      throw new Hub88OperatorFailure('NO_OPERATOR_API');
    const keys = hub88KeysOf(provider.protocolSettings);
    if (keys.operatorId === undefined) throw new Hub88OperatorFailure('NO_OPERATOR_ID');
    const rawBody = JSON.stringify({ ...body, operator_id: keys.operatorId });
    let response: Response;
    let text: string;
    try {
      response = await send(`${provider.apiUrl.replace(/\/+$/, '')}${HUB88_OPERATOR_API_PATH}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [HUB88_SIGNATURE_HEADER]: signRsaSha256(keys.operator, rawBody),
        },
        body: rawBody,
        signal: AbortSignal.timeout(deps.timeoutMs ?? TIMEOUT_MS),
      });
      text = await response.text();
    } catch {
      throw new Hub88OperatorFailure('NO_ANSWER');
    }
    if (response.status !== 200) throw new Hub88OperatorFailure(`HTTP_${response.status}`);
    if (!verifyRsaSha256(keys.hub88, text, response.headers.get(HUB88_SIGNATURE_HEADER) ?? undefined))
      throw new Hub88OperatorFailure('ANSWER_SIGNATURE_INVALID');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Hub88OperatorFailure('ANSWER_INVALID');
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) throw new Hub88OperatorFailure('ANSWER_INVALID');
    return parsed.data;
  }

  return {
    /** The address of the game for the member's session (the token names it in every wallet call). */
    async gameUrl(
      provider: Hub88Provider,
      request: Omit<Hub88GameUrlRequest, 'operator_id'>,
    ): Promise<string> {
      return (await call(provider, 'game/url', request, hub88GameUrlAnswer)).url;
    },

    /** A reward of free bets, as Hub88 keeps it (its `reward_uuid` is what the free bets name). */
    createReward(
      provider: Hub88Provider,
      request: Omit<Hub88RewardCreateRequest, 'operator_id'>,
    ): Promise<Hub88Reward> {
      return call(provider, 'freebet/rewards/create', request, hub88Reward);
    },
  };
}

export type Hub88OperatorApi = ReturnType<typeof createHub88OperatorApi>;
