import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createOpenCache,
  createSecretBox,
  parseSecretKeys,
  type SecretBox,
  SecretBoxError,
  SecretKey,
} from './secret-box.ts';

const keyA = new SecretKey('key-a', randomBytes(32));
const keyB = new SecretKey('key-b', randomBytes(32));
const CONTEXT = 'operator.totp_secret:4f1c2a';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The error `open` throws, for its message and key id. */
function openFailure(box: SecretBox, stored: string, context = CONTEXT): SecretBoxError {
  try {
    box.open(stored, context);
  } catch (error) {
    expect(error).toBeInstanceOf(SecretBoxError);
    return error as SecretBoxError;
  }
  throw new Error('the value opened');
}

/** A base64url part of a sealed value with one character changed. */
function altered(stored: string, part: number): string {
  const parts = stored.split('.');
  const text = parts[part] ?? '';
  const at = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
  return parts.join('.');
}

describe('secret box', () => {
  const box = createSecretBox([keyA]);

  it('opens what it sealed, and the stored value says its format and key, not the secret', () => {
    const stored = box.seal(SECRET, CONTEXT);
    expect(stored).toMatch(/^sb1\.key-a\.[A-Za-z0-9_-]{80}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/);
    expect(stored).not.toContain(SECRET);
    expect(box.open(stored, CONTEXT)).toBe(SECRET);
    expect(box.keyIdOf(stored)).toBe('key-a');
    // Any text: empty, non-ASCII.
    for (const value of ['', 'khóa bí mật ✓', 'x'.repeat(500)]) {
      expect(box.open(box.seal(value, CONTEXT), CONTEXT)).toBe(value);
    }
  });

  it('seals one value differently each time (a fresh data key and iv)', () => {
    const first = box.seal(SECRET, CONTEXT);
    const second = box.seal(SECRET, CONTEXT);
    expect(first).not.toBe(second);
    const [, , wrappedFirst, ivFirst] = first.split('.');
    const [, , wrappedSecond, ivSecond] = second.split('.');
    expect(wrappedFirst).not.toBe(wrappedSecond);
    expect(ivFirst).not.toBe(ivSecond);
    expect(box.open(second, CONTEXT)).toBe(SECRET);
  });

  it('refuses an altered value, naming its key', () => {
    const stored = box.seal(SECRET, CONTEXT);
    for (const part of [2, 3, 4]) {
      const failure = openFailure(box, altered(stored, part));
      expect(failure.message).toMatch(/does not open under key key-a: it was altered, or copied/);
      expect(failure.keyId).toBe('key-a');
    }
    // The key id is bound too: the same value under another configured id does not open.
    const both = createSecretBox([keyA, keyB]);
    expect(openFailure(both, stored.replace('.key-a.', '.key-b.')).message).toMatch(/under key key-b/);
  });

  it('refuses a value copied from another row (other associated data)', () => {
    const stored = box.seal(SECRET, CONTEXT);
    const failure = openFailure(box, stored, 'operator.totp_secret:another-operator');
    expect(failure.message).toContain('the secret of operator.totp_secret:another-operator does not open');
    expect(failure.message).not.toContain(SECRET);
  });

  it('names a key id the configuration does not hold', () => {
    const stored = createSecretBox([keyB]).seal(SECRET, CONTEXT);
    const failure = openFailure(box, stored);
    expect(failure.keyId).toBe('key-b');
    expect(failure.message).toBe(
      `the secret of ${CONTEXT} is sealed under key key-b, which SECRET_KEYS does not hold (it holds key-a): ` +
        'add that key back to SECRET_KEYS',
    );
    // A key of the same id but other bytes is not the key either.
    const impostor = createSecretBox([new SecretKey('key-b', randomBytes(32))]);
    expect(openFailure(impostor, stored).message).toMatch(/does not open under key key-b/);
  });

  it('seals under the first key and opens under every configured one', () => {
    const underA = box.seal(SECRET, CONTEXT);
    const rotated = createSecretBox([keyB, keyA]);
    expect(rotated.currentKeyId).toBe('key-b');
    expect(rotated.open(underA, CONTEXT)).toBe(SECRET);
    const underB = rotated.seal(SECRET, CONTEXT);
    expect(rotated.keyIdOf(underB)).toBe('key-b');
    expect(createSecretBox([keyB]).open(underB, CONTEXT)).toBe(SECRET);
  });

  it('reads a legacy plaintext value as it is, and refuses a malformed sealed one', () => {
    expect(box.open(SECRET, CONTEXT)).toBe(SECRET);
    expect(box.keyIdOf(SECRET)).toBeUndefined();
    expect(box.open('test-provider-secret-0123456789abcdef', CONTEXT)).toBe(
      'test-provider-secret-0123456789abcdef',
    );
    const stored = box.seal(SECRET, CONTEXT);
    expect(openFailure(box, stored.slice(0, 60)).message).toBe(
      `the sealed secret of ${CONTEXT} is malformed`,
    );
  });

  it('never shows a key’s bytes when a configuration is logged or serialised', () => {
    const material = randomBytes(32);
    const key = new SecretKey('shown', material);
    const texts = [JSON.stringify({ secretKeys: [key] }), inspect({ secretKeys: [key] }, { depth: 5 })];
    for (const text of texts) {
      expect(text).toContain('shown');
      expect(text).not.toContain(material.toString('base64'));
      expect(text).not.toContain(material.toString('hex'));
    }
  });

  it('decrypts a value once when opened through the cache, again when it changes', () => {
    let opened = 0;
    const counting: SecretBox = {
      ...box,
      open: (stored, context) => {
        opened += 1;
        return box.open(stored, context);
      },
    };
    const open = createOpenCache(counting, 2);
    const first = box.seal(SECRET, CONTEXT);
    expect([open(first, CONTEXT), open(first, CONTEXT), open(first, CONTEXT)]).toEqual([
      SECRET,
      SECRET,
      SECRET,
    ]);
    expect(opened).toBe(1);
    // A rotated value is another entry; a failure is not remembered.
    const second = box.seal('another', CONTEXT);
    expect(open(second, CONTEXT)).toBe('another');
    expect(opened).toBe(2);
    expect(() => open(first, 'game_provider.secret:kimlong:other')).toThrow(SecretBoxError);
    expect(() => open(first, 'game_provider.secret:kimlong:other')).toThrow(SecretBoxError);
    expect(opened).toBe(4);
    // At most `limit` entries: the oldest goes first.
    open(box.seal('third', CONTEXT), CONTEXT);
    open(first, CONTEXT);
    expect(opened).toBe(6);
  });
});

