import { OPERATOR_COOKIE } from '@kl/contracts/admin/auth';
import { adminCalls } from '@kl/contracts/admin/calls';
import { IMAGE_MAX_BYTES } from '@kl/contracts/images';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { makePicture, uploadPicture } from '../../../test/images.ts';

describeEachDatabase('back-office picture uploads', (kind) => {
  const { suite, operators, auditTrail } = useBackOfficeSuite(kind, { editor: 'content', owner: 'owner' });
  const upload = (
    ...args: Parameters<typeof uploadPicture> extends [unknown, unknown, ...infer Rest] ? Rest : never
  ) => uploadPicture(suite.app, operators.editor, ...args);
  const served = (url: string, headers: Record<string, string> = {}) =>
    suite.app.inject({ method: 'GET', url, headers });

  it('makes a PNG the WebP of its place, keeps it once and serves it immutable by its digest', async () => {
    // 1200 × 600 (2:1) cut to 750 × 300 (5:2).
    const png = await makePicture(1200, 600);
    const image = answerValue(adminCalls.adminUploadImage, await upload(png, 'banner_wide'));
    expect(image).toMatchObject({ width: 750, height: 300 });
    expect(image.url).toBe(`/api/images/${image.id}.webp`);

    const response = await served(image.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 750, height: 300 });
    const etag = String(response.headers.etag);
    expect((await served(image.url, { 'if-none-match': etag })).statusCode).toBe(304);

    // The same picture again is the same picture (one row, one address).
    const again = answerValue(
      adminCalls.adminUploadImage,
      await upload(png, 'banner_wide', { filename: 'x.png' }),
    );
    expect(again.id).toBe(image.id);

    const [second, first] = await auditTrail(operators.owner, 'image', image.id);
    expect(first).toMatchObject({
      action: 'image.upload',
      operatorUsername: operators.editor.username,
      after: { id: image.id, place: 'banner_wide', width: 750, height: 300, created: true },
    });
    expect(second?.after).toMatchObject({ created: false });
  });

  it('takes a photograph of a few megabytes, more than a JSON body may carry', async () => {
    const noise = await sharp({
      create: {
        width: 1000,
        height: 800,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const image = answerValue(adminCalls.adminUploadImage, await upload(noise, 'banner_wide'));
    expect(image).toMatchObject({ width: 750, height: 300 });
  });

  it('fits a JPEG whole for a contain place and reads a WebP too', async () => {
    const logo = answerValue(
      adminCalls.adminUploadImage,
      await upload(await makePicture(400, 400, 'jpeg'), 'logo', { filename: 'logo.jpg', type: 'image/jpeg' }),
    );
    expect(logo).toMatchObject({ width: 384, height: 96 });
    const meta = await sharp((await served(logo.url)).rawPayload).metadata();
    expect(meta).toMatchObject({ width: 384, height: 96, hasAlpha: true });

    const popup = answerValue(
      adminCalls.adminUploadImage,
      await upload(await makePicture(300, 300, 'webp'), 'banner_popup', { type: 'image/webp' }),
    );
    expect(popup).toMatchObject({ width: 600, height: 600 });
  });

  it('refuses a text file named .png, a picture that does not decode, and one too large', async () => {
    const text = Buffer.from('This is a text file that only says it is a picture.\n'.repeat(20));
    expectFailure(
      await upload(text, 'banner_wide', { filename: 'banner.png' }),
      415,
      'PICTURE_TYPE_NOT_ALLOWED',
    );

    // A PNG signature and header, then nothing a decoder can read.
    const broken = Buffer.concat([(await makePicture(40, 20)).subarray(0, 33), Buffer.alloc(64, 7)]);
    expectFailure(await upload(broken, 'banner_wide'), 400, 'PICTURE_NOT_DECODABLE');

    const huge = Buffer.concat([
      (await makePicture(40, 20)).subarray(0, 33),
      Buffer.alloc(IMAGE_MAX_BYTES, 1),
    ]);
    expectFailure(await upload(huge, 'banner_wide'), 413, 'IMAGE_TOO_LARGE');

    expectFailure(
      await upload(await makePicture(40, 20), 'banner_wide', { field: 'other' }),
      400,
      'INVALID_INPUT',
    );
    const json = await suite.app.inject({
      method: 'POST',
      url: adminCalls.adminUploadImage.path,
      query: { place: 'banner_wide' },
      remoteAddress: operators.editor.ip,
      headers: { cookie: `${OPERATOR_COOKIE}=${operators.editor.cookie}` },
      payload: { file: 'x' },
    });
    expectFailure(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectFailure(await upload(await makePicture(40, 20), 'nowhere' as 'logo'), 400, 'INVALID_INPUT');
  });

  it('is for operators who write content, and an unknown picture is 404', async () => {
    const support = await newOperator(suite, 'support');
    expectFailure(
      await uploadPicture(suite.app, support, await makePicture(40, 20), 'banner_wide'),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await served(`/api/images/${'0'.repeat(32)}.webp`), 404, 'NOT_FOUND');
    expect((await served('/api/images/not-a-digest.webp')).statusCode).toBe(400);
  });
});
