import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, USER } from './support/render';
import { server } from './support/server';

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;
const ADMIN = { ...USER, id: '44444444-4444-4444-8444-444444444444', username: 'admin', kind: null, userType: null, roles: ['admin' as const] };

/** Fills every field of the registration form with valid values (agreements left to the test). */
async function fillRegistration() {
  await userEvent.type(input('register-username'), 'alice_w');
  await userEvent.type(input('register-birthDate'), '1990-05-01');
  await userEvent.type(input('register-password'), 'Secret#2026');
  await userEvent.type(input('register-repeatPassword'), 'Secret#2026');
  await userEvent.type(input('register-address'), 'alice@example.com');
  await userEvent.type(input('register-code'), '123456');
}
const tickAll = async () => {
  for (const f of ['agreeUserAgreement', 'agreeDisclaimer', 'agreePrivacy', 'agreeChildRules']) await userEvent.click(input(`register-${f}`));
};

describe('registration', () => {
  test('the strength meter follows the password as it is typed', async () => {
    renderApp('/en-US/ipci/register', { user: null });
    const meter = await screen.findByTestId('password-meter');
    expect(meter).toHaveAttribute('data-level', '0');
    await userEvent.type(input('register-password'), 'abc');
    expect(meter).toHaveAttribute('data-level', '1');
    expect(meter).toHaveTextContent('Strength: Weak');
    await userEvent.type(input('register-password'), '123');
    expect(meter).toHaveAttribute('data-level', '2');
    expect(meter).toHaveTextContent('Medium');
    await userEvent.type(input('register-password'), '#');
    expect(meter).toHaveAttribute('data-level', '3');
    expect(meter).toHaveTextContent('Strong');
  });

  test('each agreement must be ticked before anything is sent; each links to its page', async () => {
    let posted = false;
    server.use(http.post('*/api/account/register', () => ((posted = true), HttpResponse.json({}, { status: 500 }))));
    renderApp('/en-US/ipci/register', { user: null });
    await screen.findByTestId('register-form');
    await fillRegistration();
    await userEvent.click(input('register-agreePrivacy'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    for (const f of ['agreeUserAgreement', 'agreeDisclaimer', 'agreeChildRules']) expect(await screen.findByTestId(`error-${f}`)).toHaveTextContent('Please read and accept this document');
    expect(screen.queryByTestId('error-agreePrivacy')).not.toBeInTheDocument();
    expect(posted).toBe(false);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/en-US/ipci/register/privacy');
    expect(screen.getByRole('link', { name: 'Children’s Personal Information Protection Rules' })).toHaveAttribute('href', '/en-US/ipci/register/childRule');
  });

  test('the age rule and the repeat check show on their fields; an enterprise has no birth date', async () => {
    renderApp('/en-US/ipci/register', { user: null });
    await screen.findByTestId('register-form');
    await fillRegistration();
    await userEvent.clear(input('register-birthDate'));
    await userEvent.type(input('register-birthDate'), `${new Date().getFullYear() - 10}-01-01`);
    await userEvent.type(input('register-repeatPassword'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('error-birthDate')).toHaveTextContent('Children under 14 cannot register');
    expect(screen.getByTestId('error-repeatPassword')).toHaveTextContent('The two passwords do not match');
    await userEvent.click(screen.getByLabelText('Enterprise'));
    expect(document.getElementById('register-birthDate')).toBeNull();
  });

  test('a field\'s error and its hint are separate lines, never one run of text', async () => {
    renderApp('/en-US/ipci/register', { user: null });
    await screen.findByTestId('register-form');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const error = await screen.findByTestId('error-username');
    const hint = screen.getByTestId('hint-username');
    expect(error).toHaveTextContent('This field is required');
    expect(hint).toHaveTextContent('3–32 letters, digits or _, starting with a letter');
    expect(error).not.toContainElement(hint);
    for (const line of [error, hint]) expect(line).toHaveClass('ipci-helper-line');
    expect(hint).toHaveClass('ipci-helper-hint');
  });

  test('server field errors land on their fields; the invitation code comes from the link', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('*/api/account/register', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { status: 409, code: 'conflict', message: 'Please check the marked fields', fields: { username: 'This user name is already taken', inviteCode: 'This invitation code does not exist' } },
          { status: 409 },
        );
      }),
    );
    renderApp('/en-US/ipci/register?invite=AB12CD34', { user: null });
    await screen.findByTestId('register-form');
    expect(input('register-inviteCode')).toHaveValue('AB12CD34');
    await fillRegistration();
    await tickAll();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('error-username')).toHaveTextContent('This user name is already taken');
    expect(screen.getByTestId('error-inviteCode')).toHaveTextContent('This invitation code does not exist');
    expect(within(screen.getByTestId('register-form')).getAllByRole('alert')[0]).toHaveTextContent('Please check the marked fields');
    expect(body).toMatchObject({ username: 'alice_w', inviteCode: 'AB12CD34', userType: 'personal', agreeChildRules: true, address: 'alice@example.com' });
    // Editing the field clears the server's message.
    await userEvent.type(input('register-username'), '2');
    expect(screen.queryByTestId('error-username')).not.toBeInTheDocument();
  });

  test('"Send code" needs a valid address, then counts down the server\'s resendSeconds', async () => {
    let calls = 0;
    server.use(http.post('*/api/codes', () => (calls++, HttpResponse.json({ channel: 'email', ttlSeconds: 600, resendSeconds: 60 }, { status: 202 }))));
    renderApp('/en-US/ipci/register', { user: null });
    await screen.findByTestId('register-form');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('error-address')).toHaveTextContent('This field is required');
    expect(calls).toBe(0);
    await userEvent.type(input('register-address'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const button = await screen.findByRole('button', { name: /Resend in (60|59) s/ });
    expect(button).toBeDisabled();
    expect(calls).toBe(1);
  });

  test('a refused code request shows the server message on the address field', async () => {
    server.use(
      http.post('*/api/codes', () =>
        HttpResponse.json({ status: 429, code: 'ipLimit', message: 'x', fields: { address: 'Too many codes were requested from your network; please try later' } }, { status: 429 }),
      ),
    );
    renderApp('/en-US/ipci/register', { user: null });
    await screen.findByTestId('register-form');
    await userEvent.type(input('register-address'), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('error-address')).toHaveTextContent('Too many codes were requested from your network; please try later');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  test('a successful registration signs the user in and opens the user centre', async () => {
    let signedIn = false;
    server.use(
      http.post('*/api/account/register', () => ((signedIn = true), HttpResponse.json({ user: USER }, { status: 201 }))),
      http.get('*/api/auth/me', () => (signedIn ? HttpResponse.json({ user: USER }) : HttpResponse.json({ user: null }))),
    );
    renderApp('/en-US/ipci/register', { user: null });
    await screen.findByTestId('register-form');
    await fillRegistration();
    await tickAll();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(location()).toBe('/en-US/ipci/usercenter'));
  });

  test('the agreement pages are readable documents in the site language', async () => {
    renderApp('/ja-JP/ipci/register/childRule', { user: null, lang: 'ja-JP' });
    const doc = await screen.findByTestId('legal-childRule');
    expect(within(doc).getByRole('heading', { level: 1 })).toHaveTextContent('児童の個人情報保護規則');
    expect(doc).toHaveTextContent('更新日：2023年5月');
    expect(doc).toHaveTextContent('30 日以内');
    expect(doc).toHaveTextContent('5 日以内');
    renderApp('/en-US/ipci/register/agreement', { user: null });
    const agreement = await screen.findByTestId('legal-agreement');
    expect(agreement).toHaveTextContent('arbitration in Beijing');
    expect(agreement).toHaveTextContent('end of the third year after your last login');
  });
});

