import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from './error-messages.ts';
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from './errors.ts';

describe('error catalogue', () => {
  it('has a Vietnamese and an English message for every code', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES.vi[code], code).toMatch(/\S/);
      expect(ERROR_MESSAGES.en[code], code).toMatch(/\S/);
    }
    expect(Object.keys(ERROR_MESSAGES.vi).sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(ERROR_MESSAGES.en).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('keeps the texts product.md §8 quotes', () => {
    expect(ERROR_MESSAGES.en.UNKNOWN_ERROR).toBe('Unknown error');
    expect(ERROR_MESSAGES.en.SYSTEM_UPGRADING).toBe('System upgrading, please try again later.');
    expect(ERROR_MESSAGES.en.CONFIRMATION_NOT_MATCHED).toBe('Confirmation password not matched');
  });

  it('gives server codes a 4xx or 5xx status', () => {
    for (const code of ERROR_CODES) {
      const { status } = ERROR_CATALOGUE[code];
      if (code === 'NETWORK_OFFLINE' || code === 'LOAD_FAILED') expect(status).toBe(0);
      else expect(status).toBeGreaterThanOrEqual(400);
    }
  });

  it('recognises codes', () => {
    expect(isErrorCode('WRONG_CREDENTIALS')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
