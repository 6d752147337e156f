import {
  accountsCalls,
  type MemberProfile,
  type MobileChange,
  type ProfileChange,
} from '@kl/contracts/accounts';
import { contentCalls } from '@kl/contracts/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { openMember } from './testing/open-member.ts';

const AVATARS = [1, 2, 3].map((id) => ({ id, url: `/api/content/avatars/${id}.svg` }));

const EMPTY: MemberProfile = {
  nickname: null,
  birthday: null,
  email: null,
  emailVerified: false,
  mobile: null,
};

/** Opens /m/member/profile in English; the server keeps the profile and answers each change with it. */
async function openProfile(start: Partial<MemberProfile> = {}) {
  let kept = { ...EMPTY, ...start };
  on(accountsCalls.memberProfile, () => kept);
  on(accountsCalls.changeProfile, ({ body }: { body: ProfileChange }) => {
    kept = {
      ...kept,
      nickname: body.nickname === undefined ? kept.nickname : body.nickname || null,
      birthday: body.birthday ?? kept.birthday,
    };
    return kept;
  });
  on(accountsCalls.changeEmail, ({ body }: { body: { email: string } }) => {
    kept = { ...kept, email: body.email, emailVerified: false };
    return kept;
  });
  on(accountsCalls.resendEmailVerification, () => ({ sentTo: kept.email ?? '' }));
  on(accountsCalls.sendMobileCode, { expirationTime: new Date(Date.now() + 60_000).toISOString() });
  on(accountsCalls.changeMobile, ({ body }: { body: MobileChange }) => {
    kept = { ...kept, mobile: { countryDialingCode: '+84', mobileNum: body.mobileNum.replace(/^0+/, '') } };
    return kept;
  });
  on(contentCalls.headIcon, { headIconId: 2, url: AVATARS[1]?.url ?? '', chosen: false, choices: AVATARS });
  on(contentCalls.setHeadIcon, ({ body }) => ({
    headIconId: body.headIconId,
    url: `/api/content/avatars/${body.headIconId}.svg`,
    chosen: true,
    choices: AVATARS,
  }));
  return openMember({ path: '/m/member/profile?lang=en' });
}

const card = (name: string) => screen.getByRole('region', { name }) as HTMLElement;
const form = (name: string) => screen.getByRole('form', { name });

