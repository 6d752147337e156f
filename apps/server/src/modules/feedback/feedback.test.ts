import { crc32, deflateSync } from 'node:zlib';
import { API, SESSION_COOKIE, successEnvelope } from '@kl/contracts';
import {
  FEEDBACK_DAILY_LIMIT,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGE_PREFIX,
  feedbackItem,
  feedbackList,
} from '@kl/contracts/feedback';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  type Caller,
  freshIp,
  freshUsername,
  registerByUsername,
  sessionCookieOf,
  solvedCaptcha,
} from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import { detectImage } from './image-type.ts';

// ——— image files built byte by byte ———

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of the given size (a red square). */
function makePng(width = 2, height = 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0)]);
  for (let x = 0; x < width; x += 1) row[1 + x * 3] = 0xff;
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's structure: SOI, JFIF APP0, a baseline frame header of the given size, a scan, EOI. */
function makeJpeg(width = 3, height = 4): Buffer {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0,
  ];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0,
  ];
  const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...sos, 0xff, 0xd9]);
}

const GIF = Buffer.from(
  'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,',
  'latin1',
);
const CONTENT = 'The deposit I made this morning has not arrived yet.';

type Part = string | { bytes: Buffer; filename: string; type: string };

/** A multipart body as a browser's FormData makes it. */
async function multipart(parts: [string, Part][]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

const png = (name = 'screen.png', bytes = makePng()): Part => ({ bytes, filename: name, type: 'image/png' });
const jpeg = (name = 'photo.jpg', bytes = makeJpeg()): Part => ({
  bytes,
  filename: name,
  type: 'image/jpeg',
});

describe('detectImage', () => {
  it('reads PNG and JPEG types and sizes from the bytes', () => {
    expect(detectImage(makePng(7, 5))).toEqual({ contentType: 'image/png', width: 7, height: 5 });
    expect(detectImage(makeJpeg(640, 480))).toEqual({ contentType: 'image/jpeg', width: 640, height: 480 });
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectImage(GIF)).toBeUndefined();
    expect(detectImage(Buffer.from('just some text, not an image at all'))).toBeUndefined();
    expect(detectImage(Buffer.alloc(0))).toBeUndefined();
    // A PNG signature alone, without its header chunk.
    expect(detectImage(makePng().subarray(0, 12))).toBeUndefined();
    // A JPEG start whose scan comes before any frame header.
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toBeUndefined();
  });
});

