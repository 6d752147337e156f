import {
  type AdminVipLevel,
  type AdminVipLevels,
  changesHouseMoney,
  type saveVipLevelBody,
  type VipLevelChangePayload,
  vipLevelChangePayload,
  type VipLevelPendingChange,
  type VipLevelSaveResult,
  type VipLevelTerms,
} from '@kl/contracts/admin/vip';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { createVipRepository, type VipLevelColumns, type VipLevelRow } from '../../vip/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { localized } from '../localized.ts';
import type { OperatorRequestRepository } from '../operator-request-repository.ts';
import type { OperatorRequestKindHandler, OperatorRequests } from '../operator-requests.ts';

/**
 * VIP levels in the back office (docs/back-office.md, "VIP levels"): every level with its members, the
 * changes waiting, a level's new terms, the next level, and deleting the highest level when no member is
 * at it. Thresholds rise with the level (level 0 starts at 0). What a level pays — its threshold, bonuses
 * and rebate — is house money: a change of it is a `vip_level.update` request another operator of the
 * promotions area approves (operator-requests.ts, four-eyes.ts); names and withdrawals change at once.
 * Every change is audited in its transaction (`vip_level.create`, `vip_level.update`, `vip_level.delete`).
 * The player site reads the levels on every call, so a change reaches players at once.
 */

export type SaveVipLevel = z.output<typeof saveVipLevelBody>;

const KIND = 'vip_level.update';

function termsOf(row: VipLevelRow): VipLevelTerms {
  return {
    name: row.name,
    depositThreshold: moneyNumber(row.depositThreshold),
    upgradeBonus: moneyNumber(row.upgradeBonus),
    birthdayBonus: moneyNumber(row.birthdayBonus),
    monthlyBonus: moneyNumber(row.monthlyBonus),
    dailyWithdrawalCount: row.dailyWithdrawalCount,
    dailyWithdrawalLimit: moneyNumber(row.dailyWithdrawalLimit),
    rebateBasisPoints: row.rebateBasisPoints,
  };
}

function columnsOf(terms: VipLevelTerms): VipLevelColumns {
  return {
    name: terms.name,
    depositThreshold: BigInt(terms.depositThreshold),
    upgradeBonus: BigInt(terms.upgradeBonus),
    birthdayBonus: BigInt(terms.birthdayBonus),
    monthlyBonus: BigInt(terms.monthlyBonus),
    dailyWithdrawalCount: terms.dailyWithdrawalCount,
    dailyWithdrawalLimit: BigInt(terms.dailyWithdrawalLimit),
    rebateBasisPoints: terms.rebateBasisPoints,
  };
}

/** The terms an operator sent (the name as kept: English only when written). */
function termsFrom(body: SaveVipLevel): { terms: VipLevelTerms; note: string } {
  const { note, name, ...amounts } = body;
  return { terms: { name: localized(name), ...amounts }, note };
}

/**
 * Level 0 starts at 0; every other level's threshold is above the level's below it and below the level's
 * above it (400 VIP_THRESHOLD_NOT_ASCENDING with the bounds, exclusive).
 */
function checkThreshold(levels: readonly VipLevelRow[], level: number, threshold: number): void {
  if (level === 0) {
    if (threshold !== 0) throw new DomainError('VIP_THRESHOLD_NOT_ASCENDING', { level, required: 0 });
    return;
  }
  const below = levels.filter((row) => row.level < level).at(-1);
  const above = levels.find((row) => row.level > level);
  const amount = BigInt(threshold);
  if ((below && amount <= below.depositThreshold) || (above && amount >= above.depositThreshold)) {
    throw new DomainError('VIP_THRESHOLD_NOT_ASCENDING', {
      level,
      greaterThan: below ? moneyNumber(below.depositThreshold) : null,
      lessThan: above ? moneyNumber(above.depositThreshold) : null,
    });
  }
}

