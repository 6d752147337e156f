import type { AdminProvider } from '@kl/contracts/admin/game-providers';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';

/** A key by its fingerprint and what is said under it (a key that does not open has no fingerprint). */
function KeyCell({ fingerprint, children }: { fingerprint: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      {fingerprint === null ? (
        <Typography.Text type="danger">{t('gameProviders.keyUnreadable')}</Typography.Text>
      ) : (
        <Typography.Text code>{fingerprint}</Typography.Text>
      )}
      {children}
    </Flex>
  );
}

/** The provider's current key: its fingerprint, when it was set and by whom. */
export function CurrentKey({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  return (
    <KeyCell fingerprint={provider.keyFingerprint}>
      <Typography.Text type="secondary">
        {t('gameProviders.keyCreated', { date: formatDateTime(provider.keyCreatedAt) })}
      </Typography.Text>
      <span>
        <Tag>{t(`gameProviders.origins.${provider.keyOrigin}`)}</Tag>
      </span>
    </KeyCell>
  );
}

/** The previous key while a rotation's overlap still accepts it, and until when; a dash otherwise. */
export function PreviousKey({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  if (provider.previousKeyUntil === null) return '—';
  return (
    <KeyCell fingerprint={provider.previousKeyFingerprint}>
      <Typography.Text type="secondary">
        {t('gameProviders.previousUntil', { date: formatDateTime(provider.previousKeyUntil) })}
      </Typography.Text>
    </KeyCell>
  );
}

/** Allowed addresses shown in a row before the rest is counted (all of them in its tooltip and the form). */
const ADDRESSES_SHOWN = 3;

/**
 * The addresses the provider's calls may come from (docs/decisions/069-provider-address-allow-list.md), or
 * that any address may call.
 */
export function AllowedAddresses({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  const addresses = provider.allowedAddresses;
  if (addresses.length === 0)
    return <Typography.Text type="secondary">{t('gameProviders.anyAddress')}</Typography.Text>;
  const rest = addresses.length - ADDRESSES_SHOWN;
  return (
    <Flex vertical gap={2}>
      {addresses.slice(0, ADDRESSES_SHOWN).map((address) => (
        <Typography.Text code key={address}>
          {address}
        </Typography.Text>
      ))}
      {rest > 0 ? (
        <Tooltip title={addresses.slice(ADDRESSES_SHOWN).join(', ')}>
          <Typography.Text type="secondary">
            {t('gameProviders.moreAddresses', { count: rest })}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
