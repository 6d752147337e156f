import { Form, Input } from 'antd';

/**
 * The two fields of a text in both languages (`<name>.vi`, `<name>.en`): Vietnamese required, English
 * optional. One line, or a text area of `rows` lines; at most `maxLength` characters.
 */
export function LocalizedTextFields({
  name,
  viLabel,
  enLabel,
  requiredMessage,
  maxLength,
  rows,
}: {
  name: string;
  viLabel: string;
  enLabel: string;
  requiredMessage: string;
  maxLength: number;
  rows?: number;
}) {
  const input =
    rows === undefined ? (
      <Input maxLength={maxLength} />
    ) : (
      <Input.TextArea rows={rows} maxLength={maxLength} />
    );
  return (
    <>
      <Form.Item
        name={[name, 'vi']}
        label={viLabel}
        rules={[{ required: true, whitespace: true, message: requiredMessage }]}
      >
        {input}
      </Form.Item>
      <Form.Item name={[name, 'en']} label={enLabel}>
        {input}
      </Form.Item>
    </>
  );
}
