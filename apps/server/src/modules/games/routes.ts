import { createHash } from 'node:crypto';
import { successEnvelope } from '@kl/contracts/envelope';
import {
  favouriteChange,
  GAME_ART_PREFIX,
  VENDOR_ART_PREFIX,
  favouriteChangeResult,
  favouriteIds,
  favouritesQuery,
  favouritesResult,
  gameListResult,
  gameSearchQuery,
  gameSearchResult,
  hotGamesQuery,
  launchQuery,
  launchRedeemRequest,
  launchRedeemResult,
  launchResult,
  lotteryListQuery,
  lotteryListResult,
  lotteryMenu,
  recentGamesQuery,
  recentGamesResult,
  vendorStructure,
  winnerBoard,
  winnerBoardQuery,
} from '@kl/contracts/games';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoute } from '../../platform/api-route.ts';
import { DomainError } from '../../platform/errors.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { GamesService } from './service.ts';

export interface GamesRoutesOptions {
  gamesService: GamesService;
  guards: MemberGuards;
  merchantCode: string;
}

const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;
const ok = <T>(value: T) => ({ success: true as const, value });

const svgResponses = {
  200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
  304: z.undefined().describe('Not modified (If-None-Match)'),
  ...failureResponses('NOT_FOUND'),
};

/** Sends generated artwork: cacheable for a year (its address carries a version), with an ETag. */
function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string | undefined) {
  if (svg === undefined) throw new DomainError('NOT_FOUND', { reason: 'ART_NOT_FOUND' });
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}

