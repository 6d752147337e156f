import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The filters of a list, in one row: each field labelled, then Search (sends them) and Reset (back to
 * the initial values, sent at once). `name` makes the fields' ids (`<name>_<field>`) unique on the page.
 */
export function FilterBar<V extends object>({
  name,
  label,
  initialValues,
  onSearch,
  children,
}: {
  name: string;
  /** The filter form's accessible name. */
  label: string;
  initialValues?: Partial<V>;
  onSearch: (values: V) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>() as [FormInstance<V>];
  return (
    <Form<V>
      form={form}
      name={name}
      aria-label={label}
      layout="inline"
      initialValues={initialValues}
      onFinish={onSearch}
      style={{ rowGap: 8 }}
    >
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden="true" />}>
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch(form.getFieldsValue(true) as V);
          }}
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
