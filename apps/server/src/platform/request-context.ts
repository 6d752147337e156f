import { DEVICE_HEADER } from '@kl/contracts/accounts';
import type { FastifyRequest } from 'fastify';

export type Device = 'H5' | 'OTHERS';

/** Who is asking: the client IP and the device header (SPEC §7: the installed web app sends OTHERS). */
export interface RequestContext {
  ip: string;
  device: Device;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, device: request.headers[DEVICE_HEADER] === 'OTHERS' ? 'OTHERS' : 'H5' };
}
