import type { ModuleId } from './modules.ts';

/** Every call of the API: path under /api, method and the module id it carries (SPEC §7). */
export const API = {
  health: { method: 'GET', path: '/api/health', moduleId: 'COMM3' },
  status: { method: 'GET', path: '/api/status', moduleId: 'COMM3' },
  outbox: { method: 'GET', path: '/api/dev/outbox', moduleId: 'COMM3' },
  opsStatus: { method: 'PUT', path: '/api/ops/status', moduleId: 'COMM3' },
  /** The merchant's logo, drawn from its white-label name and colour (SVG). */
  logo: { method: 'GET', path: '/api/assets/logo.svg', moduleId: 'COMM3' },
} as const satisfies Record<string, { method: string; path: string; moduleId: ModuleId }>;
export type ApiCall = keyof typeof API;
