import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { LedgerService, MemberBalance } from './ledger-service.ts';
import { moneyNumber } from './money.ts';
import type { WageringService } from './wagering-service.ts';

export interface WalletRoutesOptions {
  ledgerService: LedgerService;
  wageringService: WageringService;
  guards: MemberGuards;
}

const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

/** The answer of GET wallet (and of the member event stream's `balance` events). */
export function walletAnswer(balance: MemberBalance) {
  const available = moneyNumber(balance.available);
  return {
    sumBalance: available,
    available,
    held: moneyNumber(balance.held),
    currency: balance.currency,
    decimals: balance.decimals,
    demo: balance.demo,
  };
}

/** GET wallet (product.md §3 Wallet sumBalance) and the transaction history. Answers are never cached. */
export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, options) => {
  const { ledgerService, wageringService, guards } = options;
  const tags = ['wallet'];

  route(app, 'wallet', {
    summary: "The member's wallet: sumBalance (available), held, currency",
    description:
      'Amounts are integers in minor units of currency (VND: whole đồng, decimals 0). sumBalance is what the ' +
      'member can play or withdraw with; held is money in withdrawals waiting for an operator, not part of ' +
      'it. A trial member sees the demo credit (demo: true).',
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: async (request, reply) => {
      const member = currentMember(request);
      const balance = await ledgerService.balanceOf({
        merchantCode: member.merchantCode,
        memberId: member.memberId,
      });
      reply.header('cache-control', 'private, no-store');
      return walletAnswer(balance);
    },
  });

  route(app, 'walletTransactions', {
    summary: "The member's transaction history, newest first, paged",
    description:
      'kind: one or several of deposit, withdrawal_hold, withdrawal_release, withdrawal_paid, bet, win, bonus, ' +
      'reversal, trial_credit (comma separated). from (inclusive) and to (exclusive): ISO 8601 times with an ' +
      'offset. availableChange and heldChange are what the transaction did to each balance; balanceAfter the ' +
      'available balance right after it.',
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: async (request, reply) => {
      const member = currentMember(request);
      const { pageNo, pageSize, kind, from, to } = request.query;
      const page = await ledgerService.history({
        merchantCode: member.merchantCode,
        memberId: member.memberId,
        pageNo,
        pageSize,
        kinds: kind,
        from: from === undefined ? undefined : new Date(from),
        to: to === undefined ? undefined : new Date(to),
      });
      reply.header('cache-control', 'private, no-store');
      return {
        ...page,
        list: page.list.map((item) => ({
          id: String(item.id),
          kind: item.kind,
          amount: moneyNumber(item.amount),
          currency: item.currency,
          availableChange: moneyNumber(item.availableChange),
          heldChange: moneyNumber(item.heldChange),
          balanceAfter: item.balanceAfter === null ? null : moneyNumber(item.balanceAfter),
          reference: item.reference,
          game: item.game,
          reverses: item.reverses === null ? null : String(item.reverses),
          createdAt: item.createdAt.toISOString(),
        })),
      };
    },
  });

  route(app, 'walletTurnover', {
    summary: "The member's turnover requirements, locked and withdrawable money",
    description:
      'Each running requirement locks money (a bonus and its winnings, a deposit) until its turnover is staked; ' +
      'withdrawable = available − locked. Running requirements first, then the last closed ones. contributions: ' +
      'the percent of a settled stake that counts, per game category.',
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const lang = localeFromAcceptLanguage(request.headers['accept-language']);
      return wageringService.summary(currentMember(request), lang);
    },
  });

  route(app, 'forfeitBonus', {
    summary: 'Gives up a running bonus: its locked bonus and winnings leave the wallet, its deposit unlocks',
    description:
      'Once per requirement; a deposit requirement, a met or a forfeited one is BONUS_NOT_FORFEITABLE. The ' +
      'forfeited amount is one ledger transaction of kind bonus_forfeit.',
    tags,
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES, 'NOT_FOUND', 'BONUS_NOT_FORFEITABLE', 'FEATURE_NOT_ENABLED'],
    preHandler: guards.member,
    handler: (request) => {
      const lang = localeFromAcceptLanguage(request.headers['accept-language']);
      return wageringService.forfeit(currentMember(request), request.body.requirementId, lang);
    },
  });
};
