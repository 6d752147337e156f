import { failureEnvelope, successEnvelope } from '@kl/contracts/envelope';
import type { ErrorCode } from '@kl/contracts/errors';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { json } from './app.ts';

/**
 * The value of a call's successful answer, parsed by the response schema of its API table entry (typed
 * by it); the test fails, showing the body, when the call did not answer 200.
 */
export function answerValue<S extends z.ZodType>(
  entry: { response: S },
  response: LightMyRequestResponse,
): z.infer<S> {
  expect(response.statusCode, response.body).toBe(200);
  const envelope = successEnvelope(entry.response).parse(json(response)) as { value: z.infer<S> };
  return envelope.value;
}

/** Checks a failed answer: its HTTP status and the catalogue code of its envelope. */
export function expectFailure(response: LightMyRequestResponse, status: number, code: ErrorCode): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(failureEnvelope.parse(json(response)).code).toBe(code);
}
