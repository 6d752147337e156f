import { API, type ApiCall } from '@kl/contracts/api-paths';
import type { ModuleId } from '@kl/contracts/modules';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Module id of the call (product.md §7); every route under /api declares one. */
    moduleId?: ModuleId;
  }
}

export const API_PREFIX = '/api';

/** Answers under /api that are not calls of the API table (the OpenAPI document and its viewer). */
export const DOCS_PREFIX = '/api/docs';

/** The module id of /api answers that match no call (unknown paths, the docs viewer). */
export const COMMON_MODULE_ID: ModuleId = 'COMM3';

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

/**
 * Method, URL and module id of a call of the contracts API table, to spread into a route definition:
 * `app.route({ ...apiRoute('status'), schema, handler })`.
 */
export function apiRoute<C extends ApiCall>(call: C) {
  const { method, path, moduleId } = API[call];
  return { method, url: path, config: { moduleId } } as const;
}

/** The API table entry of a method and URL pattern, if any. */
export function findApiCall(method: string, url: string): (typeof API)[ApiCall] | undefined {
  return Object.values(API).find((entry) => entry.method === method && entry.path === url);
}
