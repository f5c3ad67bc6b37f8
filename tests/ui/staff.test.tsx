import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ADMIN, renderApp, REVIEWER } from './support/render';
import { server } from './support/server';

const row = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  queue: 'identity',
  caseKind: 'identityReview',
  caseId: `case-${id}`,
  workflowId: `identityReview/case-${id}`,
  step: 'review',
  title: `Identity review: user ${id}`,
  status: 'open',
  assigneeId: null,
  assigneeName: null,
  dueAt: '2025-03-10T10:00:00Z',
  dueProvisional: false,
  overdue: false,
  escalatedAt: null,
  slaWorkingDays: 5,
  createdAt: '2025-03-03T10:00:00Z',
  completedAt: null,
  ...over,
});

describe('task inbox', () => {
  test('renders rows with queue, status, provisional and overdue marks; filters go to the URL and the query; load more sends after', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/tasks', ({ request }) => {
        const q = new URL(request.url).searchParams;
        seen.push(q);
        if (q.get('after') === 'cursor-1') return HttpResponse.json({ items: [row('t3')], next: null });
        return HttpResponse.json({
          items: [
            row('t1', { overdue: true, escalatedAt: null, dueAt: '2025-03-01T10:00:00Z' }),
            row('t2', { status: 'claimed', assigneeName: 'Rita Reviewer', assigneeId: REVIEWER.id, dueProvisional: true, overdue: true, escalatedAt: '2025-03-05T00:00:00Z' }),
          ],
          next: 'cursor-1',
        });
      }),
    );
    renderApp('/manage/inbox', { user: REVIEWER });
    const table = await screen.findByTestId('inbox-table');
    const r1 = within(table).getByTestId('task-row-t1');
    const r2 = within(table).getByTestId('task-row-t2');
    expect(r1).toHaveClass('is-overdue');
    expect(within(r1).getByText('overdue')).toBeInTheDocument();
    expect(within(r2).getByText('escalated')).toBeInTheDocument();
    expect(within(r2).getByText('Rita Reviewer')).toBeInTheDocument();
    expect(within(r2).getByText('Claimed')).toBeInTheDocument();
    expect(within(r2).getByText('provisional')).toBeInTheDocument();
    expect(within(r1).getAllByText('Identity certification').length).toBeGreaterThan(0);
    expect(within(r1).getByRole('link', { name: 'Identity review: user t1' })).toHaveAttribute('href', '/manage/tasks/t1');
    expect(seen[0].get('status')).toBe('active');
    expect(seen[0].get('after')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByTestId('task-row-t3')).toBeInTheDocument();
    expect(seen.at(-1)!.get('after')).toBe('cursor-1');
    expect(within(table).getByTestId('task-row-t1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // filters live in the URL and are sent to the API
    await userEvent.selectOptions(screen.getByLabelText('Queue'), 'title');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('queue=title'));
    await userEvent.click(screen.getByLabelText('Overdue only'));
    await userEvent.click(screen.getByLabelText('Mine'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/manage/inbox?queue=title&overdue=true&mine=true'));
    await waitFor(() => {
      const last = seen.at(-1)!;
      expect(last.get('queue')).toBe('title');
      expect(last.get('overdue')).toBe('true');
      expect(last.get('mine')).toBe('true');
      expect(last.get('after')).toBeNull();
    });
  });

  test('an inbox title names the IP in the reader\'s language', async () => {
    const titles = { 'zh-CN': '青花瓷之韵 (alice)', 'en-US': 'Charm of Blue and White (alice)', 'ja-JP': '青花の韻 (alice)' };
    server.use(http.get('*/api/tasks', () => HttpResponse.json({ items: [row('t1', { queue: 'title', caseKind: 'titleAudit', title: titles['zh-CN'], titles })], next: null })));
    renderApp('/manage/inbox', { user: REVIEWER, lang: 'ja-JP' });
    const table = await screen.findByTestId('inbox-table');
    expect(within(table).getByRole('link', { name: '青花の韻 (alice)' })).toHaveAttribute('href', '/manage/tasks/t1');
  });

  test('filters are read from the URL on load', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/tasks', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [], next: null });
      }),
    );
    renderApp('/manage/inbox?queue=finance&status=done', { user: REVIEWER });
    expect(await screen.findByText('No tasks match these filters')).toBeInTheDocument();
    expect(seen[0].get('queue')).toBe('finance');
    expect(seen[0].get('status')).toBe('done');
    expect(screen.getByLabelText('Status')).toHaveValue('done');
  });

  test('the queue filter offers the queues of the staff member’s roles: cancellations for admins only', async () => {
    server.use(http.get('*/api/tasks', () => HttpResponse.json({ items: [], next: null })));
    const queues = async () => Array.from((await screen.findByLabelText('Queue')).querySelectorAll('option')).map((o) => o.getAttribute('value'));
    const { unmount } = renderApp('/manage/inbox', { user: REVIEWER });
    expect(await queues()).toEqual(expect.arrayContaining(['', 'identity', 'title']));
    expect(await queues()).not.toContain('cancellation');
    unmount();
    renderApp('/manage/inbox', { user: ADMIN });
    expect(await queues()).toContain('cancellation');
  });
});

