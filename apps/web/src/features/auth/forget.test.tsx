import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsCalls } from '@kl/contracts/accounts';
import { answerAccounts, captchaAnswerOfImage, smsSent } from '../../test/fake-accounts.ts';
import { callsTo, on } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('forgot password by phone', () => {
  it('sends the reset SMS only once the picture code is answered', async () => {
    answerAccounts();
    on(accountsCalls.sendSms, smsSent);
    const { user } = await renderApp('/m/forget?type=phone&lang=en');
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    await user.type(await within(dialog).findByLabelText('Mobile number'), '912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const prompt = await within(dialog).findByRole('group', { name: /receive the SMS code/ });
    expect(callsTo(accountsCalls.sendSms)).toHaveLength(0);
    const picture = await within(prompt).findByRole('img', { name: 'Picture code for the SMS' });
    await user.type(within(prompt).getByLabelText('Picture code for the SMS'), captchaAnswerOfImage(picture));
    await user.click(within(prompt).getByRole('button', { name: 'Send the SMS' }));
    await within(dialog).findByRole('button', { name: /^Resend in/ });
    await waitFor(() => expect(document.body).toHaveTextContent('Verification code sent'));
    expect(callsTo(accountsCalls.sendSms)[0]?.body).toMatchObject({
      mobileNum: '912345678',
      purpose: 'resetPassword',
      captchaId: expect.stringMatching(/^c\d+$/),
      captcha: captchaAnswerOfImage(picture),
    });
  });
});
