import { identityFields, personalIdentitySchema, enterpriseIdentitySchema } from '../../domain/identity';
import { negotiateLang } from '../../domain/languages';
import { identityReview } from '../../domain/processes/identityReview';
import { stepStates } from '../../domain/processes/model';
import { resolveLangRoute } from '../../domain/routing';
import { decisionSchema } from '../../domain/tasks';
import { EMAIL_PATTERN, isResidentIdNumber, isUnifiedCreditCode, PHONE_PATTERN } from '../../domain/validation/rules';

describe('language routes (spec part 1 §2)', () => {
  test.each([
    ['/ipci/usercenter', undefined, { kind: 'redirect', to: '/zh-CN/ipci/usercenter' }],
    ['/ipci', 'ja-JP', { kind: 'redirect', to: '/ja-JP/ipci' }],
    ['/en-US/ipci/home', 'ja-JP', { kind: 'redirect', to: '/ja-JP/ipci/home' }],
    ['/en-US/ipci/home', undefined, { kind: 'ok', lang: 'en-US' }],
    ['/ja-JP/ipcimobile/login', 'ja-JP', { kind: 'ok', lang: 'ja-JP' }],
    ['/fr-FR/ipci', undefined, { kind: 'notFound' }],
    ['/zh-CN/x/ipci', undefined, { kind: 'notFound' }],
    ['/manage/inbox', 'en-US', { kind: 'unprefixed' }],
  ])('%s with cookie %s', (path, cookie, expected) => {
    expect(resolveLangRoute(path, cookie)).toEqual(expected);
  });

  test('the query string survives a redirect', () => {
    expect(resolveLangRoute('/ipci/trade', 'en-US', '?page=2')).toEqual({ kind: 'redirect', to: '/en-US/ipci/trade?page=2' });
  });

  test('a first visit without a cookie takes Accept-Language among the three; the cookie still wins', () => {
    expect(resolveLangRoute('/ipci/right/certificate/X', undefined, '', 'ja,en-US;q=0.8')).toEqual({ kind: 'redirect', to: '/ja-JP/ipci/right/certificate/X' });
    expect(resolveLangRoute('/ipci', undefined, '', 'de-DE,en-GB;q=0.5')).toEqual({ kind: 'redirect', to: '/en-US/ipci' });
    expect(resolveLangRoute('/ipci', undefined, '', 'de-DE,fr')).toEqual({ kind: 'redirect', to: '/zh-CN/ipci' });
    expect(resolveLangRoute('/ipci', 'zh-CN', '', 'en-US')).toEqual({ kind: 'redirect', to: '/zh-CN/ipci' });
    // a page that already names its language is kept: Accept-Language only fills in a missing prefix
    expect(resolveLangRoute('/zh-CN/ipci', undefined, '', 'en-US')).toEqual({ kind: 'ok', lang: 'zh-CN' });
  });

  test('Accept-Language quality values order the choice; q=0 refuses a language', () => {
    expect(negotiateLang(undefined, 'en-US;q=0.5,ja-JP;q=0.9')).toBe('ja-JP');
    expect(negotiateLang(undefined, 'en;q=0,zh-TW')).toBe('zh-CN');
    expect(negotiateLang(undefined, 'en;q=0')).toBe('zh-CN');
  });

  test('API language: cookie, then Accept-Language, then zh-CN', () => {
    expect(negotiateLang('ja-JP', 'en-US')).toBe('ja-JP');
    expect(negotiateLang(undefined, 'en-GB,en;q=0.8')).toBe('en-US');
    expect(negotiateLang('xx', 'de-DE')).toBe('zh-CN');
  });
});

