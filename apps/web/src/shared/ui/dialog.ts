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
    title: options.title,
    content: options.content,
    confirmText: options.confirmText,
    cancelText: options.cancelText,
    closeOnMaskClick: false,
  });
}

export function clearDialogs(): void {
  Dialog.clear();
}
