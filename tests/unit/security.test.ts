import { cancellationSchema, changePasswordSchema, maskEmail, maskPhone, retentionEnd } from '../../domain/security';

test('addresses are masked for display', () => {
  expect(maskPhone('13812345678')).toBe('138****5678');
  expect(maskEmail('alice@example.com')).toBe('a***@example.com');
  expect(maskPhone(null)).toBeNull();
  expect(maskEmail('')).toBeNull();
});

test('records are kept to the end of the third year after the last login, counted in China time', () => {
  expect(retentionEnd(new Date('2026-06-15T10:00:00Z'))).toBe('2029-12-31');
  // 31 December 2026, 20:00 UTC is already 1 January 2027 in Beijing.
  expect(retentionEnd(new Date('2026-12-31T20:00:00Z'))).toBe('2030-12-31');
});

test('a cancellation needs a reason of 5 to 500 characters, a contact address and a 6-digit code', async () => {
  const ok = { reason: 'Moving abroad', address: '13812345678', code: '123456' };
  await expect(cancellationSchema.validate(ok)).resolves.toEqual(ok);
  for (const bad of [{ reason: 'Bye' }, { reason: 'x'.repeat(501) }, { address: 'nobody' }, { code: '12345' }]) {
    await expect(cancellationSchema.validate({ ...ok, ...bad })).rejects.toThrow();
  }
});

test('a new password follows the password rules and is repeated', async () => {
  const ok = { oldPassword: 'old', password: 'New#pass1', repeatPassword: 'New#pass1' };
  await expect(changePasswordSchema.validate(ok)).resolves.toEqual(ok);
  await expect(changePasswordSchema.validate({ ...ok, repeatPassword: 'New#pass2' })).rejects.toThrow('validation.passwordMismatch');
  await expect(changePasswordSchema.validate({ ...ok, password: 'abcdefgh', repeatPassword: 'abcdefgh' })).rejects.toThrow('validation.passwordKinds');
});
