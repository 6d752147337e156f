import { SESSION_IDLE_MINUTES } from '@kl/contracts/accounts';
import { adminCalls } from '@kl/contracts/admin/calls';
import {
  AGENT_MAX_DEPTH_LIMIT,
  SETTINGS_FIELDS,
  type SiteSettings,
  type SiteSettingsBody,
} from '@kl/contracts/admin/site-settings';
import { MERCHANT_TOGGLES } from '@kl/contracts/status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Select, Skeleton, Switch, Tabs, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime, setMerchantTimeZone } from '../../shared/dates.ts';
import { listKey } from '../../shared/paged-list.ts';
import { OPERATOR_QUERY_KEY, useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { ImageUpload } from '../../shared/ui/image-upload.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { HomeSectionsField } from './home-sections-field.tsx';
import { LinkLists } from './link-lists.tsx';
import { checks, requestOf, type SettingsValues, timeZoneNames, valuesOf } from './settings-form.ts';

/** The query of the settings (refreshed after a change). */
const SITE_SETTINGS = 'site-settings';

type SettingsTab = 'general' | 'toggles' | 'fields' | 'links' | 'home';

/** The tab a field of the form is on. */
function tabOf(field: string): SettingsTab {
  if (field === 'toggles' || field === 'agentMaxDepth' || field === 'sessionIdleMinutes') return 'toggles';
  if (field === 'fieldRules') return 'fields';
  if (field === 'customerService' || field === 'resources') return 'links';
  if (field === 'homeSections') return 'home';
  return 'general';
}

/** A rule of antd's form from a check of settings-form.ts: empty passes (required is said apart). */
const rule = (check: (value: string) => boolean, message: string) => ({
  validator: (_rule: unknown, value: string | undefined) =>
    !value || check(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

function FieldRuleRow({ field }: { field: (typeof SETTINGS_FIELDS)[number] }) {
  const { t } = useTranslation();
  const name = t(`siteSettings.fields.${field}`);
  const shown = Form.useWatch(['fieldRules', field, 'enabled']) as boolean | undefined;
  return (
    <Flex gap="middle" align="center" wrap style={{ marginBottom: 8 }}>
      <Typography.Text style={{ minWidth: 180 }}>{name}</Typography.Text>
      <Form.Item name={['fieldRules', field, 'enabled']} valuePropName="checked" noStyle>
        <Switch aria-label={t('siteSettings.fieldShown', { field: name })} />
      </Form.Item>
      <Typography.Text type="secondary">{t('siteSettings.shown')}</Typography.Text>
      <Form.Item name={['fieldRules', field, 'required']} valuePropName="checked" noStyle>
        <Switch aria-label={t('siteSettings.fieldRequired', { field: name })} disabled={!shown} />
      </Form.Item>
      <Typography.Text type="secondary">{t('siteSettings.required')}</Typography.Text>
    </Flex>
  );
}

function SettingsForm({ settings, canWrite }: { settings: SiteSettings; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsValues>();
  const zones = useMemo(
    () => timeZoneNames(settings.general.timeZone).map((zone) => ({ value: zone, label: zone })),
    [settings.general.timeZone],
  );
  const save = useAdminMutation(
    (body: SiteSettingsBody) => adminCall(adminCalls.adminSetSiteSettings, { body }),
    { invalidates: [SITE_SETTINGS], errorMessage: false, successText: () => t('siteSettings.saved') },
  );
  const [tab, setTab] = useState<SettingsTab>('general');
  const locked = !canWrite || save.isPending;
  const required = { required: true, message: t('siteSettings.requiredValue') };
  // What a toggle needs that the deployment lacks (the server refuses switching it on).
  const missing: Partial<Record<(typeof MERCHANT_TOGGLES)[number], 'sms' | 'social'>> = {
    ...(!settings.smsAvailable && { REGMOBVERF3: 'sms', MOBILEVERCODELOGIN3: 'sms' }),
    ...(!settings.socialLoginAvailable && { FACEBOOKLOGIN3: 'social', GOOGLELOGIN3: 'social' }),
  };

  const general = (
    <>
      <Form.Item
        name="siteName"
        label={t('siteSettings.siteName')}
        rules={[{ ...required, whitespace: true }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="mainDomain"
        label={t('siteSettings.mainDomain')}
        extra={t('siteSettings.domainHint')}
        rules={[required, rule(checks.domain, t('siteSettings.badDomain'))]}
      >
        <Input maxLength={253} />
      </Form.Item>
      <Form.Item
        name="mirrorDomains"
        label={t('siteSettings.mirrorDomains')}
        extra={t('siteSettings.mirrorDomainsHint')}
        rules={[
          {
            validator: (_rule, value: string[] | undefined) =>
              (value ?? []).every(checks.domain)
                ? Promise.resolve()
                : Promise.reject(new Error(t('siteSettings.badDomain'))),
          },
        ]}
      >
        <Select<string[]> mode="tags" open={false} tokenSeparators={[',', ' ']} disabled={locked} />
      </Form.Item>
      <Form.Item
        name="themeColor"
        label={t('siteSettings.themeColor')}
        extra={t('siteSettings.themeColorHint')}
        rules={[required, rule(checks.colour, t('siteSettings.badColour'))]}
      >
        <Input maxLength={7} style={{ maxWidth: 160 }} />
      </Form.Item>
      <Form.Item
        name="timeZone"
        label={t('siteSettings.timeZone')}
        extra={t('siteSettings.timeZoneHint')}
        rules={[required, rule(checks.timeZone, t('siteSettings.badTimeZone'))]}
      >
        <Select showSearch options={zones} disabled={locked} style={{ maxWidth: 320 }} />
      </Form.Item>
      <Form.Item name="logoImageId" label={t('siteSettings.logo')} extra={t('siteSettings.logoHint')}>
        <ImageUpload place="logo" label={t('siteSettings.logo')} disabled={locked} />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('siteSettings.currencyNote')}</Typography.Paragraph>
    </>
  );
  const toggles = (
    <>
      {MERCHANT_TOGGLES.map((toggle) => (
        <Form.Item
          key={toggle}
          name={['toggles', toggle]}
          label={t(`siteSettings.toggles.${toggle}`)}
          valuePropName="checked"
          extra={missing[toggle] ? t(`siteSettings.needs.${missing[toggle]}`) : undefined}
        >
          <Switch />
        </Form.Item>
      ))}
      <Form.Item
        name="agentMaxDepth"
        label={t('siteSettings.agentMaxDepth')}
        extra={t('siteSettings.agentMaxDepthHint')}
        rules={[required]}
      >
        <InputNumber min={1} max={AGENT_MAX_DEPTH_LIMIT} precision={0} />
      </Form.Item>
      <Form.Item
        name="sessionIdleMinutes"
        label={t('siteSettings.sessionIdleMinutes')}
        extra={t('siteSettings.sessionIdleMinutesHint')}
        rules={[required]}
      >
        <InputNumber min={SESSION_IDLE_MINUTES.min} max={SESSION_IDLE_MINUTES.max} precision={0} />
      </Form.Item>
    </>
  );
  const fields = (
    <>
      <Typography.Paragraph type="secondary">{t('siteSettings.fieldsHint')}</Typography.Paragraph>
      {SETTINGS_FIELDS.map((field) => (
        <FieldRuleRow key={field} field={field} />
      ))}
    </>
  );

  const home = (
    <>
      <Typography.Paragraph type="secondary">{t('siteSettings.homeSectionsHint')}</Typography.Paragraph>
      <Form.Item name="homeSections" noStyle>
        <HomeSectionsField disabled={locked} />
      </Form.Item>
    </>
  );

  return (
    <Form<SettingsValues>
      form={form}
      name="siteSettings"
      layout="vertical"
      initialValues={valuesOf(settings)}
      disabled={locked}
      // Every value of the store: the fields of a tab never opened are not mounted.
      onFinish={() =>
        save.mutate(requestOf(form.getFieldsValue(true) as SettingsValues), {
          onSuccess: (saved) => {
            // Every date of the back office follows the merchant's time zone at once.
            setMerchantTimeZone(saved.general.timeZone);
            void queryClient.invalidateQueries({ queryKey: OPERATOR_QUERY_KEY });
          },
        })
      }
      onFinishFailed={({ errorFields }) => {
        // Opens the tab of the first field refused.
        const [first] = errorFields[0]?.name ?? [];
        if (first !== undefined) setTab(tabOf(String(first)));
      }}
      style={{ maxWidth: 760 }}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as SettingsTab)}
        items={[
          { key: 'general', label: t('siteSettings.generalTitle'), children: general },
          { key: 'toggles', label: t('siteSettings.togglesTitle'), children: toggles },
          { key: 'fields', label: t('siteSettings.fieldsTitle'), children: fields },
          { key: 'links', label: t('siteSettings.linksTitle'), children: <LinkLists locked={locked} /> },
          { key: 'home', label: t('siteSettings.homeSectionsTitle'), children: home },
        ]}
      />

      <Flex vertical gap="small">
        {save.error ? <ErrorAlert error={save.error} /> : null}
        <Flex gap="middle" align="center" wrap>
          {canWrite ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          ) : null}
          <Typography.Text type="secondary">
            {t('siteSettings.updatedAt', { at: formatDateTime(settings.updatedAt) })}
          </Typography.Text>
        </Flex>
      </Flex>
    </Form>
  );
}

/**
 * The merchant's settings: name, domains, theme colour, time zone, logo, the product's toggles, the
 * registration fields, the customer-service and app links and home's game sections (docs/back-office.md,
 * "Site settings").
 */
export function SiteSettingsScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('status');
  const { data, error, refetch } = useQuery({
    queryKey: listKey(SITE_SETTINGS),
    queryFn: ({ signal }) => adminCall(adminCalls.adminSiteSettings, { signal }),
  });
  // Made anew from each answer (keyed by its time), so the form shows what the server keeps.
  let content: ReactNode = error ? null : <Skeleton active title={false} />;
  if (data) content = <SettingsForm key={data.updatedAt} settings={data} canWrite={canWrite} />;

  return (
    <Screen title={t('siteSettings.menu')}>
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      {content}
    </Screen>
  );
}
