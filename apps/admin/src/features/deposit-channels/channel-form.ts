import type { AdminDepositChannel, CreateDepositChannelRequest } from '@kl/contracts/admin/payments';
import type { DepositChannelKind } from '@kl/contracts/deposit';

/** The channel form's values: the account fields of both kinds, the quick amounts as one text. */
export interface ChannelFormValues {
  code: string;
  kind: DepositChannelKind;
  nameVi: string;
  nameEn: string;
  minAmount: number;
  maxAmount: number;
  /** Amounts separated by commas or spaces, in whole đồng. */
  quickAmounts: string;
  expiryMinutes: number;
  bankName?: string;
  bankBin?: string;
  accountNumber?: string;
  accountName?: string;
  provider?: string;
  walletAccount?: string;
  walletName?: string;
  enabled: boolean;
}

/** The quick amounts typed (`100000, 200.000; 500000`): whole numbers, or null when one is not. */
export function parseQuickAmounts(text: string): number[] | null {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  const amounts = parts.map((part) => (/^\d+(\.\d{3})*$/.test(part) ? Number(part.replace(/\./g, '')) : NaN));
  return amounts.every((amount) => Number.isSafeInteger(amount) && amount > 0) ? amounts : null;
}

/** The form's values of a channel (a new channel: a bank transfer, on, 30 minutes). */
export function formValuesOf(channel: AdminDepositChannel | null): Partial<ChannelFormValues> {
  if (!channel) return { kind: 'bank_transfer', expiryMinutes: 30, enabled: true, quickAmounts: '' };
  return {
    code: channel.code,
    kind: channel.kind,
    nameVi: channel.name.vi,
    nameEn: channel.name.en ?? '',
    minAmount: channel.minAmount,
    maxAmount: channel.maxAmount,
    quickAmounts: channel.quickAmounts.join(', '),
    expiryMinutes: channel.expiryMinutes,
    bankName: channel.bank?.bankName,
    bankBin: channel.bank?.bankBin,
    accountNumber: channel.bank?.accountNumber,
    accountName: channel.bank?.accountName,
    provider: channel.wallet?.provider,
    walletAccount: channel.wallet?.walletAccount,
    walletName: channel.wallet?.accountName,
    enabled: channel.enabled,
  };
}

/** What the form sends: the account of its kind only. */
export function requestOf(values: ChannelFormValues): CreateDepositChannelRequest {
  const ewallet = values.kind === 'ewallet';
  return {
    code: values.code.trim(),
    kind: values.kind,
    name: { vi: values.nameVi.trim(), en: values.nameEn.trim() },
    minAmount: values.minAmount,
    maxAmount: values.maxAmount,
    quickAmounts: parseQuickAmounts(values.quickAmounts ?? '') ?? [],
    expiryMinutes: values.expiryMinutes,
    bank: ewallet
      ? null
      : {
          bankName: (values.bankName ?? '').trim(),
          bankBin: (values.bankBin ?? '').trim(),
          accountNumber: (values.accountNumber ?? '').trim(),
          accountName: (values.accountName ?? '').trim(),
        },
    wallet: ewallet
      ? {
          provider: (values.provider ?? '').trim(),
          walletAccount: (values.walletAccount ?? '').trim(),
          accountName: (values.walletName ?? '').trim(),
        }
      : null,
    enabled: values.enabled,
  };
}
