import { KYC_PICTURE_MAX_BYTES, kycCalls, type MemberKyc } from '@kl/contracts/kyc';
import { withdrawalCalls } from '@kl/contracts/withdrawal';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { vietnamToday } from './lib/kyc-form.ts';
import { kycSubmissionOf, memberKycOf } from './testing/fake-withdrawal.ts';
import { openKyc } from './testing/open-withdraw.ts';

const png = (name: string, bytes = 68) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

// jsdom has no object URLs: each preview gets a numbered blob: address.
beforeEach(() => {
  let made = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/preview-${++made}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const form = () => screen.getByTestId('kyc-form');
const field = (label: string) => within(form()).getByLabelText(label);
const submitButton = () => within(form()).getByRole('button', { name: 'Send for verification' });
const state = () => screen.getByTestId('kyc-state');

/** The multipart forms POST /api/member/kyc received: each part's name with its text or file name. */
const sentForms = () =>
  callsTo(kycCalls.memberSubmitKyc).map(({ body }) =>
    [...(body as FormData).entries()].map(([name, value]) => [
      name,
      value instanceof File ? `file:${value.name}` : value,
    ]),
  );

/** The server takes a submission: the member's check is under review with it. */
const underReview = (overrides: Partial<MemberKyc> = {}) =>
  memberKycOf({ state: 'submitted', submission: kycSubmissionOf(), ...overrides });

type User = Awaited<ReturnType<typeof openKyc>>['user'];

/** Fills the form with an adult's identity card of NGUYEN VAN AN, each of its pictures picked. */
async function fillIdentityCard(user: User) {
  await user.type(field('Document number'), '0790 1234 5678');
  await user.type(field('Full name as on the document'), 'Nguyễn Văn An');
  fireEvent.change(field('Date of birth'), { target: { value: '1990-05-20' } });
  await user.upload(field('Front of the document'), png('front.png'));
  await user.upload(field('Back of the document'), png('back.png'));
  await user.upload(field('Selfie holding the document'), png('selfie.png'));
}

describe('identity verification (/m/member/kyc, docs/decisions/057-know-your-customer.md)', () => {
  it('sends an identity card as one multipart form, then shows it under review without the form', async () => {
    const { user, page } = await openKyc();
    on(kycCalls.memberSubmitKyc, underReview());
    expect(page).toHaveAttribute('data-page', 'member');
    expect(page).toHaveAccessibleName('Identity verification');
    expect(await screen.findByTestId('kyc-state')).toHaveTextContent('Not verified yet');
    expect(screen.getByText('Needed before your first withdrawal.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Send your documents' })).toBe(form());
    expect(within(form()).getByRole('radio', { name: 'Identity card' })).toBeChecked();
    expect(
      await within(form()).findByText('It must match the name registered with us: NGUYEN VAN AN'),
    ).toBeInTheDocument();
    const birth = field('Date of birth');
    expect(birth).toHaveAttribute('type', 'date');
    expect(birth).toHaveAttribute('max', vietnamToday());
    for (const label of ['Front of the document', 'Back of the document', 'Selfie holding the document']) {
      expect(field(label)).toHaveAttribute('type', 'file');
      expect(field(label)).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    }

    await fillIdentityCard(user);
    expect(within(form()).getByRole('img', { name: 'Preview: Front of the document' })).toHaveAttribute(
      'src',
      'blob:http://localhost/preview-1',
    );
    await user.click(submitButton());

    expect(await screen.findByText('Your documents have been sent for review')).toBeInTheDocument();
    await waitFor(() => expect(state()).toHaveTextContent('Under review'));
    expect(sentForms()).toEqual([
      [
        ['documentKind', 'id_card'],
        ['documentNumber', '079012345678'],
        ['fullName', 'Nguyễn Văn An'],
        ['birthDate', '1990-05-20'],
        ['front', 'file:front.png'],
        ['back', 'file:back.png'],
        ['selfie', 'file:selfie.png'],
      ],
    ]);
    // Multipart: the browser writes the content type with its boundary; the call names its module.
    const { headers } = callsTo(kycCalls.memberSubmitKyc)[0]!;
    expect(headers['x-module-id']).toBe('PERSPNL3');
    expect(headers['content-type']).toBeUndefined();
    expect(screen.queryByTestId('kyc-form')).toBeNull();
    const sent = screen.getByRole('region', { name: 'Documents you sent' });
    expect(within(sent).getByText('••••••••5678')).toBeInTheDocument();
    expect(within(sent).getByText('20/05/1990')).toBeInTheDocument();
    expect(within(sent).getByRole('img', { name: 'Sent: Selfie holding the document' })).toHaveAttribute(
      'src',
      '/api/member/kyc/00000000-0000-4000-8300-000000000001/pictures/selfie',
    );
    // The withdraw screens read the identity check's new state.
    await waitFor(() => expect(callsTo(withdrawalCalls.withdrawalInfo).length).toBeGreaterThan(1));
  });

  it('asks no back for a passport, and sends none', async () => {
    const { user } = await openKyc();
    on(kycCalls.memberSubmitKyc, underReview());
    await user.click(
      await within(await screen.findByTestId('kyc-form')).findByRole('radio', { name: 'Passport' }),
    );
    expect(within(form()).queryByLabelText('Back of the document')).toBeNull();
    await user.type(field('Document number'), 'c1234567');
    await user.type(field('Full name as on the document'), 'NGUYEN VAN AN');
    fireEvent.change(field('Date of birth'), { target: { value: '1990-05-20' } });
    await user.upload(field('Front of the document'), png('passport.png'));
    await user.upload(field('Selfie holding the document'), png('me.png'));
    await user.click(submitButton());
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    expect(sentForms()[0]?.map(([name]) => name)).toEqual([
      'documentKind',
      'documentNumber',
      'fullName',
      'birthDate',
      'front',
      'selfie',
    ]);
    expect(sentForms()[0]?.slice(0, 2)).toEqual([
      ['documentKind', 'passport'],
      ['documentNumber', 'C1234567'],
    ]);
  });

  it('checks every field before sending, and refuses a picture too large or of another type at once', async () => {
    const { user } = await openKyc();
    await user.click(
      await within(await screen.findByTestId('kyc-form')).findByRole('button', {
        name: 'Send for verification',
      }),
    );
    await waitFor(() =>
      expect(
        within(form())
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual([
        'Enter the document number',
        'Enter your full name as on the document',
        'Enter your date of birth',
        'Add a picture of the front of the document',
        'Add a picture of the back of the document',
        'Add a selfie holding the document',
      ]),
    );
    expect(field('Document number')).toHaveFocus();

    const large = new File([new Uint8Array(KYC_PICTURE_MAX_BYTES + 1)], 'large.jpg', { type: 'image/jpeg' });
    await user.upload(field('Front of the document'), large);
    expect(field('Front of the document')).toHaveAccessibleDescription(
      'Each picture must be 8 MB or smaller PNG, JPEG or WebP, at most 8 MB',
    );
    expect(within(form()).queryByRole('img', { name: 'Preview: Front of the document' })).toBeNull();
    // A picker may offer other files than those asked for.
    const gif = new File(['GIF89a'], 'back.gif', { type: 'image/gif' });
    fireEvent.change(field('Back of the document'), { target: { files: [gif] } });
    expect(field('Back of the document')).toHaveAccessibleDescription(
      'Only PNG, JPEG or WebP pictures are accepted PNG, JPEG or WebP, at most 8 MB',
    );

    // The contract's rules and the member's: the number's characters, 18 or older, the registered name.
    await user.type(field('Document number'), '12-34');
    const today = vietnamToday();
    fireEvent.change(field('Date of birth'), {
      target: { value: `${Number(today.slice(0, 4)) - 17}${today.slice(4)}` },
    });
    await user.type(field('Full name as on the document'), 'Tran Thi B');
    await user.click(submitButton());
    await waitFor(() =>
      expect(field('Date of birth')).toHaveAccessibleDescription('You must be at least 18 years old'),
    );
    expect(field('Document number')).toHaveAccessibleDescription(
      'The document number is 6 to 20 letters and digits Letters and digits as printed, 6 to 20 characters',
    );
    expect(field('Full name as on the document')).toHaveAccessibleDescription(
      'The name on the document must match your registered name It must match the name registered with us: NGUYEN VAN AN',
    );
    expect(callsTo(kycCalls.memberSubmitKyc)).toEqual([]);
  });

  it('puts a refusal on the field it names and keeps what was typed; another refusal above the button', async () => {
    const { user } = await openKyc({ payeeName: null });
    on(kycCalls.memberSubmitKyc, () => {
      const answers = [
        failure('KYC_NAME_MISMATCH', 400, { field: 'fullName' }),
        failure('PICTURE_NOT_DECODABLE', 400, { field: 'back' }),
        failure('TOO_MANY_REQUESTS'),
      ];
      return answers[sentForms().length - 1] ?? underReview();
    });
    await screen.findByTestId('kyc-form');
    await fillIdentityCard(user);
    await user.click(submitButton());
    const name = field('Full name as on the document');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(
      'The name on the document must match your registered name It must match the name registered with us (accents are not compared).',
    );
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Nguyễn Văn An');
    expect(field('Document number')).toHaveValue('0790 1234 5678');
    expect(field('Date of birth')).toHaveValue('1990-05-20');
    expect(
      within(form()).getByRole('img', { name: 'Preview: Selfie holding the document' }),
    ).toBeInTheDocument();

    await user.click(submitButton());
    await waitFor(() =>
      expect(field('Back of the document')).toHaveAccessibleDescription(
        'This picture could not be read; please choose another one PNG, JPEG or WebP, at most 8 MB',
      ),
    );
    expect(name).toHaveAttribute('aria-invalid', 'false');

    await user.upload(field('Back of the document'), png('back-again.png'));
    await user.click(submitButton());
    expect(await within(form()).findByText('Too many requests, please wait a moment')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(sentForms()).toHaveLength(3);
    expect(sentForms()[2]).toContainEqual(['back', 'file:back-again.png']);
  });

  it('shows a rejection with the operator’s reason, what was sent, and the form again', async () => {
    const submission = kycSubmissionOf({
      rejectReason: 'The selfie is blurred',
      decidedAt: '2030-03-02T08:00:00.000Z',
    });
    await openKyc({ identity: memberKycOf({ state: 'rejected', submission }) });
    expect(await screen.findByTestId('kyc-state')).toHaveTextContent('Rejected');
    expect(screen.getByTestId('kyc-reject-reason')).toHaveTextContent('Reason: The selfie is blurred');
    expect(screen.getByTestId('kyc-reject-reason')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('region', { name: 'Documents you sent' })).toHaveTextContent('Checked at');
    expect(screen.getByRole('form', { name: 'Send your documents again' })).toBe(form());
    expect(submitButton()).toBeEnabled();
  });

  it('shows a submission under review without any form', async () => {
    await openKyc({ identity: underReview() });
    expect(await screen.findByTestId('kyc-state')).toHaveTextContent('Under review');
    expect(
      screen.getByText('We are checking your documents. You will see the result here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Documents you sent' })).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send for verification' })).toBeNull();
  });

  it('shows an approved identity, with nothing more to send', async () => {
    await openKyc({
      identity: memberKycOf({
        state: 'approved',
        submission: kycSubmissionOf({ decidedAt: '2030-03-02T08:00:00.000Z' }),
      }),
    });
    expect(await screen.findByTestId('kyc-state')).toHaveTextContent('Verified');
    expect(screen.getByText('Your identity is verified. Nothing more is needed.')).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-form')).toBeNull();
    expect(screen.queryByText('Needed before your first withdrawal.')).toBeNull();
  });

  it('speaks Vietnamese by default', async () => {
    const { user, page } = await openKyc({ lang: 'vi' });
    expect(page).toHaveAccessibleName('Xác minh danh tính');
    expect(await screen.findByTestId('kyc-state')).toHaveTextContent('Chưa xác minh');
    await user.click(within(form()).getByRole('button', { name: 'Gửi xác minh' }));
    expect(await within(form()).findByText('Vui lòng nhập số giấy tờ')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Mặt trước giấy tờ')).toHaveAttribute('type', 'file');
    expect(within(form()).getByRole('radio', { name: 'Hộ chiếu' })).toBeInTheDocument();
  });
});
