import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HomeSectionRow } from './settings-form.ts';

/**
 * Home's game sections in the order the player site shows them: a switch shows or hides each, the arrows
 * move one up or down. A form control: `value` is every section in its place, `onChange` gets the new
 * list.
 */
export function HomeSectionsField({
  value = [],
  onChange,
  disabled,
}: {
  value?: HomeSectionRow[];
  onChange?: (rows: HomeSectionRow[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const move = (from: number, to: number) => {
    const rows = [...value];
    const [row] = rows.splice(from, 1);
    if (!row) return;
    rows.splice(to, 0, row);
    onChange?.(rows);
  };
  const toggle = (index: number, shown: boolean) =>
    onChange?.(value.map((row, at) => (at === index ? { ...row, shown } : row)));

  return (
    <ol aria-label={t('siteSettings.homeSectionsTitle')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {value.map((row, index) => {
        const name = t(`siteSettings.homeSections.${row.key}`);
        return (
          <li key={row.key} style={{ marginBottom: 8 }}>
            <Flex gap="middle" align="center" wrap>
              <Typography.Text style={{ minWidth: 220 }}>{name}</Typography.Text>
              <Switch
                checked={row.shown}
                disabled={disabled}
                aria-label={t('siteSettings.homeSectionShown', { section: name })}
                onChange={(shown) => toggle(index, shown)}
              />
              <Button
                icon={<ArrowUpOutlined />}
                aria-label={t('siteSettings.homeSectionUp', { section: name })}
                disabled={disabled || index === 0}
                onClick={() => move(index, index - 1)}
              />
              <Button
                icon={<ArrowDownOutlined />}
                aria-label={t('siteSettings.homeSectionDown', { section: name })}
                disabled={disabled || index === value.length - 1}
                onClick={() => move(index, index + 1)}
              />
            </Flex>
          </li>
        );
      })}
    </ol>
  );
}