const LEVEL_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'VIP_LEVEL_NOT_FOUND' });
const sameTerms = (a: VipLevelTerms, b: VipLevelTerms) => JSON.stringify(a) === JSON.stringify(b);

interface VipWriterDeps {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
}

/**
 * Writes a change of a level under the levels' locks, checked again against the levels as they are now (a
 * request approved later may meet other levels), and audits it as the actor's (the approver's for a
 * request).
 */
function createVipLevelWriter({ merchantCode, audit, db }: VipWriterDeps) {
  const vip = createVipRepository(db);
  return {
    vip,
    async apply(actor: AuditActor, change: VipLevelChangePayload, note: string, tx: DbOrTx): Promise<void> {
      const levels = await vip.lockLevels(merchantCode, tx);
      const { level, terms } = change;
      const current = levels.find((row) => row.level === level);
      if (change.change === 'create') {
        const highest = levels.at(-1)?.level ?? -1;
        if (level !== highest + 1) throw new DomainError('VIP_LEVEL_NOT_LAST', { level, highest });
      } else if (!current) {
        throw LEVEL_NOT_FOUND();
      }
      checkThreshold(levels, level, terms.depositThreshold);
      const row = current
        ? await vip.updateLevel(merchantCode, level, columnsOf(terms), tx)
        : await vip.insertLevel(merchantCode, level, columnsOf(terms), tx);
      await audit.record(
        actor,
        {
          action: `vip_level.${change.change}`,
          targetType: 'vip_level',
          targetId: String(level),
          ...(current && { before: termsOf(current) }),
          after: { ...termsOf(row), note },
        },
        tx,
      );
    },
  };
}

/**
 * The `vip_level.update` kind: deciding it takes write access to promotions; approving applies the change
 * it carries, checked again (a DomainError there leaves the request pending).
 */
export function createVipLevelChangeKind(deps: VipWriterDeps): OperatorRequestKindHandler {
  const { vip, apply } = createVipLevelWriter(deps);
  return {
    area: 'promotions',
    async label(target, tx) {
      const row = (await vip.levels(deps.merchantCode, tx)).find((level) => String(level.level) === target);
      return row ? `${target} · ${row.name.vi}` : target;
    },
    async apply(tx, request, checker) {
      const change = vipLevelChangePayload.safeParse(request.payload);
      if (!change.success) throw new DomainError('INVALID_INPUT', { reason: 'VIP_LEVEL_CHANGE' });
      await apply(checker, change.data, request.note, tx);
      return {};
    },
  };
}

