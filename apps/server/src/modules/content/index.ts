export { createContentRepository, type ContentRepository } from './repository.ts';
export { contentRoutes } from './routes.ts';
export { createContentService, type ContentService } from './service.ts';
export { seedContent, type ContentSeedResult } from './seed.ts';
