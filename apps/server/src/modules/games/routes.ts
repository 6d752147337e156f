import { GAME_ART_PREFIX, type GameSearchResult, game, VENDOR_ART_PREFIX } from '@kl/contracts/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../platform/api-route.ts';
import { pictureFile, pictureFileName, pictureResponses, sendPicture } from '../../platform/svg-reply.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { composedAnswer, writtenPart } from '../../platform/serializer.ts';
import { GAME_ART_WIDTH } from './artwork.ts';
import type { GamesService } from './service.ts';

/**
 * Catalogue answers the same for everyone: kept by browsers and shared caches, used a while longer
 * while they ask again (docs/decisions/022-api-caching.md).
 */
const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=300';

export interface GamesRoutesOptions {
  gamesService: GamesService;
  guards: MemberGuards;
  merchantCode: string;
}

const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

/**
 * The text of each page the search index keeps, by the page (its rows array, search-index.ts
 * `pagesShown`): a page asked again while the index keeps it is the same array, of the same page
 * number, size and total, and is written once. The index decides how long a page is kept.
 */
const writtenPages = new WeakMap<GameSearchResult['games'], string>();

/**
 * A search answer written from its games' texts: each game of the search index is the same object
 * until the catalogue changes, so it is checked and written once, and so is a page asked again
 * (docs/performance.md, API). Keys in the order of `gameSearchResult`.
 */
function writtenSearch(result: GameSearchResult): GameSearchResult {
  const { games, pageNum, totalPages, total } = result;
  // Not a whole number: the schema's serialiser refuses it as it would.
  if (![pageNum, totalPages, total].every(Number.isSafeInteger)) return result;
  let text = writtenPages.get(games);
  if (text === undefined) {
    const written = games.map((shown) => writtenPart(game, shown)).join(',');
    text = `{"games":[${written}],"pageNum":${pageNum},"totalPages":${totalPages},"total":${total}}`;
    writtenPages.set(games, text);
  }
  return composedAnswer(result, text);
}