export function createVipLevelsAdmin(
  deps: VipWriterDeps & {
    requests: Pick<OperatorRequests, 'create'>;
    requestRecords: Pick<OperatorRequestRepository, 'pendingOfKind'>;
  },
) {
  const { db, merchantCode, audit, requests, requestRecords } = deps;
  const { vip, apply } = createVipLevelWriter(deps);

  async function pendingChanges(tx: DbOrTx = db): Promise<VipLevelPendingChange[]> {
    const records = await requestRecords.pendingOfKind(merchantCode, KIND, tx);
    return records.flatMap(({ row, requestedBy }) => {
      const payload = vipLevelChangePayload.safeParse(row.payload);
      if (!payload.success) return [];
      return {
        ...payload.data,
        requestId: row.id,
        note: row.note,
        requestedBy: { id: row.requestedBy, username: requestedBy },
        requestedAt: row.requestedAt.toISOString(),
      };
    });
  }

  /**
   * One change of a level waits at a time; while it waits the level is not changed otherwise (nor deleted,
   * nor the level below it, which a new level waiting comes after).
   */
  async function refuseWhilePending(levels: readonly number[], tx?: DbOrTx): Promise<void> {
    const waiting = (await pendingChanges(tx)).find((change) => levels.includes(change.level));
    if (waiting) throw new DomainError('OPERATOR_REQUEST_PENDING', { level: waiting.level });
  }

  async function levelsWithMembers(rows: readonly VipLevelRow[]): Promise<AdminVipLevel[]> {
    const reaching = await vip.membersReaching(
      merchantCode,
      rows.map((row) => row.depositThreshold),
    );
    return rows.map((row, index) => ({
      level: row.level,
      ...termsOf(row),
      members: (reaching[index] ?? 0) - (reaching[index + 1] ?? 0),
    }));
  }

  async function levelNow(level: number): Promise<AdminVipLevel | null> {
    return (
      (await levelsWithMembers(await vip.levels(merchantCode))).find((row) => row.level === level) ?? null
    );
  }

  /** Applies a change at once, or asks for it when it changes what the house pays. */
  async function propose(
    actor: AuditActor,
    change: VipLevelChangePayload,
    current: VipLevelTerms | null,
    note: string,
  ): Promise<VipLevelSaveResult> {
    await refuseWhilePending([change.level]);
    if (changesHouseMoney(current, change.terms)) {
      const request = await requests.create(actor, {
        kind: KIND,
        target: String(change.level),
        payload: change,
        note,
      });
      return { applied: false, level: await levelNow(change.level), request };
    }
    if (current === null || !sameTerms(current, change.terms)) {
      await db.transaction((tx) => apply(actor, change, note, tx));
    }
    return { applied: true, level: await levelNow(change.level), request: null };
  }

  return {
    async list(): Promise<AdminVipLevels> {
      const [rows, pending] = await Promise.all([vip.levels(merchantCode), pendingChanges()]);
      return { list: await levelsWithMembers(rows), pending, currency: WALLET_CURRENCY };
    },

    /** A level's new terms (unknown level: 404). */
    async update(actor: AuditActor, level: number, body: SaveVipLevel): Promise<VipLevelSaveResult> {
      const { terms, note } = termsFrom(body);
      const levels = await vip.levels(merchantCode);
      const current = levels.find((row) => row.level === level);
      if (!current) throw LEVEL_NOT_FOUND();
      checkThreshold(levels, level, terms.depositThreshold);
      return propose(actor, { change: 'update', level, terms }, termsOf(current), note);
    },

    /** The level after the highest (level 0 for a merchant without levels). */
    async add(actor: AuditActor, body: SaveVipLevel): Promise<VipLevelSaveResult> {
      const { terms, note } = termsFrom(body);
      const levels = await vip.levels(merchantCode);
      const level = (levels.at(-1)?.level ?? -1) + 1;
      checkThreshold(levels, level, terms.depositThreshold);
      return propose(actor, { change: 'create', level, terms }, null, note);
    },

    /**
     * Deletes the highest level (409 VIP_LEVEL_NOT_LAST for another) when no real member's paid deposits
     * reach it (409 VIP_LEVEL_IN_USE with how many do) and no change of it waits. Level 0 stays.
     */
    async remove(actor: AuditActor, level: number): Promise<{ deleted: true }> {
      if (level === 0) throw new DomainError('INVALID_INPUT', { field: 'level', reason: 'LEVEL_ZERO_KEPT' });
      return db.transaction(async (tx) => {
        const levels = await vip.lockLevels(merchantCode, tx);
        const current = levels.find((row) => row.level === level);
        if (!current) throw LEVEL_NOT_FOUND();
        const highest = levels.at(-1)?.level ?? 0;
        if (level !== highest) throw new DomainError('VIP_LEVEL_NOT_LAST', { level, highest });
        await refuseWhilePending([level, level + 1], tx);
        const [members = 0] = await vip.membersReaching(merchantCode, [current.depositThreshold], tx);
        if (members > 0) throw new DomainError('VIP_LEVEL_IN_USE', { level, members });
        await vip.deleteLevel(merchantCode, level, tx);
        await audit.record(
          actor,
          {
            action: 'vip_level.delete',
            targetType: 'vip_level',
            targetId: String(level),
            before: termsOf(current),
          },
          tx,
        );
        return { deleted: true as const };
      });
    },
  };
}

export type VipLevelsAdmin = ReturnType<typeof createVipLevelsAdmin>;
