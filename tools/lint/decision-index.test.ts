import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The decision records and their index (docs/decisions/README.md) agree. */
const folder = fileURLToPath(new URL('../../docs/decisions/', import.meta.url));
const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(`${folder}README.md`, 'utf8');
const listed = [...index.matchAll(/^- \[(\d{3})\]\(([^)]+)\) — (.+)$/gm)].map(([, number, file, title]) => ({
  number,
  file,
  title,
}));

describe('the index of decision records', () => {
  it('lists every record once, and nothing else', () => {
    expect(listed.map((entry) => entry.file).sort()).toEqual(records);
  });

  it('gives each record its number and the title of its first line', () => {
    for (const entry of listed) {
      const heading = readFileSync(`${folder}${entry.file}`, 'utf8').split('\n', 1)[0];
      expect(entry.file.startsWith(`${entry.number}-`)).toBe(true);
      expect(heading).toBe(`# ${entry.number} — ${entry.title}`);
    }
  });
});
