import { Dialog } from 'antd-mobile';
import '../../../shared/lib/antd-setup.ts';
import { dialogName } from '../../../shared/ui/dialog.ts';

/** antd-mobile's alert (set up for React 19 by antd-setup): one button, resolved when it is closed. */
export function alertDialog(content: string, confirmText: string): Promise<void> {
  return Dialog.alert({ ...dialogName(content), content, confirmText });
}
