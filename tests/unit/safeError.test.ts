import { safeError } from '../../api/lib/safeError';

test('a logged database error keeps its message and code but not the row values the driver copied', () => {
  const err = Object.assign(new Error('duplicate key value violates unique constraint "users_phone"'), {
    code: '23505',
    detail: 'Key (phone)=(13800138000) already exists.',
    parameters: ['13800138000', '11010519491231002X'],
  });
  const line = safeError(err);
  expect(line).toContain('[23505]: duplicate key value violates unique constraint "users_phone"');
  expect(line).toContain('safeError.test.ts'); // the stack is kept
  expect(line).not.toContain('13800138000');
  expect(line).not.toContain('11010519491231002X');
  expect(safeError('boom')).toBe('non-error thrown: string');
});
