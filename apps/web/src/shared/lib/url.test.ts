import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './url.ts';

describe('safeLinkUrl', () => {
  it('keeps http(s) URLs and site paths (as paths: the same on the server and in the browser)', () => {
    expect(safeLinkUrl('https://t.me/support')).toBe('https://t.me/support');
    expect(safeLinkUrl('http://example.test/a?b=1')).toBe('http://example.test/a?b=1');
    expect(safeLinkUrl('/api/assets/logo.svg')).toBe('/api/assets/logo.svg');
    expect(safeLinkUrl('//evil.example.test/x')).toBe('http://evil.example.test/x');
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>1</script>',
    'mailto:a@b.c',
    '',
    null,
    undefined,
  ])('refuses %s', (value) => {
    expect(safeLinkUrl(value)).toBeNull();
  });
});
