import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CS_TYPES, RESOURCE_TYPES } from '@kl/contracts/status';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { checks } from './settings-form.ts';

/**
 * The customer-service links and the resources (app downloads, social pages, sign-in and logo links) of
 * the merchant's status info, each a small list of rows; every address a path of the site or https.
 */
export function LinkLists({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  const address = {
    validator: (_rule: unknown, value: string | undefined) =>
      value && checks.link(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('siteSettings.badLink'))),
  };

  return (
    <>
      <Card title={t('siteSettings.customerServiceTitle')} style={{ marginBottom: 16 }}>
        <Form.List name="customerService">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, index) => (
                <Flex key={row.key} gap="small" align="start" wrap>
                  <Form.Item name={[row.name, 'csType']} style={{ minWidth: 160 }}>
                    <Select
                      aria-label={t('siteSettings.linkType', { n: index + 1 })}
                      disabled={locked}
                      options={CS_TYPES.map((type) => ({ value: type, label: t(`siteSettings.csTypes.${type}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'path']} rules={[address]} style={{ flex: 1, minWidth: 240 }}>
                    <Input aria-label={t('siteSettings.linkAddress', { n: index + 1 })} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={t('siteSettings.removeLink', { n: index + 1 })}
                    onClick={() => remove(row.name)}
                  />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined aria-hidden="true" />}
                onClick={() => add({ csType: 'LIVECHAT', path: '' })}
              >
                {t('siteSettings.addCustomerService')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Card title={t('siteSettings.resourcesTitle')} style={{ marginBottom: 16 }}>
        <Form.List name="resources">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, index) => (
                <Flex key={row.key} gap="small" align="start" wrap>
                  <Form.Item name={[row.name, 'resourceType']} style={{ minWidth: 180 }}>
                    <Select
                      aria-label={t('siteSettings.resourceType', { n: index + 1 })}
                      disabled={locked}
                      options={RESOURCE_TYPES.map((type) => ({
                        value: type,
                        label: t(`siteSettings.resourceTypes.${type}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'url']} rules={[address]} style={{ flex: 1, minWidth: 220 }}>
                    <Input aria-label={t('siteSettings.resourceAddress', { n: index + 1 })} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'labelNameEn']} style={{ minWidth: 140 }}>
                    <Input aria-label={t('siteSettings.resourceLabel', { n: index + 1 })} maxLength={60} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={t('siteSettings.removeResource', { n: index + 1 })}
                    onClick={() => remove(row.name)}
                  />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined aria-hidden="true" />}
                onClick={() => add({ resourceType: 'IOS', url: '', labelNameEn: '' })}
              >
                {t('siteSettings.addResource')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
    </>
  );
}
