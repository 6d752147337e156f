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

/**
 * The records of a CSV download (docs/back-office.md, "Exports"), each a line without its CRLF: the test
 * fails unless it answered 200 as UTF-8 CSV starting with a byte order mark.
 */
export function csvLines(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lines = response.body.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
}
