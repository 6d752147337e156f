import { useRef, type FormEvent } from 'react';

/**
 * A form's submit handler that runs one submission at a time: while one runs (its checks, then its
 * request), further submits — a double tap, Enter pressed again — do nothing, so a form sends one request
 * whatever the taps (docs/conventions.md "Money": one idempotency key per request). `run` is
 * react-hook-form's `handleSubmit(…)`, whose callback awaits the request.
 */
export function useSubmitOnce(run: (event: FormEvent) => Promise<unknown>) {
  const running = useRef(false);
  return (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    void run(event).finally(() => {
      running.current = false;
    });
  };
}
