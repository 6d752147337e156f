import { Dialog } from 'antd-mobile';
import '../lib/antd-setup.ts';

/**
 * antd-mobile's Dialog through one place (set up for React 19 by antd-setup). Texts come from the
 * caller, already translated. Answers true when the confirm action is chosen.
 */
export function confirmDialog(options: {
  title?: string;
  content: string;
  confirmText: string;
  cancelText: string;
}): Promise<boolean> {
  return Dialog.confirm({
    ...dialogName(options.title ?? options.content),
    title: options.title,
    content: options.content,
    confirmText: options.confirmText,
    cancelText: options.cancelText,
    closeOnMaskClick: false,
  });
}

/**
 * The dialog's accessible name (axe aria-dialog-name): its title, else its text. antd-mobile's Dialog puts
 * an `aria-label` prop on its role="dialog" element, though its types do not list it — and copies it onto
 * the popup's outer element too, a plain box outside any landmark that axe then counts as unlabelled page
 * content (region). Once the dialog is drawn the copy is taken off that box; the dialog keeps its name.
 */
export function dialogName(name: string): object {
  const unlabelOuterBoxes = () => {
    for (const box of document.querySelectorAll('.adm-center-popup[aria-label]'))
      box.removeAttribute('aria-label');
  };
  return {
    'aria-label': name,
    afterShow: unlabelOuterBoxes,
  };
}

export function clearDialogs(): void {
  Dialog.clear();
}
