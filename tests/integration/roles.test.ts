import { Caller, closeTestDb, DEMO, signedIn } from '../support/http';

/** Every API route and who may call it (api/README.md); each must refuse everyone else. */
const ROUTES: Array<[method: string, path: string, allowed: string[]]> = [
  // Staff upload too: files they attach to a protection case's progress.
  ['POST', '/api/uploads', ['user', 'reviewer', 'admin']],
  ['GET', '/api/uploads/00000000-0000-4000-8000-000000000000', ['user', 'reviewer', 'admin']],
  ['GET', '/api/identity', ['user']],
  ['POST', '/api/identity', ['user']],
  ['PUT', '/api/identity', ['user']],
  ['GET', '/api/cases/identityReview/00000000-0000-4000-8000-000000000000', ['user', 'reviewer', 'admin']],
  ['GET', '/api/tasks', ['reviewer', 'admin']],
  ['GET', '/api/tasks/none', ['reviewer', 'admin']],
  ['POST', '/api/tasks/none/claim', ['reviewer', 'admin']],
  ['POST', '/api/tasks/none/unclaim', ['reviewer', 'admin']],
  ['POST', '/api/tasks/none/complete', ['reviewer', 'admin']],
  ['POST', '/api/tasks/none/reassign', ['admin']],
  ['GET', '/api/staff', ['admin']],
  ['GET', '/api/messages', ['user', 'reviewer', 'admin']],
  ['POST', '/api/messages/1/read', ['user', 'reviewer', 'admin']],
  ['GET', '/api/messages/1', ['user', 'reviewer', 'admin']],
  ['GET', '/api/messages/unread', ['user', 'reviewer', 'admin']],
  ['POST', '/api/messages/read-all', ['user', 'reviewer', 'admin']],
  ['DELETE', '/api/messages/1', ['user', 'reviewer', 'admin']],
  ['GET', '/api/admin/calendar/2026', ['admin']],
  ['PUT', '/api/admin/calendar/2026', ['admin']],
  ['GET', '/api/protection/ipcis', ['user']],
  ['POST', '/api/protection/cases/00000000-0000-4000-8000-000000000000/progress', ['reviewer', 'admin']],
  ['GET', '/api/lawfirm/application', ['user']],
  ['GET', '/api/admin/lawfirms', ['admin']],
  ['GET', '/api/admin/protection/publicity', ['admin']],
];

const callers: Record<string, Caller> = {};
beforeAll(async () => {
  callers.user = (await signedIn('personal')).caller;
  callers.reviewer = await new Caller().login(...DEMO.reviewer);
  callers.admin = await new Caller().login(...DEMO.admin);
});
afterAll(closeTestDb);

test.each(ROUTES)('%s %s refuses anonymous callers with 401', async (method, path) => {
  const r = await new Caller().request(method, path, method === 'GET' ? undefined : {});
  expect(r.status).toBe(401);
  expect(r.body).toMatchObject({ status: 401, code: 'unauthenticated', message: 'Please log in first' });
});

test.each(ROUTES)('%s %s refuses roles other than %j with 403', async (method, path, allowed) => {
  for (const role of ['user', 'reviewer', 'admin']) {
    const r = await callers[role].request(method, path, method === 'GET' ? undefined : {});
    if (allowed.includes(role)) expect(r.status).not.toBe(403);
    else expect({ role, status: r.status, code: r.body.code }).toEqual({ role, status: 403, code: 'forbidden' });
  }
});

test('public routes answer without a session', async () => {
  expect((await new Caller().get('/api/health')).status).toBe(200);
  expect((await new Caller().post('/api/auth/logout')).status).toBe(204);
});
