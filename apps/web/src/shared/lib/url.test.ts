import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './url.ts';

describe('safeLinkUrl', () => {
  it('keeps http(s) URLs and resolves site paths', () => {
    expect(safeLinkUrl('https://t.me/support')).toBe('https://t.me/support');
    expect(safeLinkUrl('http://example.test/a?b=1')).toBe('http://example.test/a?b=1');
    expect(safeLinkUrl('/api/assets/logo.svg')).toBe(`${window.location.origin}/api/assets/logo.svg`);
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
