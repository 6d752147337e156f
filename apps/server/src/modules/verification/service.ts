import type { z } from 'zod';
import type { smsSendRequest } from '@kl/contracts/accounts';
import type { MerchantService } from '../merchant/index.ts';
import type { MemberRepository } from '../member/index.ts';
import type { CaptchaService } from './captcha-service.ts';
import { normaliseMobile } from './mobile.ts';
import type { SmsService } from './sms-service.ts';

/** SMS send of product.md §3/§4 for the merchant this deployment serves. */
export function createVerificationService(deps: {
  merchantService: MerchantService;
  members: MemberRepository;
  smsService: SmsService;
}) {
  return {
    /**
     * The number is checked first, then the captcha (used up either way: WRONG_VERIFICATION_CODE
     * { field: 'captcha' } when missing or wrong), and only then whether the number is registered and the
     * send limits, so that neither sending nor telling registered numbers apart is open without a captcha.
     */
    async sendSms(
      merchantCode: string,
      request: z.infer<typeof smsSendRequest>,
      ip: string,
      captchaService: Pick<CaptchaService, 'require'>,
    ) {
      const merchant = await deps.merchantService.getMerchant(merchantCode);
      const mobile = normaliseMobile(request.mobileNum, request.countryDialingCode, merchant.info.register, {
        verifierField: request.purpose === 'login' ? 'loginMobileNum' : 'mobileNum',
      });
      await captchaService.require({ captchaId: request.captchaId, captcha: request.captcha });
      const existing = await deps.members.findByMobile(
        merchantCode,
        mobile.countryDialingCode,
        mobile.mobileNum,
      );
      return deps.smsService.send({
        merchantCode,
        siteName: merchant.info.whitelabel.siteName,
        mobile,
        purpose: request.purpose,
        registered: existing !== undefined && existing.disabledAt === null,
        ip,
      });
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
