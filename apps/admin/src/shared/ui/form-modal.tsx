import { Button, Flex, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert.tsx';

/**
 * A form in a dialog named by its title: its fields, the failure of its last submit, Cancel and the
 * submit button (busy while the call is in flight). The form is made anew each time it opens.
 */
export function FormModal<V extends object>({
  open,
  title,
  name,
  submitText,
  pending,
  error,
  initialValues,
  onCancel,
  onSubmit,
  form,
  width = 560,
  children,
}: {
  open: boolean;
  title: string;
  /** The form's name: its fields' ids are `<name>_<field>`. */
  name: string;
  submitText: string;
  pending: boolean;
  error: unknown;
  initialValues?: Partial<V>;
  onCancel: () => void;
  onSubmit: (values: V) => void;
  /** The form's instance, when the caller sets its fields' errors itself (a refusal of the server). */
  form?: FormInstance<V>;
  /** Wider for a form with a preview beside its fields. */
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} footer={null} onCancel={onCancel} destroyOnHidden width={width}>
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onSubmit}
        disabled={pending}
      >
        {children}
        {error ? (
          <div style={{ marginBottom: 16 }}>
            <ErrorAlert error={error} />
          </div>
        ) : null}
        <Flex justify="flex-end" gap="small">
          <Button onClick={onCancel} disabled={false}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={pending}>
            {submitText}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
