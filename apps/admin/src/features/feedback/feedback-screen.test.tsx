import type { AdminFeedbackDetail } from '@kl/contracts/admin/feedback';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const FEEDBACK = 'c2d5a1b0-3e4f-4a6b-8c7d-9e0f1a2b3c4d';
const IMAGE = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('the feedback desk', () => {
  it('lists feedback, opens one with its picture, and sends the reply the member will see', async () => {
    const feedback: AdminFeedbackDetail = {
      id: FEEDBACK,
      type: 1,
      content: 'My deposit of this morning has not arrived yet.',
      memberUsername: 'alice',
      createdAt: '2026-03-02T08:30:00.000Z',
      status: 'new',
      imageCount: 1,
      repliedAt: null,
      reply: null,
      images: [
        {
          id: IMAGE,
          url: `/api/admin/feedback/images/${IMAGE}`,
          contentType: 'image/png',
          byteSize: 1200,
          width: 640,
          height: 320,
          comment: 'The bank slip',
        },
      ],
    };
    const { images: _images, reply: _reply, ...summary } = feedback;
    const { user, api } = await renderAdmin('/feedback', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('support'))),
        on(adminCalls.adminFeedbackList, () =>
          answer(adminCalls.adminFeedbackList, { list: [summary], pageNo: 1, pageSize: 20, total: 1 }),
        ),
        on(adminCalls.adminFeedback, () => answer(adminCalls.adminFeedback, feedback)),
        on(adminCalls.adminReplyFeedback, (request) => {
          const { reply } = bodyOf(adminCalls.adminReplyFeedback, request);
          Object.assign(feedback, { reply, status: 'resolved', repliedAt: '2026-03-02T09:00:00.000Z' });
          return answer(adminCalls.adminReplyFeedback, feedback);
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Feedback');
    const table = await screen.findByRole('table', { name: 'Members’ feedback' });
    expect(await within(table).findByText('alice')).toBeVisible();
    expect(within(table).getByText('Deposit')).toBeVisible();

    await user.click(within(table).getByRole('button', { name: /Open the feedback of alice/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Feedback from alice' });
    expect(await within(drawer).findByRole('img', { name: 'Picture 1: The bank slip' })).toHaveAttribute(
      'src',
      `/api/admin/feedback/images/${IMAGE}`,
    );
    expect(within(drawer).getByText('Not answered yet.')).toBeVisible();

    await user.click(within(drawer).getByRole('button', { name: 'Send reply' }));
    expect(await within(drawer).findByText('Please write a reply')).toBeVisible();
    await user.type(within(drawer).getByLabelText('Reply to the member'), '  It has been credited.  ');
    await user.click(within(drawer).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminReplyFeedback).map((request) => request.json)).toEqual([
        { reply: 'It has been credited.' },
      ]),
    );
    expect(await within(drawer).findByText('It has been credited.')).toBeVisible();
  });
});
