import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminProvider,
  DEFAULT_PROVIDER_KEY_OVERLAP,
  type IssuedProviderKey,
  PROVIDER_KEY_OVERLAPS,
  type ProviderKeyOverlap,
} from '@kl/contracts/admin/game-providers';
import { Alert, Button, Flex, Form, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { CopyField } from '../../shared/ui/copy-field.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { PROVIDERS_LIST } from './provider-modal.tsx';

/**
 * A provider's new key (made by the server when the provider is added or its key rotated), shown this once:
 * the operator copies it and gives it to the provider, who checks it by its fingerprint.
 */
export function IssuedKeyModal({
  issued,
  onClose,
}: {
  issued: IssuedProviderKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = issued?.provider.name ?? '';
  return (
    <Modal
      open={issued !== null}
      title={t('gameProviders.keyTitle', { name })}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('gameProviders.done')}
        </Button>
      }
    >
      {issued ? (
        <Flex vertical gap="middle">
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('gameProviders.keyIntro', { name })}
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('gameProviders.keyOnce')} />
          <CopyField
            value={issued.key}
            label={t('gameProviders.keyField')}
            copyText={t('gameProviders.copyKey')}
            copiedText={t('gameProviders.copied')}
          />
          <Typography.Text type="secondary">
            {t('gameProviders.keyCheck', { fingerprint: issued.provider.keyFingerprint ?? '—' })}
          </Typography.Text>
        </Flex>
      ) : null}
    </Modal>
  );
}

/**
 * Rotating a provider's key: how long its current key stays accepted (1 hour, 24 hours by default, 7 days),
 * then the new key comes back to `onIssued`, to be shown once.
 */
export function RotateKeyModal({
  provider,
  onClose,
  onIssued,
}: {
  provider: AdminProvider | null;
  onClose: () => void;
  onIssued: (issued: IssuedProviderKey) => void;
}) {
  const { t } = useTranslation();
  const rotate = useAdminMutation(
    ({ code, overlap }: { code: string; overlap: ProviderKeyOverlap }) =>
      adminCall(adminCalls.adminRotateProviderKey, { params: { code }, body: { overlap } }),
    { invalidates: [PROVIDERS_LIST], errorMessage: false },
  );
  const close = () => {
    rotate.reset();
    onClose();
  };
  const name = provider?.name ?? '';
  return (
    <FormModal<{ overlap: ProviderKeyOverlap }>
      open={provider !== null}
      title={t('gameProviders.rotateTitle', { name })}
      name="rotateProviderKey"
      submitText={t('gameProviders.rotateSubmit')}
      pending={rotate.isPending}
      error={rotate.error}
      initialValues={{ overlap: DEFAULT_PROVIDER_KEY_OVERLAP }}
      onCancel={close}
      onSubmit={({ overlap }) => {
        if (!provider) return;
        rotate.mutate(
          { code: provider.code, overlap },
          {
            onSuccess: (issued) => {
              close();
              onIssued(issued);
            },
          },
        );
      }}
    >
      <Typography.Paragraph>{t('gameProviders.rotateIntro')}</Typography.Paragraph>
      <Form.Item name="overlap" label={t('gameProviders.overlap')}>
        <Radio.Group
          aria-label={t('gameProviders.overlap')}
          options={PROVIDER_KEY_OVERLAPS.map((value) => ({
            value,
            label: t(`gameProviders.overlaps.${value}`),
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}
