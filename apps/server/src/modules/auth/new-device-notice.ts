import type { LocalizedText } from '@kl/contracts/content';
import { describeUserAgent } from './user-agent.ts';

/**
 * The inbox message that tells a member their account was signed in from a device it had not been signed
 * in from before (docs/product.md, "Account security"): which browser and system, from which address and
 * when, in Vietnam time, and what to do if it was not them. A device is its browser and system as the
 * User-Agent names them, so a browser's update is not a new device.
 */

export interface SignIn {
  userAgent: string | null | undefined;
  ip: string;
  at: Date;
}

export interface InboxNotice {
  title: LocalizedText;
  content: LocalizedText;
}

type Device = ReturnType<typeof describeUserAgent>;

const sameDevice = (a: Device, b: Device) => a.browser === b.browser && a.system === b.system;

/** Whether a sign-in with `userAgent` is from none of the devices of `earlier` (the member's earlier sessions). */
export function isNewDevice(
  userAgent: string | null | undefined,
  earlier: readonly (string | null)[],
): boolean {
  const device = describeUserAgent(userAgent);
  return !earlier.some((known) => sameDevice(describeUserAgent(known), device));
}

/** `HH:mm DD/MM/YYYY` in Vietnam time (UTC+7). */
function vietnamTime(at: Date): string {
  const local = new Date(at.getTime() + 7 * 60 * 60 * 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(local.getUTCHours())}:${two(local.getUTCMinutes())} ${two(local.getUTCDate())}/${two(
    local.getUTCMonth() + 1,
  )}/${local.getUTCFullYear()}`;
}

export function newDeviceNotice(signIn: SignIn): InboxNotice {
  const { browser, system } = describeUserAgent(signIn.userAgent);
  const time = `${vietnamTime(signIn.at)} (GMT+7)`;
  const device = {
    vi: [browser ?? 'trình duyệt không rõ', system ?? 'hệ điều hành không rõ'].join(' trên '),
    en: [browser ?? 'an unknown browser', system ?? 'an unknown system'].join(' on '),
  };
  return {
    title: { vi: 'Đăng nhập từ thiết bị mới', en: 'Sign-in from a new device' },
    content: {
      vi:
        `Tài khoản của bạn vừa được đăng nhập bằng ${device.vi}, từ địa chỉ ${signIn.ip}, lúc ${time}. ` +
        'Nếu không phải bạn, hãy đổi mật khẩu ngay và đăng xuất các phiên khác trong mục Bảo mật.',
      en:
        `Your account was just signed in with ${device.en}, from the address ${signIn.ip}, at ${time}. ` +
        'If this was not you, change your password now and sign the other sessions out under Security.',
    },
  };
}
