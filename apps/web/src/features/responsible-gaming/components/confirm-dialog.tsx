import { useEffect, useId, useRef } from 'react';
import '../dialog.css';

/**
 * A modal question with two answers (the reality check's look): the title names it, the text describes it,
 * focus starts on the safe answer and comes back where it was; Escape cancels.
 */
export function ConfirmDialog({
  title,
  text,
  confirmText,
  cancelText,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmText: string;
  cancelText: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ids = { title: useId(), text: useId() };
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => returnFocusTo?.focus();
  }, []);
  return (
    <div className="kl-rg-dialog__backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={ids.text}
        className="kl-rg-dialog"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      >
        <h2 id={ids.title} className="kl-rg-dialog__title">
          {title}
        </h2>
        <p id={ids.text}>{text}</p>
        <div className="kl-rg-dialog__actions">
          <button
            type="button"
            className="kl-button kl-button--primary kl-button--small"
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmText}
          </button>
          <button
            ref={cancel}
            type="button"
            className="kl-button kl-button--outline kl-button--small"
            onClick={onCancel}
          >
            {cancelText}
          </button>
        </div>
      </div>
    </div>
  );
}
