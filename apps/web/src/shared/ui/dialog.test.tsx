import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { alertDialog } from '../../features/app-download/lib/alert-dialog.ts';
import { clearDialogs, confirmDialog } from './dialog.ts';

describe('dialogs', () => {
  afterEach(() => act(() => clearDialogs()));

  it('name a confirm dialog by its title, else by its text, and answer the chosen action', async () => {
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmDialog({
        title: 'Sign out',
        content: 'Are you sure?',
        confirmText: 'Yes',
        cancelText: 'No',
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    // The name stays on the dialog only (antd-mobile copies it onto its outer box until it is shown).
    await waitFor(() => expect(document.querySelectorAll('[aria-label="Sign out"]')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirmDialog({ content: 'Register now?', confirmText: 'Register', cancelText: 'Cancel' });
    });
    const untitled = await screen.findByRole('dialog', { name: 'Register now?' });
    fireEvent.click(within(untitled).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('name an alert by its text', async () => {
    act(() => {
      void alertDialog('Please use Safari for download App.', 'OK');
    });
    expect(
      await screen.findByRole('dialog', { name: 'Please use Safari for download App.' }),
    ).toBeInTheDocument();
  });
});
