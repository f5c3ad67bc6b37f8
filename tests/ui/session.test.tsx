import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from '../../domain/session';
import { App } from '../../ui/src/App';
import { browser } from '../../ui/src/session/reload';
import { showToast } from '../../ui/src/session/toaster';
import { server } from './support/server';
import { LocationProbe, renderApp, USER } from './support/render';

// Toasts live outside the rendered tree (which the setup clears between tests): assert the calls.
jest.mock('../../ui/src/session/toaster', () => ({ showToast: jest.fn() }));
const toasts = () => (showToast as jest.Mock).mock.calls.map(([p]) => p.message);

let reload: jest.SpyInstance;
beforeEach(() => {
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
  sessionStorage.clear();
  (showToast as jest.Mock).mockClear();
});
afterEach(() => jest.restoreAllMocks());

const unauthenticated = () => HttpResponse.json({ status: 401, code: 'unauthenticated', message: 'Please log in first' }, { status: 401 });

describe('401 on any call', () => {
  test('opens the login dialog; after a successful login the page reloads', async () => {
    let loginBody: unknown;
    server.use(
      http.get('*/api/messages', unauthenticated),
      http.post('*/api/auth/login', async ({ request }) => {
        loginBody = await request.json();
        return HttpResponse.json({ user: USER });
      }),
    );
    renderApp('/en-US/ipci/usercenter/msg', { user: USER });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('User name, e-mail or mobile number'), 'alice');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Secret#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(loginBody).toEqual({ login: 'alice', password: 'Secret#2026' });
  });

  test('a refused login (401 of the login call itself) shows its message and neither reloads nor reopens', async () => {
    server.use(
      http.get('*/api/messages', unauthenticated),
      http.post('*/api/auth/login', () => HttpResponse.json({ status: 401, code: 'invalidCredentials', message: 'Wrong user name or password' }, { status: 401 })),
    );
    renderApp('/en-US/ipci/usercenter/msg', { user: USER });
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('User name, e-mail or mobile number'), 'alice');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-pass1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong user name or password');
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

describe('page-part load failure', () => {
  const preloadError = () => {
    const e = new Event('vite:preloadError', { cancelable: true });
    act(() => {
      window.dispatchEvent(e);
    });
    return e;
  };

  test('reloads once, not again within 60 000 ms, and again after', async () => {
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    renderApp('/en-US/ipci', { user: null });
    await screen.findAllByText('IPCI Cultural IP Rights Platform');

    const first = preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true); // Vite does not rethrow: the reload takes over
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBe(String(now));

    now += RELOAD_GUARD_MS - 1;
    const second = preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false); // the error goes on as usual
    expect(toasts()).toEqual(['service connection failed, please refresh and retry']);

    now += 1;
    preloadError();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test('a failed dynamic import (unhandled rejection) reloads too; other rejections do not', async () => {
    renderApp('/en-US/ipci', { user: null });
    await screen.findAllByText('IPCI Cultural IP Rights Platform');
    const reject = (reason: unknown) =>
      act(() => {
        window.dispatchEvent(Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason }));
      });
    reject(new Error('something else'));
    expect(reload).not.toHaveBeenCalled();
    reject(new TypeError('Failed to fetch dynamically imported module: /assets/TaskPage-abc.js'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('session bootstrap', () => {
  const renderFresh = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
        <LocationProbe />
      </MemoryRouter>,
    );

  test('user info and permissions are fetched before the page opens', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get('*/api/auth/me', async () => {
        await new Promise<void>((r) => (answer = r));
        return HttpResponse.json({ user: { ...USER, unread: 4 } });
      }),
    );
    renderFresh('/en-US/ipci');
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByTestId('session-loading')).toBeInTheDocument();
    expect(screen.queryByText('IPCI Cultural IP Rights Platform')).not.toBeInTheDocument();
    act(() => answer!());
    expect(await screen.findByRole('button', { name: 'Alice Zhang' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('4');
  });

  test('if that fetch fails the page opens anyway: no /sorry, no dialog', async () => {
    server.use(http.get('*/api/auth/me', () => HttpResponse.json({ status: 500, code: 'internal', message: 'x' }, { status: 500 })));
    renderFresh('/en-US/ipci');
    expect((await screen.findAllByRole('button', { name: 'Log in' })).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en-US\/ipci$/);
    expect(toasts()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('failures of page reads', () => {
  test('a network failure shows "service connection failed, please refresh and retry"', async () => {
    server.use(http.get('*/api/messages', () => HttpResponse.error()));
    renderApp('/en-US/ipci/usercenter/msg', { user: USER });
    await waitFor(() => expect(toasts()).toContain('service connection failed, please refresh and retry'));
    expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/msg');
  });

  test('a 500 on a page load goes to /sorry', async () => {
    server.use(http.get('*/api/messages', () => HttpResponse.json({ status: 500, code: 'internal', message: 'boom' }, { status: 500 })));
    renderApp('/en-US/ipci/usercenter/msg', { user: USER });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sorry'));
  });
});
