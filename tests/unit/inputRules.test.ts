import * as yup from 'yup';
import { assertWellFormed, MAX_DEPTH } from '../../api/middleware/wellFormed';
import { loginSchema } from '../../domain/auth';
import { invitationStatsQuerySchema } from '../../domain/invitations';
import { remittanceSchema } from '../../domain/orders';
import { decodeKeyset, encodeKeyset, keysetCursor } from '../../domain/validation/keyset';
import { checkInput, isCalendarDate, isoDate, serialId, trimmed } from '../../domain/validation/rules';

const fieldsOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(yup.ValidationError);
  // The first message of each field, as the API answers it.
  return Object.fromEntries((err as yup.ValidationError).inner.reverse().map((e) => [e.path, e.message]));
};

describe('text fields', () => {
  test('trim strings, and leave arrays and objects to the type check instead of throwing', async () => {
    expect(await trimmed().validate('  a  ')).toBe('a');
    for (const wrong of [['x'], { a: 1 }, [], {}]) {
      await expect(trimmed().validate(wrong)).rejects.toBeInstanceOf(yup.ValidationError);
      await expect(trimmed().validate(wrong)).rejects.toMatchObject({ message: 'validation.invalid' });
    }
  });

  test('a log-in with an array for its name is a field error, not a TypeError', async () => {
    expect(await fieldsOf(checkInput(loginSchema, { login: ['x'], password: 'x' }))).toEqual({ login: 'validation.invalid' });
  });

  test('the upper-cased currency of a remittance takes the wrong shape the same way', async () => {
    const fields = await fieldsOf(checkInput(remittanceSchema, { method: 'overseas', currency: ['usd'] }));
    expect(fields.currency).toBe('validation.invalid');
  });
});

test('checkInput turns whatever a schema throws into a ValidationError', async () => {
  const crashing = yup.object({
    a: yup.string().transform(() => {
      throw new TypeError('boom');
    }),
  });
  const err = await checkInput(crashing, { a: 'x' }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(yup.ValidationError);
  expect(err).toMatchObject({ message: 'validation.invalid', path: '' });
});

describe('calendar dates', () => {
  test.each(['2026-13-45', '2026-02-30', '2026-00-10', '2025-02-29', '2026-1-01', '２０２６-01-01', '2026-01-01T00:00'])('%s is not a date', async (v) => {
    expect(isCalendarDate(v)).toBe(false);
    await expect(isoDate().validate(v)).rejects.toMatchObject({ message: 'validation.date' });
  });

  test('real dates and the empty filter pass', async () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(await isoDate().validate(' 2026-02-28 ')).toBe('2026-02-28');
    expect(await isoDate().validate('')).toBe('');
  });

  test('an admin filter with an impossible date names the field', async () => {
    expect(await fieldsOf(checkInput(invitationStatsQuerySchema, { from: '2026-13-45', to: '2026-02-30' }))).toEqual({ from: 'validation.date', to: 'validation.date' });
  });
});

describe('keyset cursors', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const at = '2026-11-24T08:30:00.123Z';
  const id = '0b6a3c1e-4f2d-4a7b-9c8e-1d2f3a4b5c6d';

  test('a cursor the API handed out decodes to its values', () => {
    expect(decodeKeyset(encodeKeyset([at, id]), ['date', 'uuid'])).toEqual([at, id]);
    expect(decodeKeyset(encodeKeyset([3, '2026-11-24T08:30:00.123456Z', id]), ['count', 'date', 'uuid'])).toEqual([3, '2026-11-24T08:30:00.123456Z', id]);
    expect(decodeKeyset(encodeKeyset([at, 'identityReview/x/1']), ['date', 'key'])).toEqual([at, 'identityReview/x/1']);
  });

  test.each([
    ['not base64', '%%%'],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['["1","x"]', b64(['1', 'x'])],
    ['a date Postgres would refuse', b64(['2026-02-30T00:00:00Z', id])],
    ['a date without its zone', b64(['2026-11-24 08:30', id])],
    ['year zero', b64(['0000-01-01T00:00:00Z', id])],
    ['a UUID lookalike', b64([at, '------------------------------------'])],
    ['too few values', b64([at])],
    ['an object', b64({ 0: at, 1: id })],
  ])('%s is refused', async (_, cursor) => {
    expect(decodeKeyset(cursor, ['date', 'uuid'])).toBeNull();
    await expect(keysetCursor(['date', 'uuid']).validate(cursor)).rejects.toMatchObject({ message: 'validation.cursor' });
  });

  test('counts stay within an int, keys are bounded', () => {
    expect(decodeKeyset(b64([2 ** 31, at, id]), ['count', 'date', 'uuid'])).toBeNull();
    expect(decodeKeyset(b64([1.5, at, id]), ['count', 'date', 'uuid'])).toBeNull();
    expect(decodeKeyset(b64([at, 'x'.repeat(201)]), ['date', 'key'])).toBeNull();
    expect(decodeKeyset(b64([at, 'a\u0000b']), ['date', 'key'])).toBeNull();
  });

  test('a bigserial `before` past what JavaScript and bigint hold is refused', async () => {
    await expect(serialId().validate('99999999999999999999')).rejects.toMatchObject({ message: 'validation.max' });
    expect(await serialId().validate('42')).toBe(42);
  });
});

describe('the edge check of request text', () => {
  const code = (value: unknown) => {
    try {
      assertWellFormed(value);
      return 'ok';
    } catch (err) {
      return (err as { code: string }).code;
    }
  };

  test('ordinary text, emoji and CJK pass', () => {
    expect(code({ name: '身份证正面 😀', list: [1, 'a', null, { b: true }] })).toBe('ok');
  });

  test('a NUL byte or a lone surrogate anywhere, keys included, is refused', () => {
    expect(code({ a: [{ b: 'x\u0000' }] })).toBe('badText');
    expect(code({ ['k\u0000']: 1 })).toBe('badText');
    expect(code(['\ud800'])).toBe('badText');
    expect(code('x\udc00')).toBe('badText');
  });

  test('nesting past the limit is refused without recursion', () => {
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(code(deep)).toBe('tooDeep');
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_DEPTH; i++) ok = { a: ok };
    expect(code(ok)).toBe('ok');
  });
});

test('a key from Object.prototype is an unknown field, not a crash in yup', async () => {
  const schema = yup.object({ a: yup.object({ b: trimmed() }) }).noUnknown();
  for (const body of ['{"constructor": ""}', '{"__proto__": "0"}', '{"a": {"toString": "x"}}']) {
    const err = await checkInput(schema, JSON.parse(body)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(yup.ValidationError);
    expect(err).toMatchObject({ message: 'validation.unknownField', params: { unknown: expect.stringMatching(/^(constructor|__proto__|toString)$/) } });
  }
  expect(await checkInput(schema, { a: { b: ' x ' } })).toEqual({ a: { b: 'x' } });
});
