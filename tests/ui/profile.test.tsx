import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, USER } from './support/render';
import { server } from './support/server';

const AVATAR = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const profile = (over: Record<string, unknown> = {}) => ({
  username: 'alice',
  displayName: 'Alice Zhang',
  kind: 'personal',
  gender: 'female',
  introduction: 'Illustrator.',
  country: 'CN',
  province: 'Zhejiang',
  city: 'Hangzhou',
  address: '',
  phone: '13800138000',
  email: null,
  avatarUploadId: AVATAR,
  avatar: { id: AVATAR, kind: 'avatar', mime: 'image/png', size: 2048, width: 200, height: 200, originalName: 'me.png' },
  ...over,
});
const field = (name: string) => document.getElementById(`profile-${name}`) as HTMLInputElement;

function serve(put: (body: any) => Response | Promise<Response>) {
  const bodies: any[] = [];
  server.use(
    http.get('*/api/profile', () => HttpResponse.json({ profile: profile() })),
    http.put('*/api/profile', async ({ request }) => {
      const body = await request.json();
      bodies.push(body);
      return put(body);
    }),
    http.get('*/api/auth/me', () => HttpResponse.json({ user: USER })),
  );
  return bodies;
}

describe('profile', () => {
  test('shows the account with avatar, contacts linking to the security pages, and the form filled in', async () => {
    serve(() => HttpResponse.json({}));
    server.use(http.get('*/api/security', () => HttpResponse.json({ email: null, phone: '13800138000', addresses: { email: null, phone: null }, passwordChangedAt: null, cancellation: null })));
    renderApp('/en-US/ipci/usercenter', { user: USER });
    const summary = await screen.findByTestId('profile-summary');
    expect(within(summary).getByRole('img', { name: 'Avatar of Alice Zhang' })).toHaveAttribute('src', `/api/uploads/${AVATAR}`);
    expect(within(summary).getByText('13800138000')).toBeInTheDocument();
    expect(within(summary).getByText('Not bound')).toBeInTheDocument();
    await userEvent.click(within(summary).getByRole('button', { name: 'Bind' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/bindemail'));
  });

  test('validates with the shared schema before sending', async () => {
    const bodies = serve(() => HttpResponse.json({ profile: profile() }));
    renderApp('/en-US/ipci/usercenter', { user: USER });
    await screen.findByTestId('profile-form');
    expect(field('displayName')).toHaveValue('Alice Zhang');
    expect(field('gender')).toHaveValue('female');
    await userEvent.clear(field('displayName'));
    await userEvent.clear(field('username'));
    await userEvent.type(field('username'), '9lives');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByTestId('error-displayName')).toHaveTextContent('This field is required');
    expect(screen.getByTestId('error-username')).toHaveTextContent('Use 3 to 32 letters, digits or _, starting with a letter');
    await userEvent.click(field('introduction'));
    await userEvent.paste('x'.repeat(490));
    expect(await screen.findByTestId('error-introduction')).toHaveTextContent('At most 500 characters');
    expect(bodies).toEqual([]);
  });

  test('shows the server field errors (409 user name taken, 400 avatar) under their fields', async () => {
    let reply = 0;
    const bodies = serve(() =>
      ++reply === 1
        ? HttpResponse.json({ status: 409, code: 'conflict', message: 'This user name is already taken', fields: { username: 'This user name is already taken' } }, { status: 409 })
        : HttpResponse.json({ status: 400, code: 'validation', message: 'Please check the marked fields', fields: { avatarUploadId: 'Only files you uploaded yourself can be used' } }, { status: 400 }),
    );
    renderApp('/en-US/ipci/usercenter', { user: USER });
    await screen.findByTestId('profile-form');
    await userEvent.clear(field('username'));
    await userEvent.type(field('username'), 'bob_2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByTestId('error-username')).toHaveTextContent('This user name is already taken');
    expect(within(screen.getByTestId('profile-form')).getAllByRole('alert')[0]).toHaveTextContent('This user name is already taken');
    expect(bodies[0]).toEqual({ username: 'bob_2026', displayName: 'Alice Zhang', gender: 'female', introduction: 'Illustrator.', country: 'CN', province: 'Zhejiang', city: 'Hangzhou', address: '', avatarUploadId: AVATAR });
    // Editing the field clears the server's message; the next refusal lands on its own field.
    await userEvent.type(field('username'), 'x');
    expect(screen.queryByTestId('error-username')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByTestId('error-avatarUploadId')).toHaveTextContent('Only files you uploaded yourself can be used');
  });

  test('saves: the new profile is shown and the session is refreshed for the header', async () => {
    let meCalls = 0;
    serve((body) => HttpResponse.json({ profile: profile({ ...body, avatarUploadId: '', avatar: null }) }));
    server.use(
      http.get('*/api/auth/me', () => {
        meCalls++;
        return HttpResponse.json({ user: { ...USER, displayName: 'Alice Li' } });
      }),
    );
    renderApp('/en-US/ipci/usercenter', { user: USER });
    await screen.findByTestId('profile-form');
    await userEvent.clear(field('displayName'));
    await userEvent.type(field('displayName'), 'Alice Li');
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(meCalls).toBe(1));
    const summary = screen.getByTestId('profile-summary');
    expect(within(summary).getByText('Alice Li')).toBeInTheDocument();
    // No avatar any more: the initial stands in.
    expect(within(summary).getByRole('img', { name: 'Avatar of Alice Li' })).toHaveTextContent('A');
    expect(within(screen.getByTestId('uc-user')).getByText('Alice Li')).toBeInTheDocument();
  });

  test('the header shows the avatar of the session user, and the initial without one', async () => {
    serve(() => HttpResponse.json({ profile: profile() }));
    const { unmount } = renderApp('/en-US/ipci', { user: { ...USER, avatarUploadId: AVATAR } });
    const navbar = () => document.querySelector('.ipci-navbar') as HTMLElement;
    await waitFor(() => expect(navbar()).not.toBeNull());
    // Beside the visible name the avatar is decorative: the button reads "Alice Zhang" once.
    expect(within(navbar()).getByRole('button', { name: 'Alice Zhang' })).toBeInTheDocument();
    expect(navbar().querySelector('img')).toHaveAttribute('src', `/api/uploads/${AVATAR}`);
    unmount();
    renderApp('/en-US/ipci', { user: USER });
    await waitFor(() => expect(navbar()).not.toBeNull());
    expect(navbar().querySelector('img')).toBeNull();
    expect(within(navbar()).getByRole('button', { name: 'Alice Zhang' })).toHaveTextContent(/^AAlice Zhang/);
  });
});
