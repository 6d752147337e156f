import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset, type DateRangeChoice, type RangeResult } from '../lib/date-range.ts';

/**
 * The date range of a report: today, the last 7 or 30 days, or custom days (days of UTC+7). A custom
 * range that cannot be asked for says why.
 */
export function DateRangeFilter({
  choice,
  result,
  onChange,
}: {
  choice: DateRangeChoice;
  result: RangeResult;
  onChange: (choice: DateRangeChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const error = result.ok ? null : result.error;
  return (
    <div className="kl-member-filter__range">
      <label className="kl-member-field">
        <span className="kl-member-field__label">{t('member.filters.period')}</span>
        <select
          className="kl-member-field__control"
          value={choice.preset}
          onChange={(event) => onChange({ ...choice, preset: event.target.value as DatePreset })}
        >
          {DATE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`member.filters.presets.${preset}`)}
            </option>
          ))}
        </select>
      </label>
      {choice.preset === 'custom' && (
        <div className="kl-member-filter__days">
          <label className="kl-member-field">
            <span className="kl-member-field__label">{t('member.filters.from')}</span>
            <input
              type="date"
              className="kl-member-field__control"
              value={choice.fromDay}
              min="1900-01-01"
              aria-invalid={error === 'fromRequired' || error === 'order' || error === 'future'}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange({ ...choice, fromDay: event.target.value })}
            />
          </label>
          <label className="kl-member-field">
            <span className="kl-member-field__label">{t('member.filters.to')}</span>
            <input
              type="date"
              className="kl-member-field__control"
              value={choice.toDay}
              min="1900-01-01"
              aria-invalid={error === 'toRequired' || error === 'order'}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange({ ...choice, toDay: event.target.value })}
            />
          </label>
        </div>
      )}
      {error && (
        <p id={errorId} className="kl-member-filter__error" role="alert">
          {t(`member.filters.errors.${error}`)}
        </p>
      )}
      <p className="kl-member-filter__hint">{t('member.filters.timeZone')}</p>
    </div>
  );
}
