import {
  type AdminDepositChannel,
  type CreateDepositChannelRequest,
  createDepositChannelRequest,
  type DepositChannelInput,
  depositChannelInput,
} from '@kl/contracts/admin/payments';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  type ChannelWithOrders,
  createDepositOperationsRepository,
  type DepositChannelDetails,
} from '../../deposit/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { namesEachOnce } from '../order.ts';

/** A channel as the back office shows it. */
export function channelOf(row: ChannelWithOrders): AdminDepositChannel {
  const details = row.details;
  return {
    code: row.code,
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    minAmount: moneyNumber(row.minAmount),
    maxAmount: moneyNumber(row.maxAmount),
    quickAmounts: row.quickAmounts,
    expiryMinutes: row.expiryMinutes,
    bank:
      'bankBin' in details
        ? {
            bankName: details.bankName,
            bankBin: details.bankBin,
            accountNumber: details.accountNumber,
            accountName: details.accountName,
          }
        : null,
    wallet:
      'provider' in details
        ? {
            provider: details.provider,
            walletAccount: details.walletAccount,
            accountName: details.accountName,
          }
        : null,
    enabled: row.enabled,
    sort: row.sort,
    orders: row.orders,
  };
}

/** The columns an operator's channel writes (the account of its kind; the other is dropped). */
function columnsOf(input: ReturnType<typeof depositChannelInput.parse>) {
  const details: DepositChannelDetails | null = input.kind === 'ewallet' ? input.wallet : input.bank;
  if (details === null) throw new DomainError('INVALID_INPUT', { reason: 'ACCOUNT_REQUIRED' });
  return {
    kind: input.kind,
    name: { vi: input.name.vi, en: input.name.en },
    currency: input.currency,
    minAmount: BigInt(input.minAmount),
    maxAmount: BigInt(input.maxAmount),
    quickAmounts: [...input.quickAmounts].sort((a, b) => a - b),
    expiryMinutes: input.expiryMinutes,
    details,
    enabled: input.enabled,
  };
}

/**
 * The merchant's deposit channels (docs/back-office.md, "Deposit channels and payments operations"): add,
 * edit, switch on or off, reorder, and delete one no order was ever made on. The player's deposit screen
 * reads the channels from the table on every call (`depositChannels`), so a change shows there at once.
 * Audited as `deposit_channel.create`, `deposit_channel.update` (reordering too) and
 * `deposit_channel.delete`, with the channel before and after.
 */
export function createDepositChannelsAdmin(deps: { db: Db; merchantCode: string; audit: AuditLog }) {
  const { db, merchantCode, audit } = deps;
  const channels = createDepositOperationsRepository(db);

  async function current(code: string, tx: DbOrTx = db): Promise<AdminDepositChannel> {
    const row = await channels.channel(merchantCode, code, tx);
    if (!row) throw new DomainError('NOT_FOUND', { reason: 'CHANNEL_NOT_FOUND' });
    return channelOf(row);
  }

  /** Changes one channel under its row lock and audits it (a change that changes nothing writes nothing). */
  async function change(
    actor: AuditActor,
    code: string,
    set: Parameters<typeof channels.updateChannel>[2],
  ): Promise<AdminDepositChannel> {
    return db.transaction(async (tx) => {
      if (!(await channels.lockChannel(merchantCode, code, tx)))
        throw new DomainError('NOT_FOUND', { reason: 'CHANNEL_NOT_FOUND' });
      const before = await current(code, tx);
      await channels.updateChannel(merchantCode, code, set, tx);
      const after = await current(code, tx);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await audit.record(
          actor,
          { action: 'deposit_channel.update', targetType: 'deposit_channel', targetId: code, before, after },
          tx,
        );
      }
      return after;
    });
  }

  return {
    async list(): Promise<{ list: AdminDepositChannel[] }> {
      return { list: (await channels.channels(merchantCode)).map(channelOf) };
    },

    async create(actor: AuditActor, request: CreateDepositChannelRequest): Promise<AdminDepositChannel> {
      const input = createDepositChannelRequest.parse(request);
      return db.transaction(async (tx) => {
        const created = await channels.insertChannel(
          { merchantCode, code: input.code, ...columnsOf(input) },
          tx,
        );
        if (!created) throw new DomainError('DEPOSIT_CHANNEL_EXISTS', { code: input.code });
        const after = await current(input.code, tx);
        await audit.record(
          actor,
          { action: 'deposit_channel.create', targetType: 'deposit_channel', targetId: input.code, after },
          tx,
        );
        return after;
      });
    },

    update(actor: AuditActor, code: string, request: DepositChannelInput): Promise<AdminDepositChannel> {
      return change(actor, code, columnsOf(depositChannelInput.parse(request)));
    },

    setEnabled(actor: AuditActor, code: string, enabled: boolean): Promise<AdminDepositChannel> {
      return change(actor, code, { enabled });
    },

    /** Puts the channels in the order given, which names every channel of the merchant once. */
    async reorder(actor: AuditActor, codes: readonly string[]): Promise<{ list: AdminDepositChannel[] }> {
      return db.transaction(async (tx) => {
        const before = await channels.channels(merchantCode, tx);
        const known = new Set(before.map((row) => row.code));
        if (!namesEachOnce(codes, known)) {
          throw new DomainError('INVALID_INPUT', { field: 'codes', reason: 'EVERY_CHANNEL_ONCE' });
        }
        for (const [index, code] of codes.entries()) {
          await channels.updateChannel(merchantCode, code, { sort: index + 1 }, tx);
        }
        const after = (await channels.channels(merchantCode, tx)).map(channelOf);
        await audit.record(
          actor,
          {
            action: 'deposit_channel.update',
            targetType: 'deposit_channel',
            targetId: '*',
            before: { order: before.map((row) => row.code) },
            after: { order: after.map((row) => row.code) },
          },
          tx,
        );
        return { list: after };
      });
    },

    /** Deletes a channel no order was made on; one with orders is switched off instead (DEPOSIT_CHANNEL_IN_USE). */
    async remove(actor: AuditActor, code: string): Promise<{ deleted: true }> {
      return db.transaction(async (tx) => {
        if (!(await channels.lockChannel(merchantCode, code, tx)))
          throw new DomainError('NOT_FOUND', { reason: 'CHANNEL_NOT_FOUND' });
        const before = await current(code, tx);
        if (!(await channels.deleteUnusedChannel(merchantCode, code, tx)))
          throw new DomainError('DEPOSIT_CHANNEL_IN_USE', { orders: before.orders });
        await audit.record(
          actor,
          { action: 'deposit_channel.delete', targetType: 'deposit_channel', targetId: code, before },
          tx,
        );
        return { deleted: true as const };
      });
    },
  };
}

export type DepositChannelsAdmin = ReturnType<typeof createDepositChannelsAdmin>;
