import { withdrawal, type CreateWithdrawalRequest } from '@kl/contracts/withdrawal';
import { z } from 'zod';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

const createAnswer = z.object({ withdrawal, replayed: z.boolean() });

/**
 * POST create a withdrawal request. The same `requestKey` sent again (a retry) answers the first
 * request; the server holds the amount once.
 */
export async function createWithdrawal(request: CreateWithdrawalRequest) {
  const value = await apiCall('createWithdrawal', { body: request });
  return parseAnswer(createAnswer, value, 'withdrawal request');
}
