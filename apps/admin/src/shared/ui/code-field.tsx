import { Form, Input } from 'antd';

/**
 * A row's code in its form: required, checked by its pattern, typed when the row is added and fixed after
 * (`fixed`: the field shows it, disabled), as the server keeps it.
 */
export function CodeField({
  label,
  hint,
  pattern,
  messages,
  fixed,
}: {
  label: string;
  hint: string;
  pattern: RegExp;
  messages: { required: string; format: string };
  fixed: boolean;
}) {
  return (
    <Form.Item
      name="code"
      label={label}
      extra={hint}
      rules={[
        { required: true, whitespace: true, message: messages.required },
        { pattern, message: messages.format },
      ]}
    >
      <Input disabled={fixed} maxLength={32} />
    </Form.Item>
  );
}
