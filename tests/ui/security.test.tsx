import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { accountCancellation } from '../../domain/processes/accountCancellation';
import { renderApp, USER } from './support/render';
import { server } from './support/server';
import { FakeEventSource } from './support/eventSource';

const CASE = '44444444-4444-4444-8444-444444444444';
const input = (id: string) => document.getElementById(id) as HTMLInputElement;

const request = (over: Record<string, unknown> = {}) => ({
  id: CASE,
  reason: 'I no longer use the platform',
  status: 'pending',
  requestedAt: '2026-03-02T08:00:00Z',
  decidedAt: null,
  decisionComment: null,
  workflowId: `accountCancellation/${CASE}`,
  ...over,
});
const overview = (cancellation: unknown = null) => ({
  email: 'a***@example.com',
  phone: '138****5678',
  addresses: { email: 'alice@example.com', phone: '13812345678' },
  passwordChangedAt: null,
  cancellation,
});
const caseView = () => http.get('*/api/cases/accountCancellation/:id', () => HttpResponse.json({ model: accountCancellation, events: [], workflowUrl: null }));

describe('change password', () => {
  test('the shared schema checks the form, the meter follows the typing, the server’s field message shows', async () => {
    let calls = 0;
    server.use(
      http.put('*/api/security/password', () => {
        calls++;
        return HttpResponse.json({ status: 400, code: 'validation', message: 'Please check the marked fields', fields: { oldPassword: 'The current password is wrong' } }, { status: 400 });
      }),
    );
    renderApp('/en-US/ipci/usercenter/password', { user: USER });
    await screen.findByTestId('password-form');
    await userEvent.type(input('password-password'), 'abcdefgh');
    expect(screen.getByTestId('password-meter')).toHaveAttribute('data-level', '1');
    await userEvent.type(input('password-repeatPassword'), 'abcdefgx');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('error-oldPassword')).toHaveTextContent('This field is required');
    expect(screen.getByTestId('error-password')).toHaveTextContent('Use at least two of: letters, symbols, digits');
    expect(screen.getByTestId('error-repeatPassword')).toHaveTextContent('The two passwords do not match');
    expect(calls).toBe(0);

    await userEvent.clear(input('password-password'));
    await userEvent.type(input('password-password'), 'New#pass2026');
    expect(screen.getByTestId('password-meter')).toHaveAttribute('data-level', '3');
    await userEvent.clear(input('password-repeatPassword'));
    await userEvent.type(input('password-repeatPassword'), 'New#pass2026');
    await userEvent.type(input('password-oldPassword'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('error-oldPassword')).toHaveTextContent('The current password is wrong');
    expect(calls).toBe(1);
  });

  test('success: the toast, and back to the security settings', async () => {
    let body: any = null;
    server.use(
      http.put('*/api/security/password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ revokedSessions: 2 });
      }),
      http.get('*/api/security', () => HttpResponse.json(overview())),
    );
    renderApp('/en-US/ipci/usercenter/password', { user: USER });
    await screen.findByTestId('password-form');
    await userEvent.type(input('password-oldPassword'), 'Secret#2026');
    await userEvent.type(input('password-password'), 'New#pass2026');
    await userEvent.type(input('password-repeatPassword'), 'New#pass2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password reset')).toBeInTheDocument();
    expect(await screen.findByText('Other devices signed out: 2')).toBeInTheDocument();
    expect(body).toEqual({ oldPassword: 'Secret#2026', password: 'New#pass2026', repeatPassword: 'New#pass2026' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/security'));
    expect(await screen.findByTestId('security-phone')).toHaveTextContent('138****5678');
  });
});

