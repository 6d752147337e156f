import type { z } from 'zod';
import type { smsSendRequest } from '@kl/contracts/accounts';
import type { MerchantService } from '../merchant/index.ts';
import type { MemberRepository } from '../member/index.ts';
import { normaliseMobile } from './mobile.ts';
import type { SmsService } from './sms-service.ts';

/** SMS send of SPEC §3/§4 for the merchant this deployment serves. */
export function createVerificationService(deps: {
  merchantService: MerchantService;
  members: MemberRepository;
  smsService: SmsService;
}) {
  return {
    async sendSms(merchantCode: string, request: z.infer<typeof smsSendRequest>, ip: string) {
      const merchant = await deps.merchantService.getMerchant(merchantCode);
      const mobile = normaliseMobile(request.mobileNum, request.countryDialingCode, merchant.info.register, {
        verifierField: request.purpose === 'login' ? 'loginMobileNum' : 'mobileNum',
      });
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
