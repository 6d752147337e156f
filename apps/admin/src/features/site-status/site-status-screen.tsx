import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminSiteStatus, SetSiteStatusRequest } from '@kl/contracts/admin/site-status';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Select, Skeleton, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime, pickedMoment, pickerMoment, pickerNow } from '../../shared/dates.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { MomentPicker } from '../../shared/ui/moment-picker.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { countryOptions } from './countries.ts';

/** The query of the switches (refreshed after a change). */
const SITE_STATUS = 'site-status';

interface SiteStatusValues {
  maintenance: boolean;
  maintenanceUntil: Dayjs | null;
  regionRestriction: boolean;
  allowedCountries: string[];
}

const valuesOf = (status: AdminSiteStatus): SiteStatusValues => ({
  maintenance: status.maintenance,
  maintenanceUntil: status.maintenanceUntil ? pickerMoment(status.maintenanceUntil) : null,
  regionRestriction: status.regionRestriction,
  allowedCountries: status.allowedCountries,
});

/** What is sent: the end of maintenance only while in maintenance, countries only while restricted. */
const requestOf = (values: SiteStatusValues): SetSiteStatusRequest => ({
  maintenance: values.maintenance,
  maintenanceUntil:
    values.maintenance && values.maintenanceUntil ? pickedMoment(values.maintenanceUntil) : null,
  regionRestriction: values.regionRestriction,
  allowedCountries: values.regionRestriction ? values.allowedCountries : [],
});

function SiteStatusForm({ status, canWrite }: { status: AdminSiteStatus; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SiteStatusValues>();
  const maintenance = Form.useWatch('maintenance', form) ?? status.maintenance;
  const restricted = Form.useWatch('regionRestriction', form) ?? status.regionRestriction;
  const chosen = Form.useWatch('allowedCountries', form) ?? status.allowedCountries;
  const options = useMemo(() => countryOptions(i18n.language, chosen), [i18n.language, chosen]);
  const save = useAdminMutation(
    (body: SetSiteStatusRequest) => adminCall(adminCalls.adminSetSiteStatus, { body }),
    { invalidates: [SITE_STATUS], errorMessage: false, successText: () => t('siteStatus.saved') },
  );
  // A control's own `disabled` wins over the form's: the locked form is repeated where one is given.
  const locked = !canWrite || save.isPending;

  return (
    <Form<SiteStatusValues>
      form={form}
      name="siteStatus"
      layout="vertical"
      initialValues={valuesOf(status)}
      disabled={locked}
      onFinish={(values) => save.mutate(requestOf(values))}
      style={{ maxWidth: 640 }}
    >
      <Card title={t('siteStatus.maintenanceTitle')} style={{ marginBottom: 16 }}>
        <Form.Item
          name="maintenance"
          label={t('siteStatus.maintenance')}
          valuePropName="checked"
          extra={t('siteStatus.maintenanceHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="maintenanceUntil"
          label={t('siteStatus.maintenanceUntil')}
          extra={t('siteStatus.maintenanceUntilHint')}
          rules={[
            {
              validator: (_rule, value: Dayjs | null | undefined) =>
                !maintenance || !value || value.isAfter(pickerNow())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('siteStatus.maintenanceUntilPast'))),
            },
          ]}
        >
          <MomentPicker disabled={locked || !maintenance} />
        </Form.Item>
      </Card>
      <Card title={t('siteStatus.regionTitle')} style={{ marginBottom: 16 }}>
        <Form.Item
          name="regionRestriction"
          label={t('siteStatus.regionRestriction')}
          valuePropName="checked"
          extra={t('siteStatus.regionRestrictionHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="allowedCountries"
          label={t('siteStatus.allowedCountries')}
          dependencies={['regionRestriction']}
          rules={[
            {
              validator: (_rule, value: string[] | undefined) =>
                !restricted || (value?.length ?? 0) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('siteStatus.countriesRequired'))),
            },
          ]}
        >
          <Select<string[]>
            mode="multiple"
            disabled={locked || !restricted}
            options={options}
            optionFilterProp="label"
            placeholder={t('siteStatus.countriesPlaceholder')}
          />
        </Form.Item>
      </Card>
      {save.error ? (
        <div style={{ marginBottom: 16 }}>
          <ErrorAlert error={save.error} />
        </div>
      ) : null}
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text type="secondary">
          {t('siteStatus.updatedAt', { at: formatDateTime(status.updatedAt) })}
        </Typography.Text>
        {canWrite ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}

/** The site switches: maintenance (and when it ends) and the countries allowed to use the site. */
export function SiteStatusScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('status');
  const status = useQuery({
    queryKey: listKey(SITE_STATUS),
    queryFn: ({ signal }) => adminCall(adminCalls.adminSiteStatus, { signal }),
  });

  return (
    <Screen title={t('siteStatus.menu')}>
      {status.error ? <ErrorAlert error={status.error} onRetry={() => void status.refetch()} /> : null}
      {status.data?.maintenance ? (
        <Alert type="warning" showIcon title={t('siteStatus.inMaintenance')} />
      ) : null}
      {status.data ? (
        // Made anew from each answer, so the form shows what the server keeps.
        <SiteStatusForm key={status.data.updatedAt} status={status.data} canWrite={canWrite} />
      ) : status.error ? null : (
        <Skeleton active title={false} />
      )}
    </Screen>
  );
}
