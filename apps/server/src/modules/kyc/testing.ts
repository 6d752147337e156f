import { randomInt } from 'node:crypto';
import { SESSION_COOKIE } from '@kl/contracts/accounts';
import { API } from '@kl/contracts/api-paths';
import { KYC_PICTURES, type KycPicture, type KycSubmission } from '@kl/contracts/kyc';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { kycPicture, kycSubmission, member } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { formBody, makePicture } from '../../test/images.ts';

/**
 * Test helpers of identity checks (docs/decisions/057-know-your-customer.md): the identity screen's form as
 * a browser sends it, and a member whose identity two operators approved, for the suites whose members
 * withdraw (the merchant checks identities before a first withdrawal) without walking through the back
 * office.
 */

/** An identity card in the test members' payee name (NGUYEN VAN AN), typed as a member would. */
export const KYC_FIELDS = {
  documentKind: 'id_card',
  documentNumber: '079 090 00 5678',
  fullName: 'Nguyễn Văn An',
  birthDate: '1990-05-17',
} as const satisfies KycSubmission;

/** Real pictures of each kind the form takes: a PNG front, a JPEG back, a WebP selfie. */
export async function kycPictures(): Promise<Record<KycPicture, Buffer>> {
  return {
    front: await makePicture(640, 400, 'png'),
    back: await makePicture(640, 400, 'jpeg'),
    selfie: await makePicture(400, 640, 'webp'),
  };
}

/** A multipart body as the identity screen's FormData makes it: the text fields, then the pictures. */
export async function kycForm(
  fields: Partial<Record<keyof KycSubmission, string>>,
  pictures: Partial<Record<string, Buffer>>,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, text] of Object.entries(fields)) form.append(name, text);
  for (const [name, bytes] of Object.entries(pictures)) {
    if (bytes) form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
  }
  return formBody(form);
}

/** POST /api/member/kyc as the member (their session cookie) with a form of `kycForm`. */
export function submitKyc(
  app: FastifyInstance,
  caller: { ip: string; cookie?: string },
  form: { payload: Buffer; contentType: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: API.memberSubmitKyc.path,
    remoteAddress: caller.ip,
    headers: {
      'content-type': form.contentType,
      'accept-language': 'en',
      ...(caller.cookie && { cookie: `${SESSION_COOKIE}=${caller.cookie}` }),
    },
    payload: form.payload,
  });
}

let picture: Promise<Buffer> | undefined;
/** A small WebP, as the server keeps a document's picture. */
const keptPicture = () =>
  (picture ??= sharp({ create: { width: 4, height: 3, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .webp()
    .toBuffer());

/**
 * Gives the member an approved identity document in their payee name (or `fullName`), with its three
 * pictures; answers the submission's id.
 */
export async function giveApprovedKyc(
  db: Db,
  memberId: string,
  options: { fullName?: string; at?: Date } = {},
): Promise<string> {
  const [holder] = await db
    .select({ merchantCode: member.merchantCode, payeeName: member.payeeName })
    .from(member)
    .where(eq(member.id, memberId));
  if (!holder) throw new Error(`no member ${memberId}`);
  const at = options.at ?? new Date();
  const [created] = await db
    .insert(kycSubmission)
    .values({
      merchantCode: holder.merchantCode,
      memberId,
      state: 'approved',
      documentKind: 'id_card',
      documentNumber: String(randomInt(100_000_000, 999_999_999)).padStart(12, '0'),
      fullName: options.fullName ?? holder.payeeName ?? 'NGUYEN VAN AN',
      birthDate: '1990-05-17',
      submittedAt: at,
      decidedAt: at,
    })
    .returning({ id: kycSubmission.id });
  if (!created) throw new Error('the identity check was not kept');
  const data = await keptPicture();
  await db
    .insert(kycPicture)
    .values(
      KYC_PICTURES.map((name) => ({ submissionId: created.id, picture: name, data, width: 4, height: 3 })),
    );
  return created.id;
}