describe('SECRET_KEYS', () => {
  const encoded = randomBytes(32).toString('base64');

  it('reads keys in order, standard or url-safe base64', () => {
    const url = randomBytes(32).toString('base64url');
    const read = parseSecretKeys(`k2:${encoded}, k1:${url}`);
    expect('keys' in read && read.keys.map((key) => key.id)).toEqual(['k2', 'k1']);
  });

  it.each([
    ['k1', 'entry 1 must be <key id>:<base64 of 32 bytes>'],
    [`k1:${encoded},`, 'entry 2 must be <key id>:<base64 of 32 bytes>'],
    [`K1:${encoded}`, 'entry 1: the key id must be 1 to 16 of a-z, 0-9 and -'],
    [`-k:${encoded}`, 'entry 1: the key id must be 1 to 16 of a-z, 0-9 and -'],
    [`${'k'.repeat(17)}:${encoded}`, 'entry 1: the key id must be 1 to 16 of a-z, 0-9 and -'],
    [`k1:${randomBytes(16).toString('base64')}`, 'entry 1: the key must be 32 bytes in base64'],
    [`k1:${randomBytes(33).toString('base64')}`, 'entry 1: the key must be 32 bytes in base64'],
    [`k1:${'!'.repeat(44)}`, 'entry 1: the key must be 32 bytes in base64'],
    [`k1:${encoded},k1:${encoded}`, 'entry 2 repeats the key id of entry 1'],
  ])('refuses %s', (text, problem) => {
    const read = parseSecretKeys(text);
    expect('problems' in read && read.problems).toEqual([expect.stringContaining(problem)]);
    expect(JSON.stringify(read)).not.toContain(encoded);
  });
});
