import { API } from '@kl/contracts';
import { KYC_PICTURE_MAX_BYTES, KYC_PICTURE_MAX_SIDE } from '@kl/contracts/kyc';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { member } from '../../db/schema/index.ts';
import { call, freshIp } from '../../test/accounts.ts';
import { answerValue, expectFailure } from '../../test/answers.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { makePicture } from '../../test/images.ts';
import { type MemberCaller, useTestApp } from '../../test/suite.ts';
import { KYC_FIELDS, kycForm, kycPictures, submitKyc } from './testing.ts';

/**
 * A member's identity documents (docs/decisions/057-know-your-customer.md), through the API on both
 * databases (the pictures are bytes each driver reads back its own way): a submission and its rules, its
 * pictures made upright, resized and re-encoded, and served to their member only, never cached.
 */

type Fields = Parameters<typeof kycForm>[0];

describeEachDatabase('know your customer: the member', { embedded: true }, (kind) => {
  const suite = useTestApp(kind);

  const send = async (caller: MemberCaller, fields: Fields = KYC_FIELDS, pictures?: Record<string, Buffer>) =>
    submitKyc(suite.app, caller, await kycForm(fields, pictures ?? (await kycPictures())));
  const stateOf = async (caller: MemberCaller) =>
    answerValue(API.memberKyc, await call(suite.app, API.memberKyc, caller));
  const picture = (caller: { ip: string; cookie?: string }, url: string) =>
    suite.app.inject({
      url,
      remoteAddress: caller.ip,
      headers: { 'accept-language': 'en', ...(caller.cookie && { cookie: `kl_session=${caller.cookie}` }) },
    });
  const fieldOf = (response: LightMyRequestResponse) =>
    json<{ value?: { field?: string } }>(response).value?.field;

  it('keeps a document sent with its pictures and shows it to its member, masked and under review', async () => {
    const { caller } = await suite.newMember();
    expect(await stateOf(caller)).toEqual({
      state: 'none',
      submission: null,
      requiredForFirstWithdrawal: true,
      requiredAbove: null,
    });

    const sent = await send(caller);
    const answer = answerValue(API.memberSubmitKyc, sent);
    expect(sent.headers['cache-control']).toBe('private, no-store');
    expect(answer).toMatchObject({
      state: 'submitted',
      submission: {
        documentKind: 'id_card',
        documentNumberMasked: '••••••••5678',
        fullName: 'Nguyễn Văn An',
        birthDate: '1990-05-17',
        decidedAt: null,
        rejectReason: null,
      },
    });
    const id = answer.submission?.id ?? '';
    expect(answer.submission?.pictures).toEqual(
      ['front', 'back', 'selfie'].map((name) => ({
        picture: name,
        url: `/api/member/kyc/${id}/pictures/${name}`,
      })),
    );
    expect(await stateOf(caller)).toEqual(answer);

    // One waiting at a time.
    expectFailure(await send(caller), 409, 'KYC_UNDER_REVIEW');
  });

  it('keeps one of two documents sent at once', async () => {
    const { caller } = await suite.newMember();
    const answers = await Promise.all([send(caller), send(caller)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((response) => response.statusCode === 409);
    expect(json(refused as LightMyRequestResponse)).toMatchObject({ code: 'KYC_UNDER_REVIEW' });
  });

  it('serves a picture, re-encoded as WebP, to its member only, never to be cached', async () => {
    const { caller } = await suite.newMember();
    // A photograph taken sideways (EXIF orientation 6, with a camera's metadata), larger than kept.
    const sideways = await sharp(await makePicture(3000, 1500, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const pictures = { ...(await kycPictures()), front: sideways };
    const { submission } = answerValue(API.memberSubmitKyc, await send(caller, KYC_FIELDS, pictures));
    const front = submission?.pictures.find((item) => item.picture === 'front')?.url ?? '';

    const served = await picture(caller, front);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const kept = await sharp(served.rawPayload).metadata();
    // Upright (portrait), at most KYC_PICTURE_MAX_SIDE on its longest side, without the camera's metadata.
    expect(kept).toMatchObject({ format: 'webp', width: 1000, height: KYC_PICTURE_MAX_SIDE });
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    // A smaller picture is kept at its size.
    const selfie = submission?.pictures.find((item) => item.picture === 'selfie')?.url ?? '';
    expect(await sharp((await picture(caller, selfie)).rawPayload).metadata()).toMatchObject({
      width: 400,
      height: 640,
    });

    const other = await suite.newMember();
    expectFailure(await picture(other.caller, front), 404, 'NOT_FOUND');
    expectFailure(await picture({ ip: freshIp() }, front), 401, 'NOT_LOGGED_IN');
    const trial = await suite.newMember({ type: 4 });
    const refused = await picture(trial.caller, front);
    expectFailure(refused, 403, 'FEATURE_NOT_ENABLED');
    expect(json(refused)).toMatchObject({ value: { reason: 'actual_account_required' } });
    expectFailure(await picture(caller, front.replace(/[0-9a-f]{4}\//, '0000/')), 404, 'NOT_FOUND');
  });

  it('refuses a missing, unexpected, undecodable, mistyped or too large picture, naming it', async () => {
    const { caller } = await suite.newMember();
    const pictures = await kycPictures();
    const withoutSelfie = { front: pictures.front, back: pictures.back };

    const missing = await send(caller, KYC_FIELDS, withoutSelfie);
    expectFailure(missing, 400, 'INVALID_INPUT');
    expect(json(missing)).toMatchObject({ value: { field: 'selfie', reason: 'REQUIRED' } });
    // A passport has no back to send.
    const passport = { ...KYC_FIELDS, documentKind: 'passport' };
    const back = await send(caller, passport, pictures);
    expectFailure(back, 400, 'INVALID_INPUT');
    expect(json(back)).toMatchObject({ value: { field: 'back', reason: 'UNEXPECTED_FILE' } });
    const other = await send(caller, KYC_FIELDS, { ...pictures, licence: pictures.front });
    expect(json(other)).toMatchObject({ code: 'INVALID_INPUT', value: { field: 'licence' } });

    const text = await send(caller, KYC_FIELDS, { ...pictures, back: Buffer.from('<svg xmlns="x"/>') });
    expectFailure(text, 415, 'PICTURE_TYPE_NOT_ALLOWED');
    expect(fieldOf(text)).toBe('back');
    const png = pictures.front.subarray(0, 8);
    const broken = await send(caller, KYC_FIELDS, {
      ...pictures,
      selfie: Buffer.concat([png, Buffer.alloc(64, 7)]),
    });
    expectFailure(broken, 400, 'PICTURE_NOT_DECODABLE');
    expect(fieldOf(broken)).toBe('selfie');
    const large = Buffer.concat([
      pictures.front,
      Buffer.alloc(KYC_PICTURE_MAX_BYTES + 1 - pictures.front.length),
    ]);
    const tooLarge = await send(caller, KYC_FIELDS, { ...pictures, front: large });
    expectFailure(tooLarge, 413, 'IMAGE_TOO_LARGE');
    expect(fieldOf(tooLarge)).toBe('front');

    const notForm = await call(suite.app, API.memberSubmitKyc, caller, { payload: KYC_FIELDS });
    expectFailure(notForm, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // Nothing was kept: the passport, its front and selfie only, goes through.
    expect((await stateOf(caller)).state).toBe('none');
    const passportPictures = { front: pictures.front, selfie: pictures.selfie };
    expect(answerValue(API.memberSubmitKyc, await send(caller, passport, passportPictures))).toMatchObject({
      state: 'submitted',
      submission: { documentKind: 'passport', pictures: [{ picture: 'front' }, { picture: 'selfie' }] },
    });
  });

  it('refuses bad fields, a member under 18 in Vietnam time, a birth date to come and another name', async () => {
    // 2030-02-28 18:00 UTC is already 1 March in Vietnam.
    suite.time.advance(Date.parse('2030-02-28T18:00:00.000Z') - suite.time.clock().getTime());
    const { caller } = await suite.newMember();
    for (const [field, value] of [
      ['documentKind', 'visa'],
      ['documentNumber', 'AB-12'],
      ['fullName', 'A'],
      ['birthDate', '2012-02-30'],
    ] as const) {
      const refused = await send(caller, { ...KYC_FIELDS, [field]: value });
      expectFailure(refused, 400, 'INVALID_INPUT');
      expect(fieldOf(refused)).toBe(field);
    }

    const young = await send(caller, { ...KYC_FIELDS, birthDate: '2012-03-02' });
    expectFailure(young, 400, 'KYC_UNDER_AGE');
    expect(json(young)).toMatchObject({ value: { field: 'birthDate', minAge: 18 } });
    const unborn = await send(caller, { ...KYC_FIELDS, birthDate: '2030-03-02' });
    expectFailure(unborn, 400, 'INVALID_INPUT');
    expect(fieldOf(unborn)).toBe('birthDate');
    const stranger = await send(caller, { ...KYC_FIELDS, fullName: 'Trần Thị Bình' });
    expectFailure(stranger, 400, 'KYC_NAME_MISMATCH');
    expect(fieldOf(stranger)).toBe('fullName');
    expect((await stateOf(caller)).state).toBe('none');

    // Eighteen today in Vietnam (still 17 in UTC), the name as banks write it.
    const adult = await send(caller, {
      ...KYC_FIELDS,
      fullName: '  nguyễn   VĂN an',
      birthDate: '2012-03-01',
    });
    expect(answerValue(API.memberSubmitKyc, adult).state).toBe('submitted');
  });

  it('takes any name from a member who registered no payee name', async () => {
    const { row, caller } = await suite.newMember();
    await suite.database.current.db.update(member).set({ payeeName: null }).where(eq(member.id, row.id));
    const sent = await send(caller, { ...KYC_FIELDS, fullName: 'Trần Thị Bình' });
    expect(answerValue(API.memberSubmitKyc, sent).state).toBe('submitted');
  });

  it('keeps trial members and visitors out', async () => {
    const trial = await suite.newMember({ type: 4 });
    for (const response of [await call(suite.app, API.memberKyc, trial.caller), await send(trial.caller)]) {
      expectFailure(response, 403, 'FEATURE_NOT_ENABLED');
      expect(json(response)).toMatchObject({ value: { reason: 'actual_account_required' } });
    }
    expectFailure(await call(suite.app, API.memberKyc, { ip: freshIp() }), 401, 'NOT_LOGGED_IN');
    expectFailure(
      await submitKyc(suite.app, { ip: freshIp() }, await kycForm(KYC_FIELDS, {})),
      401,
      'NOT_LOGGED_IN',
    );
  });
});
