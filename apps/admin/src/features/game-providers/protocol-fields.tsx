import {
  type AdminProvider,
  isProviderEndpoint,
  pemKind,
  PRAGMATIC_SECRET_KEY_MAX,
  PRAGMATIC_SECRET_KEY_MIN,
  PROVIDER_ENDPOINT_MAX,
  PROVIDER_PEM_MAX,
  PROVIDER_PROTOCOLS,
  type ProviderProtocol,
  type ProviderSettingsInput,
} from '@kl/contracts/admin/game-providers';
import { Form, type FormRule, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The protocol's fields of the provider form, as typed (the keys never filled in from the server). */
export interface ProtocolFormValues {
  protocol: ProviderProtocol;
  operatorId?: number | null;
  hub88PublicKey?: string;
  operatorPrivateKey?: string;
  secretKey?: string;
  reportUrl?: string;
}

/** What the form opens with of the protocol: the protocol, Hub88's operator id (not secret), the report address. */
export const protocolValuesOf = (provider: AdminProvider | null): ProtocolFormValues =>
  provider
    ? {
        protocol: provider.protocol,
        operatorId: provider.settings.operatorId,
        reportUrl: provider.reportUrl ?? '',
      }
    : { protocol: 'native' };

/**
 * The settings to send for the protocol chosen: its fields typed, a field left empty left out (the server
 * then keeps the stored one while the protocol stays the same; docs/decisions/072-providers-in-the-back-office.md).
 */
export function settingsOf(values: ProtocolFormValues): ProviderSettingsInput {
  const text = (value: string | undefined) => value?.trim() || undefined;
  switch (values.protocol) {
    case 'hub88':
      return {
        ...(typeof values.operatorId === 'number' && { operatorId: values.operatorId }),
        ...(text(values.hub88PublicKey) && { hub88PublicKey: text(values.hub88PublicKey) }),
        ...(text(values.operatorPrivateKey) && { operatorPrivateKey: text(values.operatorPrivateKey) }),
      };
    case 'pragmatic':
      return text(values.secretKey) ? { secretKey: text(values.secretKey) } : {};
    case 'native':
      return {};
  }
}

/** A rule that refuses a value `problem` finds wrong, with what it says. */
const checked = (problem: (value: string) => string | undefined): FormRule => ({
  validator: (_, value: string | undefined) => {
    const said = value?.trim() ? problem(value.trim()) : undefined;
    return said === undefined ? Promise.resolve() : Promise.reject(new Error(said));
  },
});

/**
 * The provider form's protocol (a select), the chosen protocol's settings — Hub88's operator id, the
 * operator's private key and Hub88's public key (docs/decisions/066-hub88-adapter.md), Pragmatic's secret key
 * (docs/decisions/068-pragmatic-adapter.md) — and the report address (docs/decisions/070-provider-replay-window.md).
 * A key is written, never shown: while the provider keeps the protocol whose settings are set, an empty key
 * field keeps the stored key (Hub88's said by fingerprint); otherwise each is required. The checks are the
 * server's shape checks (admin/game-providers.ts); the server also reads the keys.
 */
export function ProtocolFields({
  provider,
  protocol,
}: {
  provider: AdminProvider | null;
  protocol: ProviderProtocol;
}) {
  const { t } = useTranslation();
  const keeps = provider !== null && provider.protocol === protocol && provider.settings.set;
  const required = { required: !keeps, whitespace: true, message: t('gameProviders.required') };
  /** What is said under a key field: what it is, and that a stored one is kept when left empty. */
  const hint = (text: string, fingerprint?: string | null) =>
    keeps
      ? `${text} ${fingerprint ? t('gameProviders.keptFingerprint', { fingerprint }) : t('gameProviders.kept')}`
      : text;
  const pem = (kind: 'public' | 'private') =>
    checked((value) =>
      pemKind(value) === kind
        ? undefined
        : t(kind === 'public' ? 'gameProviders.publicKeyFormat' : 'gameProviders.privateKeyFormat'),
    );
  const secretMin = { min: PRAGMATIC_SECRET_KEY_MIN };

  return (
    <>
      <Form.Item
        name="protocol"
        label={t('gameProviders.protocol')}
        extra={t('gameProviders.protocolHint')}
        rules={[{ required: true, message: t('gameProviders.required') }]}
      >
        <Select
          options={PROVIDER_PROTOCOLS.map((value) => ({
            value,
            label: t(`gameProviders.protocols.${value}`),
          }))}
        />
      </Form.Item>
      {protocol === 'hub88' ? (
        <>
          <Form.Item
            name="operatorId"
            label={t('gameProviders.operatorId')}
            rules={[
              { required: true, message: t('gameProviders.required') },
              { type: 'integer', min: 1, message: t('gameProviders.operatorIdFormat') },
            ]}
          >
            <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="operatorPrivateKey"
            label={t('gameProviders.operatorPrivateKey')}
            extra={hint(t('gameProviders.operatorPrivateKeyHint'), provider?.settings.operatorKeyFingerprint)}
            rules={[required, pem('private')]}
          >
            <Input.TextArea rows={4} spellCheck={false} autoComplete="off" maxLength={PROVIDER_PEM_MAX} />
          </Form.Item>
          <Form.Item
            name="hub88PublicKey"
            label={t('gameProviders.hub88PublicKey')}
            extra={hint(t('gameProviders.hub88PublicKeyHint'), provider?.settings.hub88KeyFingerprint)}
            rules={[required, pem('public')]}
          >
            <Input.TextArea rows={4} spellCheck={false} autoComplete="off" maxLength={PROVIDER_PEM_MAX} />
          </Form.Item>
        </>
      ) : null}
      {protocol === 'pragmatic' ? (
        <Form.Item
          name="secretKey"
          label={t('gameProviders.secretKey')}
          extra={hint(t('gameProviders.secretKeyHint', secretMin))}
          rules={[
            required,
            checked((value) =>
              value.length < PRAGMATIC_SECRET_KEY_MIN
                ? t('gameProviders.secretKeyMin', secretMin)
                : undefined,
            ),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PRAGMATIC_SECRET_KEY_MAX} />
        </Form.Item>
      ) : null}
      <Form.Item
        name="reportUrl"
        label={t('gameProviders.reportUrl')}
        extra={t('gameProviders.reportUrlHint')}
        rules={[
          checked((value) => (isProviderEndpoint(value) ? undefined : t('gameProviders.endpointFormat'))),
        ]}
      >
        <Input maxLength={PROVIDER_ENDPOINT_MAX} inputMode="url" />
      </Form.Item>
    </>
  );
}