export const gamesRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, options) => {
  const { gamesService, guards, merchantCode } = options;
  const tags = ['games'];

  route(app, 'gameVendors', {
    summary: 'Vassal game type: the vendors and the vendor structure (sorting, mapping) of the merchant',
    description: 'prizeMode is Elott when the ELOTT mapping contains TCG_LOTTO_VN or LOTT, else Lott.',
    tags,
    etag: true,
    handler: (_request, reply) => {
      reply.header('cache-control', CATALOGUE_CACHE);
      return gamesService.vendorStructure(merchantCode);
    },
  });

  route(app, 'gameSearch', {
    summary: 'Game search (product.md §3): every filter of the game list, paged',
    description:
      'gameName matches anywhere in the name, without regard to case or diacritics. minBet is a value of ' +
      'the filter (exact), minLine the least number of lines. pageSize at most 100; a bad value is 400 ' +
      'INVALID_INPUT.',
    tags,
    handler: async (request) => writtenSearch(await gamesService.search(merchantCode, request.query)),
  });

  route(app, 'hotGames', {
    summary: 'Hot games (at most 25, no further pages)',
    tags,
    etag: true,
    handler: (request, reply) => {
      reply.header('cache-control', CATALOGUE_CACHE);
      return gamesService.hot(merchantCode, request.query);
    },
  });

  route(app, 'recentGames', {
    summary: "The member's recently launched games, newest first (recorded on launch)",
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: (request) => gamesService.recent(currentMember(request), request.query),
  });

  route(app, 'favouriteList', {
    summary: "The member's favourite games, newest first",
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: (request) => gamesService.favourites(currentMember(request), request.query),
  });

  route(app, 'favouriteIds', {
    summary: "The node ids (strings) of the member's favourite games",
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: (request) => gamesService.favouriteIds(currentMember(request)),
  });

  route(app, 'addFavourite', {
    summary: 'Add a favourite game (adding it again changes nothing)',
    description: 'An unknown nodeId is 404 NOT_FOUND (reason GAME_NOT_FOUND).',
    tags,
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES, 'NOT_FOUND'],
    preHandler: guards.member,
    handler: (request) => gamesService.addFavourite(currentMember(request), request.body.nodeId),
  });

  route(app, 'removeFavourite', {
    summary: 'Remove a favourite game (removing one that is not there succeeds)',
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: (request) => gamesService.removeFavourite(currentMember(request), request.body.nodeId),
  });

  route(app, 'lotteryMenu', {
    summary: 'Lottery menu: LOTT and ELOTT games with their vendors, the current prize mode and next draws',
    tags,
    etag: true,
    handler: (_request, reply) => {
      // The next draws change by themselves: kept briefly.
      reply.header('cache-control', 'public, max-age=10');
      return gamesService.lotteryMenu(merchantCode);
    },
  });

  route(app, 'lotteryList', {
    summary: 'Lottery list of one type (LOTT or ELOTT) with the next draw of each in-house lottery',
    tags,
    handler: (request) => gamesService.lotteryList(merchantCode, request.query.gameType),
  });

  route(app, 'launchGame', {
    summary: 'Launch a game or a vendor lobby: the address to open, routed by product.md §5',
    description:
      'gameId, or vassalage and gameType (a vendor tile). The answer is a game list address for list-first ' +
      'vendors, a lottery address (/m/lotto-h5/…), the in-house games (/m/slotsCenter?launch=…) or the ' +
      'client of the provider that plays the game (/m/provider/<game>?token=…&lang=…&lobby=…), each carrying ' +
      'a one-time launch token. Unknown game: 404 NOT_FOUND; vendor not configured or without a provider: 403 ' +
      'FEATURE_NOT_ENABLED (reason VENDOR_NOT_CONFIGURED). A game or vendor taken off by the back office: 403 ' +
      'FEATURE_NOT_ENABLED (reason GAME_DISABLED or VENDOR_DISABLED). The provider switched off: 403 ' +
      'GAME_PROVIDER_DISABLED; a game it does not offer: 404 GAME_NOT_OFFERED; not connected: 503 ' +
      'GAME_PROVIDER_UNAVAILABLE.',
    tags,
    security: [{ session: [] }],
    failures: [
      ...SESSION_FAILURES,
      'NOT_FOUND',
      'FEATURE_NOT_ENABLED',
      'GAME_PROVIDER_DISABLED',
      'GAME_NOT_OFFERED',
      'GAME_PROVIDER_UNAVAILABLE',
      'ACCOUNT_TIMED_OUT',
      'ACCOUNT_SELF_EXCLUDED',
    ],
    preHandler: guards.member,
    handler: async (request) => {
      const result = await gamesService.launch(currentMember(request), request.body, request.ip);
      request.log.info({ rule: result.rule, gameId: request.body.gameId }, 'game launched');
      return result;
    },
  });

  route(app, 'redeemLaunch', {
    summary: 'In-house provider: take a launch token (once) and learn what it opens',
    description:
      'A used, expired or unknown token is 410 LAUNCH_LINK_EXPIRED (reason LAUNCH_TOKEN_INVALID): about the link, not the member’s session.',
    tags,
    failures: ['LAUNCH_LINK_EXPIRED'],
    handler: (request) => gamesService.redeemLaunch(request.body.token),
  });

  route(app, 'winnerBoard', {
    summary: 'Winner board: recent wins, names masked; winAmount in minor units of currency (VND: đồng)',
    tags,
    handler: (request) => gamesService.winners(merchantCode, request.query),
  });

  app.route({
    method: 'GET',
    url: `${GAME_ART_PREFIX}:file`,
    config: { moduleId: 'COMM3', rateLimit: false },
    schema: {
      summary: 'Artwork of a game (SVG, or WebP 320 pixels wide), drawn from its name, vendor and colour',
      tags,
      params: z.object({ file: z.string().regex(pictureFileName('[0-9]{1,18}')) }),
      response: pictureResponses,
    },
    handler: async (request, reply) => {
      const { name, format } = pictureFile(request.params.file);
      return sendPicture(request, reply, await gamesService.gameArt(merchantCode, name), {
        format,
        width: GAME_ART_WIDTH,
        reason: 'ART_NOT_FOUND',
      });
    },
  });

  app.route({
    method: 'GET',
    url: `${VENDOR_ART_PREFIX}:file`,
    config: { moduleId: 'COMM3', rateLimit: false },
    schema: {
      summary: 'Icon of a vendor (SVG, or WebP at its own 96 pixels)',
      tags,
      params: z.object({ file: z.string().regex(pictureFileName('[A-Za-z0-9_]{1,32}')) }),
      response: pictureResponses,
    },
    handler: async (request, reply) => {
      const { name, format } = pictureFile(request.params.file);
      return sendPicture(request, reply, await gamesService.vendorArt(merchantCode, name), {
        format,
        reason: 'ART_NOT_FOUND',
      });
    },
  });
};
