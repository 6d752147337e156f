import { useId } from 'react';

/** Two or more choices shown as tabs (registration method, login by password or SMS, e-mail or phone). */
export function MethodTabs<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div role="tablist" aria-label={label} className="kl-tabs">
      {options.map((option) => (
        <button
          key={option.value}
          id={`${id}-${option.value}`}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          className={option.value === value ? 'kl-tabs__tab kl-tabs__tab--active' : 'kl-tabs__tab'}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
