import { OPERATOR_COOKIE } from '@kl/contracts/admin/auth';
import { adminCalls } from '@kl/contracts/admin/calls';
import { IMAGE_FORM_FIELD, type ImagePlace, type UploadedImage } from '@kl/contracts/images';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { answerValue } from './answers.ts';
import type { OperatorCaller } from './back-office.ts';

/** Pictures in the suites: real ones made with sharp, and uploads as the back office's form sends them. */

/** A PNG of two colours side by side (so that cutting it to an aspect shows), `width` × `height`. */
export async function makePicture(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  const half = Math.max(1, Math.floor(width / 2));
  const left = await sharp({
    create: { width: half, height, channels: 3, background: { r: 200, g: 30, b: 40 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .composite([{ input: left, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

/** The body and content type a browser sends for a FormData. */
export async function formBody(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** A multipart body as a browser's FormData makes it, with one file part. */
export async function pictureForm(
  bytes: Buffer,
  options: { filename?: string; type?: string; field?: string } = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append(
    options.field ?? IMAGE_FORM_FIELD,
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.filename ?? 'picture.png',
  );
  return formBody(form);
}

/** POST /api/admin/images?place= with the picture, as the operator. */
export async function uploadPicture(
  app: FastifyInstance,
  operator: Pick<OperatorCaller, 'ip' | 'cookie'>,
  bytes: Buffer,
  place: ImagePlace,
  options: { filename?: string; type?: string; field?: string } = {},
): Promise<LightMyRequestResponse> {
  const form = await pictureForm(bytes, options);
  return app.inject({
    method: 'POST',
    url: adminCalls.adminUploadImage.path,
    query: { place },
    remoteAddress: operator.ip,
    headers: {
      'content-type': form.contentType,
      'accept-language': 'en',
      cookie: `${OPERATOR_COOKIE}=${operator.cookie}`,
    },
    payload: form.payload,
  });
}

/** A picture of `width` × `height` (makePicture) uploaded for `place` as the operator: the stored picture. */
export async function uploadedPicture(
  app: FastifyInstance,
  operator: Pick<OperatorCaller, 'ip' | 'cookie'>,
  width: number,
  height: number,
  place: ImagePlace,
): Promise<UploadedImage> {
  return answerValue(
    adminCalls.adminUploadImage,
    await uploadPicture(app, operator, await makePicture(width, height), place),
  );
}
