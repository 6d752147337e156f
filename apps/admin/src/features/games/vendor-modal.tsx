import type { AdminGameVendor } from '@kl/contracts/admin/games';
import { GAME_TYPES, type GameType, IN_HOUSE_VENDOR, LOTTERY_GAME_TYPES } from '@kl/contracts/games';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useGameProviders, useSaveVendor } from './use-catalogue.ts';

/** What the vendor form edits: a new vendor, an existing one, or nothing (closed). */
export type VendorEditing = { mode: 'new' } | { mode: 'edit'; vendor: AdminGameVendor } | null;

interface VendorValues {
  vassalage: string;
  gameCategory: GameType;
  displayName: string;
  sortOrder: number;
  /** '' for none: the site's own engine. */
  providerCode: string;
  enabled: boolean;
}

/** Where the site's own engine plays a vendor's games, so it has no provider (docs/decisions/027-provider-launch.md). */
export const playedInHouse = (vassalage: string, gameCategory: GameType | undefined) =>
  gameCategory !== undefined &&
  ((vassalage === IN_HOUSE_VENDOR && gameCategory === 'RNG') ||
    (LOTTERY_GAME_TYPES as readonly GameType[]).includes(gameCategory));

/** "Add vendor" and "Edit": code and category (fixed once added), name, place, provider. */
export function VendorModal({ editing, onClose }: { editing: VendorEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VendorValues>();
  const providers = useGameProviders(editing !== null);
  const save = useSaveVendor();
  const existing = editing?.mode === 'edit' ? editing.vendor : undefined;
  const close = () => {
    save.reset();
    onClose();
  };
  const code = (Form.useWatch('vassalage', form) ?? '').toUpperCase();
  const category = Form.useWatch('gameCategory', form);
  const inHouse = playedInHouse(code, category);

  const initialValues: Partial<VendorValues> = existing
    ? {
        vassalage: existing.vassalage,
        gameCategory: existing.gameCategory,
        displayName: existing.displayName,
        sortOrder: existing.sortOrder,
        providerCode: existing.providerCode ?? '',
        enabled: existing.enabled,
      }
    : { sortOrder: 0, providerCode: '', enabled: true };

  const submit = (values: VendorValues) => {
    const providerCode = values.providerCode === '' ? null : values.providerCode;
    if (existing) {
      save.mutate(
        {
          mode: 'edit',
          key: { gameCategory: existing.gameCategory, vassalage: existing.vassalage },
          body: {
            displayName: values.displayName,
            sortOrder: values.sortOrder,
            // Sent only when changed: a vendor keeps its provider whatever else is edited.
            ...(providerCode !== existing.providerCode && { providerCode }),
          },
        },
        { onSuccess: close },
      );
    } else {
      save.mutate(
        {
          mode: 'new',
          body: {
            vassalage: values.vassalage.trim().toUpperCase(),
            gameCategory: values.gameCategory,
            displayName: values.displayName,
            sortOrder: values.sortOrder,
            providerCode,
            enabled: values.enabled,
          },
        },
        { onSuccess: close },
      );
    }
  };

  return (
    <FormModal<VendorValues>
      open={editing !== null}
      title={existing ? t('games.editVendorTitle', { name: existing.displayName }) : t('games.addVendor')}
      name="vendor"
      form={form}
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={initialValues}
      onCancel={close}
      onSubmit={submit}
    >
      <Form.Item
        name="vassalage"
        label={t('games.vendorCode')}
        extra={existing ? undefined : t('games.vendorCodeHint')}
        rules={[
          { required: true, message: t('games.vendorCodeRequired') },
          { pattern: /^[A-Za-z0-9][A-Za-z0-9_]{0,31}$/, message: t('games.vendorCodeFormat') },
        ]}
      >
        <Input disabled={existing !== undefined} maxLength={32} />
      </Form.Item>
      <Form.Item
        name="gameCategory"
        label={t('games.category')}
        rules={[{ required: true, message: t('games.categoryRequired') }]}
      >
        <Select<GameType>
          aria-label={t('games.category')}
          disabled={existing !== undefined}
          options={GAME_TYPES.map((type) => ({ value: type, label: t(`games.categories.${type}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="displayName"
        label={t('games.vendorName')}
        rules={[{ required: true, whitespace: true, message: t('games.vendorNameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="sortOrder" label={t('games.sortOrder')} extra={t('games.sortOrderHint')}>
        <InputNumber<number> min={0} max={10_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="providerCode"
        label={t('games.provider')}
        extra={inHouse ? t('games.providerInHouse') : t('games.providerHint')}
      >
        <Select<string>
          aria-label={t('games.provider')}
          loading={providers.isFetching}
          options={[
            { value: '', label: t('games.noProvider') },
            ...(providers.data?.list ?? []).map((provider) => ({
              value: provider.code,
              label: provider.enabled
                ? `${provider.name} (${provider.code})`
                : t('games.providerOff', { name: provider.name, code: provider.code }),
            })),
          ]}
        />
      </Form.Item>
      {existing ? null : (
        <Form.Item name="enabled" label={t('games.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormModal>
  );
}
