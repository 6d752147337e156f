import { Flex, Form, Input } from 'antd';

/**
 * The two fields of a text in both languages (`<name>.vi`, `<name>.en`): Vietnamese required, English
 * optional. One line, or a text area of `rows` lines; at most `maxLength` characters. `sideBySide` puts
 * the two next to each other (short names), wrapping on a narrow form.
 */
export function LocalizedTextFields({
  name,
  viLabel,
  enLabel,
  requiredMessage,
  maxLength,
  rows,
  sideBySide = false,
}: {
  name: string;
  viLabel: string;
  enLabel: string;
  requiredMessage: string;
  maxLength: number;
  rows?: number;
  sideBySide?: boolean;
}) {
  const input =
    rows === undefined ? (
      <Input maxLength={maxLength} />
    ) : (
      <Input.TextArea rows={rows} maxLength={maxLength} />
    );
  const half = sideBySide ? { style: { flex: '1 1 200px', minWidth: 0 } } : {};
  const fields = (
    <>
      <Form.Item
        name={[name, 'vi']}
        label={viLabel}
        rules={[{ required: true, whitespace: true, message: requiredMessage }]}
        {...half}
      >
        {input}
      </Form.Item>
      <Form.Item name={[name, 'en']} label={enLabel} {...half}>
        {input}
      </Form.Item>
    </>
  );
  return sideBySide ? (
    <Flex gap="middle" wrap>
      {fields}
    </Flex>
  ) : (
    fields
  );
}
