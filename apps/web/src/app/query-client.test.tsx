import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../shared/lib/api-client.ts';
import { initI18n } from '../shared/lib/i18n.ts';
import { createQueryClient } from './query-client.ts';

beforeEach(async () => {
  await initI18n('en');
});

/** Waits for the error announcement (the live region every error toast writes to). */
const expectAlert = (text: string) =>
  waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));

async function runFailingMutation(error: unknown, meta?: { errorToast?: boolean }) {
  const queryClient = createQueryClient();
  const mutation = queryClient.getMutationCache().build(queryClient, {
    mutationFn: () => Promise.reject(error),
    meta,
  });
  await mutation.execute(undefined).catch(() => undefined);
}

describe('query client', () => {
  it('shows the localised message of a failed mutation in a toast', async () => {
    await runFailingMutation(new ApiError('WRONG_CREDENTIALS'));
    await expectAlert(ERROR_MESSAGES.en.WRONG_CREDENTIALS);
    expect(
      await screen.findByText(ERROR_MESSAGES.en.WRONG_CREDENTIALS, { selector: '.adm-toast-main *' }),
    ).toBeVisible();
  });

  it('shows UNKNOWN_ERROR for a failure that is not an ApiError', async () => {
    await runFailingMutation(new Error('boom'));
    await expectAlert(ERROR_MESSAGES.en.UNKNOWN_ERROR);
  });

  it('leaves a mutation with meta.errorToast false to show its own failure', async () => {
    await runFailingMutation(new ApiError('WRONG_CREDENTIALS'), { errorToast: false });
    await runFailingMutation(new ApiError('SYSTEM_ERROR'));
    await expectAlert(ERROR_MESSAGES.en.SYSTEM_ERROR);
    expect(screen.queryByText(ERROR_MESSAGES.en.WRONG_CREDENTIALS)).toBeNull();
  });

  it('retries a query only after a network or server failure, once more at most twice', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('expected a retry policy');
    expect(retry(0, new ApiError('NETWORK_OFFLINE'))).toBe(true);
    expect(retry(1, new ApiError('SYSTEM_ERROR', { status: 500 }))).toBe(true);
    expect(retry(2, new ApiError('SYSTEM_ERROR', { status: 500 }))).toBe(false);
    expect(retry(0, new ApiError('NOT_LOGGED_IN', { status: 401 }))).toBe(false);
    expect(retry(0, new Error('bug'))).toBe(false);
  });
});
