import type {
  AdminProviderSettings,
  OpenRoundAction,
  ProviderKeyOrigin,
  ProviderProtocol,
  ProviderSettingsInput,
} from '@kl/contracts/admin/game-providers';
import type { GameProviderRow } from '../../db/schema/index.ts';
import { addMs, type Clock } from '../../platform/clock.ts';
import { randomToken } from '../../platform/crypto.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db.ts';
import { unreadableAddress } from './allowed-addresses.ts';
import { protocolSettingsOf, settingsSummaryOf } from './protocol-settings.ts';
import type { ProviderChange, ProviderWalletRepository } from './repository.ts';
import { keyFingerprint, previousKeyValid } from './signing-keys.ts';

/**
 * The merchant's game providers as operators and the start set them up
 * (docs/decisions/050-game-providers-in-the-back-office.md): added with a first key made here, renamed,
 * given their API address and the addresses their calls may come from
 * (docs/decisions/069-provider-address-allow-list.md), switched on or off, and re-keyed with an overlap
 * during which the previous key is still accepted; its protocol, the protocol's settings and its report
 * address set (docs/decisions/072-providers-in-the-back-office.md). A key leaves this file only in the answer
 * of the call that made it; a provider is otherwise shown with its keys' fingerprints, and its settings by
 * what is not secret in them. The back office calls these inside its transactions, with the provider's row
 * locked, and audits them.
 */

/** Bytes of a key made here: 256 bits, 43 characters of base64url (the wallet asks for 32 or more). */
const KEY_BYTES = 32;

/** A provider as the back office shows it: its keys by fingerprint, never a key. */
export interface ProviderEntry {
  code: string;
  name: string;
  enabled: boolean;
  apiUrl: string | null;
  /** Null when the key does not open under SECRET_KEYS (it can still be rotated). */
  keyFingerprint: string | null;
  keyCreatedAt: Date;
  keyOrigin: ProviderKeyOrigin;
  /** The previous key and the end of its overlap while it is still accepted; null otherwise. */
  previousKeyFingerprint: string | null;
  previousKeyUntil: Date | null;
  /** What becomes of its rounds still open `openRoundHours` after their first stake (close-rounds.ts). */
  openRoundAction: OpenRoundAction;
  openRoundHours: number;
  /** The addresses and CIDR blocks its calls may come from; empty: any address. */
  allowedAddresses: string[];
  protocol: ProviderProtocol;
  /** Whether its protocol's settings are set, and what of them is not secret (never a key). */
  settings: AdminProviderSettings;
  /** Where it answers its daily report; null: none. */
  reportUrl: string | null;
}

/** What the start does with the provider its environment names (SANDBOX_PROVIDER_SECRET). */
export type EnvironmentRegistration =
  /** It was not there: added with the environment's key. */
  | 'registered'
  /** Its key is the environment's already. */
  | 'unchanged'
  /** Its key was the environment's, now another: the new one replaces it. */
  | 'replaced'
  /** An operator gave it a key in the back office: that key stands, the environment's is not taken. */
  | 'kept';

