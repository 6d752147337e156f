import { queryString } from '@kl/contracts/games';
import { type PragmaticLaunchQuery, pragmaticLaunchQuery } from '@kl/contracts/provider-pragmatic';
import { fullPath } from '@kl/contracts/routes';
import { SANDBOX_PRAGMATIC_GAME_PATH } from '@kl/contracts/sandbox-provider';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { DomainError } from '../../platform/api.ts';
import type { SandboxRepository } from '../repository.ts';

/**
 * The sandbox provider's game server as Pragmatic's (docs/decisions/071-sandbox-pragmatic.md): the site
 * sends the member to `GET /api/sandbox-pragmatic/game` with Pragmatic's launch parameters (`token`,
 * `symbol`, `language`, `technology`, `platform`, `cashierUrl`, `lobbyUrl`). Pragmatic would serve its game
 * there; the sandbox records the launch under its token and sends the browser on to the site's own game
 * client of the sandbox provider, whose session then speaks Pragmatic's protocol to the wallet
 * (`routing.ts`).
 */

/** The site's language of Pragmatic's `language`: English for English, else the site's Vietnamese. */
const languageOf = (language: string): 'vi' | 'en' => (language.toLowerCase().startsWith('en') ? 'en' : 'vi');

export function createPragmaticGameServer(deps: {
  repo: SandboxRepository;
  clock: Clock;
  /** The site's base URL: its game client of the sandbox provider plays the launches. */
  siteUrl: () => string;
}) {
  return {
    /**
     * Records the launch under its token (the address opened again keeps the first) and answers where the
     * game client is: the site's address of it, as the native launch writes it but carrying the launch's id,
     * which opens one session (`open`), and `api`, where the client finds this process (`providerUrl`).
     */
    async launch(query: PragmaticLaunchQuery, providerUrl: string): Promise<string> {
      const launch = await deps.repo.savePragmaticLaunch({
        token: query.token,
        symbol: query.symbol,
        language: query.language,
        lobbyUrl: query.lobbyUrl ?? null,
        createdAt: deps.clock(),
      });
      const client = queryString({
        token: launch.id,
        lang: languageOf(query.language),
        lobby: launch.lobbyUrl,
        api: providerUrl,
      });
      return `${deps.siteUrl()}${fullPath('provider/slot')}?${client}`;
    },
  };
}

export type PragmaticGameServer = ReturnType<typeof createPragmaticGameServer>;

/** The game server's address: a launch's parameters in; the browser sent on to the game (302). */
export function registerPragmaticGameServer(app: FastifyInstance, server: PragmaticGameServer): void {
  app.get(
    SANDBOX_PRAGMATIC_GAME_PATH,
    {
      schema: {
        summary:
          'The site sends a member to a game with Pragmatic’s launch parameters (the sandbox game server)',
        description:
          'Query: token (the site’s one-time launch token), symbol (the game), language, technology, platform, ' +
          'cashierUrl, lobbyUrl. Answers 302 to the site’s game client of the sandbox provider with the ' +
          'launch’s own id, which opens one session; parameters missing: 400 INVALID_INPUT.',
        tags: ['sandbox pragmatic'],
      },
    },
    async (request, reply) => {
      const query = pragmaticLaunchQuery.safeParse(request.query);
      if (!query.success) throw new DomainError('INVALID_INPUT', { reason: 'PRAGMATIC_LAUNCH_PARAMETERS' });
      const location = await server.launch(query.data, `${request.protocol}://${request.host}`);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );
}
