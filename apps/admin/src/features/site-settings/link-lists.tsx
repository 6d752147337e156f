import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CS_TYPES, RESOURCE_TYPES } from '@kl/contracts/status';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { checks } from './settings-form.ts';

/** One list of links: its form field, the names of its kind and address, and what a new row holds. */
interface LinkListProps {
  title: string;
  name: 'customerService' | 'resources';
  kindField: 'csType' | 'resourceType';
  addressField: 'path' | 'url';
  kinds: { value: string; label: string }[];
  /** The accessible names of row `n`'s controls. */
  names: (n: number) => { kind: string; address: string; remove: string; label?: string };
  addText: string;
  newRow: Record<string, string>;
  locked: boolean;
}

function LinkList(props: LinkListProps) {
  const { t } = useTranslation();
  const address = {
    validator: (_rule: unknown, value: string | undefined) =>
      value && checks.link(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('siteSettings.badLink'))),
  };
  return (
    <Card title={props.title} style={{ marginBottom: 16 }}>
      <Form.List name={props.name}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, index) => {
              const names = props.names(index + 1);
              return (
                <Flex key={row.key} gap="small" align="start" wrap>
                  <Form.Item name={[row.name, props.kindField]} style={{ minWidth: 170 }}>
                    <Select aria-label={names.kind} disabled={props.locked} options={props.kinds} />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, props.addressField]}
                    rules={[address]}
                    style={{ flex: 1, minWidth: 220 }}
                  >
                    <Input aria-label={names.address} />
                  </Form.Item>
                  {names.label ? (
                    <Form.Item name={[row.name, 'labelNameEn']} style={{ minWidth: 140 }}>
                      <Input aria-label={names.label} maxLength={60} />
                    </Form.Item>
                  ) : null}
                  <Button
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={names.remove}
                    onClick={() => remove(row.name)}
                  />
                </Flex>
              );
            })}
            <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ ...props.newRow })}>
              {props.addText}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

/**
 * The customer-service links and the resources (app downloads, social pages, sign-in and logo links) of
 * the merchant's status info, each a small list of rows; every address a path of the site or https.
 */
export function LinkLists({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <LinkList
        title={t('siteSettings.customerServiceTitle')}
        name="customerService"
        kindField="csType"
        addressField="path"
        kinds={CS_TYPES.map((type) => ({ value: type, label: t(`siteSettings.csTypes.${type}`) }))}
        names={(n) => ({
          kind: t('siteSettings.linkType', { n }),
          address: t('siteSettings.linkAddress', { n }),
          remove: t('siteSettings.removeLink', { n }),
        })}
        addText={t('siteSettings.addCustomerService')}
        newRow={{ csType: 'LIVECHAT', path: '' }}
        locked={locked}
      />
      <LinkList
        title={t('siteSettings.resourcesTitle')}
        name="resources"
        kindField="resourceType"
        addressField="url"
        kinds={RESOURCE_TYPES.map((type) => ({
          value: type,
          label: t(`siteSettings.resourceTypes.${type}`),
        }))}
        names={(n) => ({
          kind: t('siteSettings.resourceType', { n }),
          address: t('siteSettings.resourceAddress', { n }),
          label: t('siteSettings.resourceLabel', { n }),
          remove: t('siteSettings.removeResource', { n }),
        })}
        addText={t('siteSettings.addResource')}
        newRow={{ resourceType: 'IOS', url: '', labelNameEn: '' }}
        locked={locked}
      />
    </>
  );
}
