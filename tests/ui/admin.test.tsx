import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DEFAULT_ELEMENTS, ELEMENTS } from '../../domain/permissions';
import type { AdminUser, AdminUserRow } from '../../ui/src/api/types';
import { server } from './support/server';
import { ADMIN, renderApp, REVIEWER, USER } from './support/render';

const row = (id: string, over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  username: `user${id}`,
  displayName: `User ${id}`,
  kind: 'personal',
  roles: ['user'],
  status: 'active',
  email: null,
  phone: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastLoginAt: null,
  ...over,
});
const detail = (r: AdminUserRow, over: Partial<AdminUser> = {}): AdminUser => ({
  ...r,
  special: [],
  locale: 'zh-CN',
  inviteCode: 'AB12CD34',
  invitedBy: null,
  identityState: null,
  activeSessions: 2,
  frozenReason: null,
  cancelledAt: null,
  passwordChangedAt: null,
  ...over,
});
const ID = '44444444-4444-4444-8444-444444444444';

describe('the /admin gate', () => {
  test('signed out: /admin paths go to /login/admin', async () => {
    renderApp('/admin/userManagement', { user: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\/admin$/));
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
  });

  test('signed in without the admin role: to /login/admin, told why, no loop back', async () => {
    renderApp('/admin/roles', { user: REVIEWER });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\/admin$/));
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\/admin$/);
  });

  test('a personal user is sent to /login/admin from /manage too', async () => {
    renderApp('/manage/inbox', { user: USER });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\/admin$/));
  });
});

describe('staff navigation', () => {
  test('an admin sees every permitted entry; a reviewer only theirs', async () => {
    server.use(http.get('*/api/admin/users', () => HttpResponse.json({ items: [], next: null })));
    const { unmount } = renderApp('/admin/userManagement', { user: ADMIN });
    const menu = await screen.findByTestId('staff-menu');
    const entries = within(menu).getAllByRole('menuitem').map((e) => e.textContent);
    expect(entries).toEqual([
      'Task inbox',
      'Cancellation audits',
      'User management',
      'Roles and permissions',
      'Invitation statistics',
      'Outbox',
      'Send a message',
      'Orders and fees',
      'Self-service trades',
      'Trade service fees',
      'Manual trades',
      'Trade records',
      'Evaluations',
      'IP categories',
      'Licence scopes',
      'IP information',
      'Rights objections',
      'Law firms',
      'Manufacturers',
      'Rights protection',
      'Protection publicity',
      'Capacity packages',
      'Anti-counterfeit orders',
      'Anti-counterfeit statistics',
      'Image watermark',
      'Video watermark',
      'Image detection',
      'Video detection',
      'Detected watermark',
      'Infringement reports',
      'Monitoring subscriptions',
      'Monitoring orders',
      'Crawl sites',
      'Crawl runs',
      'Working-day calendar',
      'Change password',
    ]);
    unmount();

    server.use(http.get('*/api/tasks', () => HttpResponse.json({ items: [], next: null })));
    renderApp('/manage/inbox', { user: { ...REVIEWER, permission: [...REVIEWER.permission, 'admin.outbox.view'] } });
    const reviewerMenu = await screen.findByTestId('staff-menu');
    // admin.outbox.view alone does not open /admin: the entry stays hidden without the admin role
    expect(within(reviewerMenu).getAllByRole('menuitem').map((e) => e.textContent)).toEqual(['Task inbox']);
  });

  test('an entry whose element the admin role lost is hidden', async () => {
    server.use(http.get('*/api/admin/users', () => HttpResponse.json({ items: [], next: null })));
    renderApp('/admin/userManagement', { user: { ...ADMIN, permission: ADMIN.permission.filter((e) => e !== 'admin.messages.send') } });
    const menu = await screen.findByTestId('staff-menu');
    expect(within(menu).queryByText('Send a message')).not.toBeInTheDocument();
    expect(within(menu).getByText('User management')).toBeInTheDocument();
  });
});