export const gamesRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, options) => {
  const { gamesService, guards, merchantCode } = options;
  const tags = ['games'];

  app.route({
    ...apiRoute('gameVendors'),
    schema: {
      summary: 'Vassal game type: the vendors and the vendor structure (sorting, mapping) of the merchant',
      description: 'prizeMode is Elott when the ELOTT mapping contains TCG_LOTTO_VN or LOTT, else Lott.',
      tags,
      response: { 200: successEnvelope(vendorStructure), ...failureResponses() },
    },
    handler: async () => ok(await gamesService.vendorStructure(merchantCode)),
  });

  app.route({
    ...apiRoute('gameSearch'),
    schema: {
      summary: 'Game search (product.md §3): every filter of the game list, paged',
      description:
        'gameName matches anywhere in the name, without regard to case or diacritics. minBet is a value of ' +
        'the filter (exact), minLine the least number of lines. pageSize at most 100; a bad value is 400 ' +
        'INVALID_INPUT.',
      tags,
      querystring: gameSearchQuery,
      response: { 200: successEnvelope(gameSearchResult), ...failureResponses() },
    },
    handler: async (request) => ok(await gamesService.search(merchantCode, request.query)),
  });

  app.route({
    ...apiRoute('hotGames'),
    schema: {
      summary: 'Hot games (at most 25, no further pages)',
      tags,
      querystring: hotGamesQuery,
      response: { 200: successEnvelope(gameListResult), ...failureResponses() },
    },
    handler: async (request) => ok(await gamesService.hot(merchantCode, request.query)),
  });

  app.route({
    ...apiRoute('recentGames'),
    preHandler: guards.member,
    schema: {
      summary: "The member's recently launched games, newest first (recorded on launch)",
      tags,
      security: [{ session: [] }],
      querystring: recentGamesQuery,
      response: { 200: successEnvelope(recentGamesResult), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) => ok(await gamesService.recent(currentMember(request), request.query)),
  });

  app.route({
    ...apiRoute('favouriteList'),
    preHandler: guards.member,
    schema: {
      summary: "The member's favourite games, newest first",
      tags,
      security: [{ session: [] }],
      querystring: favouritesQuery,
      response: { 200: successEnvelope(favouritesResult), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) => ok(await gamesService.favourites(currentMember(request), request.query)),
  });

  app.route({
    ...apiRoute('favouriteIds'),
    preHandler: guards.member,
    schema: {
      summary: "The node ids (strings) of the member's favourite games",
      tags,
      security: [{ session: [] }],
      response: { 200: successEnvelope(favouriteIds), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) => ok(await gamesService.favouriteIds(currentMember(request))),
  });

  app.route({
    ...apiRoute('addFavourite'),
    preHandler: guards.member,
    schema: {
      summary: 'Add a favourite game (adding it again changes nothing)',
      description: 'An unknown nodeId is 404 NOT_FOUND (reason GAME_NOT_FOUND).',
      tags,
      security: [{ session: [] }],
      body: favouriteChange,
      response: {
        200: successEnvelope(favouriteChangeResult),
        ...failureResponses(...SESSION_FAILURES, 'NOT_FOUND'),
      },
    },
    handler: async (request) =>
      ok(await gamesService.addFavourite(currentMember(request), request.body.nodeId)),
  });

  app.route({
    ...apiRoute('removeFavourite'),
    preHandler: guards.member,
    schema: {
      summary: 'Remove a favourite game (removing one that is not there succeeds)',
      tags,
      security: [{ session: [] }],
      body: favouriteChange,
      response: { 200: successEnvelope(favouriteChangeResult), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) =>
      ok(await gamesService.removeFavourite(currentMember(request), request.body.nodeId)),
  });

  app.route({
    ...apiRoute('lotteryMenu'),
    schema: {
      summary: 'Lottery menu: LOTT and ELOTT games with their vendors, the current prize mode and next draws',
      tags,
      response: { 200: successEnvelope(lotteryMenu), ...failureResponses() },
    },
    handler: async () => ok(await gamesService.lotteryMenu(merchantCode)),
  });

  app.route({
    ...apiRoute('lotteryList'),
    schema: {
      summary: 'Lottery list of one type (LOTT or ELOTT) with the next draw of each in-house lottery',
      tags,
      querystring: lotteryListQuery,
      response: { 200: successEnvelope(lotteryListResult), ...failureResponses() },
    },
    handler: async (request) => ok(await gamesService.lotteryList(merchantCode, request.query.gameType)),
  });

  app.route({
    ...apiRoute('launchGame'),
    preHandler: guards.member,
    schema: {
      summary: 'Launch a game or a vendor lobby: the address to open, routed by product.md §5',
      description:
        'gameId, or vassalage and gameType (a vendor tile). The answer is a game list address for list-first ' +
        'vendors, a lottery address (/m/lotto-h5/…) or the in-house games (/m/slotsCenter?launch=…) carrying a ' +
        'one-time launch token (2 minutes). Unknown game: 404 NOT_FOUND; vendor not configured: 403 ' +
        'FEATURE_NOT_ENABLED (reason VENDOR_NOT_CONFIGURED), except its RNG and FISH games, which open the ' +
        'in-house slot.',
      tags,
      security: [{ session: [] }],
      body: launchQuery,
      response: {
        200: successEnvelope(launchResult),
        ...failureResponses(
          ...SESSION_FAILURES,
          'NOT_FOUND',
          'FEATURE_NOT_ENABLED',
          'ACCOUNT_TIMED_OUT',
          'ACCOUNT_SELF_EXCLUDED',
        ),
      },
    },
    handler: async (request) => {
      const result = await gamesService.launch(currentMember(request), request.body);
      request.log.info({ rule: result.rule, gameId: request.body.gameId }, 'game launched');
      return ok(result);
    },
  });

  app.route({
    ...apiRoute('redeemLaunch'),
    schema: {
      summary: 'In-house provider: take a launch token (once) and learn what it opens',
      description:
        'A used, expired or unknown token is 410 LAUNCH_LINK_EXPIRED (reason LAUNCH_TOKEN_INVALID): about the link, not the member’s session.',
      tags,
      body: launchRedeemRequest,
      response: { 200: successEnvelope(launchRedeemResult), ...failureResponses('LAUNCH_LINK_EXPIRED') },
    },
    handler: async (request) => ok(await gamesService.redeemLaunch(request.body.token)),
  });

  app.route({
    ...apiRoute('winnerBoard'),
    schema: {
      summary: 'Winner board: recent wins, names masked; winAmount in minor units of currency (VND: đồng)',
      tags,
      querystring: winnerBoardQuery,
      response: { 200: successEnvelope(winnerBoard), ...failureResponses() },
    },
    handler: async (request) => ok(await gamesService.winners(merchantCode, request.query)),
  });

  app.route({
    method: 'GET',
    url: `${GAME_ART_PREFIX}:file`,
    config: { moduleId: 'COMM3', rateLimit: false },
    schema: {
      summary: 'Artwork of a game (SVG), drawn from its name, vendor and colour',
      tags,
      params: z.object({ file: z.string().regex(/^[0-9]{1,18}\.svg$/) }),
      response: svgResponses,
    },
    handler: async (request, reply) =>
      sendSvg(request, reply, await gamesService.gameArt(merchantCode, request.params.file.slice(0, -4))),
  });

  app.route({
    method: 'GET',
    url: `${VENDOR_ART_PREFIX}:file`,
    config: { moduleId: 'COMM3', rateLimit: false },
    schema: {
      summary: 'Icon of a vendor (SVG)',
      tags,
      params: z.object({ file: z.string().regex(/^[A-Za-z0-9_]{1,32}\.svg$/) }),
      response: svgResponses,
    },
    handler: async (request, reply) =>
      sendSvg(request, reply, await gamesService.vendorArt(merchantCode, request.params.file.slice(0, -4))),
  });
};
