import { API, memberInfo, memberProfile, successEnvelope } from '@kl/contracts';
import { expect, it } from 'vitest';
import { call, type Caller, registerByUsername } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import { profileOf as profileOfMember } from './testing.ts';

// The test clock reads 2030-03-01 08:00 UTC: 15:00 on 1 March 2030 in Vietnam.
describeEachDatabase('member profile', (kind) => {
  const suite = useTestApp(kind, { config: { devOutbox: true } });

  const member = async () => {
    const { ip, cookie } = await registerByUsername(suite.app, { password: 'secret123' });
    return { ip, cookie };
  };
  const change = (caller: Caller, payload: Record<string, unknown>) =>
    call(suite.app, API.changeProfile, caller, { payload });
  const profileOf = (caller: Caller) => profileOfMember(suite.app, caller);

  it('sets, changes and removes the nickname, which the member info then shows', async () => {
    const caller = await member();
    expect(await profileOf(caller)).toMatchObject({ nickname: null, birthday: null });
    const set = await change(caller, { nickname: '  Anh Ba 7 ' });
    expect(set.statusCode).toBe(200);
    expect(json(set)).toMatchObject({ value: { nickname: 'Anh Ba 7', birthday: null } });
    const info = successEnvelope(memberInfo).parse(json(await call(suite.app, API.memberInfo, caller)));
    expect(info.value.nickname).toBe('Anh Ba 7');

    for (const nickname of ['A', 'two  spaces', 'x'.repeat(21), 'sign!']) {
      const refused = await change(caller, { nickname });
      expect(refused.statusCode, nickname).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'NAME_FORMAT', value: { field: 'nickname' } });
    }
    expect((await profileOf(caller)).nickname).toBe('Anh Ba 7');
    expect(json(await change(caller, { nickname: '' }))).toMatchObject({ value: { nickname: null } });
  });

  it('sets the birthday once, of a member of 18 or more on the day of Vietnam', async () => {
    const caller = await member();
    // Eighteen tomorrow, in the future, and a day that does not exist.
    for (const [birthday, code] of [
      ['2012-03-02', 'KYC_UNDER_AGE'],
      ['2030-03-02', 'INVALID_INPUT'],
      ['2001-02-29', 'INVALID_INPUT'],
      ['1899-12-31', 'INVALID_INPUT'],
    ] as const) {
      const refused = await change(caller, { birthday });
      expect(refused.statusCode, birthday).toBe(400);
      expect(json(refused), birthday).toMatchObject({ code, value: { field: 'birthday' } });
    }
    // Eighteen today.
    const set = await change(caller, { birthday: '2012-03-01' });
    expect(set.statusCode).toBe(200);
    expect(json(set)).toMatchObject({ value: { birthday: '2012-03-01' } });

    const again = await change(caller, { birthday: '1990-05-17' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'BIRTHDAY_ALREADY_SET', value: { field: 'birthday' } });
    // The same date changes nothing, and the nickname beside it is changed.
    const same = await change(caller, { birthday: '2012-03-01', nickname: 'Chi Hai' });
    expect(json(same)).toMatchObject({ value: { birthday: '2012-03-01', nickname: 'Chi Hai' } });
  });

  it('writes nothing when a part of the change is refused', async () => {
    const caller = await member();
    const refused = await change(caller, { nickname: 'Kept Out', birthday: '2031-01-01' });
    expect(refused.statusCode).toBe(400);
    expect(await profileOf(caller)).toMatchObject({ nickname: null, birthday: null });
  });

  it('keeps one birthday of two sent at once', async () => {
    const caller = await member();
    const answers = await Promise.all(
      ['1990-05-17', '1985-11-02'].map((birthday) => change(caller, { birthday })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.statusCode === 200);
    if (!won) throw new Error('no birthday was kept');
    const kept = successEnvelope(memberProfile).parse(json(won));
    expect((await profileOf(caller)).birthday).toBe(kept.value.birthday);
  });
});