const detail = (over: Record<string, unknown> = {}) => ({
  task: row('t1', over),
  subject: {
    certification: {
      id: 'case-t1',
      kind: 'personal',
      state: 1,
      data: {
        name: 'Alice Zhang',
        nationality: 'CN',
        idNumber: '11010519491231002X',
        idFront: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        idBack: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
        idLongTerm: true,
        idValidUntil: '',
        phone: '13800138000',
        email: '',
        otherNationalities: [],
        inviteCode: '',
      },
      flags: null,
      round: 1,
      submittedAt: '2025-03-03T10:00:00Z',
      decidedAt: null,
      workflowId: 'identityReview/case-t1',
      workflowUrl: 'http://localhost:8233/namespaces/default/workflows/identityReview%2Fcase-t1',
    },
    user: { id: 'u1', username: 'alice', displayName: 'Alice Zhang', kind: 'personal' },
    uploads: {
      'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa': { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', kind: 'idPhoto', mime: 'image/png', size: 2000, width: 800, height: 500, originalName: 'front.png' },
      'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb': { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', kind: 'idPhoto', mime: 'application/pdf', size: 2000, width: null, height: null, originalName: 'back.pdf' },
    },
  },
  fields: ['name', 'nationality', 'idNumber', 'idFront', 'idBack', 'idLongTerm', 'idValidUntil', 'phone', 'email', 'otherNationalities', 'inviteCode'],
  workflowUrl: 'http://localhost:8233/namespaces/default/workflows/identityReview%2Fcase-t1',
});

const caseView = () =>
  http.get('*/api/cases/:kind/:id', () =>
    HttpResponse.json({
      model: { kind: 'identityReview', steps: [{ id: 'submit', actor: 'user' }, { id: 'review', actor: 'staff' }], transitions: [{ from: 'submit', to: 'review' }] },
      events: [],
      workflowUrl: 'http://localhost:8233/x',
    }),
  );

describe('task page', () => {
  test('shows the subject with labels, thumbnails and download links, and a 409 on claim', async () => {
    server.use(
      http.get('*/api/tasks/t1', () => HttpResponse.json(detail())),
      http.post('*/api/tasks/t1/claim', () =>
        HttpResponse.json({ status: 409, code: 'conflict', message: 'This task is already claimed by Bob Reviewer' }, { status: 409 }),
      ),
      caseView(),
    );
    renderApp('/manage/tasks/t1', { user: REVIEWER });
    expect(await screen.findByRole('heading', { name: 'Identity review: user t1' })).toBeInTheDocument();
    const data = screen.getByTestId('identity-data');
    expect(within(data).getByText('ID card number')).toBeInTheDocument();
    expect(within(data).getByText('11010519491231002X')).toBeInTheDocument();
    expect(within(data).getByRole('img', { name: 'front.png' }).closest('a')).toHaveAttribute('href', '/api/uploads/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
    expect(within(data).getByRole('link', { name: /back\.pdf/ })).toHaveAttribute('download', 'back.pdf');
    expect(screen.getAllByText('View in Temporal')[0].closest('a')).toHaveAttribute('href', expect.stringContaining('localhost:8233'));

    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByTestId('task-conflict')).toHaveTextContent('This task is already claimed by Bob Reviewer');
  });

  test('the decision form is validated by decisionSchema and sends reasons per flagged field', async () => {
    let completed: any = null;
    server.use(
      http.get('*/api/tasks/t1', () => HttpResponse.json(detail({ status: 'claimed', assigneeId: REVIEWER.id, assigneeName: REVIEWER.displayName }))),
      http.post('*/api/tasks/t1/complete', async ({ request }) => {
        completed = await request.json();
        return HttpResponse.json({ task: row('t1', { status: 'done' }) });
      }),
      caseView(),
    );
    renderApp('/manage/tasks/t1', { user: REVIEWER });
    const form = await screen.findByTestId('decision-form');
    await userEvent.click(within(form).getByLabelText('Fail'));
    await userEvent.click(within(form).getByRole('button', { name: 'Fail with reasons' }));
    expect(await within(form).findByText('When failing, give a reason for each flagged item; an approval flags no items')).toBeInTheDocument();
    expect(completed).toBeNull();

    await userEvent.click(within(form).getByLabelText('Mobile phone'));
    await userEvent.click(within(form).getByRole('button', { name: 'Fail with reasons' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Reason: Mobile phone'), 'Number unreachable');
    await userEvent.click(within(form).getByRole('button', { name: 'Fail with reasons' }));
    await waitFor(() => expect(completed).toEqual({ outcome: 'fail', reasons: { phone: 'Number unreachable' }, comment: '' }));
  });

  test('a title audit failure must pick one failure reason from a select; the choice is sent as category', async () => {
    let completed: any = null;
    const title = row('t1', { queue: 'title', caseKind: 'titleAudit', status: 'claimed', assigneeId: REVIEWER.id, assigneeName: REVIEWER.displayName, title: '青花瓷之韵 (alice)' });
    server.use(
      http.get('*/api/tasks/t1', () =>
        HttpResponse.json({ task: title, subject: null, fields: ['holder', 'ipNameEn'], categories: ['conditionsUnmet', 'forgedMaterials'], workflowUrl: 'http://localhost:8233/x' }),
      ),
      http.post('*/api/tasks/t1/complete', async ({ request }) => {
        completed = await request.json();
        return HttpResponse.json({ task: { ...title, status: 'done' } });
      }),
      caseView(),
    );
    renderApp('/manage/tasks/t1', { user: REVIEWER });
    const form = await screen.findByTestId('decision-form');
    // An approval names no reason: no select.
    expect(within(form).queryByLabelText('Reason for the failure')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByLabelText('Fail'));
    const select = within(form).getByLabelText('Reason for the failure');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Please choose', 'Registration conditions not met', 'Forged materials']);
    await userEvent.click(within(form).getByLabelText('Rights holder'));
    await userEvent.type(within(form).getByLabelText('Reason: Rights holder'), 'Not the holder in the proof');
    await userEvent.click(within(form).getByRole('button', { name: 'Fail with reasons' }));
    expect(await within(form).findByText('When failing, choose the reason of the failure; an approval has none')).toBeInTheDocument();
    expect(completed).toBeNull();

    await userEvent.selectOptions(select, 'forgedMaterials');
    await userEvent.click(within(form).getByRole('button', { name: 'Fail with reasons' }));
    await waitFor(() => expect(completed).toEqual({ outcome: 'fail', reasons: { holder: 'Not the holder in the proof' }, comment: '', category: 'forgedMaterials' }));
  });

  test('an approval that asks for values shows one labelled input per value and sends them all', async () => {
    let completed: any = null;
    const paper = row('t1', { queue: 'finance', caseKind: 'paperCertificate', status: 'claimed', assigneeId: REVIEWER.id, assigneeName: REVIEWER.displayName, title: 'Paper certificate' });
    server.use(
      http.get('*/api/tasks/t1', () => HttpResponse.json({ task: paper, subject: null, fields: ['address'], values: ['carrier', 'trackingNo'], workflowUrl: 'http://localhost:8233/x' })),
      http.post('*/api/tasks/t1/complete', async ({ request }) => {
        completed = await request.json();
        return HttpResponse.json({ task: { ...paper, status: 'done' } });
      }),
      caseView(),
    );
    renderApp('/manage/tasks/t1', { user: REVIEWER });
    const form = await screen.findByTestId('decision-form');
    await userEvent.type(within(form).getByLabelText('Carrier'), ' SF Express ');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(completed).toBeNull();
    await userEvent.type(within(form).getByLabelText('Tracking number'), 'SF1234567890');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(completed).toEqual({ outcome: 'approve', reasons: {}, comment: '', values: { carrier: 'SF Express', trackingNo: 'SF1234567890' } }));
  });

  test('409 on complete shows the workflow\'s reason', async () => {
    server.use(
      http.get('*/api/tasks/t1', () => HttpResponse.json(detail({ status: 'claimed', assigneeId: 'someone', assigneeName: 'Bob' }))),
      http.post('*/api/tasks/t1/complete', () => HttpResponse.json({ status: 409, code: 'conflict', message: 'This task is claimed by Bob; only they can decide it' }, { status: 409 })),
      caseView(),
    );
    renderApp('/manage/tasks/t1', { user: REVIEWER });
    const form = await screen.findByTestId('decision-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('task-conflict')).toHaveTextContent('This task is claimed by Bob; only they can decide it');
  });
});
