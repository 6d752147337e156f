import type { APIRequest, Page } from '@playwright/test';
import { API } from '@kl/contracts/api-paths';
import type { KycPicture } from '@kl/contracts/kyc';
import sharp from 'sharp';
import { BASE_URL, expect } from './fixtures.ts';
import { adminApi, firstOperatorSession } from './operator-api.ts';

/**
 * A member's identity documents (docs/decisions/057-know-your-customer.md) in the journeys: the pictures a
 * phone's camera would give, and, for the journeys that are not about identity checks, the documents sent
 * by the member's own call and approved by two risk operators by the back office's calls.
 */

/** A camera-sized JPEG of the given colour, with a band so that each picture is its own. */
export async function documentPicture(picture: KycPicture): Promise<Buffer> {
  const background = { front: '#d8e4f0', back: '#e8e0d0', selfie: '#e0d0d8' }[picture];
  const band = Buffer.from(
    `<svg width="1200" height="800"><rect x="80" y="320" width="1040" height="160" fill="#345"/></svg>`,
  );
  return sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .composite([{ input: band }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The document a journey's member sends: an identity card of an adult named `fullName`. */
export async function sendDocuments(page: Page, fullName: string): Promise<string> {
  const files = Object.fromEntries(
    await Promise.all(
      (['front', 'back', 'selfie'] as const).map(async (picture) => [
        picture,
        { name: `${picture}.jpg`, mimeType: 'image/jpeg', buffer: await documentPicture(picture) },
      ]),
    ),
  ) as Record<KycPicture, { name: string; mimeType: string; buffer: Buffer }>;
  const response = await page.request.post(`${BASE_URL}${API.memberSubmitKyc.path}`, {
    headers: { 'x-module-id': API.memberSubmitKyc.moduleId },
    multipart: {
      documentKind: 'id_card',
      documentNumber: `0790${Date.now().toString().slice(-8)}`,
      fullName,
      birthDate: '1990-05-17',
      ...files,
    },
  });
  expect(response.status(), `the documents are received: ${await response.text()}`).toBe(200);
  const { value } = (await response.json()) as { value: { state: string; submission: { id: string } } };
  expect(value.state).toBe('submitted');
  return value.submission.id;
}

type Operator = { readonly username: string; readonly password: string };

/** The member of `page` sends their documents; the first operator of `pair` approves, the second confirms. */
export async function verifyIdentity(
  playwright: { request: APIRequest },
  page: Page,
  fullName: string,
  pair: readonly [Operator, Operator],
): Promise<void> {
  const submissionId = await sendDocuments(page, fullName);
  for (const [index, who] of pair.entries()) {
    const operator = await firstOperatorSession(playwright, who);
    try {
      const decision = await adminApi<{ submission: { state: string } }>(operator, 'adminApproveKyc', {
        params: { submissionId },
      });
      expect(decision.submission.state).toBe(index === 0 ? 'approval_requested' : 'approved');
    } finally {
      await operator.dispose();
    }
  }
}
