import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isSecretParam, redactUrl, serializeError } from './logger.ts';

describe('redactUrl', () => {
  it('redacts the values of secret query parameters, whatever their case or spelling', () => {
    expect(redactUrl('/m/forget?type=email&token=abc.DEF-123')).toBe('/m/forget?type=email&token=[Redacted]');
    expect(redactUrl('/x?TOKEN=1&resetToken=2&verificationCode=3&verification_code=4&api-key=5&Sign=6')).toBe(
      '/x?TOKEN=[Redacted]&resetToken=[Redacted]&verificationCode=[Redacted]&verification_code=[Redacted]' +
        '&api-key=[Redacted]&Sign=[Redacted]',
    );
    expect(redactUrl('/x?password=a&newPassword=b&captcha=c&signature=d&secret=e&key=f&code=g')).toBe(
      '/x?password=[Redacted]&newPassword=[Redacted]&captcha=[Redacted]&signature=[Redacted]' +
        '&secret=[Redacted]&key=[Redacted]&code=[Redacted]',
    );
    // An encoded name is decoded to be recognised; its spelling is kept.
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[Redacted]');
  });

  it('keeps everything else as sent', () => {
    expect(redactUrl('/api/games/search?gameName=x&page=2')).toBe('/api/games/search?gameName=x&page=2');
    expect(redactUrl('/m/home')).toBe('/m/home');
    expect(redactUrl('/x?flag&a=1&&b')).toBe('/x?flag&a=1&&b');
    expect(redactUrl('http://host:8080/m/forget?token=abc#frag')).toBe(
      'http://host:8080/m/forget?token=[Redacted]',
    );
  });

  it('tells secret parameter names from the others', () => {
    for (const name of ['token', 'sign', 'sig', 'otp', 'captchaAnswer', 'X-Signature', 'payment_password']) {
      expect(isSecretParam(name), name).toBe(true);
    }
    for (const name of ['type', 'page', 'gameName', 'keyword', 'design', 'lang', 'orderId']) {
      expect(isSecretParam(name), name).toBe(false);
    }
  });
});

describe('serializeError', () => {
  const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

  /** What pg / PGlite throw: the driver error with PostgreSQL's fields, wrapped by drizzle. */
  function databaseError() {
    const cause = Object.assign(new Error('new row for relation "member" violates check constraint "c1"'), {
      name: 'error',
      severity: 'ERROR',
      code: '23514',
      detail: `Failing row contains (1, bob, ${HASH}).`,
      where: `unnamed portal parameter $2 = '${HASH}'`,
      table: 'member',
      constraint: 'c1',
      routine: 'ExecConstraints',
      query: 'insert into member (username, password_hash) values ($1, $2)',
      params: ['bob', HASH],
    });
    return new DrizzleQueryError(
      'insert into member (username, password_hash) values ($1, $2)',
      ['bob', HASH],
      cause,
    );
  }

  it('keeps the statement, codes and names of a database error, never its parameters or detail', () => {
    const serialized = serializeError(databaseError()) as Record<string, unknown>;
    const text = JSON.stringify(serialized);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain('argon2');
    expect(text).not.toMatch(/"(params|detail|where|queryOptions)"/);
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into member (username, password_hash) values ($1, $2)',
      cause: { code: '23514', constraint: 'c1', table: 'member', routine: 'ExecConstraints' },
    });
    expect(serialized.message).toContain('Failed query: insert into member');
  });

  it('scrubs parameters quoted back in a message, also when the database error is a cause', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type integer: "${HASH}"`), {
      severity: 'ERROR',
      code: '22P02',
      routine: 'pg_strtoint32_safe',
      params: [HASH],
    });
    const wrapped = new Error('could not settle', { cause });
    const text = JSON.stringify(serializeError(wrapped));
    expect(text).not.toContain(HASH);
    expect(text).toContain('22P02');
  });

  it('leaves other errors as pino serializes them', () => {
    const plain = serializeError(Object.assign(new Error('boom'), { statusCode: 500 })) as Record<
      string,
      unknown
    >;
    expect(plain).toMatchObject({ type: 'Error', message: 'boom', statusCode: 500 });
    expect(typeof plain.stack).toBe('string');
  });
});
