import { Toast } from 'antd-mobile';
import '../lib/antd-setup.ts';

/** antd-mobile's Toast, loaded on first use (see toast.ts) so it stays out of the first load. */
export function showToast(options: {
  content: string;
  duration: number;
  icon?: 'success' | 'fail' | 'loading';
}) {
  Toast.show({
    content: options.content,
    duration: options.duration,
    icon: options.icon,
    // A loading toast keeps the page still until it is cleared.
    maskClickable: options.icon !== 'loading',
  });
}

export function clearToasts() {
  Toast.clear();
}