describe('user management', () => {
  test('lists users with status tags; search and filters go to the URL and the query; load more', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/users', ({ request }) => {
        const q = new URL(request.url).searchParams;
        seen.push(q);
        if (q.get('after') === 'c1') return HttpResponse.json({ items: [row('3', { status: 'cancelled' })], next: null });
        return HttpResponse.json({ items: [row('1'), row('2', { status: 'frozen', kind: null, roles: ['reviewer'] })], next: 'c1' });
      }),
    );
    renderApp('/admin/userManagement', { user: ADMIN });
    const table = await screen.findByTestId('users-table');
    const r2 = within(table).getByTestId('user-row-2');
    expect(within(r2).getByTestId('user-status')).toHaveTextContent('Frozen');
    expect(within(r2).getByText('Reviewer')).toBeInTheDocument();
    expect(within(r2).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(within(table).getByTestId('user-row-1')).getByRole('button', { name: 'Freeze' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const r3 = await within(table).findByTestId('user-row-3');
    expect(within(r3).getByTestId('user-status')).toHaveTextContent('Cancelled');
    expect(within(r3).queryByRole('button')).not.toBeInTheDocument(); // a cancelled account has no actions
    expect(seen.at(-1)!.get('after')).toBe('c1');

    await userEvent.type(screen.getByLabelText('Search'), '13812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'frozen');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/userManagement?q=13812345678&status=frozen'));
    await waitFor(() => {
      const last = seen.at(-1)!;
      expect([last.get('q'), last.get('status'), last.get('after')]).toEqual(['13812345678', 'frozen', null]);
    });
  });

  test('row actions are hidden without their permission elements', async () => {
    server.use(http.get('*/api/admin/users', () => HttpResponse.json({ items: [row('1')], next: null })));
    const permission = ADMIN.permission.filter((e) => !['admin.users.freeze', 'admin.users.edit'].includes(e));
    renderApp('/admin/userManagement', { user: { ...ADMIN, permission } });
    const r1 = await screen.findByTestId('user-row-1');
    expect(within(r1).queryByRole('button', { name: 'Freeze' })).not.toBeInTheDocument();
    expect(within(r1).queryByText('Edit')).not.toBeInTheDocument();
    expect(within(r1).getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
  });

  test('freeze asks for a reason (the shared schema), then the row shows frozen', async () => {
    let body: unknown;
    server.use(
      http.get('*/api/admin/users', () => HttpResponse.json({ items: [row('1')], next: null })),
      http.post('*/api/admin/users/1/freeze', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: detail(row('1', { status: 'frozen' }), { frozenReason: 'Spam' }) });
      }),
    );
    renderApp('/admin/userManagement', { user: ADMIN });
    await userEvent.click(within(await screen.findByTestId('user-row-1')).getByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(body).toEqual({ reason: 'Spam' }));
    await waitFor(() => expect(within(screen.getByTestId('user-row-1')).getByTestId('user-status')).toHaveTextContent('Frozen'));
  });

  test('detail: everything about the account; reset password shows the temporary password once', async () => {
    server.use(
      http.get(`*/api/admin/users/${ID}`, () =>
        HttpResponse.json({ user: detail(row(ID, { username: 'zhang', email: 'z@example.com', phone: '13812345678' }), { invitedBy: { id: 'x', username: 'li', displayName: 'Li Si' }, identityState: 3 }) }),
      ),
      http.post(`*/api/admin/users/${ID}/reset-password`, () => HttpResponse.json({ password: 'Tmp#x7Kp2mQa9Z', user: detail(row(ID), { activeSessions: 0 }) })),
    );
    renderApp(`/admin/userManagement/${ID}`, { user: ADMIN });
    const card = await screen.findByTestId('user-detail');
    expect(card).toHaveTextContent('z@example.com');
    expect(card).toHaveTextContent('13812345678');
    expect(card).toHaveTextContent('Li Si (li)');
    expect(within(card).getByTestId('active-sessions')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByTestId('temp-password')).toHaveTextContent('Tmp#x7Kp2mQa9Z');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('temp-password')).not.toBeInTheDocument());
    expect(screen.getByTestId('active-sessions')).toHaveTextContent('0');
  });

  test('edit: the shared schema (at least one role), the server refusal under the field, then back to the detail', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`*/api/admin/users/${ID}`, () => HttpResponse.json({ user: detail(row(ID)) })),
      http.put(`*/api/admin/users/${ID}`, async ({ request }) => {
        const body = (await request.json()) as { roles: string[] };
        bodies.push(body);
        if (!body.roles.includes('user')) return HttpResponse.json({ status: 400, code: 'validation', message: 'Please check the marked fields', fields: { roles: 'You cannot remove the admin role from your own account' } }, { status: 400 });
        return HttpResponse.json({ user: detail(row(ID)) });
      }),
    );
    renderApp(`/admin/userManagement/${ID}/edit`, { user: ADMIN });
    const form = await screen.findByTestId('user-edit-form');
    await userEvent.click(within(form).getByLabelText('User'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('At least 1 items')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await userEvent.click(within(form).getByLabelText('Administrator'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('You cannot remove the admin role from your own account')).toBeInTheDocument();

    await userEvent.click(within(form).getByLabelText('User'));
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Zhang San');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/admin/userManagement/${ID}`));
    expect(bodies.at(-1)).toEqual({ displayName: 'Zhang San', kind: 'personal', roles: ['admin', 'user'] });
  });
});

