import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createQueryClient } from '../app/query-client.ts';
import { initI18n } from '../shared/lib/i18n.ts';
import { createSystemStatus } from './factories.ts';
import { stubServer } from './fake-server.ts';

/**
 * Renders `ui` alone (no app around it) in English with a query client of its own, against the answers
 * the test set with `on` beforehand (test/fake-api.ts) and the usual system status; answers the user who
 * drives it.
 */
export async function renderWithQueries(ui: ReactElement) {
  stubServer({ status: createSystemStatus() });
  await initI18n('en');
  const user = userEvent.setup({ delay: null });
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
  return user;
}