describe('log-in and password recovery', () => {
  test('the login dialog takes a name, e-mail or phone and shows the lock-out', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { status: 429, code: 'loginLocked', message: 'Too many failed log-ins; try again in 2 min', retryAfterSeconds: 120 },
          { status: 429, headers: { 'Retry-After': '120' } },
        );
      }),
    );
    renderApp('/en-US/ipci', { user: null });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Log in' }))[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('User name, e-mail or mobile number'), 'Alice@Example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Secret#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many failed log-ins; try again in 2 min');
    expect(sent).toEqual({ login: 'Alice@Example.com', password: 'Secret#2026' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(location()).toBe('/en-US/ipci/forgotpassword'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('forgot-form')).toBeInTheDocument();
  });

  test('the login page signs in and goes to the user centre', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ user: USER })));
    renderApp('/en-US/ipci/login', { user: null });
    await userEvent.type(await screen.findByLabelText('User name, e-mail or mobile number'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#2026');
    await userEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1)!);
    await waitFor(() => expect(location()).toBe('/en-US/ipci/usercenter'));
  });

  test('forgot password: schema messages, the server’s code error, then success goes to the login page', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/account/forgot-password', () =>
        ++calls === 1
          ? HttpResponse.json({ status: 400, code: 'invalidCode', message: 'Please check the marked fields', fields: { code: 'The verification code is not correct; 4 tries left' } }, { status: 400 })
          : new HttpResponse(null, { status: 204 }),
      ),
    );
    renderApp('/en-US/ipci/forgotpassword', { user: null });
    await screen.findByTestId('forgot-form');
    await userEvent.type(input('forgot-address'), 'alice@example.com');
    await userEvent.type(input('forgot-code'), '123456');
    await userEvent.type(input('forgot-password'), 'abcdefg');
    expect(screen.getByTestId('password-meter')).toHaveTextContent('Weak');
    await userEvent.type(input('forgot-repeatPassword'), 'abcdefg');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByTestId('error-password')).toHaveTextContent('Use at least two of: letters, symbols, digits');
    expect(calls).toBe(0);
    await userEvent.type(input('forgot-password'), '1');
    await userEvent.type(input('forgot-repeatPassword'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByTestId('error-code')).toHaveTextContent('The verification code is not correct; 4 tries left');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toBe('/en-US/ipci/login'));
  });
});

