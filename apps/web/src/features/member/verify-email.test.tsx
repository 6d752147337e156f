import { accountsCalls } from '@kl/contracts/accounts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { openMember } from './testing/open-member.ts';

describe('the e-mailed verification link (/m/verify-email, docs/decisions/059-member-contacts.md)', () => {
  it('sends the token once and says the address is verified', async () => {
    on(accountsCalls.verifyEmail, { email: 'an@example.com' });
    const { page } = await openMember({ path: '/m/verify-email?token=abc123&lang=en' });
    expect(page).toHaveAccessibleName('Verify e-mail');
    expect(await screen.findByText('Your e-mail address an@example.com is verified.')).toBeInTheDocument();
    expect(callsTo(accountsCalls.verifyEmail).map(({ body }) => body)).toEqual([{ token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/m/member/profile',
    );
  });

  it('says why a link verifies nothing', async () => {
    on(accountsCalls.verifyEmail, failure('EMAIL_LINK_INVALID'));
    await openMember({ path: '/m/verify-email?token=used&lang=en' });
    expect(await screen.findByText('This link cannot verify an address.')).toBeInTheDocument();
    expect(
      screen.getByText('The verification link is invalid or has expired; send a new one from your profile'),
    ).toBeInTheDocument();
  });

  it('takes an address without a token for an invalid link, without asking the server', async () => {
    await openMember({ path: '/m/verify-email?lang=en' });
    expect(await screen.findByText('This link cannot verify an address.')).toBeInTheDocument();
    expect(callsTo(accountsCalls.verifyEmail)).toEqual([]);
  });
});
