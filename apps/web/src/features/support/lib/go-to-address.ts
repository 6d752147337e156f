/** Leaves the app for an address (the live chat page): a full page load in this tab. */
export function goToAddress(url: string): void {
  window.location.assign(url);
}
