import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, USER } from './support/render';
import { server } from './support/server';

const ADMIN = { ...USER, id: '44444444-4444-4444-8444-444444444444', username: 'admin', displayName: 'Wang Admin', kind: null, userType: null, roles: ['admin'] } as typeof USER;
const INVITER = '55555555-5555-4555-8555-555555555555';

const invitee = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  name: `Name ${id}`,
  account: `acc_${id}`,
  type: 'personal',
  companyName: null,
  registeredAt: '2026-03-01T08:00:00Z',
  identityState: null,
  certificationApplications: 0,
  ...over,
});

describe('invite users', () => {
  test('shows the code and the absolute link, copies them, lists invitees page by page', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/invitations', ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        seen.push(after);
        if (after === 'c1') return HttpResponse.json({ code: 'AB12CD34', link: '/en-US/ipci/register?invite=AB12CD34', invitees: [invitee('i3')], total: 3, next: null });
        return HttpResponse.json({
          code: 'AB12CD34',
          link: '/en-US/ipci/register?invite=AB12CD34',
          invitees: [
            invitee('i1', { type: 'enterprise', companyName: 'Huaguang Culture Media Co.', identityState: 3, certificationApplications: 2 }),
            invitee('i2'),
          ],
          total: 3,
          next: 'c1',
        });
      }),
    );
    renderApp('/en-US/ipci/usercenter/invitation', { user: USER });
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('AB12CD34');
    expect(screen.getByTestId('invite-link')).toHaveValue(`${window.location.origin}/en-US/ipci/register?invite=AB12CD34`);
    expect(screen.getByText('3 in all')).toBeInTheDocument();
    expect(screen.getByTestId('uc-invitation')).toHaveClass('bp6-active');

    const row = screen.getByTestId('invitee-i1');
    expect(within(row).getByText('Enterprise')).toBeInTheDocument();
    expect(within(row).getByText('Huaguang Culture Media Co.')).toBeInTheDocument();
    expect(within(row).getByText('Verified')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Invitation link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/en-US/ipci/register?invite=AB12CD34`);
    await userEvent.click(screen.getByRole('button', { name: 'Your invitation code' }));
    expect(writeText).toHaveBeenLastCalledWith('AB12CD34');
    expect((await screen.findAllByText('Copied to the clipboard')).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('invitee-i3')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^invitee-i/)).toHaveLength(3);
    expect(seen).toEqual([null, 'c1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test('a new code only after confirming that old links stop working', async () => {
    let posts = 0;
    server.use(
      http.get('*/api/invitations', () => HttpResponse.json({ code: 'AB12CD34', link: '/en-US/ipci/register?invite=AB12CD34', invitees: [], total: 0, next: null })),
      http.post('*/api/invitations/code', () => {
        posts++;
        return HttpResponse.json({ code: 'FF00EE11', link: '/en-US/ipci/register?invite=FF00EE11' });
      }),
    );
    renderApp('/en-US/ipci/usercenter/invitation', { user: USER });
    await screen.findByTestId('invite-code');
    expect(screen.getByText('Nobody has registered with your code yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New code' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/stop working at once/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'New code' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Create new code' }));
    await waitFor(() => expect(screen.getByTestId('invite-code')).toHaveTextContent('FF00EE11'));
    expect(posts).toBe(1);
    expect(screen.getByTestId('invite-link')).toHaveValue(`${window.location.origin}/en-US/ipci/register?invite=FF00EE11`);
  });
});

describe('admin invitation statistics', () => {
  const stats = {
    items: [
      { inviter: { id: INVITER, username: 'zhangsan', displayName: 'Zhang San' }, code: 'AB12CD34', invitees: 5, personal: 3, enterprise: 2, certified: 4, lastInvitedAt: '2026-05-20T02:00:00Z' },
    ],
    totals: { inviters: 1, invitees: 5, personal: 3, enterprise: 2, certified: 4 },
    next: null,
  };

  test('totals and a row per inviter; filters go to the URL and the query; a backwards range is refused before asking', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/invitations/stats', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json(stats);
      }),
    );
    renderApp('/admin/invitationStatistics', { user: ADMIN });
    const row = await screen.findByTestId(`inviter-${INVITER}`);
    expect(screen.getByRole('heading', { name: 'Invitation statistics' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Zhang San' })).toHaveAttribute('href', `/admin/invitedUser/${INVITER}`);
    expect(within(row).getByText('AB12CD34')).toBeInTheDocument();
    expect(screen.getByTestId('total-invitees')).toHaveTextContent('5');
    expect(screen.getByTestId('total-certified')).toHaveTextContent('4');

    await userEvent.type(screen.getByLabelText('Inviter'), 'zhang');
    await userEvent.type(screen.getByLabelText('Registered from'), '2026-05-01');
    await userEvent.type(screen.getByLabelText('to'), '2026-05-31');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(Object.fromEntries(seen[1])).toEqual({ q: 'zhang', from: '2026-05-01', to: '2026-05-31' });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/invitationStatistics?from=2026-05-01&to=2026-05-31&q=zhang');

    await userEvent.clear(screen.getByLabelText('to'));
    await userEvent.type(screen.getByLabelText('to'), '2026-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByLabelText('to')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('to')).toHaveAttribute('title', 'This date is too early');
    expect(seen).toHaveLength(2);
  });

  test('an inviter\'s invitees', async () => {
    server.use(
      http.get(`*/api/admin/invitations/${INVITER}`, () =>
        HttpResponse.json({ inviter: { id: INVITER, username: 'zhangsan', displayName: 'Zhang San', code: 'AB12CD34' }, invitees: [invitee('i9', { name: 'Li Si' })], total: 1, next: null }),
      ),
      http.get('*/api/admin/invitations/stats', () => HttpResponse.json(stats)),
    );
    renderApp(`/admin/invitedUser/${INVITER}`, { user: ADMIN });
    expect(await screen.findByRole('heading', { name: /Users invited by Zhang San/ })).toBeInTheDocument();
    const row = screen.getByTestId('invitee-i9');
    expect(within(row).getByText('Li Si')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'acc_i9' })).toHaveAttribute('href', '/admin/userManagement/i9');
    await userEvent.click(screen.getByRole('button', { name: 'Back to invitation statistics' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/invitationStatistics');
  });

  test('is behind the admin gate', async () => {
    let asked = false;
    server.use(
      http.get('*/api/admin/invitations/stats', () => {
        asked = true;
        return HttpResponse.json(stats);
      }),
    );
    renderApp('/admin/invitationStatistics', { user: USER });
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toBe('/admin/invitationStatistics'));
    expect(screen.queryByRole('heading', { name: 'Invitation statistics' })).toBeNull();
    expect(asked).toBe(false);
  });
});
