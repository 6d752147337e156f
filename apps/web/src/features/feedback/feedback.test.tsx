import { accountsCalls } from '@kl/contracts/accounts';
import { FEEDBACK_IMAGE_PREFIX, feedbackCalls, type FeedbackItem } from '@kl/contracts/feedback';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captchaAnswerOfImage } from '../../test/fake-accounts.ts';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { createFeedbackImage, createFeedbackItem } from './testing/fake-feedback.ts';
import { openFeedback } from './testing/open-feedback.ts';

const CONTENT = 'My withdrawal has been pending since yesterday.';
const TOO_SHORT = 'Too short, really';

const png = (name: string, bytes = 68) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

// jsdom has no object URLs: each preview gets a numbered blob: address, and revocations are recorded.
let created: string[] = [];
let revoked: string[] = [];
beforeEach(() => {
  created = [];
  revoked = [];
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:http://localhost/preview-${created.length + 1}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url);
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const form = () => screen.getByRole('region', { name: 'Send us your feedback' });
const content = () => within(form()).getByLabelText('Content');
const counter = () => within(form()).getByTestId('content-counter');
const captchaInput = () => within(form()).getByLabelText('Verification code (picture)');
const submitButton = () => within(form()).getByRole('button', { name: 'Send feedback' });
const fileInput = () => within(form()).getByLabelText('Add pictures');
const tiles = () => within(form()).queryAllByTestId('image-tile');
const notices = () => within(form()).getByTestId('image-notices');
const history = () => screen.getByRole('region', { name: 'Your feedback' });

const captchas = () => callsTo(accountsCalls.captcha);

/** The answer to the captcha the form shows now, once it shows the newest one asked for. */
async function currentAnswer(): Promise<string> {
  const picture = () => within(form()).getByAltText('Verification picture');
  await waitFor(() => expect(captchaAnswerOfImage(picture())).toBe(String(1000 + captchas().length)));
  return captchaAnswerOfImage(picture());
}

/** The forms PUT /api/feedback received, in order: their text fields, pictures and comments. */
const sentForms = () =>
  callsTo(feedbackCalls.submitFeedback).map(({ body }) => {
    const parts = [...(body as FormData).entries()];
    const texts = parts.filter(([name, value]) => typeof value === 'string' && name !== 'comment');
    return {
      fields: Object.fromEntries(texts),
      images: parts.flatMap(([name, value]) => (name === 'image' && value instanceof File ? [value] : [])),
      comments: parts.flatMap(([name, value]) => (name === 'comment' ? [value] : [])),
    };
  });

/** PUT /api/feedback answers its first form with the first answer, the next ones with the second. */
function submitAnswers(first: Response, then: FeedbackItem = createFeedbackItem()) {
  on(feedbackCalls.submitFeedback, () => (sentForms().length === 1 ? first : then));
}

describe('feedback (product.md §2 /m/feedback)', () => {
  it('offers every question type and counts the content as the server does (n/200)', async () => {
    const { user } = await openFeedback();
    const types = within(form()).getByRole('group', { name: 'Question type' });
    expect(
      within(types)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Deposit', 'Withdrawal', 'Games', 'Service', 'Become an agent', 'Other']);
    expect(counter()).toHaveTextContent('0/200');
    expect(submitButton()).toBeDisabled();
    await user.type(content(), '   ');
    // Spaces around the text do not count, and the button stays off while there is nothing to send.
    expect(counter()).toHaveTextContent('0/200');
    expect(submitButton()).toBeDisabled();
    await user.type(content(), 'Hello 👋');
    expect(counter()).toHaveTextContent('7/200');
    expect(content()).toHaveAccessibleDescription('7/200');
    expect(submitButton()).toBeEnabled();
    await user.click(content());
    await user.paste('x'.repeat(200));
    expect(counter()).toHaveTextContent('207/200');
  });

  it('shows the 20–200 rule and other checks before sending anything', async () => {
    const { user } = await openFeedback();
    await user.type(content(), TOO_SHORT);
    await user.click(submitButton());
    expect(await within(form()).findByText('Feedback must be 20 to 200 characters long')).toBeInTheDocument();
    expect(content()).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByText('Choose a question type')).toBeInTheDocument();
    expect(captchaInput()).toHaveAttribute('aria-invalid', 'true');
    expect(sentForms()).toHaveLength(0);
    // Fixing the text clears its message as it is typed.
    await user.type(content(), ' and now long enough.');
    await waitFor(() =>
      expect(within(form()).queryByText('Feedback must be 20 to 200 characters long')).toBeNull(),
    );
  });

  it('sends type, content, a picture with its comment and the captcha; then empties the form and lists it', async () => {
    // The server keeps what it received: the list shows it next time.
    const items: FeedbackItem[] = [];
    const image = { id: 'img-100-0', url: `${FEEDBACK_IMAGE_PREFIX}img-100-0`, width: 1, height: 1 };
    const received = createFeedbackItem({
      ...{ id: 'fb-100', type: 2, content: CONTENT },
      images: [createFeedbackImage({ ...image, byteSize: 68, comment: 'The pending withdrawal' })],
    });
    on(feedbackCalls.submitFeedback, () => {
      items.unshift(received);
      return received;
    });
    const { user } = await openFeedback({ items });
    await waitFor(() =>
      expect(within(history()).getByText('You have not sent any feedback yet.')).toBeVisible(),
    );
    await user.click(within(form()).getByRole('radio', { name: 'Withdrawal' }));
    await user.type(content(), CONTENT);
    await user.upload(fileInput(), png('slip.png'));
    expect(tiles()).toHaveLength(1);
    const preview = within(tiles()[0]!).getByRole('img', { name: 'Picture 1: slip.png' });
    expect(preview).toHaveAttribute('src', 'blob:http://localhost/preview-1');
    expect(preview).toHaveAttribute('width', '72');
    expect(within(form()).getByRole('group', { name: 'Pictures (1/3)' })).toBeInTheDocument();
    await user.type(within(form()).getByLabelText('Comment on picture 1'), 'The pending withdrawal');
    await user.type(captchaInput(), await currentAnswer());
    const captchasBefore = captchas().length;
    await user.click(submitButton());

    expect(await screen.findByText('Feedback sent')).toBeInTheDocument();
    const sent = sentForms()[0]!;
    expect(sent.fields).toMatchObject({ type: '2', content: CONTENT, captcha: '1001', captchaId: 'c1' });
    expect(sent.images.map((file) => file.name)).toEqual(['slip.png']);
    expect(sent.comments).toEqual(['The pending withdrawal']);

    // The form starts again, with a new captcha, and the preview's address is given back.
    await waitFor(() => expect(content()).toHaveValue(''));
    expect(counter()).toHaveTextContent('0/200');
    expect(tiles()).toHaveLength(0);
    expect(captchaInput()).toHaveValue('');
    expect(within(form()).getByRole('radio', { name: 'Withdrawal' })).not.toBeChecked();
    expect(revoked).toEqual(['blob:http://localhost/preview-1']);
    await waitFor(() => expect(captchas().length).toBe(captchasBefore + 1));

    // The list below shows it, with its picture.
    const item = await within(history()).findByTestId('feedback-item');
    expect(item).toHaveTextContent('Withdrawal');
    expect(item).toHaveTextContent(CONTENT);
    const thumbnail = within(item).getByRole('img', { name: 'Picture 1: The pending withdrawal' });
    expect(thumbnail).toHaveAttribute('src', '/api/feedback/images/img-100-0');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail).toHaveAttribute('width', '1');
    expect(thumbnail).toHaveAttribute('height', '1');
  });

  it('refuses a fourth picture with a clear message', async () => {
    const { user } = await openFeedback();
    await user.upload(fileInput(), [png('one.png'), png('two.png'), png('three.png'), png('four.png')]);
    expect(tiles()).toHaveLength(3);
    expect(notices()).toHaveTextContent('four.png: At most 3 images can be sent');
    await user.upload(fileInput(), png('five.png'));
    expect(tiles()).toHaveLength(3);
    expect(notices()).toHaveTextContent('five.png: At most 3 images can be sent');

    // Removing one gives its preview address back and makes room again.
    await user.click(within(form()).getByRole('button', { name: 'Remove picture 2' }));
    expect(revoked).toEqual(['blob:http://localhost/preview-2']);
    expect(tiles().map((tile) => within(tile).getByRole('img').getAttribute('alt'))).toEqual([
      'Picture 1: one.png',
      'Picture 2: three.png',
    ]);
    expect(notices()).toBeEmptyDOMElement();
    await user.upload(fileInput(), png('five.png'));
    expect(tiles()).toHaveLength(3);
  });

  it('refuses a 6 MB picture and a GIF before sending them', async () => {
    await openFeedback();
    // The file picker offers PNG and JPG only; these come through anyway (another app, drag and drop).
    const user = userEvent.setup({ applyAccept: false });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(fileInput(), [big, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })]);
    expect(tiles()).toHaveLength(0);
    expect(notices()).toHaveTextContent('big.png: Each image must be 5 MB or smaller');
    expect(notices()).toHaveTextContent('anim.gif: Only PNG or JPG images are accepted');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(sentForms()).toHaveLength(0);
  });

  it('checks the 140-character comment before sending', async () => {
    const { user } = await openFeedback();
    await user.click(within(form()).getByRole('radio', { name: 'Games' }));
    await user.type(content(), CONTENT);
    await user.upload(fileInput(), png('game.png'));
    await user.click(within(form()).getByLabelText('Comment on picture 1'));
    await user.paste('c'.repeat(141));
    await user.type(captchaInput(), await currentAnswer());
    await user.click(submitButton());
    expect(await within(form()).findByText('A comment can have at most 140 characters')).toBeInTheDocument();
    expect(sentForms()).toHaveLength(0);
  });

  it('keeps everything typed when the server refuses a picture, and keeps the captcha it did not use', async () => {
    submitAnswers(failure('IMAGE_TYPE_NOT_ALLOWED', 415, { index: 1 }));
    const { user } = await openFeedback();
    await user.click(within(form()).getByRole('radio', { name: 'Deposit' }));
    await user.type(content(), CONTENT);
    await user.upload(fileInput(), [png('a.png'), png('renamed.png')]);
    await user.type(within(form()).getByLabelText('Comment on picture 1'), 'First');
    const answer = await currentAnswer();
    await user.type(captchaInput(), answer);
    await user.click(submitButton());

    expect(
      await within(notices()).findByText('Picture 2: Only PNG or JPG images are accepted'),
    ).toBeVisible();
    expect(within(form()).getByRole('radio', { name: 'Deposit' })).toBeChecked();
    expect(content()).toHaveValue(CONTENT);
    expect(tiles()).toHaveLength(2);
    expect(within(form()).getByLabelText('Comment on picture 1')).toHaveValue('First');
    expect(captchaInput()).toHaveValue(answer);
    expect(captchas()).toHaveLength(1);
    expect(screen.queryByText('Feedback sent')).toBeNull();

    // Without the refused picture it goes through with the same captcha.
    await user.click(within(form()).getByRole('button', { name: 'Remove picture 2' }));
    await user.click(submitButton());
    expect(await screen.findByText('Feedback sent')).toBeInTheDocument();
    expect(sentForms()[1]?.fields.captchaId).toBe('c1');
    expect(sentForms()[1]?.images).toHaveLength(1);
  });

  it('shows a wrong captcha next to it with a new picture, keeping the rest', async () => {
    submitAnswers(failure('WRONG_VERIFICATION_CODE', 400, { field: 'captcha' }));
    const { user } = await openFeedback();
    await user.click(within(form()).getByRole('radio', { name: 'Service' }));
    await user.type(content(), CONTENT);
    await user.upload(fileInput(), png('chat.png'));
    await user.type(captchaInput(), '9999');
    await user.click(submitButton());

    expect(await within(form()).findByText('Wrong verification code')).toBeInTheDocument();
    await waitFor(() => expect(captchas()).toHaveLength(2));
    expect(captchaInput()).toHaveValue('');
    expect(captchaInput()).toHaveFocus();
    expect(content()).toHaveValue(CONTENT);
    expect(within(form()).getByRole('radio', { name: 'Service' })).toBeChecked();
    expect(tiles()).toHaveLength(1);
    expect(revoked).toEqual([]);

    await user.type(captchaInput(), await currentAnswer());
    await user.click(submitButton());
    expect(await screen.findByText('Feedback sent')).toBeInTheDocument();
    expect(sentForms()[1]?.fields).toMatchObject({ captchaId: 'c2', captcha: '1002' });
  });

  it('shows a failure without a field of its own in a toast, keeping the form', async () => {
    on(feedbackCalls.submitFeedback, failure('TOO_MANY_REQUESTS', 429, { reason: 'FEEDBACK_DAILY_LIMIT' }));
    const { user } = await openFeedback();
    await user.click(within(form()).getByRole('radio', { name: 'Other' }));
    await user.type(content(), CONTENT);
    await user.type(captchaInput(), await currentAnswer());
    await user.click(submitButton());
    expect(await screen.findByText('Too many requests, please wait a moment')).toBeInTheDocument();
    expect(content()).toHaveValue(CONTENT);
    expect(captchas()).toHaveLength(1);
  });

  it('lists earlier feedback with its type, date, text, pictures (sized, loaded lazily) and the reply', async () => {
    const { user } = await openFeedback({
      items: [
        createFeedbackItem({
          id: 'fb-2',
          type: 6,
          content: 'I would like to become an agent for my city.',
          images: [createFeedbackImage()],
          status: 'resolved',
          reply: 'Our agent team will call you this week.',
          repliedAt: '2026-03-03T09:00:00.000Z',
        }),
        ...Array.from({ length: 10 }, (_, index) => createFeedbackItem({ id: `fb-old-${index}`, type: 0 })),
      ],
    });
    const items = await within(history()).findAllByTestId('feedback-item');
    expect(items).toHaveLength(10);
    const first = items[0]!;
    expect(first).toHaveTextContent('Become an agent');
    expect(within(first).getByText('I would like to become an agent for my city.')).toBeInTheDocument();
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-03-02T08:30:00.000Z');
    const thumbnail = within(first).getByRole('img', { name: 'Picture 1: The bank slip' });
    // 640 × 320 fitted into 96 px.
    expect(thumbnail).toHaveAttribute('width', '96');
    expect(thumbnail).toHaveAttribute('height', '48');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail.closest('a')).toHaveAttribute('href', '/api/feedback/images/img-1');
    expect(first).toHaveTextContent('Status: Resolved');
    const reply = within(first).getByRole('region', { name: 'Reply from customer service' });
    expect(reply).toHaveTextContent('Our agent team will call you this week.');
    expect(reply.querySelector('time')).toHaveAttribute('datetime', '2026-03-03T09:00:00.000Z');
    expect(items[1]).toHaveTextContent('Status: Received');
    expect(within(items[1]!).queryByRole('region')).toBeNull();
    await user.click(within(history()).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(history()).getAllByTestId('feedback-item')).toHaveLength(11));
  });

  it('tells a trial member the feature is not for trial accounts, without the form', async () => {
    const { page } = await openFeedback({ role: 'trial' });
    expect(page).toHaveTextContent('This feature is not available to trial accounts');
    expect(within(page).getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/m/register');
    expect(screen.queryByRole('region', { name: 'Send us your feedback' })).toBeNull();
    expect(screen.queryByLabelText('Content')).toBeNull();
    expect(callsTo(feedbackCalls.feedbackList)).toHaveLength(0);
    expect(captchas()).toHaveLength(0);
  });

  it('sends a visitor to /m/login', async () => {
    await openFeedback({ role: 'visitor' });
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/m/login');
    expect(callsTo(feedbackCalls.feedbackList)).toHaveLength(0);
  });
});
