import { afterEach, describe, expect, it } from 'vitest';
import { providerOrigin, setProviderOrigin } from './provider-origin.ts';

describe('the provider’s API origin (docs/decisions/036-sandboxes-process.md)', () => {
  afterEach(() => setProviderOrigin(null));

  it('keeps the origin of the launch’s http or https address', () => {
    setProviderOrigin('http://127.0.0.1:8090');
    expect(providerOrigin()).toBe('http://127.0.0.1:8090');
    setProviderOrigin('https://games.example.com/base/path?x=1');
    expect(providerOrigin()).toBe('https://games.example.com');
  });

  it('falls back to the site’s own origin without an address, or with anything else', () => {
    setProviderOrigin('http://127.0.0.1:8090');
    for (const api of [
      null,
      '',
      'javascript:alert(1)',
      'data:text/plain,x',
      'not an address',
      '//evil.test',
    ]) {
      setProviderOrigin(api);
      expect(providerOrigin(), String(api)).toBe('');
    }
  });
});
