/** An alert with one button (product.md §8 iOS Safari alert, the "go to settings" reminder), fetched when needed. */
export async function showAlert(content: string, confirmText: string): Promise<void> {
  const { alertDialog } = await import('./alert-dialog.ts');
  await alertDialog(content, confirmText);
}

/**
 * After the profile link is opened, Safari asks to allow the download and the user goes to the
 * settings to install it: when the page comes back (shown again, or focused again after losing the
 * focus), `onReturn` runs once. Answers a function that stops waiting.
 */
export function onReturnToPage(onReturn: () => void): () => void {
  let left = false;
  const leave = () => {
    left = true;
  };
  const come = () => {
    if (!left || document.visibilityState === 'hidden') return;
    stop();
    onReturn();
  };
  const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : come());
  function stop() {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('blur', leave);
    window.removeEventListener('focus', come);
  }
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('blur', leave);
  window.addEventListener('focus', come);
  return stop;
}