describe('identity rules', () => {
  test('resident ID numbers carry a MOD 11-2 check character', () => {
    expect(isResidentIdNumber('11010519491231002X')).toBe(true);
    expect(isResidentIdNumber('11010519491231002x')).toBe(true);
    expect(isResidentIdNumber('110105194912310021')).toBe(false);
    expect(isResidentIdNumber('1101051949123100')).toBe(false);
  });

  test('unified social credit codes carry a MOD 31 check character', () => {
    expect(isUnifiedCreditCode('91350100M000100Y43')).toBe(true);
    expect(isUnifiedCreditCode('91350100M000100Y44')).toBe(false);
    expect(isUnifiedCreditCode('9135010OM000100Y43')).toBe(false);
  });

  test('e-mail endings of 2 to 4 letters, phones 1[3-9] and 11 digits (spec part 1 §5)', () => {
    expect(EMAIL_PATTERN.test('a.b@example.com')).toBe(true);
    expect(EMAIL_PATTERN.test('a@example.museum')).toBe(false);
    expect(EMAIL_PATTERN.test('a@example.c')).toBe(false);
    expect(PHONE_PATTERN.test('13800138000')).toBe(true);
    expect(PHONE_PATTERN.test('12800138000')).toBe(false);
    expect(PHONE_PATTERN.test('1380013800')).toBe(false);
  });

  test('mainland applicants need the ID card; others the passport', async () => {
    const base = { name: 'A', phone: '13800138000' };
    await expect(personalIdentitySchema.validate({ ...base, nationality: 'JP' }, { abortEarly: false })).rejects.toMatchObject({
      inner: expect.arrayContaining([expect.objectContaining({ path: 'passportNumber' }), expect.objectContaining({ path: 'passportPhoto' }), expect.objectContaining({ path: 'passportExpiry' })]),
    });
    const ok = await personalIdentitySchema.validate({ ...base, nationality: 'JP', passportNumber: 'TZ1234567', passportPhoto: '6f1c2f5e-8b7e-4c1a-9d1e-2b3c4d5e6f70', passportLongTerm: true });
    expect(ok.idNumber).toBe('');
  });

  test('an enterprise needs its licence and a valid credit code at home, any code abroad', async () => {
    const base = { companyNameZh: '公司', licence: '6f1c2f5e-8b7e-4c1a-9d1e-2b3c4d5e6f70', licenceLongTerm: true, legalRepresentative: 'L', contact: 'C', phone: '13800138000', address: 'A' };
    await expect(enterpriseIdentitySchema.validate({ ...base, country: 'CN', creditCode: 'ABC' })).rejects.toThrow('validation.creditCode');
    await expect(enterpriseIdentitySchema.validate({ ...base, country: 'US', creditCode: 'EIN-12-3456789' })).resolves.toBeTruthy();
  });
});

describe('decisions', () => {
  const schema = decisionSchema(identityFields('personal'));
  test('a failure needs a reason for each flagged field, on fields the form has', () => {
    expect(schema.isValidSync({ outcome: 'fail', reasons: { idFront: 'blurred' } })).toBe(true);
    expect(schema.isValidSync({ outcome: 'fail', reasons: {} })).toBe(false);
    expect(schema.isValidSync({ outcome: 'fail', reasons: { idFront: '  ' } })).toBe(false);
    expect(schema.isValidSync({ outcome: 'fail', reasons: { licence: 'x' } })).toBe(false);
  });
  test('an approval flags nothing', () => {
    expect(schema.isValidSync({ outcome: 'approve', reasons: {} })).toBe(true);
    expect(schema.isValidSync({ outcome: 'approve', reasons: { idFront: 'x' } })).toBe(false);
    expect(schema.isValidSync({ outcome: 'maybe' })).toBe(false);
  });
});

test('step states: the latest event of each step wins', () => {
  const states = stepStates(identityReview, [
    { step: 'submit', status: 'done' },
    { step: 'review', status: 'failed' },
    { step: 'correction', status: 'current' },
  ]);
  expect(states).toEqual({ submit: 'done', review: 'failed', correction: 'current', verified: 'pending' });
  expect(stepStates(identityReview, [{ step: 'review', status: 'failed' }, { step: 'review', status: 'done' }]).review).toBe('done');
});
