import type { FastifyInstance } from 'fastify';
import type { ChannelListener } from '../../platform/change-feed.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AppConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { MerchantService } from '../merchant/index.ts';
import { createChatCookies } from './chat-auth.ts';
import { createChatHub } from './live-hub.ts';
import { registerChatPages } from './pages.ts';
import { createChatRepository } from './repository.ts';
import { chatRoutes } from './routes.ts';
import { createChatService } from './service.ts';

export { createChatRepository, type ChatRepository } from './repository.ts';
export { createChatService, type ChatService } from './service.ts';
export { seedLiveHosts } from './seed.ts';

/**
 * Live chat wired together: `register` adds the /api/chat and /api/live calls (inside the API context),
 * `registerPages` the pages under /chat (outside it).
 */
export function createChatModule(deps: {
  db: Db;
  config: Pick<AppConfig, 'merchantCode' | 'nodeEnv'>;
  clock: Clock;
  merchantService: MerchantService;
  /** Listens on the database's notifications: messages stored by the other API processes wake the streams. */
  listen?: ChannelListener | undefined;
}) {
  const { db, config, clock, merchantService } = deps;
  const secure = config.nodeEnv === 'production';
  const hub = createChatHub({ listen: deps.listen });
  const chatService = createChatService({
    clock,
    chats: createChatRepository(db),
    merchantService,
    merchantCode: config.merchantCode,
    hub,
  });
  const cookies = createChatCookies({ secure, clock });

  return {
    chatService,
    hub,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      // Hearing the other processes from the start; the open streams end first (preClose in routes.ts).
      await hub.start((error) => api.log.warn({ err: error }, 'chat notification unreadable'));
      api.addHook('onClose', () => hub.close());
      await api.register(chatRoutes, { chatService, guards, cookies, hub, clock });
    },
    async registerPages(app: FastifyInstance): Promise<void> {
      await registerChatPages(app, { themeColor: () => chatService.themeColor() });
    },
  };
}
