import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Waits until a dialog (antd-mobile's, shared/ui/dialog.ts, or a panel in its popup) has opened, and answers it. Its box takes
 * no pointer events while it animates in, so a person taps its buttons only once it is shown; a tap
 * sooner, which a test could make, closes it before its first frame, and a dialog closed then never
 * finishes closing: its animation is already where the closing sends it, never comes to rest, and the
 * closed dialog stays in the page (a test that tapped so failed when the machine was busy).
 */
export async function shown(dialog: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => {
    // A dialog's own box, or the popup's body around a panel (shared/ui/modal-panel.tsx): the same animation.
    const box = dialog.closest('.adm-popup-body') ?? dialog.firstElementChild;
    if (!(box instanceof HTMLElement) || box.style.pointerEvents !== 'unset')
      throw new Error('The dialog is still opening');
  });
  return dialog;
}

/** Taps the button named `name` of a dialog, once it is shown, as a person does. */
export async function tapInDialog(dialog: HTMLElement, name: string | RegExp): Promise<void> {
  await shown(dialog);
  await userEvent.setup().click(within(dialog).getByRole('button', { name }));
}
