import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A yes / no cell: an icon, and the word for assistive technology. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  const word = t(value ? 'common.yes' : 'common.no');
  return value ? (
    <CheckOutlined aria-label={word} role="img" />
  ) : (
    <MinusOutlined aria-label={word} role="img" />
  );
}
