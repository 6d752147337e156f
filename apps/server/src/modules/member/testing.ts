import { API, memberProfile, successEnvelope } from '@kl/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Caller } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';

/** The member's profile as `GET /api/member/profile` answers it to `caller` (a 200, checked). */
export async function profileOf(app: FastifyInstance, caller: Caller) {
  const response = await call(app, API.memberProfile, caller);
  expect(response.statusCode).toBe(200);
  return successEnvelope(memberProfile).parse(json(response)).value;
}