describeEachDatabase('feedback', (kind) => {
  const suite = useTestApp(kind, { config: { devOutbox: true } });
  const { time } = suite;
  let alice: Caller;

  beforeAll(async () => {
    alice = await registerMember();
  });

  const registerMember = (): Promise<Caller> =>
    registerByUsername(suite.app, { username: freshUsername('fb') });

  async function send(
    caller: Caller,
    parts: [string, Part][],
    options: { captcha?: boolean; language?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const captcha =
      options.captcha === false ? [] : Object.entries(await solvedCaptcha(suite.app, caller.ip));
    const body = await multipart([...parts, ...(captcha as [string, string][])]);
    return suite.app.inject({
      method: 'PUT',
      url: API.submitFeedback.path,
      remoteAddress: caller.ip,
      headers: {
        'content-type': body.contentType,
        'accept-language': options.language ?? 'en',
        ...(caller.cookie && { cookie: `${SESSION_COOKIE}=${caller.cookie}` }),
      },
      payload: body.payload,
    });
  }

  const listOf = async (caller: Caller) => {
    const response = await call(suite.app, API.feedbackList, caller);
    expect(response.statusCode).toBe(200);
    return successEnvelope(feedbackList).parse(json(response)).value;
  };

  const failure = (response: LightMyRequestResponse) =>
    json<{ success: boolean; code: string; message: string; value?: Record<string, unknown> }>(response);

  it('stores feedback with a PNG and a JPG and their comments, and lists it to its sender', async () => {
    const member = await registerMember();
    const response = await send(member, [
      ['type', '1'],
      ['content', `  ${CONTENT}  `],
      ['image', png('deposit.png', makePng(4, 3))],
      ['comment', 'The bank slip'],
      ['image', jpeg('receipt.jpeg', makeJpeg(32, 16))],
      ['comment', ''],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const sent = successEnvelope(feedbackItem).parse(json(response)).value;
    expect(sent).toMatchObject({ type: 1, content: CONTENT });
    expect(sent.images).toEqual([
      expect.objectContaining({ contentType: 'image/png', width: 4, height: 3, comment: 'The bank slip' }),
      expect.objectContaining({ contentType: 'image/jpeg', width: 32, height: 16, comment: '' }),
    ]);

    const list = await listOf(member);
    expect(list.total).toBe(1);
    expect(list.list[0]).toEqual(sent);
    expect(list.list[0]?.sender).toMatch(/^fb/);
  });

  it('serves an image back with its detected type, to its owner only', async () => {
    const member = await registerMember();
    const bytes = makePng(6, 6);
    // Declared as a JPEG with a .jpg name: the bytes say PNG, and PNG it is.
    const response = await send(member, [
      ['type', '3'],
      ['content', CONTENT],
      ['image', { bytes, filename: 'looks-like.jpg', type: 'image/jpeg' }],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const image = successEnvelope(feedbackItem).parse(json(response)).value.images[0];
    expect(image?.url).toBe(`${FEEDBACK_IMAGE_PREFIX}${image?.id}`);

    const own = await suite.app.inject({
      url: image?.url ?? '',
      remoteAddress: member.ip,
      headers: { cookie: `${SESSION_COOKIE}=${member.cookie}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(bytes)).toBe(true);

    const other = await suite.app.inject({
      url: image?.url ?? '',
      remoteAddress: alice.ip,
      headers: { cookie: `${SESSION_COOKIE}=${alice.cookie}`, 'accept-language': 'en' },
    });
    expect(other.statusCode).toBe(404);
    expect(failure(other).code).toBe('NOT_FOUND');
    const visitor = await suite.app.inject({ url: image?.url ?? '', remoteAddress: freshIp() });
    expect(visitor.statusCode).toBe(401);
    // Nor does another member's list show it.
    expect((await listOf(alice)).list.some((item) => item.images.some((i) => i.id === image?.id))).toBe(
      false,
    );
  });

  it('refuses content under 20 characters with a localised message', async () => {
    const short = await send(alice, [
      ['type', '4'],
      ['content', 'Too short, really.'],
    ]);
    expect(short.statusCode).toBe(400);
    expect(failure(short)).toMatchObject({
      code: 'FEEDBACK_CONTENT_LENGTH',
      message: 'Feedback must be 20 to 200 characters long',
      value: { min: 20, max: 200 },
    });
    const vietnamese = await send(
      alice,
      [
        ['type', '4'],
        ['content', 'Ngắn quá'],
      ],
      { language: 'vi' },
    );
    expect(failure(vietnamese).message).toBe('Nội dung phản hồi phải từ 20 đến 200 ký tự');
    // Twenty spaces and a word are not twenty characters.
    const padded = await send(alice, [
      ['type', '4'],
      ['content', `${' '.repeat(30)}word`],
    ]);
    expect(failure(padded).code).toBe('FEEDBACK_CONTENT_LENGTH');
    const long = await send(alice, [
      ['type', '4'],
      ['content', 'x'.repeat(201)],
    ]);
    expect(failure(long).code).toBe('FEEDBACK_CONTENT_LENGTH');
    const exact = await send(alice, [
      ['type', '4'],
      ['content', 'ý'.repeat(200)],
    ]);
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('refuses an image of another type (GIF)', async () => {
    const response = await send(alice, [
      ['type', '3'],
      ['content', CONTENT],
      ['image', { bytes: GIF, filename: 'anim.gif', type: 'image/gif' }],
    ]);
    expect(response.statusCode).toBe(415);
    expect(failure(response)).toMatchObject({
      code: 'IMAGE_TYPE_NOT_ALLOWED',
      message: 'Only PNG or JPG images are accepted',
      value: { index: 0 },
    });
  });

  it('refuses a text file renamed .png and declared image/png', async () => {
    const before = (await listOf(alice)).total;
    const response = await send(alice, [
      ['type', '0'],
      ['content', CONTENT],
      ['image', png()],
      [
        'image',
        { bytes: Buffer.from('hello, I am a text file\n'), filename: 'notes.png', type: 'image/png' },
      ],
    ]);
    expect(response.statusCode).toBe(415);
    expect(failure(response)).toMatchObject({ code: 'IMAGE_TYPE_NOT_ALLOWED', value: { index: 1 } });
    expect((await listOf(alice)).total).toBe(before);
  });

  it('refuses a 6 MB image', async () => {
    const huge = Buffer.concat([makePng(), Buffer.alloc(6 * 1024 * 1024 - makePng().length, 7)]);
    const response = await send(alice, [
      ['type', '3'],
      ['content', CONTENT],
      ['image', png('huge.png', huge)],
    ]);
    expect(response.statusCode).toBe(413);
    expect(failure(response)).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'Each image must be 5 MB or smaller',
      value: { maxBytes: FEEDBACK_IMAGE_MAX_BYTES },
    });
    // Exactly 5 MB is allowed.
    const limit = Buffer.concat([makePng(), Buffer.alloc(FEEDBACK_IMAGE_MAX_BYTES - makePng().length, 7)]);
    const atLimit = await send(alice, [
      ['type', '3'],
      ['content', CONTENT],
      ['image', png('limit.png', limit)],
    ]);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });

  it('refuses a fourth image and stores nothing', async () => {
    const before = (await listOf(alice)).total;
    const response = await send(alice, [
      ['type', '2'],
      ['content', CONTENT],
      ['image', png('1.png')],
      ['image', png('2.png')],
      ['image', jpeg('3.jpg')],
      ['image', png('4.png')],
    ]);
    expect(response.statusCode).toBe(400);
    expect(failure(response)).toMatchObject({
      code: 'TOO_MANY_IMAGES',
      message: 'At most 3 images can be sent',
      value: { max: 3 },
    });
    // Five and more too (the parser stops reading files beyond the fourth).
    const five = await send(alice, [
      ['type', '2'],
      ['content', CONTENT],
      ...Array.from({ length: 5 }, (_, index): [string, Part] => ['image', png(`${index}.png`)]),
    ]);
    expect(failure(five).code).toBe('TOO_MANY_IMAGES');
    expect((await listOf(alice)).total).toBe(before);
  });

  it('refuses a comment over 140 characters and a comment without its image', async () => {
    const long = await send(alice, [
      ['type', '3'],
      ['content', CONTENT],
      ['image', png()],
      ['comment', 'c'.repeat(141)],
    ]);
    expect(long.statusCode).toBe(400);
    expect(failure(long)).toMatchObject({ code: 'INVALID_INPUT', value: { field: 'comment', max: 140 } });
    const orphan = await send(alice, [
      ['type', '3'],
      ['content', CONTENT],
      ['comment', 'a comment for no image'],
    ]);
    expect(failure(orphan)).toMatchObject({ code: 'INVALID_INPUT', value: { field: 'comment' } });
  });

  it('accepts every type of product.md §3 and refuses others', async () => {
    for (const type of ['1', '2', '3', '4', '6', '0']) {
      const response = await send(alice, [
        ['type', type],
        ['content', CONTENT],
      ]);
      expect(response.statusCode, `type ${type}: ${response.body}`).toBe(200);
    }
    for (const type of ['5', '7', 'deposit', '']) {
      const response = await send(alice, [
        ['type', type],
        ['content', CONTENT],
      ]);
      expect(failure(response).code, `type ${type}`).toBe('INVALID_INPUT');
    }
  });

  it('needs the captcha, and keeps it when the form is refused for another reason', async () => {
    const missing = await send(
      alice,
      [
        ['type', '1'],
        ['content', CONTENT],
      ],
      { captcha: false },
    );
    expect(failure(missing)).toMatchObject({ code: 'WRONG_VERIFICATION_CODE', value: { field: 'captcha' } });

    const captcha = await solvedCaptcha(suite.app, alice.ip);
    const wrong = await send(
      alice,
      [
        ['type', '1'],
        ['content', CONTENT],
        ['captchaId', captcha.captchaId],
        ['captcha', String((Number(captcha.captcha) + 1) % 10_000)],
      ],
      { captcha: false },
    );
    expect(failure(wrong).code).toBe('WRONG_VERIFICATION_CODE');

    const fresh = await solvedCaptcha(suite.app, alice.ip);
    const tooShort = await send(
      alice,
      [
        ['type', '1'],
        ['content', 'short'],
        ['captchaId', fresh.captchaId],
        ['captcha', fresh.captcha],
      ],
      { captcha: false },
    );
    expect(failure(tooShort).code).toBe('FEEDBACK_CONTENT_LENGTH');
    const retried = await send(
      alice,
      [
        ['type', '1'],
        ['content', CONTENT],
        ['captchaId', fresh.captchaId],
        ['captcha', fresh.captcha],
      ],
      { captcha: false },
    );
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('is for logged-in real members: visitors get NOT_LOGGED_IN, trial members free_reject', async () => {
    const visitor = await send({ ip: freshIp() }, [
      ['type', '1'],
      ['content', CONTENT],
    ]);
    expect(visitor.statusCode).toBe(401);
    expect(failure(visitor).code).toBe('NOT_LOGGED_IN');
    expect((await call(suite.app, API.feedbackList, { ip: freshIp() })).statusCode).toBe(401);

    const ip = freshIp();
    const trial = { ip, cookie: sessionCookieOf(await call(suite.app, API.trialLogin, { ip })) ?? '' };
    const refused = await send(trial, [
      ['type', '1'],
      ['content', CONTENT],
    ]);
    expect(refused.statusCode).toBe(403);
    expect(failure(refused)).toMatchObject({ code: 'FEATURE_NOT_ENABLED', value: { reason: 'free_reject' } });
  });

  it('takes multipart only, on this route only', async () => {
    const asJson = await call(suite.app, API.submitFeedback, alice, {
      payload: { type: '1', content: CONTENT },
    });
    expect(asJson.statusCode).toBe(415);
    expect(failure(asJson).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const body = await multipart([['nodeId', '1']]);
    const elsewhere = await suite.app.inject({
      method: 'POST',
      url: API.addFavourite.path,
      remoteAddress: alice.ip,
      headers: { 'content-type': body.contentType, cookie: `${SESSION_COOKIE}=${alice.cookie}` },
      payload: body.payload,
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('pages the list newest first', async () => {
    const member = await registerMember();
    for (const type of ['1', '2', '3']) {
      time.advance(1_000);
      expect(
        (
          await send(member, [
            ['type', type],
            ['content', `${CONTENT} #${type}`],
          ])
        ).statusCode,
      ).toBe(200);
    }
    const first = successEnvelope(feedbackList).parse(
      json(await call(suite.app, API.feedbackList, member, { query: { pageNo: '1', pageSize: '2' } })),
    ).value;
    expect(first).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
    expect(first.list.map((item) => item.type)).toEqual([3, 2]);
    const second = successEnvelope(feedbackList).parse(
      json(await call(suite.app, API.feedbackList, member, { query: { pageNo: '2', pageSize: '2' } })),
    ).value;
    expect(second.list.map((item) => item.type)).toEqual([1]);
  });

  it(`allows ${FEEDBACK_DAILY_LIMIT} feedback a day`, async () => {
    const member = await registerMember();
    for (let index = 0; index < FEEDBACK_DAILY_LIMIT; index += 1) {
      expect(
        (
          await send(member, [
            ['type', '0'],
            ['content', CONTENT],
          ])
        ).statusCode,
      ).toBe(200);
    }
    const over = await send(member, [
      ['type', '0'],
      ['content', CONTENT],
    ]);
    expect(over.statusCode).toBe(429);
    expect(failure(over)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      value: { reason: 'FEEDBACK_DAILY_LIMIT' },
    });
    time.advance(24 * 60 * 60_000 + 1_000);
    expect(
      (
        await send(member, [
          ['type', '0'],
          ['content', CONTENT],
        ])
      ).statusCode,
    ).toBe(200);
  });
});
