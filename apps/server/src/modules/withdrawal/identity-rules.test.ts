import { randomInt, randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { SetWithdrawalLimitsRequest } from '@kl/contracts/admin/payments';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../platform/totp.ts';
import { call } from '../../test/accounts.ts';
import { answerValue, expectFailure } from '../../test/answers.ts';
import { json } from '../../test/app.ts';
import { useBackOfficeSuite } from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import type { MemberCaller } from '../../test/suite.ts';
import { giveApprovedKyc, KYC_FIELDS, kycForm, kycPictures, submitKyc } from '../kyc/testing.ts';
import { WITHDRAWAL_SETTINGS } from './seed.ts';

/**
 * The merchant's identity rules of a withdrawal request (docs/decisions/057-know-your-customer.md): an
 * approved identity check before a member's first withdrawal paid and above an amount, two-factor
 * authentication on above another, each refused before anything is held, and told by GET
 * /api/withdrawal/info; a retry of a request made before a rule changed still answers it.
 */

const PASSWORD = '246810';
const DEFAULT_RULES: SetWithdrawalLimitsRequest = {
  minAmount: Number(WITHDRAWAL_SETTINGS.minAmount),
  maxAmount: Number(WITHDRAWAL_SETTINGS.maxAmount),
  dailyCountLimit: WITHDRAWAL_SETTINGS.dailyCountLimit,
  kycFirstWithdrawal: true,
  kycAbove: null,
  twoFactorAbove: null,
};

describeEachDatabase('withdrawal identity rules', (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(kind, {
    risk: 'risk',
    checker: 'risk',
    finance: 'finance',
  });

  const setRules = (rules: Partial<SetWithdrawalLimitsRequest>) =>
    value(adminCalls.adminSetWithdrawalLimits, operators.finance, {
      payload: { ...DEFAULT_RULES, ...rules },
    });
  afterEach(async () => {
    await setRules({});
  });

  /** A funded member with a payment password and a bank account, nothing else checked. */
  async function readyMember(balance = 2_000_000) {
    const { row, caller } = await suite.newMember();
    await suite.fund(row.id, balance);
    answerValue(
      API.setPaymentPassword,
      await call(suite.app, API.setPaymentPassword, caller, {
        payload: { password: PASSWORD, confirmPassword: PASSWORD },
      }),
    );
    const account = answerValue(
      API.addBankAccount,
      await call(suite.app, API.addBankAccount, caller, {
        payload: {
          bankCode: 'ACB',
          accountNumber: `07${String(randomInt(1e9)).padStart(9, '0')}`,
          accountName: 'NGUYEN VAN AN',
        },
      }),
    );
    return { row, caller, accountId: account.accountId };
  }
  const ask = (
    member: { caller: MemberCaller; accountId: string },
    amount: number,
    extra: { requestKey?: string; twoFactorCode?: string } = {},
  ) =>
    call(suite.app, API.createWithdrawal, member.caller, {
      payload: {
        bankAccountId: member.accountId,
        amount,
        paymentPassword: PASSWORD,
        requestKey: extra.requestKey ?? randomUUID(),
        ...(extra.twoFactorCode && { twoFactorCode: extra.twoFactorCode }),
      },
    });
  const info = async (caller: MemberCaller) =>
    answerValue(API.withdrawalInfo, await call(suite.app, API.withdrawalInfo, caller));
  const refusal = (response: LightMyRequestResponse) => json<{ code?: string; value?: unknown }>(response);

  it('refuses a first withdrawal until two operators approved the member’s identity', async () => {
    const member = await readyMember();
    expect(await info(member.caller)).toMatchObject({
      kyc: { state: 'none', firstWithdrawal: true, requiredForFirstWithdrawal: true, requiredAbove: null },
      twoFactorAbove: null,
    });
    const refused = await ask(member, 200_000);
    expectFailure(refused, 403, 'KYC_REQUIRED');
    expect(refusal(refused).value).toEqual({ reason: 'first_withdrawal' });
    expect(await suite.walletOf(member.caller)).toMatchObject({ available: 2_000_000, held: 0 });

    const sent = await submitKyc(suite.app, member.caller, await kycForm(KYC_FIELDS, await kycPictures()));
    const submissionId = answerValue(API.memberSubmitKyc, sent).submission?.id ?? '';
    expect((await info(member.caller)).kyc.state).toBe('submitted');
    expectFailure(await ask(member, 200_000), 403, 'KYC_REQUIRED');
    const approve = (operator: typeof operators.risk) =>
      request(adminCalls.adminApproveKyc, operator, { params: { submissionId } });
    answerValue(adminCalls.adminApproveKyc, await approve(operators.risk));
    // Approved once is not approved.
    expectFailure(await ask(member, 200_000), 403, 'KYC_REQUIRED');
    answerValue(adminCalls.adminApproveKyc, await approve(operators.checker));

    expect((await info(member.caller)).kyc).toMatchObject({ state: 'approved', firstWithdrawal: true });
    const made = answerValue(API.createWithdrawal, await ask(member, 200_000));
    expect(made.withdrawal.status).toBe('pending');
    expect(await suite.walletOf(member.caller)).toMatchObject({ available: 1_800_000, held: 200_000 });
  });

  it('asks only before the first withdrawal paid; a retry of an earlier request still answers it', async () => {
    await setRules({ kycFirstWithdrawal: false });
    const paid = await readyMember();
    const first = answerValue(API.createWithdrawal, await ask(paid, 200_000));
    answerValue(
      adminCalls.adminApproveWithdrawal,
      await request(adminCalls.adminApproveWithdrawal, operators.finance, {
        params: { withdrawalId: first.withdrawal.requestId },
      }),
    );
    const pending = await readyMember();
    const requestKey = randomUUID();
    answerValue(API.createWithdrawal, await ask(pending, 300_000, { requestKey }));

    await setRules({ kycFirstWithdrawal: true });
    // Paid once: no longer a first withdrawal.
    expect((await info(paid.caller)).kyc).toMatchObject({ state: 'none', firstWithdrawal: false });
    answerValue(API.createWithdrawal, await ask(paid, 100_000));
    // A request waiting is no withdrawal paid; its retry answers it, a new one is refused.
    expect((await info(pending.caller)).kyc.firstWithdrawal).toBe(true);
    const retried = answerValue(API.createWithdrawal, await ask(pending, 300_000, { requestKey }));
    expect(retried).toMatchObject({ replayed: true, withdrawal: { amount: 300_000 } });
    expectFailure(await ask(pending, 100_000), 403, 'KYC_REQUIRED');
    expect(await suite.walletOf(pending.caller)).toMatchObject({ held: 300_000 });
  });

  it('asks for an approved identity above the merchant’s amount', async () => {
    await setRules({ kycFirstWithdrawal: false, kycAbove: 500_000 });
    const member = await readyMember();
    expect((await info(member.caller)).kyc).toMatchObject({
      requiredForFirstWithdrawal: false,
      requiredAbove: 500_000,
    });
    answerValue(API.createWithdrawal, await ask(member, 500_000));
    const above = await ask(member, 500_001);
    expectFailure(above, 403, 'KYC_REQUIRED');
    expect(refusal(above).value).toEqual({ reason: 'above_amount', requiredAbove: 500_000 });
    expect(await suite.walletOf(member.caller)).toMatchObject({ held: 500_000 });

    await giveApprovedKyc(suite.database.current.db, member.row.id);
    answerValue(API.createWithdrawal, await ask(member, 500_001));
  });

  it('asks for two-factor authentication on above the merchant’s amount', async () => {
    await setRules({ kycFirstWithdrawal: false, twoFactorAbove: 300_000 });
    const member = await readyMember();
    expect((await info(member.caller)).twoFactorAbove).toBe(300_000);
    answerValue(API.createWithdrawal, await ask(member, 300_000));
    const above = await ask(member, 300_001);
    expectFailure(above, 403, 'TWO_FACTOR_NEEDED');
    expect(refusal(above).value).toEqual({ twoFactorAbove: 300_000 });
    expect(await suite.walletOf(member.caller)).toMatchObject({ held: 300_000 });

    const started = answerValue(API.startTwoFactor, await call(suite.app, API.startTwoFactor, member.caller));
    const code = (steps = 0) => totpCode(started.secret, totpStep(suite.time.clock()) + steps);
    answerValue(
      API.enableTwoFactor,
      await call(suite.app, API.enableTwoFactor, member.caller, { payload: { code: code() } }),
    );
    suite.time.advance(30_000);
    answerValue(API.createWithdrawal, await ask(member, 300_001, { twoFactorCode: code() }));
  });
});
