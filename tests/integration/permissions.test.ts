import Koa from 'koa';
import { allow, allowElement, session } from '../../api/middleware/auth';
import { errors } from '../../api/middleware/errors';
import { lang } from '../../api/middleware/lang';
import { DEFAULT_ELEMENTS } from '../../domain/permissions';
import { roleElements, seedRoleElements } from '../../db/roleElements';
import { Caller, closeTestDb, DEMO, signedIn, testDb } from '../support/http';
import { appRoutes } from '../support/routes';

/** Every route under /api/admin registered in the Koa app, read from the app itself (tests/support/routes.ts). */
function adminRoutes(): Array<[method: string, path: string]> {
  return appRoutes()
    .filter(({ path }) => path.startsWith('/api/admin'))
    .map(({ method, path }) => [method, path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')]);
}
const ROUTES = adminRoutes();

const callers: Record<string, Caller> = {};
beforeAll(async () => {
  callers.user = (await signedIn('personal')).caller;
  callers.reviewer = await new Caller().login(...DEMO.reviewer);
  callers.admin = await new Caller().login(...DEMO.admin);
});
afterAll(closeTestDb);

test('the app registers the admin routes this issue builds', () => {
  const paths = ROUTES.map(([m, p]) => `${m} ${p}`);
  for (const route of ['GET /api/admin/users', 'PUT /api/admin/roles', 'POST /api/admin/messages', 'GET /api/admin/calendar/00000000-0000-4000-8000-000000000000']) {
    expect(paths).toContain(route);
  }
});

describe.each(ROUTES)('%s %s', (method, path) => {
  const call = (c: Caller) => c.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
  test('401 anonymous, 403 user and reviewer, admin passes the gate', async () => {
    expect((await call(new Caller())).status).toBe(401);
    expect((await call(callers.user)).body).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await call(callers.reviewer)).body).toMatchObject({ status: 403, code: 'forbidden' });
    expect([401, 403]).not.toContain((await call(callers.admin)).status);
  });
});

test('an /api/admin path no router knows is still refused to non-admins', async () => {
  expect((await new Caller().get('/api/admin/nothing-here')).status).toBe(401);
  expect((await callers.user.get('/api/admin/nothing-here')).status).toBe(403);
  expect((await callers.admin.get('/api/admin/nothing-here')).status).toBe(404);
});

test('/api/auth/me carries each role’s permitted elements, role info, special and the administrator flag', async () => {
  const me = async (c: Caller) => (await c.get('/api/auth/me')).body.user;
  const roles = (await callers.admin.get('/api/admin/roles')).body.roles;
  const user = await me(callers.user);
  expect(user).toMatchObject({ roles: ['user'], roleinfo: [{ roleid: 'user' }], special: [], isAdministrator: false, unread: 0, hasEmail: false, hasPhone: false });
  expect(user.permission).toEqual([...roles.user].sort());
  expect(user.permission).toContain('usercenter.identity');
  expect(user.permission).not.toContain('inbox.view');
  const reviewer = await me(callers.reviewer);
  expect(reviewer.permission).toContain('task.decide');
  expect(reviewer.permission).not.toContain('task.reassign');
  expect(reviewer.permission).not.toContain('admin.users.view');
  const admin = await me(callers.admin);
  expect(admin).toMatchObject({ roleinfo: [{ roleid: 'admin' }], special: ['develop'], isAdministrator: true });
  expect(admin.permission).toEqual(expect.arrayContaining([...DEFAULT_ELEMENTS.admin]));
  // the login answer is the same payload
  const login = await new Caller().post('/api/auth/login', { login: DEMO.admin[0], password: DEMO.admin[1] });
  expect(login.body.user).toMatchObject({ isAdministrator: true, permission: admin.permission });
  // a user with two roles gets the union
  const { caller: both } = await signedIn('personal', ['user', 'reviewer']);
  expect((await me(both)).permission).toEqual([...new Set([...roles.user, ...roles.reviewer])].sort());
});

test('allowElement refuses a session whose roles lack the element (403), lets others through', async () => {
  const app = new Koa();
  app.use(lang).use(errors).use(session(testDb()));
  const staff = allow('user', 'reviewer', 'admin');
  app.use(async (ctx, next) => {
    if (ctx.path === '/identity') return staff(ctx, () => allowElement('usercenter.identity')(ctx, async () => void (ctx.body = { ok: true })));
    await next();
  });
  const server = app.listen(0);
  try {
    const port = (server.address() as { port: number }).port;
    const get = (c: Caller) => fetch(`http://127.0.0.1:${port}/identity`, { headers: { cookie: c.cookie } });
    expect((await get(new Caller())).status).toBe(401);
    expect((await get(callers.user)).status).toBe(200);
    expect((await get(callers.reviewer)).status).toBe(403);
  } finally {
    server.close();
  }
});

test('the seed grants each catalogue element once: admin edits survive a restart, a new element gets its defaults', async () => {
  const trx = await testDb().transaction();
  try {
    await trx('role_elements').where({ role: 'reviewer', element_id: 'task.decide' }).delete();
    await trx('role_elements').insert({ role: 'user', element_id: 'admin.outbox.view' });
    await seedRoleElements(trx); // a restart
    let roles = await roleElements(trx);
    expect(roles.reviewer).not.toContain('task.decide');
    expect(roles.user).toContain('admin.outbox.view');

    await trx('role_elements_seeded').where({ element_id: 'task.decide' }).delete(); // as if the element were new
    await seedRoleElements(trx);
    roles = await roleElements(trx);
    expect(roles.reviewer).toContain('task.decide');
    expect(roles.admin).toContain('task.decide');
  } finally {
    await trx.rollback();
  }
});