describe('member profile (/m/member/profile, docs/decisions/058-member-profile.md)', () => {
  it('picks an avatar among the site’s: the chosen one is checked and saved', async () => {
    const { user, page } = await openProfile();
    expect(page).toHaveAccessibleName('Profile');
    const group = await screen.findByRole('radiogroup', { name: 'Avatar' });
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(3));
    expect(within(group).getByRole('radio', { name: 'Avatar 2' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Avatar 3' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Avatar 3' })).toBeChecked());
    expect(within(group).getByRole('radio', { name: 'Avatar 2' })).not.toBeChecked();
    expect(callsTo(contentCalls.setHeadIcon).map(({ body }) => body)).toEqual([{ headIconId: 3 }]);
    // The one already chosen is not sent again.
    await user.click(within(group).getByRole('radio', { name: 'Avatar 3' }));
    expect(callsTo(contentCalls.setHeadIcon)).toHaveLength(1);
  });

  it('saves the nickname; a refused one is said under the field and nothing is sent for a bad one', async () => {
    const { user } = await openProfile({ nickname: 'Anh Ba' });
    const nickname = await within(await screen.findByRole('form', { name: 'Nickname' })).findByLabelText(
      'Nickname',
    );
    expect(nickname).toHaveValue('Anh Ba');
    await user.clear(nickname);
    await user.type(nickname, 'x!');
    await user.click(within(form('Nickname')).getByRole('button', { name: 'Save nickname' }));
    expect(await within(form('Nickname')).findByRole('alert')).toHaveTextContent('The name format is wrong');
    expect(callsTo(accountsCalls.changeProfile)).toEqual([]);

    await user.clear(nickname);
    await user.type(nickname, 'Chi Hai');
    await user.click(within(form('Nickname')).getByRole('button', { name: 'Save nickname' }));
    await waitFor(() =>
      expect(callsTo(accountsCalls.changeProfile).map(({ body }) => body)).toEqual([{ nickname: 'Chi Hai' }]),
    );
    expect(within(form('Nickname')).queryByRole('alert')).toBeNull();
  });

  it('sets the birthday once; then shows it with the way to have it corrected', async () => {
    const { user } = await openProfile();
    const birthdayForm = await screen.findByRole('form', { name: 'Birthday' });
    expect(within(birthdayForm).getByText(/can be set only once/)).toBeInTheDocument();
    fireEvent.change(within(birthdayForm).getByLabelText('Birthday'), { target: { value: '1990-05-17' } });
    await user.click(within(birthdayForm).getByRole('button', { name: 'Save birthday' }));
    const set = await screen.findByTestId('profile-birthday');
    expect(set).toHaveTextContent('Your birthday: May 17, 1990');
    expect(set).toHaveTextContent('To correct it, contact customer service.');
    expect(screen.queryByRole('form', { name: 'Birthday' })).toBeNull();
    expect(callsTo(accountsCalls.changeProfile).map(({ body }) => body)).toEqual([
      { birthday: '1990-05-17' },
    ]);
    expect(card('Birthday')).toBe(set);
  });

  it('puts the server’s refusal of a birthday under the field', async () => {
    const { user } = await openProfile();
    on(accountsCalls.changeProfile, failure('KYC_UNDER_AGE', 400, { field: 'birthday', minAge: 18 }));
    const birthdayForm = await screen.findByRole('form', { name: 'Birthday' });
    fireEvent.change(within(birthdayForm).getByLabelText('Birthday'), { target: { value: '2015-01-01' } });
    await user.click(within(birthdayForm).getByRole('button', { name: 'Save birthday' }));
    expect(await within(birthdayForm).findByRole('alert')).toHaveTextContent(
      'You must be at least 18 years old',
    );
    expect(within(birthdayForm).getByLabelText('Birthday')).toHaveValue('2015-01-01');
  });

  it('changes the e-mail: the new address shows as not verified, with the link to send again', async () => {
    const { user } = await openProfile();
    const emailForm = await screen.findByRole('form', { name: 'E-mail' });
    expect(emailForm).toHaveTextContent('No e-mail address yet.');
    const field = within(emailForm).getByLabelText('New e-mail address');
    await user.type(field, 'no-at-sign');
    await user.click(within(emailForm).getByRole('button', { name: 'Save and send the link' }));
    expect(await within(emailForm).findByRole('alert')).toHaveTextContent('The e-mail format is wrong');
    expect(callsTo(accountsCalls.changeEmail)).toEqual([]);

    await user.clear(field);
    await user.type(field, 'an.nguyen@example.com');
    await user.click(within(emailForm).getByRole('button', { name: 'Save and send the link' }));
    await waitFor(() => expect(form('E-mail')).toHaveTextContent('an.nguyen@example.comNot verified'));
    expect(callsTo(accountsCalls.changeEmail).map(({ body }) => body)).toEqual([
      { email: 'an.nguyen@example.com' },
    ]);
    expect(within(form('E-mail')).getByLabelText('New e-mail address')).toHaveValue('');
    await user.click(within(form('E-mail')).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(callsTo(accountsCalls.resendEmailVerification)).toHaveLength(1));
  });

  it('shows a verified address without the link to send again', async () => {
    await openProfile({ email: 'an@example.com', emailVerified: true });
    const emailForm = await screen.findByRole('form', { name: 'E-mail' });
    expect(emailForm).toHaveTextContent('an@example.comVerified');
    expect(within(emailForm).queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('changes the mobile number with a code sent to the old number and one to the new', async () => {
    const { user } = await openProfile({ mobile: { countryDialingCode: '+84', mobileNum: '912000111' } });
    const mobile = await screen.findByTestId('profile-mobile');
    expect(mobile).toHaveTextContent('Your number: +84 912000111');
    await user.click(within(mobile).getByRole('button', { name: 'Change number' }));
    const current = within(mobile).getByRole('group', { name: 'Code sent to your current number' });
    await user.click(within(current).getByRole('button', { name: 'Send code' }));
    expect(await within(current).findByRole('button', { name: /^Again in \d+ s$/ })).toBeDisabled();
    expect(callsTo(accountsCalls.sendMobileCode).map(({ body }) => body)).toEqual([{ target: 'current' }]);

    const next = within(mobile).getByRole('group', { name: 'Code sent to the new number' });
    // No code for a number that does not check out.
    await user.click(within(next).getByRole('button', { name: 'Send code' }));
    expect(await within(mobile).findByRole('alert')).toBeInTheDocument();
    expect(callsTo(accountsCalls.sendMobileCode)).toHaveLength(1);
    await user.type(within(mobile).getByLabelText('New mobile number'), '0987654321');
    await user.click(within(next).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(callsTo(accountsCalls.sendMobileCode)).toHaveLength(2));
    expect(callsTo(accountsCalls.sendMobileCode)[1]?.body).toEqual({
      target: 'new',
      countryDialingCode: '+84',
      mobileNum: '0987654321',
    });

    // The server refuses the new number's code: said under its field.
    on(accountsCalls.changeMobile, failure('WRONG_VERIFICATION_CODE', 400, { field: 'newCode' }));
    await user.type(within(current).getByLabelText('Code sent to your current number'), '123456');
    await user.type(within(next).getByLabelText('Code sent to the new number'), '654321');
    await user.click(within(mobile).getByRole('button', { name: 'Change number' }));
    expect(await within(next).findByRole('alert')).toHaveTextContent('Wrong verification code');

    on(accountsCalls.changeMobile, ({ body }: { body: MobileChange }) => ({
      ...EMPTY,
      mobile: { countryDialingCode: body.countryDialingCode, mobileNum: body.mobileNum.slice(1) },
    }));
    await user.click(within(mobile).getByRole('button', { name: 'Change number' }));
    await waitFor(() => expect(mobile).toHaveTextContent('Your number: +84 987654321'));
    expect(callsTo(accountsCalls.changeMobile).at(-1)?.body).toEqual({
      currentCode: '123456',
      countryDialingCode: '+84',
      mobileNum: '0987654321',
      newCode: '654321',
    });
    expect(within(mobile).queryByRole('group')).toBeNull();
  });
});
