import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminProvider,
  DEFAULT_OPEN_ROUND_ACTION,
  DEFAULT_OPEN_ROUND_HOURS,
  type IssuedProviderKey,
  isProviderAddress,
  isProviderEndpoint,
  OPEN_ROUND_ACTIONS,
  OPEN_ROUND_HOURS_MAX,
  OPEN_ROUND_HOURS_MIN,
  type OpenRoundAction,
  PROVIDER_ALLOWED_ADDRESSES_MAX,
  PROVIDER_ENDPOINT_MAX,
  PROTOCOLS_WITH_ENDPOINT,
  PROVIDER_NAME_MAX,
} from '@kl/contracts/admin/game-providers';
import { PROVIDER_CODE_PATTERN } from '@kl/contracts/provider-wallet';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { CodeField } from '../../shared/ui/code-field.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { ProtocolFields, type ProtocolFormValues, protocolValuesOf, settingsOf } from './protocol-fields.tsx';

/** The list a change of a provider refreshes. */
export const PROVIDERS_LIST = 'game-providers';

interface ProviderFormValues extends ProtocolFormValues {
  code: string;
  name: string;
  endpoint?: string;
  openRoundAction: OpenRoundAction;
  openRoundHours: number;
  /** The allowed addresses, one per line. */
  allowedAddresses?: string;
}

/** The allowed addresses written in the text area: one per line, blank lines left out. */
const addressLines = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The form as it opens: the provider's own values, or a new provider's defaults. */
function formValuesOf(provider: AdminProvider | null): Partial<ProviderFormValues> {
  if (!provider) {
    return {
      openRoundAction: DEFAULT_OPEN_ROUND_ACTION,
      openRoundHours: DEFAULT_OPEN_ROUND_HOURS,
      ...protocolValuesOf(null),
    };
  }
  return {
    ...protocolValuesOf(provider),
    code: provider.code,
    name: provider.name,
    endpoint: provider.endpoint ?? '',
    openRoundAction: provider.openRoundAction,
    openRoundHours: provider.openRoundHours,
    allowedAddresses: provider.allowedAddresses.join('\n'),
  };
}

/**
 * Adds a provider (`provider` null) or edits one: its code (fixed once added), name, API address, what
 * becomes of its rounds left open (settled or voided, so many hours after their first stake;
 * docs/decisions/064-open-provider-rounds.md) and the addresses its calls may come from, one per line
 * (docs/decisions/069-provider-address-allow-list.md), its protocol with the protocol's settings, written and
 * never shown, and its report address (`ProtocolFields`, docs/decisions/072-providers-in-the-back-office.md).
 * The checks are the server's (admin/game-providers.ts), said under the field before sending. A provider
 * added comes back with its first key, which `onIssued` shows once.
 */
export function ProviderModal({
  open,
  provider,
  onClose,
  onIssued,
}: {
  open: boolean;
  provider: AdminProvider | null;
  onClose: () => void;
  onIssued: (issued: IssuedProviderKey) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderFormValues>();
  /** The action chosen, which the hint under the hours tells. */
  const action =
    Form.useWatch('openRoundAction', form) ?? provider?.openRoundAction ?? DEFAULT_OPEN_ROUND_ACTION;
  /** The protocol chosen, whose settings' fields the form shows. */
  const protocol = Form.useWatch('protocol', form) ?? provider?.protocol ?? 'native';
  const save = useAdminMutation(
    async (values: ProviderFormValues) => {
      const { code, name, endpoint, openRoundAction, openRoundHours, allowedAddresses } = values;
      const body = {
        name,
        endpoint: endpoint?.trim() || null,
        openRoundAction,
        openRoundHours,
        allowedAddresses: addressLines(allowedAddresses),
        protocol: values.protocol,
        settings: settingsOf(values),
        reportUrl: values.reportUrl?.trim() || null,
      };
      if (provider) {
        await adminCall(adminCalls.adminUpdateProvider, { params: { code: provider.code }, body });
        return null;
      }
      return adminCall(adminCalls.adminCreateProvider, { body: { code, ...body } });
    },
    {
      invalidates: [PROVIDERS_LIST],
      errorMessage: false,
      successText: () => t(provider ? 'gameProviders.saved' : 'gameProviders.created'),
    },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const chosen = { required: true, message: t('gameProviders.required') };
  const required = { ...chosen, whitespace: true };
  const hoursRange = { min: OPEN_ROUND_HOURS_MIN, max: OPEN_ROUND_HOURS_MAX };
  const addressesMax = { max: PROVIDER_ALLOWED_ADDRESSES_MAX };
  /** Too many lines, or the first that is no address nor CIDR block, said under the field. */
  const addressesProblem = (text: string | undefined): string | undefined => {
    const entries = addressLines(text);
    if (entries.length > PROVIDER_ALLOWED_ADDRESSES_MAX)
      return t('gameProviders.allowedAddressesMax', addressesMax);
    const bad = entries.find((entry) => !isProviderAddress(entry));
    return bad === undefined ? undefined : t('gameProviders.allowedAddressesFormat', { entry: bad });
  };

  return (
    <FormModal<ProviderFormValues>
      open={open}
      form={form}
      title={provider ? t('gameProviders.editTitle', { code: provider.code }) : t('gameProviders.new')}
      name="gameProvider"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={formValuesOf(provider)}
      onCancel={close}
      onSubmit={(values) =>
        save.mutate(values, {
          onSuccess: (issued) => {
            close();
            if (issued) onIssued(issued);
          },
        })
      }
    >
      <CodeField
        label={t('gameProviders.code')}
        hint={t('gameProviders.codeHint')}
        pattern={PROVIDER_CODE_PATTERN}
        messages={{ required: t('gameProviders.required'), format: t('gameProviders.codeFormat') }}
        fixed={provider !== null}
      />
      <Form.Item name="name" label={t('gameProviders.name')} rules={[required]}>
        <Input maxLength={PROVIDER_NAME_MAX} />
      </Form.Item>
      <Form.Item
        name="endpoint"
        label={t('gameProviders.endpoint')}
        extra={t('gameProviders.endpointHint')}
        dependencies={['protocol']}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              if (!value?.trim())
                return PROTOCOLS_WITH_ENDPOINT.includes(protocol)
                  ? Promise.reject(new Error(t('gameProviders.endpointRequired')))
                  : Promise.resolve();
              return isProviderEndpoint(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('gameProviders.endpointFormat')));
            },
          },
        ]}
      >
        <Input maxLength={PROVIDER_ENDPOINT_MAX} inputMode="url" />
      </Form.Item>
      <Form.Item name="openRoundAction" label={t('gameProviders.openRound')} rules={[chosen]}>
        <Select
          options={OPEN_ROUND_ACTIONS.map((value) => ({
            value,
            label: t(`gameProviders.openRoundActions.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="openRoundHours"
        label={t('gameProviders.openRoundHours')}
        extra={t(`gameProviders.openRoundHints.${action}`, hoursRange)}
        rules={[
          chosen,
          { type: 'integer', ...hoursRange, message: t('gameProviders.openRoundHoursRange', hoursRange) },
        ]}
      >
        <InputNumber<number> {...hoursRange} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="allowedAddresses"
        label={t('gameProviders.allowedAddresses')}
        extra={t('gameProviders.allowedAddressesHint', addressesMax)}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = addressesProblem(value);
              return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
            },
          },
        ]}
      >
        <Input.TextArea rows={3} spellCheck={false} placeholder={'203.0.113.10\n198.51.100.0/24'} />
      </Form.Item>
      <ProtocolFields provider={provider} protocol={protocol} />
    </FormModal>
  );
}
