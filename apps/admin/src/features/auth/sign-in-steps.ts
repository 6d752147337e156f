import type { AdminLoginResult } from '@kl/contracts/admin/auth';

/** Where the sign-in is: the password, then a code (with the new secret when two-factor is enrolled). */
export type SignInStep =
  | { step: 'password' }
  | { step: 'code'; username: string; password: string }
  | {
      step: 'enrol';
      username: string;
      password: string;
      secret: string;
      otpauthUri: string;
      qrSvg: string;
    };

type Credentials = { username: string; password: string };

/** The step after the server's answer to the password (signed-in goes straight on). */
export function nextStep(
  answer: Exclude<AdminLoginResult, { step: 'signed-in' }>,
  credentials: Credentials,
): SignInStep {
  return answer.step === 'enrol' ? { ...answer, ...credentials } : { step: 'code', ...credentials };
}

/** The QR code as an image source: the SVG is never put into the page as markup. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
