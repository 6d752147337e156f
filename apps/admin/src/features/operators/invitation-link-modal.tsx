import { invitationLink } from '@kl/contracts/admin/credentials';
import type { IssuedInvitation } from '@kl/contracts/admin/operators';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';
import { CopyField } from '../../shared/ui/copy-field.tsx';

/** An invitation link to show once: for whom, and the link itself. */
export interface ShownInvitation {
  username: string;
  invitation: IssuedInvitation;
}

/**
 * The invitation link of a new operator (to their creator) or of a reset (to the approving owner), shown
 * this once: the server keeps only its digest. The owner copies it and gives it to the operator, who sets
 * their own password and two-factor through it.
 */
export function InvitationLinkModal({
  shown,
  onClose,
}: {
  shown: ShownInvitation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const link = shown ? invitationLink(window.location.origin, shown.invitation.token) : '';
  const username = shown?.username ?? '';
  return (
    <Modal
      open={shown !== null}
      title={t('operators.linkTitle', { username })}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('operators.done')}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('operators.linkIntro', { username })}
        </Typography.Paragraph>
        <Alert type="warning" showIcon title={t('operators.linkOnce')} />
        <CopyField
          value={link}
          label={t('operators.link')}
          copyText={t('operators.copyLink')}
          copiedText={t('operators.copied')}
        />
        {shown ? (
          <Typography.Text type="secondary">
            {t('operators.linkExpires', { date: formatDateTime(shown.invitation.expiresAt) })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Modal>
  );
}
