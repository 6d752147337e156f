export { createRegisterRepository, type RegisterRepository } from './repository.ts';
export { registerRoutes } from './routes.ts';
export { DEFAULT_FIELD_RULES } from './rules.ts';
export { createRegisterService, type RegisterService } from './service.ts';
