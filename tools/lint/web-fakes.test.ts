import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web tests' fakes hold data, not the server's rules (docs/conventions.md, "Web component tests"):
 * the files that fake the API stay small, and none answers by hand beside the typed fake API.
 */
const src = fileURLToPath(new URL('../../apps/web/src/', import.meta.url));
const MAX_FAKE_LINES = 1_500;

/** Every fake of the web tests: `test/fake-*.ts` and `features/<feature>/testing/fake-*.ts`, not tests. */
function fakeFiles(): string[] {
  const fakes = (dir: string) =>
    readdirSync(join(src, dir))
      .filter((name) => /^fake-.+\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => join(dir, name));
  const features = readdirSync(join(src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      try {
        return fakes(join('features', entry.name, 'testing'));
      } catch {
        return [];
      }
    });
  return [...fakes('test'), ...features];
}

const lines = (file: string) => readFileSync(join(src, file), 'utf8').trimEnd().split('\n').length;

describe('the web tests’ fakes', () => {
  it(`stay under ${MAX_FAKE_LINES} lines in all`, () => {
    const files = fakeFiles();
    expect(files.length).toBeGreaterThan(5);
    const total = files.reduce((sum, file) => sum + lines(file), 0);
    expect(total).toBeLessThan(MAX_FAKE_LINES);
  });

  it('answer through the typed fake API only: no other file replaces fetch or answers it by hand', () => {
    const sources = (dir: string): string[] =>
      readdirSync(join(src, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? sources(join(dir, entry.name))
          : /\.tsx?$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    const replacing = sources('.').filter((file) =>
      /stubGlobal\('fetch'|globalThis\.fetch =|serveLegacy|isCall\(/.test(
        readFileSync(join(src, file), 'utf8'),
      ),
    );
    // The fake API itself, and the API client's own test (it checks what the client does with fetch).
    expect(replacing.sort()).toEqual(['shared/lib/api-client.test.ts', 'test/fake-api.ts']);
  });
});
