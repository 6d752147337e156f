import { DEVICE_HEADER, DEVICE_ID_HEADER, DEVICE_ID_PATTERN } from '@kl/contracts/accounts';
import type { FastifyRequest } from 'fastify';

export type Device = 'H5' | 'OTHERS';

/** Who is asking: the client IP and the device header (product.md §7: the installed web app sends OTHERS). */
export interface RequestContext {
  ip: string;
  device: Device;
  /** The browser's random device id (X-Device-Id), when it sent a well-formed one. */
  deviceId?: string | undefined;
  /** The User-Agent header, at most USER_AGENT_MAX characters. */
  userAgent?: string | undefined;
}

export const USER_AGENT_MAX = 300;

export function requestContext(request: FastifyRequest): RequestContext {
  const deviceId = request.headers[DEVICE_ID_HEADER];
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    device: request.headers[DEVICE_HEADER] === 'OTHERS' ? 'OTHERS' : 'H5',
    deviceId: typeof deviceId === 'string' && DEVICE_ID_PATTERN.test(deviceId) ? deviceId : undefined,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : undefined,
  };
}
