import { Typography } from 'antd';

/** A value of the audit log (before / after) as indented JSON. */
export function JsonView({ label, value }: { label: string; value: unknown }) {
  return (
    <figure style={{ margin: 0, minWidth: 0, flex: 1 }}>
      <Typography.Text strong>
        <figcaption>{label}</figcaption>
      </Typography.Text>
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </figure>
  );
}
