import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearDialogs, confirmDialog } from '../shared/ui/dialog.ts';
import { tapInDialog } from './dialogs.ts';

const open = () => {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirmDialog({ content: 'Delete this?', confirmText: 'Delete', cancelText: 'Cancel' });
  });
  return { answer, dialog: screen.getByRole('dialog', { name: 'Delete this?' }) };
};

describe('tapping in a dialog', () => {
  it('a dialog closed before its first frame stays in the page: why tests wait until it is shown', async () => {
    const { answer, dialog } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await answer).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByRole('dialog', { name: 'Delete this?' })).toBeInTheDocument();
    act(() => clearDialogs());
    document.body.replaceChildren();
  });

  it('taps once the dialog is shown, as a person can, and the dialog then closes', async () => {
    const { answer, dialog } = open();
    await tapInDialog(dialog, 'Delete');
    expect(await answer).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
