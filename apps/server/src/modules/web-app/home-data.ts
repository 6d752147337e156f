import type { QueryOut, ValueIn } from '@kl/contracts/api-call';
import { API } from '@kl/contracts/api-paths';
import { ERROR_CATALOGUE, type ErrorCode } from '@kl/contracts/errors';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { DomainError, failureBody } from '../../platform/errors.ts';
import { writtenPart } from '../../platform/serializer.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { ContentService } from '../content/index.ts';
import type { GamesService } from '../games/index.ts';
import type { LotteryService } from '../lottery/index.ts';
import type { MemberService } from '../member/index.ts';
import type { StatusService } from '../status/index.ts';
import { walletAnswer, type LedgerService } from '../wallet/index.ts';

/**
 * The data of the pages the server sends (docs/decisions/005-web-first-load.md): the first screens it
 * renders, home's, the game list's and the lottery list's, and the status and a member's first answers in
 * every other page. Each call the web build's `loadState` or `loadShellState` asks for is answered by the
 * service its route calls (the answers kept in memory included, docs/decisions/022-api-caching.md), with
 * the route's arguments, and written through the call's response schema as the route's serialiser writes
 * it: the body is the API's answer, without a request going through the server's hooks.
 */

/** The services the routes of those calls answer from, as the app wires them. */
export interface HomeServices {
  merchantCode: string;
  statusService: Pick<StatusService, 'getSystemStatus'>;
  contentService: Pick<ContentService, 'banners' | 'popular' | 'headIcon' | 'inboxUnreadCount'>;
  gamesService: Pick<GamesService, 'vendorStructure' | 'hot' | 'search'>;
  lotteryService: Pick<LotteryService, 'games'>;
  memberService: Pick<MemberService, 'memberInfo'>;
  ledgerService: Pick<LedgerService, 'balanceOf'>;
}

/**
 * The page's request: the caller of each call (its address, the member of its live session if any) and
 * where an unexpected failure is logged. A member's call without a member is 401 NOT_LOGGED_IN, as the
 * route's guard answers it.
 */
export interface HomeCaller {
  ip: string;
  member?: AuthenticatedMember | null;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** One GET of the API answered in-process: the status and the JSON body the API would send. */
export type HomeDataGet = (
  url: string,
  headers: Readonly<Record<string, string>>,
  caller: HomeCaller,
) => Promise<{ status: number; body: unknown }>;

type HomeCall =
  | 'status'
  | 'banners'
  | 'popularAnnouncements'
  | 'gameVendors'
  | 'hotGames'
  | 'gameSearch'
  | 'lotteryGames'
  | 'memberInfo'
  | 'headIcon'
  | 'wallet'
  | 'inboxUnreadCount';
type Entry<C extends HomeCall> = (typeof API)[C];
interface ReaderCaller {
  ip: string;
  acceptLanguage: string | undefined;
  member: AuthenticatedMember | null;
}
type Reader<C extends HomeCall> = (
  query: QueryOut<Entry<C>>,
  caller: ReaderCaller,
) => Promise<ValueIn<Entry<C>>>;

/** The member of a call that needs one, as the route's guard requires it. */
function memberOf(caller: ReaderCaller): AuthenticatedMember {
  if (!caller.member) throw new DomainError('NOT_LOGGED_IN');
  return caller.member;
}

/**
 * What each call's route answers (its handler's arguments: the query, the Accept-Language, the address,
 * the member).
 */
function homeReaders(services: HomeServices): { [C in HomeCall]: Reader<C> } {
  const { merchantCode, statusService, contentService, gamesService, lotteryService } = services;
  const { memberService, ledgerService } = services;
  return {
    status: (_query, caller) => statusService.getSystemStatus(merchantCode, caller.ip),
    banners: (query, caller) =>
      contentService.banners(
        merchantCode,
        query.groupName,
        query.lang ?? localeFromAcceptLanguage(caller.acceptLanguage),
      ),
    popularAnnouncements: (query, caller) =>
      contentService.popular(merchantCode, query.lang ?? localeFromAcceptLanguage(caller.acceptLanguage)),
    gameVendors: () => gamesService.vendorStructure(merchantCode),
    hotGames: (query) => gamesService.hot(merchantCode, query),
    gameSearch: (query) => gamesService.search(merchantCode, query),
    lotteryGames: (query) => lotteryService.games(merchantCode, query.category),
    memberInfo: (_query, caller) => memberService.memberInfo(memberOf(caller)),
    headIcon: (_query, caller) => contentService.headIcon(memberOf(caller)),
    wallet: async (_query, caller) => {
      const member = memberOf(caller);
      return walletAnswer(
        await ledgerService.balanceOf({ merchantCode: member.merchantCode, memberId: member.memberId }),
      );
    },
    inboxUnreadCount: (_query, caller) => contentService.inboxUnreadCount(memberOf(caller)),
  };
}

interface Answerer {
  query: z.ZodType | undefined;
  response: z.ZodType<object>;
  read: (query: unknown, caller: ReaderCaller) => Promise<object>;
}

/** A query string as an object of strings, a repeated name as an array (as the server parses it). */
function queryObject(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** The GETs of those pages, answered from `services`; any other path is 404 NOT_FOUND. */
export function createHomeData(services: HomeServices): HomeDataGet {
  const readers = homeReaders(services);
  const byPath = new Map<string, Answerer>();
  for (const call of Object.keys(readers) as HomeCall[]) {
    const entry = API[call];
    byPath.set(entry.path, {
      query: 'query' in entry ? entry.query : undefined,
      response: entry.response as z.ZodType<object>,
      read: readers[call] as Answerer['read'],
    });
  }

  return async (url, headers, caller) => {
    let acceptLanguage: string | undefined;
    for (const name in headers) if (name.toLowerCase() === 'accept-language') acceptLanguage = headers[name];
    const failure = (code: ErrorCode) => ({
      status: ERROR_CATALOGUE[code].status,
      body: failureBody(code, acceptLanguage),
    });
    const at = url.indexOf('?');
    const answerer = byPath.get(at === -1 ? url : url.slice(0, at));
    if (!answerer) return failure('NOT_FOUND');
    const query = answerer.query?.safeParse(queryObject(at === -1 ? '' : url.slice(at + 1)));
    if (query && !query.success) return failure('INVALID_INPUT');
    try {
      const value = await answerer.read(query?.data ?? {}, {
        ip: caller.ip,
        acceptLanguage,
        member: caller.member ?? null,
      });
      // The text the route's serialiser writes, kept per answer: an answer kept in memory is written once.
      const text = writtenPart(answerer.response, value);
      return { status: 200, body: { success: true, value: JSON.parse(text) as unknown } };
    } catch (error) {
      if (error instanceof DomainError) {
        return { status: error.statusCode, body: failureBody(error.code, acceptLanguage, error.value) };
      }
      caller.log.error({ err: error, url }, 'unexpected error');
      return failure('SYSTEM_ERROR');
    }
  };
}
