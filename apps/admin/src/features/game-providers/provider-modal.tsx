import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminProvider,
  DEFAULT_OPEN_ROUND_ACTION,
  DEFAULT_OPEN_ROUND_HOURS,
  type IssuedProviderKey,
  isProviderEndpoint,
  OPEN_ROUND_ACTIONS,
  OPEN_ROUND_HOURS_MAX,
  OPEN_ROUND_HOURS_MIN,
  type OpenRoundAction,
  PROVIDER_ENDPOINT_MAX,
  PROVIDER_NAME_MAX,
} from '@kl/contracts/admin/game-providers';
import { PROVIDER_CODE_PATTERN } from '@kl/contracts/provider-wallet';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { CodeField } from '../../shared/ui/code-field.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** The list a change of a provider refreshes. */
export const PROVIDERS_LIST = 'game-providers';

interface ProviderFormValues {
  code: string;
  name: string;
  endpoint?: string;
  openRoundAction: OpenRoundAction;
  openRoundHours: number;
}

/** The form as it opens: the provider's own values, or a new provider's defaults. */
function formValuesOf(provider: AdminProvider | null): Partial<ProviderFormValues> {
  if (!provider) {
    return { openRoundAction: DEFAULT_OPEN_ROUND_ACTION, openRoundHours: DEFAULT_OPEN_ROUND_HOURS };
  }
  return {
    code: provider.code,
    name: provider.name,
    endpoint: provider.endpoint ?? '',
    openRoundAction: provider.openRoundAction,
    openRoundHours: provider.openRoundHours,
  };
}

/**
 * Adds a provider (`provider` null) or edits one: its code (fixed once added), name, API address and what
 * becomes of its rounds left open (settled or voided, so many hours after their first stake;
 * docs/decisions/064-open-provider-rounds.md). The checks are the server's (admin/game-providers.ts), said
 * under the field before sending. A provider added comes back with its first key, which `onIssued` shows
 * once.
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
  const save = useAdminMutation(
    async ({ code, name, endpoint, openRoundAction, openRoundHours }: ProviderFormValues) => {
      const body = { name, endpoint: endpoint?.trim() || null, openRoundAction, openRoundHours };
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
        rules={[
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || isProviderEndpoint(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('gameProviders.endpointFormat'))),
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
    </FormModal>
  );
}
