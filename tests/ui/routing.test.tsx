import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import { renderApp, USER, LocationProbe } from './support/render';
import { server } from './support/server';
import { SessionProvider } from '../../ui/src/session/SessionContext';
import { RequireIdentity } from '../../ui/src/components/Guards';
import { LangGuard } from '../../ui/src/components/LangGuard';

const location = () => screen.getByTestId('location').textContent;

describe('language rule (spec part 1 §2)', () => {
  test('a path without a language gets the cookie language', async () => {
    renderApp('/ipci?x=1', { lang: 'ja-JP' });
    await waitFor(() => expect(location()).toBe('/ja-JP/ipci?x=1'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('IPCI');
  });

  describe('without a cookie', () => {
    const languages = (list: string[]) => jest.spyOn(navigator, 'languages', 'get').mockReturnValue(list);
    afterEach(() => jest.restoreAllMocks());

    test('the browser language is used when it is one of the three', async () => {
      languages(['ja', 'en-US']);
      renderApp('/ipci/usercenter', { lang: null });
      await waitFor(() => expect(location()).toBe('/ja-JP/ipci/usercenter'));
    });

    test('otherwise the default is zh-CN', async () => {
      languages(['de-DE', 'fr']);
      renderApp('/ipci', { lang: null });
      await waitFor(() => expect(location()).toBe('/zh-CN/ipci'));
      expect(await screen.findByText('IPCI 文化知识产权确权授权平台')).toBeInTheDocument();
    });
  });

  test('a path language different from the cookie language is redirected to the cookie language', async () => {
    renderApp('/ja-JP/ipci', { lang: 'en-US' });
    await waitFor(() => expect(location()).toBe('/en-US/ipci'));
    expect(await screen.findByText('IPCI Cultural IP Rights Platform')).toBeInTheDocument();
  });

  test('an unsupported language code is a 404', async () => {
    renderApp('/fr-FR/ipci', { lang: 'en-US' });
    expect(await screen.findByTestId('not-found')).toHaveTextContent('This page could not be found');
    expect(location()).toBe('/fr-FR/ipci');
  });

  test('unknown routes show the 404 page', async () => {
    renderApp('/no/such/page', { lang: 'en-US' });
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
  });

  test('the language switcher sets cookie-lang and opens the same page in that language', async () => {
    renderApp('/en-US/ipci', { lang: 'en-US' });
    await screen.findByText('IPCI Cultural IP Rights Platform');
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(await screen.findByText('日本語'));
    await waitFor(() => expect(location()).toBe('/ja-JP/ipci'));
    expect(document.cookie).toContain('cookie-lang=ja-JP');
    expect(await screen.findByText('IPCI 文化知的財産権利確認・ライセンスプラットフォーム')).toBeInTheDocument();
  });

  test('staff pages have no prefix and use the cookie language', async () => {
    renderApp('/login/admin', { lang: 'ja-JP' });
    expect(await screen.findByRole('heading', { name: 'スタッフログイン' })).toBeInTheDocument();
    expect(location()).toBe('/login/admin');
  });
});

describe('guards', () => {
  test('/manage without a session goes to /login/admin', async () => {
    renderApp('/manage/inbox', { user: null });
    await waitFor(() => expect(location()).toBe('/login/admin'));
  });

  test('/admin needs the admin role', async () => {
    server.use(http.get('*/api/tasks', () => HttpResponse.json({ items: [], next: null })));
    renderApp('/admin/calendar', { user: { ...USER, roles: ['reviewer'] } });
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
  });

  test('the user centre opens the login dialog without a session', async () => {
    renderApp('/en-US/ipci/usercenter', { user: null });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('User name, e-mail or mobile number')).toBeInTheDocument();
  });

  test('a failed login shows the server message', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ status: 401, code: 'unauthenticated', message: 'Wrong user name or password' }, { status: 401 })));
    renderApp('/en-US/ipci', { user: null });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Log in' }))[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('User name, e-mail or mobile number'), 'alice');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong user name or password');
  });

  test('any 401 from the API opens the login dialog', async () => {
    server.use(http.get('*/api/identity', () => HttpResponse.json({ status: 401, code: 'unauthenticated', message: 'Please log in first' }, { status: 401 })));
    renderApp('/en-US/ipci/usercenter/identity', { user: USER });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  test('RequireIdentity sends an uncertified user to the identity page with the spec message', async () => {
    document.cookie = 'cookie-lang=en-US; path=/';
    render(
      <MemoryRouter initialEntries={['/en-US/ipci/trade']}>
        <SessionProvider initialUser={{ ...USER, identityState: 1 }}>
          <LangGuard>
            <Routes>
              <Route
                path="/en-US/ipci/trade"
                element={
                  <RequireIdentity>
                    <p>trade form</p>
                  </RequireIdentity>
                }
              />
              <Route path="/en-US/ipci/usercenter/identity" element={<p>identity page</p>} />
            </Routes>
          </LangGuard>
          <LocationProbe />
        </SessionProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/en-US/ipci/usercenter/identity'));
    expect(screen.getByText('identity page')).toBeInTheDocument();
    expect(screen.queryByText('trade form')).not.toBeInTheDocument();
    expect(await screen.findByText('Please pass identity certification first')).toBeInTheDocument();
  });

  test('RequireIdentity lets a verified user through', async () => {
    document.cookie = 'cookie-lang=en-US; path=/';
    render(
      <MemoryRouter initialEntries={['/en-US/ipci/trade']}>
        <SessionProvider initialUser={{ ...USER, identityState: 3 }}>
          <Routes>
            <Route
              path="/en-US/ipci/trade"
              element={
                <RequireIdentity>
                  <p>trade form</p>
                </RequireIdentity>
              }
            />
          </Routes>
        </SessionProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('trade form')).toBeInTheDocument();
  });
});