describe('cancel account', () => {
  test('the warning, the checked form, a confirm dialog before the request goes out; then the status and timeline', async () => {
    let posted: any = null;
    let current: unknown = null;
    server.use(
      http.get('*/api/security', () => HttpResponse.json(overview(current))),
      http.post('*/api/codes', () => HttpResponse.json({ channel: 'sms', ttlSeconds: 600, resendSeconds: 60 }, { status: 202 })),
      http.post('*/api/security/cancellation', async ({ request: r }) => {
        posted = await r.json();
        current = request({ reason: posted.reason });
        return HttpResponse.json({ cancellation: current }, { status: 202 });
      }),
      caseView(),
    );
    renderApp('/en-US/ipci/usercenter/cancellation', { user: USER });
    expect(await screen.findByTestId('cancellation-warning')).toHaveTextContent('Cancelling your account cannot be undone');
    const form = screen.getByTestId('cancellation-form');
    expect(within(form).getByLabelText('Mobile 138****5678')).toBeChecked();
    await userEvent.click(within(form).getByLabelText('E-mail a***@example.com'));

    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    expect(await screen.findByTestId('error-reason')).toHaveTextContent('This field is required');
    expect(screen.queryByText('Cancel your account?')).not.toBeInTheDocument();

    await userEvent.type(input('cancellation-reason'), 'Moving abroad');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in 60 s/ })).toBeDisabled();
    await userEvent.type(input('cancellation-code'), '123456');

    // "Keep my account" sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep my account' }));
    expect(posted).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    expect(await screen.findByText('Cancel your account?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel my account' }));
    await waitFor(() => expect(posted).toEqual({ reason: 'Moving abroad', address: 'alice@example.com', code: '123456' }));

    const status = await screen.findByTestId('cancellation-request');
    expect(within(status).getByTestId('cancellation-status')).toHaveTextContent('Under review');
    expect(within(status).getByText('Moving abroad', { exact: false })).toBeInTheDocument();
    expect(await within(status).findByTestId('timeline')).toBeInTheDocument();
    expect(screen.queryByTestId('cancellation-form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw the request' })).toBeInTheDocument();
  });

  test('a rejected request shows the administrator’s reason above a new form', async () => {
    server.use(http.get('*/api/security', () => HttpResponse.json(overview(request({ status: 'rejected', decidedAt: '2026-03-03T08:00:00Z', decisionComment: 'An order is still open' })))), caseView());
    renderApp('/en-US/ipci/usercenter/cancellation', { user: USER });
    expect(await screen.findByTestId('admin-reason')).toHaveTextContent('An order is still open');
    expect(screen.getByTestId('cancellation-status')).toHaveTextContent('Rejected');
    expect(screen.getByTestId('cancellation-form')).toBeInTheDocument();
  });

  test('withdraw asks first; an approval pushed while the page is open signs the user out', async () => {
    let withdrawn = 0;
    let meCalls = 0;
    server.use(
      http.get('*/api/auth/me', () => {
        meCalls++;
        return HttpResponse.json({ user: null });
      }),
      http.get('*/api/security', () => HttpResponse.json(overview(request()))),
      http.post('*/api/security/cancellation/withdraw', () => {
        withdrawn++;
        return HttpResponse.json({ cancellation: request({ status: 'withdrawn' }) });
      }),
      caseView(),
    );
    renderApp('/en-US/ipci/usercenter/cancellation', { user: USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw the request' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Withdraw your cancellation request?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(withdrawn).toBe(0);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await userEvent.click(within(screen.getByTestId('cancellation-request')).getByRole('button', { name: 'Withdraw the request' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw the request' }));
    await waitFor(() => expect(withdrawn).toBe(1));

    // The timeline and the page itself listen to the case.
    await waitFor(() => expect(FakeEventSource.instances.filter((s) => !s.closed && s.url.includes(`/api/cases/accountCancellation/${CASE}/stream`)).length).toBe(2));
    act(() => {
      FakeEventSource.emit(`/api/cases/accountCancellation/${CASE}/stream`, 'case', { id: 9, caseKind: 'accountCancellation', caseId: CASE, step: 'cancelled', status: 'done', actor: 'system', actorName: null, at: '2026-03-03T08:00:00Z', dueAt: null, dueProvisional: false, reasons: null });
    });
    // (The toast itself lives outside the rendered tree, which the setup clears between tests.)
    await waitFor(() => expect(meCalls).toBe(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en-US\/ipci$/));
  });
});

test('the security overview offers each setting’s action', async () => {
  server.use(
    http.get('*/api/security', () => HttpResponse.json({ ...overview(request()), email: null, addresses: { email: null, phone: '13812345678' } })),
    http.get('*/api/security/sessions', () => HttpResponse.json({ items: [] })),
  );
  renderApp('/en-US/ipci/usercenter/security', { user: USER });
  expect(await screen.findByTestId('security-email')).toHaveTextContent('Not bound');
  expect(within(screen.getByTestId('security-email')).getByRole('button', { name: 'Bind' })).toBeInTheDocument();
  expect(within(screen.getByTestId('security-phone')).getByRole('button', { name: 'Change' })).toBeInTheDocument();
  expect(screen.getByTestId('security-cancellation')).toHaveTextContent('Under review');
  await userEvent.click(within(screen.getByTestId('security-sessions')).getByRole('button', { name: 'Manage' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/sessions'));
});
