import { describe, expect, it } from 'vitest';
import {
  FIELD_SPECS,
  fieldSchema,
  toPayeeName,
  VERIFIER_FIELDS,
  verifyField,
  type VerifierField,
} from './verifier.ts';

const NOW = new Date('2026-11-21T00:00:00Z');

/** For every field of product.md §5: values a user would type that pass, and that fail. */
const CASES: Record<VerifierField, { pass: string[]; fail: string[] }> = {
  mobileNum: {
    pass: ['0912345678', '912345678'],
    fail: ['12345', '09123abc78', '+84912345678', '1234567890123456'],
  },
  verificationCode: { pass: ['1234', '123456', '1234567890'], fail: ['123', '12345678901', '12a4'] },
  username: {
    pass: ['abcde', 'player01', 'ABCDE12345fghij'],
    fail: ['abcd', 'abcdefghijklmnop', 'bad name', 'tên123', 'a_b_c'],
  },
  password: {
    pass: ['abc123', 'Secret2026!', 'a1b2c3d4e5f6g7h8i9j0'],
    fail: ['abcdef', '123456', 'ab1', 'has space1', 'a1b2c3d4e5f6g7h8i9j0k'],
  },
  payeeName: {
    pass: ['NGUYEN VAN A', 'TRAN THI B'],
    fail: ['Nguyen Van A', 'NGUYỄN VĂN A', 'NGUYEN  VAN', 'NGUYEN-VAN', 'A1'],
  },
  paymentPassword: { pass: ['123456'], fail: ['12345', '1234567', 'abcdef'] },
  idNumber: { pass: ['123456789', '012345678901', 'B1234567'], fail: ['12345678', '1234567890', 'abc'] },
  qqNum: { pass: ['12345', '123456789012'], fail: ['01234', '1234', '1234567890123'] },
  facebook: { pass: ['john.doe', 'player2026'], fail: ['ab', 'john doe', 'x'.repeat(51)] },
  wechat: { pass: ['wx_player1', 'abcdef'], fail: ['1abcdef', 'abc', 'a'.repeat(21)] },
  line: { pass: ['line.id', 'abcd'], fail: ['abc', 'line id'] },
  whatsapp: { pass: ['+84912345678', '84912345678'], fail: ['+8491', '84-912'] },
  zalo: { pass: ['0912345678', '912345678'], fail: ['12345', '091234567890'] },
  email: {
    pass: ['a@b.co', 'first.last@example.com.vn'],
    fail: ['a@b', 'a b@c.com', 'no-at.com', `${'a'.repeat(250)}@b.com`],
  },
  nickname: { pass: ['Long', 'Tiểu Long 88'], fail: ['L', 'a'.repeat(21), 'bad!name', 'two  spaces'] },
  recommenderId: { pass: ['ref1', 'AGENT2026'], fail: ['abc', 'ref-1'] },
  birthday: {
    pass: ['1900-01-01', '2000-02-29', '2026-12-31'],
    fail: ['1899-12-31', '2027-01-01', '2001-02-29', '2000/01/01', '2000-1-1'],
  },
  affiliateCode: { pass: ['AFF1', 'kimlong2026'], fail: ['ab', 'aff code'] },
  loginUsername: { pass: ['abcde', 'player01'], fail: ['abcd', 'abc def'] },
  loginPassword: { pass: ['abcdef', 'anything!1'], fail: ['abc', 'with space'] },
  loginMobileNum: {
    pass: ['0912345678', '12345678901234567890'],
    fail: ['123', '123456789012345678901', '+84912'],
  },
};

describe('shared verifier (product.md §5)', () => {
  it('has cases for every field name of product.md §5', () => {
    expect(Object.keys(CASES).sort()).toEqual([...VERIFIER_FIELDS].sort());
  });

  for (const field of VERIFIER_FIELDS) {
    describe(field, () => {
      it.each(CASES[field].pass)('accepts %s', (value) => {
        expect(verifyField(field, value, undefined, NOW)).toEqual({ ok: true, value });
      });
      it.each(CASES[field].fail)('refuses %s', (value) => {
        expect(verifyField(field, value, undefined, NOW)).toEqual({
          ok: false,
          code: FIELD_SPECS[field].code,
          reason: 'format',
        });
      });
      it('is required unless the rule says optional, and an optional empty value passes', () => {
        expect(verifyField(field, '', { enabled: true, required: true }, NOW)).toMatchObject({
          ok: false,
          reason: 'required',
        });
        expect(verifyField(field, '', { enabled: true, required: false }, NOW)).toEqual({
          ok: true,
          value: undefined,
        });
        expect(verifyField(field, undefined, { enabled: true, required: false }, NOW)).toEqual({
          ok: true,
          value: undefined,
        });
      });
      it('refuses a value for a disabled field', () => {
        expect(
          verifyField(field, CASES[field].pass[0], { enabled: false, required: false }, NOW),
        ).toMatchObject({
          ok: false,
          reason: 'disabled',
        });
      });
    });
  }

  it('trims login and registration inputs but never passwords', () => {
    expect(verifyField('loginUsername', '  player01 ')).toEqual({ ok: true, value: 'player01' });
    expect(verifyField('loginPassword', ' secret1 ')).toMatchObject({ ok: false });
  });

  it('gives zod schemas the same answers', () => {
    expect(fieldSchema('username').safeParse('player01')).toMatchObject({ success: true, data: 'player01' });
    const bad = fieldSchema('username').safeParse('bad name');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('ACCOUNT_FORMAT');
    expect(fieldSchema('email', { enabled: true, required: false }).safeParse('')).toMatchObject({
      success: true,
      data: undefined,
    });
  });

  it('writes a payee name as the banks do, which the verifier accepts', () => {
    expect(toPayeeName('nguyen van a')).toBe('NGUYEN VAN A');
    expect(toPayeeName('  Nguyễn   Văn An ')).toBe('NGUYEN VAN AN');
    expect(toPayeeName('Đặng Thị Đào')).toBe('DANG THI DAO');
    // Written decomposed (a base letter and its marks), as some keyboards send it.
    expect(toPayeeName('Nguye\u0302\u0303n')).toBe('NGUYEN');
    expect(verifyField('payeeName', toPayeeName('Trần Thị Bích Ngọc'))).toEqual({
      ok: true,
      value: 'TRAN THI BICH NGOC',
    });
    expect(verifyField('payeeName', 'Nguyễn Văn An')).toMatchObject({ ok: false, code: 'NAME_FORMAT' });
    expect(verifyField('payeeName', toPayeeName('NGUYEN 2'))).toMatchObject({
      ok: false,
      code: 'NAME_FORMAT',
    });
  });
});
