import * as yup from 'yup';
import { loginSchema } from '../../domain/auth';
import { invitationStatsQuerySchema } from '../../domain/invitations';
import { remittanceSchema } from '../../domain/orders';
import { checkInput, isCalendarDate, isoDate, trimmed } from '../../domain/validation/rules';

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
