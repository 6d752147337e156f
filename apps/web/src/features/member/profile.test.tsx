import { accountsCalls, type MemberProfile, type ProfileChange } from '@kl/contracts/accounts';
import { contentCalls } from '@kl/contracts/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { openMember } from './testing/open-member.ts';

const AVATARS = [1, 2, 3].map((id) => ({ id, url: `/api/content/avatars/${id}.svg` }));

/** Opens /m/member/profile in English; the server keeps the profile and answers each change with it. */
async function openProfile(start: MemberProfile = { nickname: null, birthday: null }) {
  let kept = start;
  on(accountsCalls.memberProfile, () => kept);
  on(accountsCalls.changeProfile, ({ body }: { body: ProfileChange }) => {
    kept = {
      nickname: body.nickname === undefined ? kept.nickname : body.nickname || null,
      birthday: body.birthday ?? kept.birthday,
    };
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
    const { user } = await openProfile({ nickname: 'Anh Ba', birthday: null });
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
});
