import { MODULE_ID_HEADER } from '@kl/contracts/modules';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMMON_MODULE_ID, DOCS_PREFIX, findApiCall, isApiPath } from './api-route.ts';
import { DomainError } from './errors.ts';

/**
 * Module ids (product.md §7, §9): every route under /api declares the module id of its call; every /api answer
 * carries it in `x-module-id`; a request that names another module is refused with INVALID_INPUT.
 */
export const moduleIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) return;
      const declared = route.config?.moduleId;
      if (declared === undefined && route.url.startsWith(DOCS_PREFIX)) {
        route.config = { ...route.config, moduleId: COMMON_MODULE_ID };
        return;
      }
      if (declared === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no module id (config.moduleId)`);
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const call = findApiCall(method, route.url);
        if (call && call.moduleId !== declared) {
          throw new Error(
            `Route ${method} ${route.url} declares module id ${declared}, the API table says ${call.moduleId}`,
          );
        }
      }
    });

    app.addHook('onRequest', (request, reply, done) => {
      if (!isApiPath(request.url)) {
        done();
        return;
      }
      const routeModuleId = request.routeOptions.config.moduleId;
      reply.header(MODULE_ID_HEADER, routeModuleId ?? COMMON_MODULE_ID);
      const sent = request.headers[MODULE_ID_HEADER];
      // An unknown path stays a 404 whatever module it names.
      if (routeModuleId !== undefined && sent !== undefined && sent !== routeModuleId) {
        done(new DomainError('INVALID_INPUT', { header: MODULE_ID_HEADER, expected: routeModuleId }));
        return;
      }
      done();
    });
  },
  { name: 'module-id' },
);
