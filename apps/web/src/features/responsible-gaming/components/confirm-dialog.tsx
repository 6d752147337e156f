import { useEffect, useId, useRef } from 'react';
import '../dialog.css';

/**
 * A modal question with two answers (the reality check's look): the title names it, the text describes it,
 * focus starts on the safe answer (cancel, unless `safe` says confirm) and comes back where it was; Escape
 * gives the safe answer.
 */
export function ConfirmDialog({
  title,
  text,
  confirmText,
  cancelText,
  busy = false,
  safe = 'cancel',
  testId,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmText: string;
  cancelText: string;
  busy?: boolean;
  safe?: 'confirm' | 'cancel';
  testId?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ids = { title: useId(), text: useId() };
  const safeButton = useRef<HTMLButtonElement>(null);
  const safeAnswer = safe === 'confirm' ? onConfirm : onCancel;
  useEffect(() => {
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    safeButton.current?.focus();
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
        data-testid={testId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') safeAnswer();
        }}
      >
        <h2 id={ids.title} className="kl-rg-dialog__title">
          {title}
        </h2>
        <p id={ids.text}>{text}</p>
        <div className="kl-rg-dialog__actions">
          <button
            ref={safe === 'confirm' ? safeButton : undefined}
            type="button"
            className="kl-button kl-button--primary kl-button--small"
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmText}
          </button>
          <button
            ref={safe === 'cancel' ? safeButton : undefined}
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
