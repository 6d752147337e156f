import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input } from 'antd';

/**
 * A value shown once for the operator to hand on (an invitation link, a provider's signing key): read-only,
 * selected when focused, and a button that copies it and says so.
 */
export function CopyField({
  value,
  label,
  copyText,
  copiedText,
}: {
  value: string;
  /** The field's accessible name. */
  label: string;
  /** The copy button's text (its accessible name). */
  copyText: string;
  /** Said once the value is on the clipboard. */
  copiedText: string;
}) {
  const { message } = App.useApp();
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    void message.success(copiedText);
  };
  return (
    <Flex gap="small">
      <Input readOnly value={value} aria-label={label} onFocus={(event) => event.target.select()} />
      <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
        {copyText}
      </Button>
    </Flex>
  );
}
