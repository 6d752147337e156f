import {
  PROVIDER_REPORT_PURPOSE,
  type ProviderReport,
  type ProviderReportStatus,
} from '@kl/contracts/provider-report';
import { PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER } from '@kl/contracts/provider-wallet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signProviderMessage } from '@kl/signing/provider';
import { apiRoute, DomainError } from '../platform/api.ts';
import { addMs, type Clock, DAY_MS } from '../platform/clock.ts';
import { refuseUnsignedOperatorCall } from './operator-calls.ts';
import type { SandboxRepository } from './repository.ts';
import { WalletRefusal, WalletUnreachable, type WalletClient } from './wallet-client.ts';

/**
 * The sandbox provider's own record of its wallet calls and its daily report of them to the operator
 * (docs/decisions/028-provider-reconciliation.md). Every money call (`bet`, `win`, `rollback`, `credit`) is
 * logged before it is sent and updated with what became of it; the report of a UTC day lists the calls
 * first sent that day, answered to a request signed with the key the provider shares with the operator,
 * and signed in its turn.
 */

/** The wallet client, each money call logged before it is sent and updated with its answer. */
export function withCallLog(wallet: WalletClient, deps: { repo: SandboxRepository; clock: Clock }) {
  const { repo, clock } = deps;

  async function logged<T>(transactionId: string, send: () => Promise<T>): Promise<T> {
    try {
      const answer = await send();
      await repo.logAnswer(transactionId, 'accepted', null, clock());
      return answer;
    } catch (error) {
      if (error instanceof WalletRefusal) await repo.logAnswer(transactionId, 'refused', error.code, clock());
      else if (error instanceof WalletUnreachable)
        await repo.logAnswer(transactionId, 'unanswered', null, clock());
      throw error;
    }
  }

  /** Logs a call that moves an amount (a stake, a win, a credit), then sends it. */
  async function moving<T>(
    action: 'bet' | 'win' | 'credit',
    body: {
      transactionId: string;
      sessionId: string;
      roundId?: string | undefined;
      amount: number;
      currency: string;
      roundClosed?: boolean | undefined;
    },
    send: () => Promise<T>,
  ): Promise<T> {
    await repo.logCall({
      transactionId: body.transactionId,
      action,
      walletSessionId: body.sessionId,
      roundId: body.roundId,
      amount: BigInt(body.amount),
      currency: body.currency,
      roundClosed: body.roundClosed ?? false,
      status: 'pending',
      calledAt: clock(),
    });
    return logged(body.transactionId, send);
  }

  return {
    ...wallet,
    bet: (body: Parameters<WalletClient['bet']>[0]) => moving('bet', body, () => wallet.bet(body)),
    win: (body: Parameters<WalletClient['win']>[0]) => moving('win', body, () => wallet.win(body)),
    credit: (body: Parameters<WalletClient['credit']>[0]) =>
      moving('credit', body, () => wallet.credit(body)),
    async rollback(body: Parameters<WalletClient['rollback']>[0]) {
      await repo.logCall({
        transactionId: body.transactionId,
        action: 'rollback',
        walletSessionId: body.sessionId,
        betTransactionId: body.betTransactionId,
        currency: '',
        status: 'pending',
        calledAt: clock(),
      });
      return logged(body.transactionId, () => wallet.rollback(body));
    },
  } satisfies WalletClient;
}

/** The report of one UTC day (`YYYY-MM-DD`): every money call first sent that day. */
export async function providerReportOf(
  deps: { repo: SandboxRepository; clock: Clock; providerCode: string },
  day: string,
): Promise<ProviderReport> {
  const from = new Date(`${day}T00:00:00.000Z`);
  const rows = await deps.repo.callsBetween(from, addMs(from, DAY_MS));
  return {
    providerCode: deps.providerCode,
    day,
    generatedAt: deps.clock().toISOString(),
    transactions: rows.map(({ call, playerId, betRoundId, betAmount, betCurrency, refunded }) => {
      const status: ProviderReportStatus =
        call.status === 'pending'
          ? 'unanswered'
          : call.action === 'bet' && call.status === 'accepted' && refunded
            ? 'rolled-back'
            : call.status;
      return {
        transactionId: call.transactionId,
        action: call.action,
        roundId: call.roundId ?? betRoundId,
        playerId,
        amount: Number(call.amount ?? betAmount ?? 0n),
        currency: call.currency || (betCurrency ?? ''),
        status,
        betTransactionId: call.betTransactionId,
        roundClosed: call.roundClosed,
        calledAt: call.calledAt.toISOString(),
      };
    }),
  };
}

/**
 * GET /api/sandbox-provider/report?day=YYYY-MM-DD, signed by the operator with the provider's key
 * (`<timestamp>.report.<day>`); the answer is the envelope, signed over its exact bytes
 * (`<timestamp>.report.<raw body>`) in the same headers.
 */
export function registerReportRoute(
  app: FastifyInstance,
  deps: { repo: SandboxRepository; clock: Clock; providerCode: string; secret: string },
): void {
  app.route({
    ...apiRoute('sandboxProviderReport'),
    schema: {
      summary: 'The provider’s report of its wallet calls of one UTC day (signed request, signed answer)',
      description:
        `Headers ${PROVIDER_TIMESTAMP_HEADER} (unix seconds, within 5 minutes) and ${PROVIDER_SIGNATURE_HEADER} ` +
        '(hex HMAC-SHA256 under the provider’s key of `<timestamp>.report.<day>`). Bad or missing: 401 ' +
        'PROVIDER_SIGNATURE_INVALID or PROVIDER_TIMESTAMP_EXPIRED; a day that is not YYYY-MM-DD: 400 ' +
        'INVALID_INPUT. The answer carries the same headers, signed over its raw body.',
      tags: ['sandbox provider'],
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { day } = request.query as { day?: unknown };
      refuseUnsignedOperatorCall(request, {
        secret: deps.secret,
        purpose: PROVIDER_REPORT_PURPOSE,
        raw: typeof day === 'string' ? day : '',
        now: deps.clock(),
      });
      if (typeof day !== 'string' || !isUtcDay(day))
        throw new DomainError('INVALID_INPUT', { reason: 'BAD_DAY', field: 'day' });
      const body = JSON.stringify({ success: true, value: await providerReportOf(deps, day) });
      const timestamp = String(Math.floor(deps.clock().getTime() / 1000));
      return reply
        .header('cache-control', 'no-store')
        .header(PROVIDER_TIMESTAMP_HEADER, timestamp)
        .header(
          PROVIDER_SIGNATURE_HEADER,
          signProviderMessage(deps.secret, timestamp, PROVIDER_REPORT_PURPOSE, body),
        )
        .type('application/json; charset=utf-8')
        .send(body);
    },
  });
}

/** `YYYY-MM-DD` naming a real date. */
export function isUtcDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
}
