import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminProvider,
  type IssuedProviderKey,
  isProviderEndpoint,
  PROVIDER_ENDPOINT_MAX,
  PROVIDER_NAME_MAX,
} from '@kl/contracts/admin/game-providers';
import { PROVIDER_CODE_PATTERN } from '@kl/contracts/provider-wallet';
import { Form, Input } from 'antd';
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
}

/**
 * Adds a provider (`provider` null) or edits one: its code (fixed once added), name and API address. The
 * checks are the server's (admin/game-providers.ts), said under the field before sending. A provider added
 * comes back with its first key, which `onIssued` shows once.
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
  const save = useAdminMutation(
    async ({ code, name, endpoint }: ProviderFormValues) => {
      const body = { name, endpoint: endpoint?.trim() || null };
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
  const required = { required: true, whitespace: true, message: t('gameProviders.required') };

  return (
    <FormModal<ProviderFormValues>
      open={open}
      title={provider ? t('gameProviders.editTitle', { code: provider.code }) : t('gameProviders.new')}
      name="gameProvider"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={
        provider ? { code: provider.code, name: provider.name, endpoint: provider.endpoint ?? '' } : {}
      }
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
    </FormModal>
  );
}
