/**
 * When this member started playing in this browser tab: kept in sessionStorage (a sign-out clears it),
 * per user name, so a reload keeps counting and another member starts from zero.
 */
const KEY = 'kl.realityCheck.since';

export function playStartedAt(userName: string, now = Date.now()): number {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw) {
      const saved = JSON.parse(raw) as { userName?: unknown; since?: unknown };
      if (saved.userName === userName && typeof saved.since === 'number' && saved.since <= now) {
        return saved.since;
      }
    }
    window.sessionStorage.setItem(KEY, JSON.stringify({ userName, since: now }));
  } catch {
    // No session storage: count from now.
  }
  return now;
}

/** A minute of play; tests move a fake clock rather than shorten it. */
export const MINUTE_MS = 60_000;

/** The next reminder after `now` for reminders every `minutes` since `since`. */
export function nextReminderAt(since: number, minutes: number, now: number): number {
  const every = minutes * MINUTE_MS;
  const passed = Math.max(0, now - since);
  return since + (Math.floor(passed / every) + 1) * every;
}
