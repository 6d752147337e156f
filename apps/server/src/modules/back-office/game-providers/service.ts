import {
  type AdminProvider,
  type CreateProviderRequest,
  createProviderRequest,
  type IssuedProviderKey,
  isProviderEndpoint,
  PROVIDER_KEY_OVERLAP_MS,
  type RotateProviderKeyRequest,
  rotateProviderKeyRequest,
  type UpdateProviderRequest,
  updateProviderRequest,
} from '@kl/contracts/admin/game-providers';
import type { Db, Tx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { ProviderEntry, ProviderRegistry } from '../../provider-wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';

/** A provider as the back office shows it. */
function providerOf(entry: ProviderEntry): AdminProvider {
  return {
    code: entry.code,
    name: entry.name,
    enabled: entry.enabled,
    endpoint: entry.apiUrl,
    keyFingerprint: entry.keyFingerprint,
    keyCreatedAt: entry.keyCreatedAt.toISOString(),
    keyOrigin: entry.keyOrigin,
    previousKeyFingerprint: entry.previousKeyFingerprint,
    previousKeyUntil: entry.previousKeyUntil?.toISOString() ?? null,
    openRoundAction: entry.openRoundAction,
    openRoundHours: entry.openRoundHours,
    allowedAddresses: entry.allowedAddresses,
  };
}

/** The API address as written, or 400 GAME_PROVIDER_ENDPOINT_INVALID. */
function endpointOf(endpoint: string | null): string | null {
  if (endpoint !== null && !isProviderEndpoint(endpoint))
    throw new DomainError('GAME_PROVIDER_ENDPOINT_INVALID', { field: 'endpoint' });
  return endpoint;
}

/**
 * The merchant's game providers (docs/back-office.md, "Game providers";
 * docs/decisions/050-game-providers-in-the-back-office.md): add one with a first key made by the server,
 * rename it or change its API address, open-round policy (decision 064) and allowed addresses (decision
 * 069), switch it on or off, rotate its key with an overlap, end an overlap early. Each change locks the
 * provider's row and is audited in its transaction as `game_provider.create`, `game_provider.update`,
 * `game_provider.rotate_key` or `game_provider.end_key_overlap`, with the provider before and after as the
 * list shows it (its allowed addresses too): fingerprints, never a key. A key is answered once, by the call
 * that made it.
 */
export function createGameProvidersAdmin(deps: {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
  registry: ProviderRegistry;
}) {
  const { db, merchantCode, audit, registry } = deps;

  /**
   * The allowed addresses as written, each once, or 400 GAME_PROVIDER_ADDRESS_INVALID naming the first that
   * is not an IPv4 or IPv6 address or CIDR block (docs/decisions/069-provider-address-allow-list.md).
   */
  function allowedAddressesOf(entries: readonly string[]): string[] {
    const unique = [...new Set(entries)];
    const bad = registry.unreadableAddress(unique);
    if (bad !== undefined)
      throw new DomainError('GAME_PROVIDER_ADDRESS_INVALID', { field: 'allowedAddresses', entry: bad });
    return unique;
  }

  async function locked(code: string, tx: Tx): Promise<AdminProvider> {
    const entry = await registry.lock(merchantCode, code, tx);
    if (!entry) throw new DomainError('GAME_PROVIDER_UNKNOWN', { providerCode: code });
    return providerOf(entry);
  }

  const record = (
    actor: AuditActor,
    action: string,
    change: { before?: AdminProvider; after: AdminProvider; overlap?: string },
    tx: Tx,
  ) =>
    audit.record(
      actor,
      {
        action,
        targetType: 'game_provider',
        targetId: change.after.code,
        ...(change.before && { before: change.before }),
        after: change.overlap === undefined ? change.after : { ...change.after, overlap: change.overlap },
      },
      tx,
    );

  /**
   * Changes a provider under its row lock with `work` and audits it as `action`; nothing is written when
   * `work` says there is nothing to do (false), or when the provider comes out as it went in.
   */
  function change(
    actor: AuditActor,
    code: string,
    action: string,
    work: (before: AdminProvider, tx: Tx) => Promise<boolean | void>,
  ): Promise<AdminProvider> {
    return db.transaction(async (tx) => {
      const before = await locked(code, tx);
      if ((await work(before, tx)) === false) return before;
      const after = await locked(code, tx);
      if (JSON.stringify(before) !== JSON.stringify(after))
        await record(actor, action, { before, after }, tx);
      return after;
    });
  }

  return {
    async list(): Promise<{ list: AdminProvider[] }> {
      return { list: (await registry.list(merchantCode)).map(providerOf) };
    },

    /** Adds a provider, switched on, with a new key shown once. Code taken: 409 GAME_PROVIDER_EXISTS. */
    async create(actor: AuditActor, request: CreateProviderRequest): Promise<IssuedProviderKey> {
      const input = createProviderRequest.parse(request);
      const apiUrl = endpointOf(input.endpoint);
      const allowedAddresses = allowedAddressesOf(input.allowedAddresses);
      return db.transaction(async (tx) => {
        const added = await registry.add(
          {
            merchantCode,
            code: input.code,
            name: input.name,
            apiUrl,
            openRoundAction: input.openRoundAction,
            openRoundHours: input.openRoundHours,
            allowedAddresses,
          },
          tx,
        );
        if (!added) throw new DomainError('GAME_PROVIDER_EXISTS', { providerCode: input.code });
        const provider = providerOf(added.entry);
        await record(actor, 'game_provider.create', { after: provider }, tx);
        return { provider, key: added.key };
      });
    },

    update(actor: AuditActor, code: string, request: UpdateProviderRequest): Promise<AdminProvider> {
      const input = updateProviderRequest.parse(request);
      const apiUrl = endpointOf(input.endpoint);
      const allowedAddresses =
        input.allowedAddresses === undefined ? undefined : allowedAddressesOf(input.allowedAddresses);
      return change(actor, code, 'game_provider.update', async (_, tx) => {
        await registry.change(
          merchantCode,
          code,
          {
            name: input.name,
            apiUrl,
            ...(input.openRoundAction !== undefined && { openRoundAction: input.openRoundAction }),
            ...(input.openRoundHours !== undefined && { openRoundHours: input.openRoundHours }),
            ...(allowedAddresses !== undefined && { allowedAddresses }),
          },
          tx,
        );
      });
    },

    /** Switched off, every call of the provider is refused and none of its games launches. */
    setEnabled(actor: AuditActor, code: string, enabled: boolean): Promise<AdminProvider> {
      return change(actor, code, 'game_provider.update', async (_, tx) => {
        await registry.change(merchantCode, code, { enabled }, tx);
      });
    },

    /** A new key, shown once; the current one stays accepted until the end of the overlap chosen. */
    async rotateKey(
      actor: AuditActor,
      code: string,
      request: RotateProviderKeyRequest,
    ): Promise<IssuedProviderKey> {
      const { overlap } = rotateProviderKeyRequest.parse(request);
      return db.transaction(async (tx) => {
        const before = await locked(code, tx);
        const key = await registry.rotate(merchantCode, code, PROVIDER_KEY_OVERLAP_MS[overlap], tx);
        const after = await locked(code, tx);
        await record(actor, 'game_provider.rotate_key', { before, after, overlap }, tx);
        return { provider: after, key };
      });
    },

    /** Only the current key is accepted from now on; nothing to do (and nothing audited) without an overlap. */
    endKeyOverlap(actor: AuditActor, code: string): Promise<AdminProvider> {
      return change(actor, code, 'game_provider.end_key_overlap', async (before, tx) => {
        if (before.previousKeyUntil === null) return false;
        await registry.endOverlap(merchantCode, code, tx);
      });
    },
  };
}

export type GameProvidersAdmin = ReturnType<typeof createGameProvidersAdmin>;