describe('roles editor', () => {
  test('a matrix of elements × roles; saving sends every role', async () => {
    let saved: any;
    const roles = { user: [...DEFAULT_ELEMENTS.user], reviewer: [...DEFAULT_ELEMENTS.reviewer], admin: [...DEFAULT_ELEMENTS.admin] };
    server.use(
      http.get('*/api/admin/roles', () => HttpResponse.json({ roles })),
      http.put('*/api/admin/roles', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json(saved);
      }),
    );
    renderApp('/admin/roles', { user: ADMIN });
    const table = await screen.findByTestId('roles-table');
    expect(within(table).getAllByRole('row')).toHaveLength(ELEMENTS.length + 1);
    expect(within(table).getByLabelText('admin admin.roles.edit')).toBeDisabled(); // the editor cannot lock itself out
    await userEvent.click(within(table).getByLabelText('reviewer task.reassign'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved.roles.reviewer).toEqual([...DEFAULT_ELEMENTS.reviewer, 'task.reassign']));
    expect(saved.roles.user).toEqual(roles.user);
  });

  test('read-only without admin.roles.edit', async () => {
    server.use(http.get('*/api/admin/roles', () => HttpResponse.json({ roles: { user: [], reviewer: [], admin: [] } })));
    renderApp('/admin/roles', { user: { ...ADMIN, permission: ADMIN.permission.filter((e) => e !== 'admin.roles.edit') } });
    const table = await screen.findByTestId('roles-table');
    expect(within(table).getByLabelText('user messages.read')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('send a message', () => {
  test('validated by the shared schema; to all users of a role; one send id per message', async () => {
    const bodies: any[] = [];
    server.use(
      http.post('*/api/admin/messages', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ sent: 12 }, { status: 201 });
      }),
    );
    renderApp('/admin/myMsg', { user: ADMIN });
    const form = await screen.findByTestId('send-message-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Choose a recipient, or send to all users')).toBeInTheDocument();
    expect(within(form).getAllByText('This field is required')).toHaveLength(2);
    expect(bodies).toHaveLength(0);

    await userEvent.click(within(form).getByLabelText('Send to all users'));
    await userEvent.selectOptions(within(form).getByLabelText('Only users with the role'), 'reviewer');
    await userEvent.type(within(form).getByLabelText('Title'), 'Training on Friday');
    await userEvent.type(within(form).getByLabelText('Content'), 'Room 3, 14:00');
    await userEvent.type(within(form).getByLabelText('Action link (optional)'), 'https://evil.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Enter a path inside the platform, e.g. /zh-CN/ipci/usercenter/identity')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Action link (optional)'));
    await userEvent.type(within(form).getByLabelText('Action link (optional)'), '/manage/inbox');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ notifyAll: true, role: 'reviewer', kind: 'message', title: 'Training on Friday', content: 'Room 3, 14:00', actionLink: '/manage/inbox', remark: '' });
    expect(bodies[0].sendId).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies[0]).not.toHaveProperty('recUserId');
  });

  test('to one user found by the user search', async () => {
    const bodies: any[] = [];
    server.use(
      http.get('*/api/admin/users', () => HttpResponse.json({ items: [row(ID, { username: 'zhang', displayName: 'Zhang San' })], next: null })),
      http.post('*/api/admin/messages', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ sent: 1 }, { status: 201 });
      }),
    );
    renderApp('/admin/myMsg', { user: ADMIN });
    const form = await screen.findByTestId('send-message-form');
    await userEvent.type(within(form).getByLabelText('Recipient'), 'zhang');
    await userEvent.click(within(form).getByRole('button', { name: 'Find' }));
    expect(await within(form).findByRole('option', { name: 'Zhang San (zhang)' })).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Title'), 'Hello');
    await userEvent.type(within(form).getByLabelText('Content'), 'Welcome');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ recUserId: ID, notifyAll: false, title: 'Hello' });
  });
});

