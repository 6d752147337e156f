import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, t, test } from './fixtures.ts';
import { asNewMember, captchaAnswer } from './members.ts';

/**
 * Feedback against the real server (product.md §2 /m/feedback, §5 feedback and upload rules, §7 PUT
 * feedback). The member is registered through the API with the captcha read from the development
 * outbox, and the page is given the session the server answered; the form's own captchas are read
 * from the outbox too.
 */

const en = (key: string) => t('en', key);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: a gold rectangle of the given size, 8-bit RGB. */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3)]);
  for (let x = 0; x < width; x += 1) row.set([0xf2, 0xc1, 0x4e], 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits for the next captcha the page asks for and answers its id. */
function nextCaptchaId(page: Page): Promise<string> {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === '/api/captcha')
    .then(async (response) => ((await response.json()) as { value: { captchaId: string } }).value.captchaId);
}

const CONTENT = 'My deposit of this morning has not reached my wallet yet.';

test('a member sends feedback with a picture and finds it in the list', async ({
  page,
  navigate,
  expectAccessible,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(
    /\/api\/feedback: Failed to load resource: the server responded with a status of 400/,
    'the wrong captcha is refused on purpose',
  );
  await asNewMember(page, 'fb');

  const firstCaptcha = nextCaptchaId(page);
  await navigate('/m/feedback');
  const form = page.getByRole('region', { name: en('feedback.formTitle') });
  const history = page.getByRole('region', { name: en('feedback.history.title') });
  await expect(history.getByText(en('feedback.history.empty'))).toBeVisible();
  await expect(form.getByRole('img', { name: en('auth.captchaImage') })).toBeVisible();

  // Fill the form, with a PNG made here and its comment.
  await form.getByRole('radio', { name: en('feedback.types.deposit') }).check();
  await form.getByLabel(en('feedback.content')).fill(CONTENT);
  await expect(form.getByTestId('content-counter')).toHaveText(`${[...CONTENT].length}/200`);
  await form
    .getByLabel(en('feedback.addImages'))
    .setInputFiles({ name: 'bank-slip.png', mimeType: 'image/png', buffer: makePng(40, 30) });
  const preview = form.getByRole('img', { name: 'Picture 1: bank-slip.png' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(40);
  await form.getByLabel('Comment on picture 1').fill('The bank slip');

  // A wrong answer first: the server refuses it, the picture is replaced, the rest stays.
  const secondCaptcha = nextCaptchaId(page);
  const firstAnswer = await captchaAnswer(page.request, await firstCaptcha);
  const captchaField = form.getByLabel(en('auth.fields.captcha'));
  await captchaField.fill(String((Number(firstAnswer) + 1) % 10_000));
  await form.getByRole('button', { name: en('feedback.submit') }).click();
  await expect(form.getByText('Wrong verification code')).toBeVisible();
  const secondId = await secondCaptcha;
  await expect(captchaField).toHaveValue('');
  await expect(form.getByLabel(en('feedback.content'))).toHaveValue(CONTENT);
  await expect(form.getByLabel('Comment on picture 1')).toHaveValue('The bank slip');
  await expectAccessible('feedback filled, captcha refused');

  // The right answer: sent, the form starts again and the list shows it with its picture.
  await captchaField.fill(await captchaAnswer(page.request, secondId));
  const sent = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/feedback' && response.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: en('feedback.submit') }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText(en('feedback.sent')).first()).toBeVisible();
  await expect(form.getByLabel(en('feedback.content'))).toHaveValue('');
  await expect(form.getByTestId('image-tile')).toHaveCount(0);

  const item = history.getByTestId('feedback-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(en('feedback.types.deposit'));
  await expect(item).toContainText(CONTENT);
  const thumbnail = item.getByRole('img', { name: 'Picture 1: The bank slip' });
  await expect(thumbnail).toHaveAttribute('width', '40');
  await expect(thumbnail).toHaveAttribute('height', '30');
  await expect(thumbnail).toHaveAttribute('src', /^\/api\/feedback\/images\/[\w-]+$/);
  // The picture really comes back from the server, to its owner.
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(40);
  await expectAccessible('feedback sent and listed');
});

test('a visitor is sent to log in', async ({ page, navigate }) => {
  await navigate('/m/feedback', { scan: false });
  await expect(page).toHaveURL((url) => url.pathname === '/m/login');
  await expect(page.getByRole('dialog', { name: en('route.login') })).toBeVisible();
});
