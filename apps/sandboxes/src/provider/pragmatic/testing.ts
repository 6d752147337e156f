import { createHash } from 'node:crypto';
import {
  PRAGMATIC_CONTENT_TYPE,
  PRAGMATIC_ERRORS,
  PRAGMATIC_WALLET_PATH,
  type PragmaticError,
} from '@kl/contracts/provider-pragmatic';
import { SANDBOX_PRAGMATIC_CODE } from '@kl/contracts/sandbox-provider';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Test kit of the sandbox provider's Pragmatic protocol (docs/decisions/071-sandbox-pragmatic.md): a small
 * site that answers Pragmatic's wallet calls as the site's adapter does
 * (`apps/server/src/modules/provider-wallet/pragmatic/`, docs/decisions/068-pragmatic-adapter.md), on a
 * loopback port, with a secret key of its own.
 */

/** The secret key the fake site checks hashes with. */
export const FAKE_SITE_SECRET_KEY = 'fake-site-pragmatic-key';

/** A Pragmatic call the site received: its call, its parameters (but `hash`), and whether the hash held. */
export interface ReceivedCall {
  call: string;
  parameters: Record<string, string>;
  hashed: boolean;
}

/** How the next answer is spoiled: a fault of the site's (error 100), a page that is not JSON, or a 503. */
export type Spoiled = 'fault' | 'html' | 'unavailable';

export interface FakePragmaticSite {
  url: string;
  received: ReceivedCall[];
  /** A player at the site: the launch token names them; the balance in đồng. */
  addPlayer(token: string, userId: string, balance: number): void;
  balanceOf(userId: string): number;
  /** The next answers spoiled, one per entry, before the site answers as it should. */
  spoil(...next: Spoiled[]): void;
  close(): Promise<void>;
}

/** The hash of the parameters as the site checks it: written out here, apart from the provider's code. */
function siteHash(parameters: Record<string, string>): string {
  const signed = Object.entries(parameters)
    .filter(([name, value]) => name !== 'hash' && value.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return createHash('md5').update(`${signed}${FAKE_SITE_SECRET_KEY}`).digest('hex');
}

interface Move {
  kind: 'bet' | 'win' | 'refund';
  userId: string;
  amount: number;
  roundId: string | undefined;
  answer: Record<string, unknown>;
}

/**
 * The site's Pragmatic wallet, reduced to what the provider observes: the token names a player, a stake
 * takes the amount (one with `bonusCode` takes nothing), a result pays it and ends its round, a bonus win
 * pays it, a refund gives a stake back once (a stake never taken: nothing, and the stake refused later), a
 * reference sent again answers its first answer, a stake into an ended round is 120, and every answer is
 * HTTP 200 JSON with `error`.
 */
export async function startFakePragmaticSite(): Promise<FakePragmaticSite> {
  const players = new Map<string, string>();
  const balances = new Map<string, number>();
  const moves = new Map<string, Move>();
  const refunded = new Set<string>();
  const ended = new Set<string>();
  const received: ReceivedCall[] = [];
  const spoiled: Spoiled[] = [];
  let transactions = 1_000;

  const refused = (error: PragmaticError) => ({ error, description: PRAGMATIC_ERRORS[error] });
  const ok = { error: 0, description: PRAGMATIC_ERRORS[0] };
  /** Amounts are whole đồng here: "2000.00" → 2000. */
  const amountOf = (value: string | undefined) => Number(value ?? '0');

  function answerOf(call: string, p: Record<string, string>): Record<string, unknown> {
    const userId = players.get(p.token ?? '');
    if (!userId) return refused(4);
    const balance = () => ({ currency: 'VND', cash: balances.get(userId) ?? 0, bonus: 0 });
    if (call === 'authenticate') return { userId, ...balance(), token: p.token, ...ok };
    if (p.userId !== userId) return refused(4);
    if (call === 'balance') return { ...balance(), ...ok };
    if (call === 'endRound') {
      if (p.roundId) ended.add(p.roundId);
      return { cash: balance().cash, bonus: 0, ...ok };
    }
    const reference = p.reference ?? '';
    const earlier = moves.get(`${call}:${reference}`);
    if (earlier) return earlier.answer;
    const amount = amountOf(p.amount);
    const move = (kind: Move['kind'], moved: boolean, extra: object = {}) => {
      const answer = {
        transactionId: moved ? String((transactions += 1)) : '0',
        ...balance(),
        ...extra,
        ...ok,
      };
      moves.set(`${call}:${reference}`, { kind, userId, amount, roundId: p.roundId, answer });
      return answer;
    };
    if (call === 'bet') {
      if (refunded.has(reference) || (p.roundId && ended.has(p.roundId))) return refused(120);
      if (p.bonusCode) return move('bet', false, { usedPromo: 0 });
      if (amount > (balances.get(userId) ?? 0)) return { ...balance(), ...refused(1) };
      balances.set(userId, (balances.get(userId) ?? 0) - amount);
      return move('bet', true, { usedPromo: 0 });
    }
    if (call === 'result' || call === 'bonusWin') {
      if (call === 'result' && p.roundId) ended.add(p.roundId);
      if (p.bonusCode && call === 'result') return move('win', false);
      balances.set(userId, (balances.get(userId) ?? 0) + amount);
      return move('win', amount > 0);
    }
    if (call === 'refund') {
      const stake = moves.get(`bet:${reference}`);
      if (stake?.roundId && ended.has(stake.roundId)) return refused(120);
      refunded.add(reference);
      if (stake?.answer.transactionId !== '0' && stake)
        balances.set(userId, (balances.get(userId) ?? 0) + stake.amount);
      const answer = move('refund', stake !== undefined && stake.answer.transactionId !== '0');
      return { transactionId: answer.transactionId, ...ok };
    }
    return refused(7);
  }

  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser(PRAGMATIC_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(`${PRAGMATIC_WALLET_PATH}/${SANDBOX_PRAGMATIC_CODE}/:call`, async (request, reply) => {
    const call = (request.params as { call: string }).call.replace(/\.html$/, '');
    const parameters = Object.fromEntries(new URLSearchParams(String(request.body)));
    const hashed = parameters.hash === siteHash(parameters);
    const { hash: _hash, ...rest } = parameters;
    received.push({ call, parameters: rest, hashed });
    const spoil = spoiled.shift();
    if (spoil === 'unavailable') return reply.code(503).send('');
    if (spoil === 'html') return reply.type('text/html').send('<html>busy</html>');
    if (spoil === 'fault') return reply.type('application/json').send(refused(100));
    return reply.type('application/json').send(hashed ? answerOf(call, parameters) : refused(5));
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    url,
    received,
    addPlayer(token, userId, balance) {
      players.set(token, userId);
      balances.set(userId, balance);
    },
    balanceOf: (userId) => balances.get(userId) ?? 0,
    spoil: (...next) => spoiled.push(...next),
    close: () => app.close(),
  };
}
