import type { TFunction } from 'i18next';

const NAMED_OPTIONS = ['TAI', 'XIU', 'CHAN', 'LE'] as const;
type NamedOption = (typeof NAMED_OPTIONS)[number];

/** The text of a picked value: tài/xỉu/chẵn/lẻ by name; numbers and sums as they are. */
export function optionLabel(t: TFunction, value: string): string {
  return (NAMED_OPTIONS as readonly string[]).includes(value)
    ? t(`lottery.option.${value as NamedOption}`)
    : value;
}
