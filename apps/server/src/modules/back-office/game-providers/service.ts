import {
  type AdminProvider,
  type CreateProviderRequest,
  createProviderRequest,
  type IssuedProviderKey,
  isProviderEndpoint,
  PROTOCOLS_WITH_ENDPOINT,
  PROVIDER_KEY_OVERLAP_MS,
  type ProviderProtocol,
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
    protocol: entry.protocol,
    settings: entry.settings,
    reportUrl: entry.reportUrl,
  };
}

/**
 * The API address as written, or 400 GAME_PROVIDER_ENDPOINT_INVALID; none for a protocol that needs one is
 * 400 GAME_PROVIDER_ENDPOINT_REQUIRED (docs/decisions/072-providers-in-the-back-office.md).
 */
function endpointOf(endpoint: string | null, protocol: ProviderProtocol): string | null {
  if (endpoint !== null && !isProviderEndpoint(endpoint))
    throw new DomainError('GAME_PROVIDER_ENDPOINT_INVALID', { field: 'endpoint' });
  if (endpoint === null && PROTOCOLS_WITH_ENDPOINT.includes(protocol))
    throw new DomainError('GAME_PROVIDER_ENDPOINT_REQUIRED', { field: 'endpoint', protocol });
  return endpoint;
}

/** The report address as written (an http(s) URL, as the API address), or 400 GAME_PROVIDER_REPORT_URL_INVALID. */
function reportUrlOf<T extends string | null | undefined>(reportUrl: T): T {
  if (typeof reportUrl === 'string' && !isProviderEndpoint(reportUrl))
    throw new DomainError('GAME_PROVIDER_REPORT_URL_INVALID', { field: 'reportUrl' });
  return reportUrl;
}

/**
 * The merchant's game providers (docs/back-office.md, "Game providers";
 * docs/decisions/050-game-providers-in-the-back-office.md): add one with a first key made by the server,
 * rename it or change its API address, open-round policy (decision 064), allowed addresses (decision
 * 069), protocol, protocol settings and report address (decision 072), switch it on or off, rotate its key
 * with an overlap, end an overlap early. Each change locks the provider's row and is audited in its
 * transaction as `game_provider.create`, `game_provider.update`, `game_provider.rotate_key` or
 * `game_provider.end_key_overlap`, with the provider before and after as the list shows it (its allowed
 * addresses and settings' summary too): fingerprints, never a key, and `settingsReplaced` when settings were
 * written. A key is answered once, by the call that made it; settings never.
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

  /** What an audit row says beside the provider after the change (a rotation's overlap, settings written). */
  type AuditNote = Record<string, string | boolean>;

  const record = (
    actor: AuditActor,
    action: string,
    change: { before?: AdminProvider; after: AdminProvider; note?: AuditNote | undefined },
    tx: Tx,
  ) =>
    audit.record(
      actor,
      {
        action,
        targetType: 'game_provider',
        targetId: change.after.code,
        ...(change.before && { before: change.before }),
        after: { ...change.after, ...change.note },
      },
      tx,
    );

  /**
   * Changes a provider under its row lock with `work` and audits it as `action`; nothing is written when
   * `work` says there is nothing to do (false), or when the provider comes out as it went in and `work`
   * has nothing to note (settings written, which the summary may not show).
   */
  function change(
    actor: AuditActor,
    code: string,
    action: string,
    work: (before: AdminProvider, tx: Tx) => Promise<false | AuditNote | void>,
  ): Promise<AdminProvider> {
    return db.transaction(async (tx) => {
      const before = await locked(code, tx);
      const note = await work(before, tx);
      if (note === false) return before;
      const after = await locked(code, tx);
      if (note || JSON.stringify(before) !== JSON.stringify(after))
        await record(actor, action, { before, after, note: note ?? undefined }, tx);
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
      const apiUrl = endpointOf(input.endpoint, input.protocol);
      const reportUrl = reportUrlOf(input.reportUrl);
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
            reportUrl,
            protocol: input.protocol,
            settings: input.settings,
          },
          tx,
        );
        if (!added) throw new DomainError('GAME_PROVIDER_EXISTS', { providerCode: input.code });
        const provider = providerOf(added.entry);
        await record(actor, 'game_provider.create', { after: provider }, tx);
        return { provider, key: added.key };
      });
    },

    /**
     * Changes what the request gives; the protocol's settings are written (and the current key sealed anew,
     * so every process takes them at its next call) only when the protocol or a setting changes.
     */
    update(actor: AuditActor, code: string, request: UpdateProviderRequest): Promise<AdminProvider> {
      const input = updateProviderRequest.parse(request);
      const reportUrl = reportUrlOf(input.reportUrl);
      const allowedAddresses =
        input.allowedAddresses === undefined ? undefined : allowedAddressesOf(input.allowedAddresses);
      return change(actor, code, 'game_provider.update', async (before, tx) => {
        const protocol = input.protocol ?? before.protocol;
        await registry.change(
          merchantCode,
          code,
          {
            name: input.name,
            apiUrl: endpointOf(input.endpoint, protocol),
            ...(input.openRoundAction !== undefined && { openRoundAction: input.openRoundAction }),
            ...(input.openRoundHours !== undefined && { openRoundHours: input.openRoundHours }),
            ...(allowedAddresses !== undefined && { allowedAddresses }),
            ...(reportUrl !== undefined && { reportUrl }),
          },
          tx,
        );
        if (input.protocol === undefined && input.settings === undefined) return;
        const written = await registry.setProtocol(merchantCode, code, protocol, input.settings ?? {}, tx);
        return written ? { settingsReplaced: true } : undefined;
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
        await record(actor, 'game_provider.rotate_key', { before, after, note: { overlap } }, tx);
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
