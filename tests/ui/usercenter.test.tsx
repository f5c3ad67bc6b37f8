import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, USER } from './support/render';
import { server } from './support/server';
import { USER_CENTER_MENU } from '../../ui/src/features/usercenter/UserCenter';
import { USER_CENTER_NOT_OPEN } from '../../domain/sitePages';
import { UI_CATALOGS } from '../../ui/src/catalogs';

const en = UI_CATALOGS['en-US'] as any;
const menu = () => screen.getByRole('menu', { name: 'User centre menu' });
const location = () => screen.getByTestId('location').textContent;

describe('user-centre frame', () => {
  test('shows every area of the spec menu, grouped, plus security settings, with the current one active', async () => {
    renderApp('/en-US/ipci/usercenter/invoice', { user: USER });
    await screen.findByTestId('not-open');
    const nav = menu();
    // Spec part 1 §2's menu, one entry each, in five groups, plus a law firm's and a manufacturer's own listing and monitoring's two lists (part 2 §4).
    const labels = [
      'User information', 'Real-name certification', 'Security settings', 'Notices', 'Invite users',
      'IPCI certificates', 'Traceability registrations', 'Artists and works', 'Gallery management', 'Rights protection', 'Rights objections',
      'Trade management', 'Trade records', 'IP infringement list', 'Suspected infringements', 'Image watermark', 'Watermark detection', 'Capacity management', 'Law-firm listing', 'Manufacturer listing', 'Bills and orders', 'Invoice information', 'Coupons',
    ];
    for (const label of labels) expect(within(nav).getByText(label)).toBeInTheDocument();
    expect(USER_CENTER_MENU.flatMap((g) => g.areas)).toHaveLength(labels.length);
    for (const group of ['Account', 'Rights and works', 'Trade', 'Services', 'Bills and benefits']) expect(within(nav).getByText(group)).toBeInTheDocument();
    // Every entry is a link to a page, spec part 2's route names where it gives them.
    expect(screen.getByTestId('uc-invoice')).toHaveAttribute('href', '/en-US/ipci/usercenter/invoice');
    expect(screen.getByTestId('uc-gallery')).toHaveAttribute('href', '/en-US/ipci/usercenter/gallerymanagement');
    expect(screen.getByTestId('uc-coupons')).toHaveAttribute('href', '/en-US/ipci/usercenter/mycoupon');
    expect(screen.getByTestId('uc-messages')).toHaveAttribute('href', '/en-US/ipci/usercenter/msg');
    expect(screen.getByTestId('uc-info')).toHaveAttribute('href', '/en-US/ipci/usercenter');
    expect(screen.getByTestId('uc-invoice')).toHaveClass('bp6-active');
    expect(screen.getByTestId('uc-info')).not.toHaveClass('bp6-active');
  });

  test('a not-open area leads to a page that says so in the user language, with a way back', async () => {
    server.use(http.get('*/api/profile', () => HttpResponse.json({ profile: { username: 'alice', displayName: 'Alice Zhang', kind: 'personal', gender: 'undisclosed', introduction: '', country: '', province: '', city: '', address: '', phone: null, email: null, avatarUploadId: '', avatar: null } })));
    renderApp('/en-US/ipci/usercenter/invoice', { user: USER });
    await screen.findByTestId('not-open');
    await userEvent.click(within(menu()).getByText('Coupons'));
    expect(location()).toBe('/en-US/ipci/usercenter/mycoupon');
    expect(screen.getByRole('heading', { name: 'Coupons' })).toBeInTheDocument();
    expect(screen.getByText('Coupons is not open yet')).toBeInTheDocument();
    expect(screen.getByTestId('uc-coupons')).toHaveClass('bp6-active');
    await userEvent.click(screen.getByRole('button', { name: 'Back to user information' }));
    await waitFor(() => expect(location()).toBe('/en-US/ipci/usercenter'));
    expect(await screen.findByTestId('profile-form')).toBeInTheDocument();
  });

  test('every not-open route renders its own not-open page (in Chinese here)', async () => {
    for (const [key, route] of Object.entries(USER_CENTER_NOT_OPEN)) {
      const { unmount } = renderApp(`/zh-CN/ipci/usercenter/${route}`, { user: USER, lang: 'zh-CN' });
      const page = await screen.findByTestId('not-open');
      const name = (UI_CATALOGS['zh-CN'] as any).ucmenu.areas[key];
      expect(within(page).getByRole('heading', { level: 2 })).toHaveTextContent(name);
      expect(within(page).getByText(`${name}暂未开放`)).toBeInTheDocument();
      unmount();
    }
    expect(Object.values(USER_CENTER_NOT_OPEN).sort()).toEqual(
      ['artistresource', 'invoice', 'mycoupon'].sort(),
    );
    expect(en.ucmenu.areas.coupons).toBe('Coupons');
  });

  test('security settings stay highlighted on its sub-pages; notices show the live unread count', async () => {
    const overview = { email: null, phone: null, addresses: { email: null, phone: null }, passwordChangedAt: null, cancellation: null };
    server.use(http.get('*/api/security', () => HttpResponse.json(overview)));
    renderApp('/en-US/ipci/usercenter/password', { user: { ...USER, unread: 3 } });
    const security = await screen.findByTestId('uc-security');
    expect(security).toHaveClass('bp6-active');
    expect(await within(screen.getByTestId('uc-messages')).findByText('3')).toBeInTheDocument();
    await userEvent.click(security);
    expect(location()).toBe('/en-US/ipci/usercenter/security');
  });
});
