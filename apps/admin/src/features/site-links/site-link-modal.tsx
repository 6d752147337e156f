import { adminCalls } from '@kl/contracts/admin/calls';
import { type AdminSiteLink, SITE_LINK_NAME_MAX } from '@kl/contracts/admin/site-links';
import { SITE_LINK_KINDS, SOCIAL_LINK_TYPES, type SiteLinkKind } from '@kl/contracts/content';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import {
  isLinkAddress,
  newSiteLinkValues,
  requestOf,
  type SiteLinkValues,
  valuesOf,
} from './site-link-form.ts';

/** The list a change of a link refreshes. */
export const SITE_LINKS_LIST = 'site-links';

/** What the modal edits: a new link of a kind, an existing one, or nothing (closed). */
export type SiteLinkEditing =
  { mode: 'new'; kind: SiteLinkKind } | { mode: 'edit'; link: AdminSiteLink } | null;

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * Adds a link (last of its kind) or edits one: its kind, its name in Vietnamese and English side by side,
 * its address (checked as the server checks it; a social link needs one), the network of a social link
 * and the colour its logo is drawn in.
 */
export function SiteLinkModal({ editing, onClose }: { editing: SiteLinkEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const existing = editing?.mode === 'edit' ? editing.link : undefined;
  const save = useAdminMutation(
    (values: SiteLinkValues) =>
      existing
        ? adminCall(adminCalls.adminUpdateSiteLink, {
            params: { linkId: existing.id },
            body: requestOf(values),
          })
        : adminCall(adminCalls.adminCreateSiteLink, { body: requestOf(values) }),
    {
      invalidates: [SITE_LINKS_LIST],
      errorMessage: false,
      successText: () => t(existing ? 'siteLinks.saved' : 'siteLinks.created'),
    },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const newKind: SiteLinkKind = editing?.mode === 'new' ? editing.kind : 'partner';
  let initialValues: Partial<SiteLinkValues> | undefined;
  if (existing) initialValues = valuesOf(existing);
  else if (editing?.mode === 'new') initialValues = newSiteLinkValues(editing.kind);

  return (
    <FormModal<SiteLinkValues>
      open={editing !== null}
      title={existing ? t('siteLinks.editTitle') : t(`siteLinks.newOf.${newKind}`)}
      name="siteLink"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      width={640}
      initialValues={initialValues}
      onCancel={close}
      onSubmit={(values) => save.mutate(values, { onSuccess: close })}
    >
      <SiteLinkFields />
    </FormModal>
  );
}

/** The fields, inside the form: the network shows for a social link, whose address is required. */
function SiteLinkFields() {
  const { t } = useTranslation();
  const kind = Form.useWatch<SiteLinkKind | undefined>('kind');
  const social = kind === 'social';
  return (
    <>
      <Form.Item name="kind" label={t('siteLinks.kind')} rules={[{ required: true }]}>
        <Select
          aria-label={t('siteLinks.kind')}
          options={SITE_LINK_KINDS.map((value) => ({ value, label: t(`siteLinks.kindNames.${value}`) }))}
        />
      </Form.Item>
      <LocalizedTextFields
        name="name"
        viLabel={t('siteLinks.nameVi')}
        enLabel={t('siteLinks.nameEn')}
        requiredMessage={t('siteLinks.nameRequired')}
        maxLength={SITE_LINK_NAME_MAX}
        sideBySide
      />
      {social ? (
        <Form.Item
          name="socialType"
          label={t('siteLinks.socialType')}
          rules={[{ required: true, message: t('siteLinks.socialTypeRequired') }]}
        >
          <Select
            aria-label={t('siteLinks.socialType')}
            options={SOCIAL_LINK_TYPES.map((value) => ({
              value,
              label: t(`siteLinks.socialTypes.${value}`),
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="url"
        label={t('siteLinks.url')}
        extra={t(social ? 'siteLinks.urlHintSocial' : 'siteLinks.urlHint')}
        dependencies={['kind']}
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const url = value?.trim() ?? '';
              if (url === '')
                return social ? Promise.reject(new Error(t('siteLinks.urlRequired'))) : Promise.resolve();
              return isLinkAddress(url)
                ? Promise.resolve()
                : Promise.reject(new Error(t('siteLinks.urlInvalid')));
            },
          },
        ]}
      >
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item
        name="colour"
        label={t('siteLinks.colour')}
        extra={t('siteLinks.colourHint')}
        rules={[
          { required: true, message: t('siteLinks.colourInvalid') },
          { pattern: COLOUR, message: t('siteLinks.colourInvalid') },
        ]}
      >
        <Input placeholder="#1565c0" maxLength={7} style={{ maxWidth: 160 }} />
      </Form.Item>
    </>
  );
}
