import { describe, expect, it } from 'vitest';
import { feedbackFormData } from './submit-feedback.ts';

describe('feedbackFormData', () => {
  it('writes the parts of contracts FEEDBACK_FORM_FIELDS, each comment after its picture', () => {
    const first = new File(['1'], 'first.png', { type: 'image/png' });
    const second = new File(['2'], 'second.jpg', { type: 'image/jpeg' });
    const form = feedbackFormData({
      type: 0,
      content: 'Twenty characters at the very least',
      captchaId: 'c-1',
      captcha: '1234',
      images: [
        { file: first, comment: 'one' },
        { file: second, comment: '' },
      ],
    });
    expect(
      [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
    ).toEqual([
      ['type', '0'],
      ['content', 'Twenty characters at the very least'],
      ['captchaId', 'c-1'],
      ['captcha', '1234'],
      ['image', 'first.png'],
      ['comment', 'one'],
      ['image', 'second.jpg'],
      ['comment', ''],
    ]);
  });
});
