import { statusCalls } from '@kl/contracts/status';
import type { ServerRequest } from '../../shared/lib/server-state.ts';
import { systemStatusQueryKey } from './api/get-system-status.ts';

/**
 * The system status as a page brings it (docs/decisions/005-web-first-load.md): every page the server
 * sends has it, under the key the client reads it with, so that no screen waits for it nor is drawn
 * again when it arrives. Only the server's rendering imports this (the status contracts bring zod).
 */
export const STATUS_REQUEST: ServerRequest = { key: systemStatusQueryKey, entry: statusCalls.status };