describe('outbox', () => {
  test('admins read messages newest first, search by recipient and page on', async () => {
    const queries: string[] = [];
    const item = (id: number, recipient: string) => ({
      id: String(id),
      channel: recipient.includes('@') ? 'email' : 'sms',
      recipient,
      subject: `IPCI verification code: 00000${id}`,
      body: `Your code to register an account is 00000${id}.`,
      purpose: 'register',
      transport: 'outbox',
      createdAt: '2026-03-03T08:00:00Z',
      sentAt: '2026-03-03T08:00:00Z',
      error: null,
    });
    server.use(
      http.get('*/api/admin/outbox', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        if (url.searchParams.get('recipient')) return HttpResponse.json({ items: [item(5, 'bob@example.com')], next: null });
        if (url.searchParams.get('before')) return HttpResponse.json({ items: [item(7, '13800138000')], next: null });
        return HttpResponse.json({ items: [item(9, 'alice@example.com')], next: '9' });
      }),
    );
    renderApp('/admin/outbox', { user: ADMIN });
    const table = await screen.findByTestId('outbox-table');
    expect(table).toHaveTextContent('Your code to register an account is 000009.');
    expect(table).toHaveTextContent('Kept in outbox');
    await userEvent.click(screen.getByRole('button', { name: 'Older messages' }));
    expect(await within(table).findByText('13800138000')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Recipient (e-mail or mobile number)'), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('outbox-table')).toHaveTextContent('000005'));
    expect(screen.getByTestId('outbox-table')).not.toHaveTextContent('000009');
    expect(queries).toEqual(['', '?before=9', '?recipient=bob%40example.com']);
  });
});
