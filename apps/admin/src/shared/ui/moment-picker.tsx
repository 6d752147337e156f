import { DatePicker, Flex, Typography } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { DatePickerProps } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { merchantZoneLabel } from '../dates.ts';

/**
 * A date-and-time picker of a form whose times are the merchant's (docs/back-office.md, "Site settings"):
 * the value is the merchant's wall-clock time (`pickerMoment` / `pickedMoment` convert at the form's edge)
 * and a note under it names the zone, so an operator abroad knows which hours they pick.
 */
export function MomentPicker(props: Omit<DatePickerProps, 'showTime'>) {
  const noteId = useId();
  return (
    <Flex vertical gap={2}>
      <DatePicker
        {...props}
        showTime
        format="DD/MM/YYYY HH:mm:ss"
        aria-describedby={noteId}
        style={{ width: '100%', ...props.style }}
      />
      <ZoneNote id={noteId} />
    </Flex>
  );
}

/** Two moments (from, until) in the merchant's time zone, with the same note. */
export function MomentRangePicker(props: Omit<RangePickerProps, 'showTime'>) {
  const noteId = useId();
  return (
    <Flex vertical gap={2}>
      <DatePicker.RangePicker
        {...props}
        showTime
        format="DD/MM/YYYY HH:mm:ss"
        aria-describedby={noteId}
        style={{ width: '100%', ...props.style }}
      />
      <ZoneNote id={noteId} />
    </Flex>
  );
}

function ZoneNote({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text id={id} type="secondary" style={{ fontSize: 12 }}>
      {t('common.merchantZone', { zone: merchantZoneLabel() })}
    </Typography.Text>
  );
}
