/**
 * localStorage that never throws: private browsing, a full quota or a disabled storage make a
 * read answer `null` and a write do nothing, so the app keeps working without persistence.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Persistence is a convenience; the value still applies to this visit.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to remove from an unusable storage.
    }
  },
};

/** Keys of the browser storage owned by the web app (the cache keys of product.md §9 live in contracts). */
export const STORAGE_KEYS = {
  language: 'lang',
  theme: 'theme',
  deviceId: 'deviceId',
} as const;
