import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog. */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (
    event.shiftKey &&
    (document.activeElement === first || document.activeElement === event.currentTarget)
  ) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Its name (docs/conventions.md, "Text and accessibility": dialogs are named): a text, or the id of its title. */
type DialogName = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

/**
 * The inside of a popup or sheet (antd-mobile `Popup`, `CenterPopup`): a modal dialog that takes the focus
 * when it opens and gives it back where it was when it closes. Escape closes it; with `trapFocus`, Tab and
 * Shift+Tab stay inside.
 */
export function ModalPanel({
  className,
  testId,
  trapFocus = false,
  onClose,
  children,
  ...name
}: DialogName & {
  className: string;
  testId: string;
  trapFocus?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    return () => returnFocusTo?.focus();
  }, []);
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={name.label}
      aria-labelledby={name.labelledBy}
      data-testid={testId}
      tabIndex={-1}
      className={className}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
        else if (trapFocus && event.key === 'Tab') trapTab(event);
      }}
    >
      {children}
    </div>
  );
}

/** The × of a popup, named "Close" ("Đóng"). */
export function CloseButton({
  onClick,
  className = 'kl-icon-button',
}: {
  onClick: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} aria-label={t('common.close')} onClick={onClick}>
      <CloseIcon />
    </button>
  );
}
