import {
  DEVICE_HEADER,
  LOGIN_KEY_HEADER,
  type accountsCalls,
  type LoginPayload,
  type SessionInfo,
  type setPasswordByPhonePayload,
} from '@kl/contracts/accounts';
import type { z } from 'zod';
import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';
import { deviceHeaderValue } from '../../../shared/lib/device.ts';
import { encryptPayload } from '../../../shared/lib/login-crypto.ts';
import { getLoginKey } from './get-login-key.ts';

const isUnknownKey = (error: unknown) =>
  error instanceof ApiError && error.code === 'INVALID_INPUT' && error.value?.reason === 'LOGIN_KEY_UNKNOWN';

/**
 * A call whose body is encrypted for the server (login, set password by phone), with the device
 * header. When the server no longer knows the key (rotated, another deployment), the key is fetched
 * again and the call retried once.
 */
export async function encryptedCall(
  entry: typeof accountsCalls.login,
  payload: LoginPayload,
): Promise<SessionInfo>;
export async function encryptedCall(
  entry: typeof accountsCalls.setPasswordByPhone,
  payload: z.infer<typeof setPasswordByPhonePayload>,
): Promise<null>;
export async function encryptedCall(
  entry: typeof accountsCalls.login | typeof accountsCalls.setPasswordByPhone,
  payload: unknown,
): Promise<SessionInfo | null> {
  const send = async (fresh: boolean) => {
    const key = await getLoginKey({ fresh });
    const { keyHeader, body } = await encryptPayload(payload, key);
    return apiCall(entry, {
      body,
      headers: { [LOGIN_KEY_HEADER]: keyHeader, [DEVICE_HEADER]: deviceHeaderValue() },
    });
  };
  try {
    return await send(false);
  } catch (error) {
    if (!isUnknownKey(error)) throw error;
    return send(true);
  }
}
