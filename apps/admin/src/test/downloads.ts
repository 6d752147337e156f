import { vi } from 'vitest';

/** A file the app handed the browser to save. */
export interface SavedFile {
  filename: string;
  /** Its bytes as UTF-8 text, a byte order mark kept. */
  text: () => Promise<string>;
}

/**
 * Catches the files the app saves (an export): jsdom makes no object URLs and follows no link, so both are
 * replaced for the test and each save is kept with its name and content.
 */
export function captureDownloads(): SavedFile[] {
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => {};
  const files = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((content) => {
    const url = `blob:test/${files.size + 1}`;
    files.set(url, content as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const saved: SavedFile[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const content = files.get(this.href);
    if (content) {
      const text = async () =>
        new TextDecoder('utf-8', { ignoreBOM: true }).decode(await content.arrayBuffer());
      saved.push({ filename: this.download, text });
    }
  });
  return saved;
}
