/**
 * A gate a fake answer waits behind while it is closed: `close()` it, let the handler `await gate.wait()`,
 * check what the screen shows meanwhile, then `open()` it.
 */
export function gate() {
  let open: () => void = () => undefined;
  let pending: Promise<void> | undefined;
  return {
    close: () => {
      pending = new Promise<void>((resolve) => {
        open = () => {
          pending = undefined;
          resolve();
        };
      });
    },
    open: () => open(),
    wait: () => pending,
  };
}
