import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from './support/server';
import { ADMIN, renderApp, USER } from './support/render';

/** Issue 10 §3 "Navigation": header, footer, home cards, the mobile landing and /admin lead to pages that exist. */
const location = () => screen.getByTestId('location').textContent;
const hrefs = (root: HTMLElement) => within(root).getAllByRole('link').map((a) => a.getAttribute('href'));

beforeEach(() => {
  server.use(http.get('*/api/fees', () => HttpResponse.json({ fees: {} })));
});

describe('site header and footer', () => {
  test('the header links the introduction and fees, certificate verification and the user centre', async () => {
    renderApp('/en-US/ipci', { user: null });
    const nav = await screen.findByRole('navigation', { name: 'Menu' });
    expect(hrefs(nav)).toEqual(['/en-US/ipci', '/en-US/ipci/introduce', '/en-US/ipci/right/certificate', '/en-US/ipci/usercenter']);
    await userEvent.click(within(nav).getByRole('link', { name: 'Verify a certificate' }));
    await waitFor(() => expect(location()).toBe('/en-US/ipci/right/certificate'));
    expect(await screen.findByRole('heading', { name: 'Verify an IPCI certificate' })).toBeInTheDocument();
  });

  test('the footer links the platform pages, the user centre areas and the account pages', async () => {
    renderApp('/ja-JP/ipci', { user: null, lang: 'ja-JP' });
    const footer = await screen.findByRole('contentinfo');
    expect(hrefs(footer)).toEqual([
      '/ja-JP/ipci/introduce',
      '/ja-JP/ipci/right/certificate',
      '/ja-JP/ipci/protect',
      '/ja-JP/ipcimobile',
      '/ja-JP/ipci/usercenter/traceability',
      '/ja-JP/ipci/usercenter/certificates',
      '/ja-JP/ipci/usercenter/orderrecord',
      '/ja-JP/ipci/usercenter/msg',
      '/ja-JP/ipci/usercenter/security',
      '/ja-JP/ipci/register',
      '/ja-JP/ipci/login',
      '/ja-JP/ipci/register/agreement',
    ]);
    expect(within(footer).getByRole('link', { name: '証書の照会' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '権利保護センター' })).toBeInTheDocument();
  });
});

describe('home page', () => {
  test('every service card leads to its page', async () => {
    renderApp('/en-US/ipci', { user: USER });
    const link = async (key: string) => within(await screen.findByTestId(`service-${key}`)).getByRole('link').getAttribute('href');
    expect(await link('confirmation')).toBe('/en-US/ipci/introduce');
    expect(await link('licensing')).toBe('/en-US/ipci/trade');
    expect(await link('protection')).toBe('/en-US/ipci/protect');
    expect(await link('monitoring')).toBe('/en-US/ipci/protect/monitoring');
    await userEvent.click(within(screen.getByTestId('service-protection')).getByRole('link'));
    expect(await screen.findByTestId('protect-centre')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    server.use(http.get('*/api/monitoring/plans', () => HttpResponse.json({ plans: [] })));
    await userEvent.click(within(await screen.findByTestId('service-monitoring')).getByRole('link'));
    expect(await screen.findByTestId('monitoring-order-page')).toBeInTheDocument();
  });

  test('it offers certificate verification', async () => {
    renderApp('/zh-CN/ipci', { user: null, lang: 'zh-CN' });
    await userEvent.click(await screen.findByRole('button', { name: '查验证书' }));
    await waitFor(() => expect(location()).toBe('/zh-CN/ipci/right/certificate'));
  });

  test('its sample certificate shows a code in the grouped form of the certificate and the pages', async () => {
    renderApp('/en-US/ipci', { user: null });
    expect(await screen.findByText('IPCI-2026-1-0000128-8')).toBeInTheDocument();
  });
});

describe('mobile landing', () => {
  test('/{lang}/ipcimobile links verification, the introduction and log-in', async () => {
    renderApp('/en-US/ipcimobile', { user: null });
    const landing = await screen.findByTestId('mobile-home');
    expect(within(landing).getByRole('heading', { name: 'IPCI on your phone' })).toBeInTheDocument();
    expect(hrefs(landing)).toEqual(['/en-US/ipci/right/certificate', '/en-US/ipci/introduce', '/en-US/ipci/login', '/en-US/ipci']);
  });

  test('signed in, it links the user centre instead of log-in', async () => {
    renderApp('/zh-CN/ipcimobile', { user: USER, lang: 'zh-CN' });
    const landing = await screen.findByTestId('mobile-home');
    expect(within(landing).getByRole('link', { name: /用户中心/ })).toHaveAttribute('href', '/zh-CN/ipci/usercenter');
  });

  test('other pages under it are not found', async () => {
    renderApp('/en-US/ipcimobile/nothing', { user: null });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});

describe('/admin', () => {
  test('opens an overview of the areas the admin may use, not the calendar', async () => {
    renderApp('/admin', { user: ADMIN });
    const home = await screen.findByTestId('admin-home');
    expect(location()).toBe('/admin');
    expect(hrefs(home)).toEqual(expect.arrayContaining(['/admin/userManagement', '/admin/roles', '/admin/ciOrder', '/admin/calendar', '/manage/inbox']));
    server.use(http.get('*/api/admin/users', () => HttpResponse.json({ items: [], next: null })));
    await userEvent.click(within(home).getByRole('link', { name: 'User management' }));
    await waitFor(() => expect(location()).toBe('/admin/userManagement'));
  });
});

describe('side menu on a phone', () => {
  test('its toggle says what a press will do, and the menu folds again after a navigation', async () => {
    renderApp('/en-US/ipci/usercenter', { user: USER });
    const toggle = await screen.findByRole('button', { name: 'Show the menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide the menu');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Invite users' }));
    await waitFor(() => expect(location()).toBe('/en-US/ipci/usercenter/invitation'));
    expect(screen.getByRole('button', { name: 'Show the menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
