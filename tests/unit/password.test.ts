import { ageOn, isoToday, registerSchema, USERNAME_PATTERN } from '../../domain/accounts';
import { isCalendarDate } from '../../domain/validation/rules';
import { loginSchema, lockSeconds, needsRehash } from '../../domain/auth';
import { ARGON2_OPTIONS, isValidPassword, passwordStrength } from '../../domain/password';

describe('password rules (spec part 1 §5)', () => {
  test.each([
    ['', 0],
    ['abc', 1],
    ['a1#', 1], // under 6 characters is level 1 whatever it contains
    ['abcdef', 1],
    ['abc123', 2],
    ['abc12#', 3],
    ['123456', 1],
    ['密码密码密码1', 2],
  ])('strength of %j is %i', (pw, level) => {
    expect(passwordStrength(pw)).toBe(level);
  });

  test('more than 6 characters and two kinds', () => {
    expect(isValidPassword('abc123')).toBe(false);
    expect(isValidPassword('abcd123')).toBe(true);
    expect(isValidPassword('abcdefgh')).toBe(false);
    expect(isValidPassword('#$%^&*1')).toBe(true);
  });
});

describe('age on a date', () => {
  test.each([
    ['2000-06-15', '2018-06-14', 17],
    ['2000-06-15', '2018-06-15', 18],
    ['2000-06-15', '2018-06-16', 18],
    ['2000-12-31', '2018-01-01', 17],
    ['2000-01-01', '2017-12-31', 17],
    // Born on 29 February: a year older on 1 March of a common year, on 29 February of a leap year.
    ['2004-02-29', '2022-02-28', 17],
    ['2004-02-29', '2022-03-01', 18],
    ['2004-02-29', '2018-02-28', 13],
    ['2004-02-29', '2018-03-01', 14],
    ['2004-02-29', '2020-02-29', 16],
  ])('born %s, on %s: %i', (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });

  test('calendar dates and the platform day', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('2023-1-01')).toBe(false);
    // 20:00 UTC on 31 December is already 1 January in China.
    expect(isoToday(new Date('2025-12-31T20:00:00Z'))).toBe('2026-01-01');
    expect(isoToday(new Date('2025-12-31T15:59:00Z'))).toBe('2025-12-31');
  });
});

describe('registration schema', () => {
  const valid = {
    userType: 'personal',
    username: 'alice_1',
    password: 'Secret#2026',
    repeatPassword: 'Secret#2026',
    address: 'alice@example.com',
    code: '123456',
    birthDate: '2000-06-15',
    agreeUserAgreement: true,
    agreeDisclaimer: true,
    agreePrivacy: true,
    agreeChildRules: true,
  };
  const errorsOf = async (over: Record<string, unknown>, today = '2030-01-01') => {
    try {
      await registerSchema.validate({ ...valid, ...over }, { abortEarly: false, context: { today } });
      return {};
    } catch (e) {
      return Object.fromEntries((e as { inner: { path: string; message: string }[] }).inner.map((i) => [i.path, i.message]));
    }
  };

  test('user names never read as a phone number or an e-mail address', () => {
    for (const ok of ['alice', '张三丰', 'a_1', 'Bob_the_builder_2026']) expect(USERNAME_PATTERN.test(ok)).toBe(true);
    for (const bad of ['13800138000', '1alice', '_alice', 'al', 'a@b.cn', 'alice.smith', 'a'.repeat(33), 'al ice']) expect(USERNAME_PATTERN.test(bad)).toBe(false);
  });

  test('the age rules count on the given day', async () => {
    expect(await errorsOf({}, '2018-06-15')).toEqual({});
    expect(await errorsOf({}, '2018-06-14')).toEqual({ birthDate: 'register.adultAge' });
    expect(await errorsOf({}, '2014-06-14')).toEqual({ birthDate: 'register.childAge' });
    expect(await errorsOf({}, '2014-06-15')).toEqual({ birthDate: 'register.adultAge' });
    expect(await errorsOf({ userType: 'enterprise', birthDate: '' }, '2018-06-14')).toEqual({});
    // An enterprise's birth date is dropped, whatever it was.
    const cast = await registerSchema.validate({ ...valid, userType: 'enterprise', birthDate: '2020-01-01' }, { context: { today: '2030-01-01' } });
    expect(cast.birthDate).toBe('');
  });

  test('every agreement must be true', async () => {
    expect(await errorsOf({ agreePrivacy: false, agreeChildRules: undefined })).toEqual({
      agreePrivacy: 'register.agreementRequired',
      agreeChildRules: 'register.agreementRequired',
    });
  });

  test('log-in takes one field for name, e-mail or phone', async () => {
    expect(await loginSchema.validate({ login: ' 13800138000 ', password: 'x' })).toEqual({ login: '13800138000', password: 'x' });
    await expect(loginSchema.validate({ username: 'a', password: 'x' })).rejects.toThrow();
  });
});

describe('log-in lock-out and hash upgrades', () => {
  test('the lock doubles from a minute to at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(lockSeconds)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  test('hashes made with other parameters are re-hashed', () => {
    const { memoryCost: m, timeCost: t, parallelism: p } = ARGON2_OPTIONS;
    expect(needsRehash(`$argon2id$v=19$m=${m},t=${t},p=${p}$c2FsdA$aGFzaA`, ARGON2_OPTIONS)).toBe(false);
    expect(needsRehash(`$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA`, ARGON2_OPTIONS)).toBe(true);
    expect(needsRehash(`$argon2i$v=19$m=${m},t=${t},p=${p}$c2FsdA$aGFzaA`, ARGON2_OPTIONS)).toBe(true);
  });
});