export function createProviderRegistry(deps: { db: Db; clock: Clock; wallet: ProviderWalletRepository }) {
  const { db, clock, wallet } = deps;

  function entryOf(row: GameProviderRow, now: Date): ProviderEntry {
    const current = wallet.openedKey(row, 'secret');
    const previous = previousKeyValid(row, now) ? wallet.openedKey(row, 'previousSecret') : null;
    return {
      code: row.code,
      name: row.name,
      enabled: row.enabled,
      apiUrl: row.apiUrl,
      keyFingerprint: current === null ? null : keyFingerprint(current),
      keyCreatedAt: row.keyCreatedAt,
      keyOrigin: row.keyOrigin,
      previousKeyFingerprint: previous === null ? null : keyFingerprint(previous),
      previousKeyUntil: previous === null ? null : row.previousSecretUntil,
      openRoundAction: row.openRoundAction,
      openRoundHours: row.openRoundHours,
      allowedAddresses: row.allowedAddresses,
      protocol: row.protocol,
      settings: settingsSummaryOf(
        row.protocol,
        row.protocolSettings,
        wallet.openedKey(row, 'protocolSettings'),
      ),
      reportUrl: row.reportUrl,
    };
  }

  /** The provider, its row locked until the transaction ends; undefined when the merchant has none of that code. */
  async function lock(merchantCode: string, code: string, tx: DbOrTx): Promise<ProviderEntry | undefined> {
    const row = await wallet.lockProvider(merchantCode, code, tx);
    return row && entryOf(row, clock());
  }

  return {
    async list(merchantCode: string): Promise<ProviderEntry[]> {
      const now = clock();
      return (await wallet.providerRows(merchantCode)).map((row) => entryOf(row, now));
    },

    lock,

    /**
     * The first of a provider's allowed addresses the wallet cannot read as an address or CIDR block
     * (what the back office refuses before it changes them); undefined when it reads them all.
     */
    unreadableAddress,

    /**
     * Adds a provider with a new key (answered here, once), speaking `protocol` with `settings` (checked:
     * `protocolSettingsOf` throws the refusal of the first field wrong); undefined when its code is taken.
     */
    async add(
      {
        protocol = 'native',
        settings = {},
        ...provider
      }: {
        merchantCode: string;
        code: string;
        name: string;
        apiUrl: string | null;
        openRoundAction?: OpenRoundAction;
        openRoundHours?: number;
        allowedAddresses?: string[];
        reportUrl?: string | null;
        protocol?: ProviderProtocol;
        settings?: ProviderSettingsInput;
      },
      tx: DbOrTx,
    ): Promise<{ entry: ProviderEntry; key: string } | undefined> {
      const settingsText = protocolSettingsOf(protocol, settings, { protocol, settings: null });
      const key = randomToken(KEY_BYTES);
      const at = clock();
      const added = await wallet.insertProvider(
        { ...provider, enabled: true },
        { secret: key, previous: null, origin: 'back_office', at },
        tx,
        { protocol, settings: settingsText },
      );
      if (!added) return undefined;
      const entry = await lock(provider.merchantCode, provider.code, tx);
      if (!entry) throw new Error(`provider ${provider.code} neither added nor found`);
      return { entry, key };
    },

    /**
     * Changes the name, API address, switch, open-round policy or allowed addresses of a provider locked by
     * `lock`; a new list is taken by every process from the provider's next call (`updateProvider`).
     */
    async change(merchantCode: string, code: string, change: ProviderChange, tx: DbOrTx): Promise<void> {
      await wallet.updateProvider(merchantCode, code, change, clock(), undefined, tx);
    },

    /**
     * Sets the protocol of a provider locked by `lock` and its settings: the fields `given` over those stored
     * while the protocol stays the same, checked (`protocolSettingsOf` throws the refusal of the first field
     * wrong). Written only when the protocol or the settings change: then the current key is sealed anew in
     * the same write (`saveProtocol`), so every process takes them from the provider's next call. True when
     * written.
     */
    async setProtocol(
      merchantCode: string,
      code: string,
      protocol: ProviderProtocol,
      given: ProviderSettingsInput,
      tx: Tx,
    ): Promise<boolean> {
      const row = await wallet.lockProvider(merchantCode, code, tx);
      if (!row) throw new Error(`provider ${code} is not locked`);
      const stored = wallet.openedKey(row, 'protocolSettings');
      const settings = protocolSettingsOf(protocol, given, { protocol: row.protocol, settings: stored });
      if (
        protocol === row.protocol &&
        settings === stored &&
        (settings !== null || row.protocolSettings === null)
      )
        return false;
      await wallet.saveProtocol(merchantCode, code, { protocol, settings }, clock(), tx);
      return true;
    },

    /**
     * Gives a provider locked by `lock` a new key (answered here, once); its current key stays accepted for
     * `overlapMs` as the previous one. A previous key of an earlier rotation is dropped (two keys at most),
     * and so is a current key that no longer opens (it verifies nothing).
     */
    async rotate(merchantCode: string, code: string, overlapMs: number, tx: DbOrTx): Promise<string> {
      const row = await wallet.lockProvider(merchantCode, code, tx);
      if (!row) throw new Error(`provider ${code} is not locked`);
      const current = wallet.openedKey(row, 'secret');
      const key = randomToken(KEY_BYTES);
      const at = clock();
      await wallet.updateProvider(
        merchantCode,
        code,
        {},
        at,
        {
          secret: key,
          previous: current === null ? null : { secret: current, until: addMs(at, overlapMs) },
          origin: 'back_office',
          at,
        },
        tx,
      );
      return key;
    },

    /** Ends the overlap of a provider locked by `lock`: only its current key is accepted from now on. */
    async endOverlap(merchantCode: string, code: string, tx: DbOrTx): Promise<void> {
      await wallet.dropPreviousKey(merchantCode, code, clock(), tx);
    },

    /**
     * The start's registration of a provider from the environment: added when absent; its key replaced by
     * the environment's only while the environment set the current one (a deployment that changed
     * SANDBOX_PROVIDER_SECRET). A key an operator gave it in the back office stands. Its name and switch
     * are the back office's once it exists; its API address, and where it answers its daily report
     * (docs/decisions/070-provider-replay-window.md), are filled in only when it has none.
     */
    async registerFromEnvironment(provider: {
      merchantCode: string;
      code: string;
      name: string;
      secret: string;
      apiUrl: string;
      /** Where it answers its daily report (docs/decisions/028-provider-reconciliation.md); none by default. */
      reportUrl?: string | undefined;
      /** The protocol it speaks and its settings (a Hub88 provider's keys), set when they differ. */
      protocol?: { protocol: ProviderProtocol; settings: string };
    }): Promise<EnvironmentRegistration> {
      const { merchantCode, code, secret, apiUrl } = provider;
      const reportUrl = provider.reportUrl ?? null;
      const outcome = await db.transaction(async (tx): Promise<EnvironmentRegistration> => {
        const at = clock();
        const key = { secret, previous: null, origin: 'environment' as const, at };
        const row = await wallet.lockProvider(merchantCode, code, tx);
        if (!row) {
          await wallet.insertProvider(
            { merchantCode, code, name: provider.name, apiUrl, reportUrl, enabled: true },
            key,
            tx,
          );
          return 'registered';
        }
        const change: ProviderChange = {
          ...(row.apiUrl === null && { apiUrl }),
          ...(row.reportUrl === null && reportUrl !== null && { reportUrl }),
        };
        const outcome: EnvironmentRegistration =
          wallet.openedKey(row, 'secret') === secret
            ? 'unchanged'
            : row.keyOrigin === 'back_office'
              ? 'kept'
              : 'replaced';
        if (outcome === 'replaced' || Object.keys(change).length > 0)
          await wallet.updateProvider(
            merchantCode,
            code,
            change,
            at,
            outcome === 'replaced' ? key : undefined,
            tx,
          );
        return outcome;
      });
      const wanted = provider.protocol;
      if (wanted) {
        const row = await wallet.findProvider(merchantCode, code);
        if (row?.protocol !== wanted.protocol || row.protocolSettings !== wanted.settings)
          await wallet.saveProtocol(merchantCode, code, wanted, clock());
      }
      return outcome;
    },
  };
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