test('update password: the shared schema, then PUT /api/security/password', async () => {
  let body: unknown;
  server.use(
    http.put('*/api/security/password', async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ revokedSessions: 0 });
    }),
  );
  renderApp('/admin/updatePassword', { user: ADMIN });
  const form = await screen.findByTestId('admin-password-form');
  await userEvent.type(within(form).getByLabelText('Current password'), 'Admin#2026');
  await userEvent.type(within(form).getByLabelText('New password'), 'abc');
  await userEvent.type(within(form).getByLabelText('Repeat the new password'), 'abd');
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(await within(form).findByText('The password must have more than 6 characters')).toBeInTheDocument();
  expect(within(form).getByText('The two passwords do not match')).toBeInTheDocument();
  expect(body).toBeUndefined();
  await userEvent.clear(within(form).getByLabelText('New password'));
  await userEvent.type(within(form).getByLabelText('New password'), 'NewAdmin#2027');
  await userEvent.clear(within(form).getByLabelText('Repeat the new password'));
  await userEvent.type(within(form).getByLabelText('Repeat the new password'), 'NewAdmin#2027');
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(body).toEqual({ oldPassword: 'Admin#2026', password: 'NewAdmin#2027', repeatPassword: 'NewAdmin#2027' }));
});

describe('task page', () => {
  const task = {
    id: 't1', queue: 'identity', caseKind: 'identityReview', caseId: 'case-t1', workflowId: 'identityReview/case-t1', step: 'review', title: 'Identity review: alice',
    status: 'open', assigneeId: null, assigneeName: null, dueAt: '2025-03-10T10:00:00Z', dueProvisional: false, overdue: false, escalatedAt: null, slaWorkingDays: 5,
    createdAt: '2025-03-03T10:00:00Z', completedAt: null,
  };
  const subject = {
    certification: { id: 'case-t1', kind: 'personal', state: 1, data: { name: 'Alice Zhang' }, flags: null, round: 1, submittedAt: '2025-03-03T10:00:00Z', decidedAt: null, workflowId: 'identityReview/case-t1', workflowUrl: 'http://localhost:8233/x' },
    user: { id: 'u1', username: 'alice', displayName: 'Alice Zhang', kind: 'personal' },
    uploads: {},
  };
  beforeEach(() =>
    server.use(
      http.get('*/api/tasks/t1', () => HttpResponse.json({ task, subject, fields: ['name'], workflowUrl: 'http://localhost:8233/x' })),
      http.get('*/api/staff', () => HttpResponse.json({ items: [{ id: REVIEWER.id, displayName: REVIEWER.displayName, roles: ['reviewer'] }] })),
      http.get('*/api/cases/:kind/:id', () => HttpResponse.json({ model: { kind: 'identityReview', steps: [], transitions: [] }, events: [], workflowUrl: 'http://localhost:8233/x' })),
    ),
  );

  test('reassign shows with task.reassign and hides without it', async () => {
    const { unmount } = renderApp('/manage/tasks/t1', { user: ADMIN });
    expect(await screen.findByLabelText('Reassign to')).toBeInTheDocument();
    unmount();
    renderApp('/manage/tasks/t1', { user: { ...ADMIN, permission: ADMIN.permission.filter((e) => e !== 'task.reassign') } });
    expect(await screen.findByText('Identity review: alice')).toBeInTheDocument();
    expect(screen.queryByLabelText('Reassign to')).not.toBeInTheDocument();
  });
});
