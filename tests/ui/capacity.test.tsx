import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { orderPayment } from '../../domain/processes/orderPayment';
import type { OrderView } from '../../ui/src/features/orderPayment/types';
import type { CapacityPackage, CapacityRecord, CapacityView } from '../../ui/src/features/capacity/types';
import { ADMIN, renderApp, USER } from './support/render';
import { server } from './support/server';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const PKG = '71717171-7171-4717-8717-717171717171';
const ORDER = '72727272-7272-4727-8727-727272727272';

const pkg = (over: Partial<CapacityPackage> = {}): CapacityPackage => ({
  id: PKG,
  names: { zh: '防伪标准版', en: 'Anti-counterfeit Standard', ja: '' },
  capacity: 10,
  capacityUnit: 'G',
  bytes: 10 * GiB,
  validityMonths: 12,
  price: 19_900,
  onSale: true,
  createdAt: '2026-11-20T02:00:00Z',
  updatedAt: '2026-11-20T02:00:00Z',
  ...over,
});

const view = (over: Partial<CapacityView> = {}): CapacityView => ({
  totalBytes: 10 * GiB,
  usedBytes: 7.5 * GiB,
  remainingBytes: 2.5 * GiB,
  grants: [
    // Ends at 00:30 China time on 25 December: the China date, not the UTC one, is shown.
    { id: 'g1', orderId: ORDER, names: { zh: '防伪标准版', en: 'Anti-counterfeit Standard', ja: '' }, capacity: 10, capacityUnit: 'G', bytes: 10 * GiB, startsAt: '2025-12-24T16:30:00Z', expiresAt: '2026-12-24T16:30:00Z' },
  ],
  ...over,
});

describe('usercenter capacity', () => {
  test('used of total with a bar, what remains, the packages in force with their China-date expiry, and where to buy more', async () => {
    server.use(http.get('*/api/capacity', () => HttpResponse.json(view())));
    const { unmount } = renderApp('/en-US/ipci/usercenter/capacity', { user: USER });
    expect(await screen.findByTestId('capacity-used', {}, { timeout: 8000 })).toHaveTextContent('7.5 G');
    expect(screen.getByTestId('capacity-total')).toHaveTextContent('10 G');
    expect(screen.getByTestId('capacity-remaining')).toHaveTextContent('2.5 G');
    expect(screen.getByTestId('capacity-bar').querySelector('.bp6-progress-meter')).toHaveStyle({ width: '75%' });
    expect(screen.getByTestId('capacity-bar')).toHaveClass('bp6-intent-warning');
    const [grant] = screen.getAllByTestId('capacity-grant');
    expect(grant).toHaveTextContent('Anti-counterfeit Standard');
    expect(within(grant).getByTestId('capacity-expires')).toHaveTextContent('Dec 25, 2026');
    expect(screen.getByTestId('capacity-buy-more')).toHaveAttribute('href', '/en-US/ipci/protect/capacitypay');
    expect(screen.getByTestId('capacity-records-link')).toHaveAttribute('href', '/en-US/ipci/usercenter/capacitydetail');
    expect(screen.queryByTestId('capacity-over')).toBeNull();
    unmount();

    // Japanese reader, the package has no Japanese name: the Chinese one.
    renderApp('/ja-JP/ipci/usercenter/capacity', { user: USER, lang: 'ja-JP' });
    expect((await screen.findAllByTestId('capacity-grant', {}, { timeout: 8000 }))[0]).toHaveTextContent('防伪标准版');
    expect(screen.getByTestId('capacity-expires')).toHaveTextContent('2026/12/25');
  });

  test('no package in force while files remain: a full red bar and a warning', async () => {
    server.use(http.get('*/api/capacity', () => HttpResponse.json(view({ totalBytes: 0, usedBytes: 300 * MiB, remainingBytes: 0, grants: [] }))));
    renderApp('/zh-CN/ipci/usercenter/capacity', { user: USER, lang: 'zh-CN' });
    expect(await screen.findByTestId('capacity-over', {}, { timeout: 8000 })).toHaveTextContent('已超过');
    expect(screen.getByTestId('capacity-bar')).toHaveClass('bp6-intent-danger');
    expect(screen.getByTestId('capacity-used')).toHaveTextContent('300 M');
    expect(screen.getByText('暂无有效套餐：购买套餐后即可使用图库和水印服务。')).toBeInTheDocument();
  });

  test('capacitydetail: recharges and consumption in words, filtered by type', async () => {
    const records: CapacityRecord[] = [
      { id: 'r2', type: 2, at: '2026-11-22T02:00:00Z', bytes: 200 * MiB, names: null, orderId: null, expiresAt: null, fileName: 'poster.png', kind: 'watermarked' },
      { id: 'r1', type: 1, at: '2026-11-21T02:00:00Z', bytes: 10 * GiB, names: pkg().names, orderId: ORDER, expiresAt: '2027-11-21T02:00:00Z', fileName: null, kind: null },
    ];
    const types: Array<string | null> = [];
    server.use(
      http.get('*/api/capacity/records', ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        types.push(type);
        return HttpResponse.json({ items: records.filter((r) => !type || String(r.type) === type), next: null });
      }),
    );
    renderApp('/en-US/ipci/usercenter/capacitydetail', { user: USER });
    const rows = await screen.findAllByTestId('capacity-record', {}, { timeout: 8000 });
    expect(rows.map((r) => within(r).getByTestId('capacity-record-type').textContent)).toEqual(['Consumed', 'Recharge']);
    expect(rows[0]).toHaveTextContent('poster.png');
    expect(rows[0]).toHaveTextContent('watermarked copy');
    expect(rows[0]).toHaveTextContent('−200 M');
    expect(rows[1]).toHaveTextContent('Anti-counterfeit Standard');
    expect(rows[1]).toHaveTextContent('+10 G');
    await userEvent.selectOptions(screen.getByTestId('capacity-type'), '2');
    await waitFor(() => expect(screen.getAllByTestId('capacity-record')).toHaveLength(1));
    expect(types.at(-1)).toBe('2');
  });
});

describe('buying capacity', () => {
  test('protect/capacitypay lists the packages on sale; buying one goes to its order\'s pay page', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/public/capacity/packages', () => HttpResponse.json({ items: [pkg(), pkg({ id: 'p2', names: { zh: '防伪专业版', en: '', ja: '' }, capacity: 1, capacityUnit: 'T', price: 99_900, validityMonths: 24 })] })),
      http.post('*/api/capacity/purchases', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ orderId: ORDER }, { status: 201 });
      }),
      http.get('*/api/orders/:id', () => HttpResponse.json({ message: 'x', code: 'notFound' }, { status: 404 })),
    );
    renderApp('/en-US/ipci/protect/capacitypay', { user: USER });
    const cards = await screen.findAllByTestId('capacity-package', {}, { timeout: 8000 });
    expect(cards[0]).toHaveTextContent('Anti-counterfeit Standard');
    expect(cards[0]).toHaveTextContent('10 G');
    expect(cards[0]).toHaveTextContent('12-month validity');
    expect(cards[0]).toHaveTextContent('¥199.00');
    expect(cards[1]).toHaveTextContent('防伪专业版');
    expect(cards[1]).toHaveTextContent('1 T');
    await userEvent.click(within(cards[0]).getByTestId('capacity-buy'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/pay/${ORDER}`));
    expect(bodies).toEqual([{ packageId: PKG }]);
  });

  test('a package taken off sale meanwhile: the API\'s reason shows', async () => {
    server.use(
      http.get('*/api/public/capacity/packages', () => HttpResponse.json({ items: [pkg()] })),
      http.post('*/api/capacity/purchases', () => HttpResponse.json({ message: 'This capacity package is no longer on sale', code: 'conflict' }, { status: 409 })),
    );
    renderApp('/en-US/ipci/protect/capacitypay', { user: USER });
    await userEvent.click(await screen.findByTestId('capacity-buy', {}, { timeout: 8000 }));
    expect(await screen.findByTestId('capacity-buy-error')).toHaveTextContent('no longer on sale');
  });

  test('opensuccess: a completed order says the package is active and leads to the capacity page; its detail names the package as ordered', async () => {
    const o = { id: ORDER, orderNo: '2026112500000007', type: 'antiCounterfeit', subjectKind: 'capacityPurchase', subjectId: 'x', name: '防伪标准版', names: pkg().names, counterpart: '', amount: 19_900, preferentialAmount: 0, payable: 19_900, orderState: 2, billState: 'successful', direction: 'spending', payMethod: 'quickPay', provider: 'sandbox', tradeNo: 't', remittance: null, remittanceFlags: null, workflowId: `orderPayment/${ORDER}`, createdAt: '2026-11-25T02:00:00Z', deadlineAt: '2026-11-26T02:00:00Z', paidAt: '2026-11-25T02:01:00Z', completedAt: '2026-11-25T02:01:01Z', cancelledAt: null, antiPackage: { capacity: 10, capacityUnit: 'G', validityMonths: 12 } } as OrderView;
    server.use(
      http.get('*/api/orders/:id', () => HttpResponse.json({ order: o, uploads: {}, payment: { providers: ['sandbox'], bank: { accountName: 'a', bankName: 'b', account: 'c', swift: 'd' } }, workflowUrl: null })),
      http.get('*/api/cases/orderPayment/:id', () => HttpResponse.json({ model: orderPayment, events: [], workflowUrl: null })),
    );
    const { unmount } = renderApp(`/en-US/ipci/protect/opensuccess?orderId=${ORDER}`, { user: USER });
    expect(await screen.findByTestId('open-result', {}, { timeout: 8000 })).toHaveTextContent('the capacity package is active');
    expect(screen.getByTestId('open-success')).toHaveTextContent('Anti-counterfeit Standard');
    expect(screen.getByTestId('open-to-capacity')).toHaveAttribute('href', '/en-US/ipci/usercenter/capacity');
    unmount();
    renderApp(`/en-US/ipci/usercenter/orderdetail/${ORDER}`, { user: USER });
    expect(await screen.findByText('10 G · 12-month validity', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  test('opensuccess settles on completed, not paid: a paid package is still being opened, while paysuccess calls the same order done', async () => {
    const o = { id: ORDER, orderNo: '2026112500000008', type: 'antiCounterfeit', subjectKind: 'capacityPurchase', subjectId: 'x', name: '防伪标准版', names: pkg().names, counterpart: '', amount: 19_900, preferentialAmount: 0, payable: 19_900, orderState: 1, billState: 'successful', direction: 'spending', payMethod: 'quickPay', provider: 'sandbox', tradeNo: 't', remittance: null, remittanceFlags: null, workflowId: `orderPayment/${ORDER}`, createdAt: '2026-11-25T02:00:00Z', deadlineAt: '2026-11-26T02:00:00Z', paidAt: '2026-11-25T02:01:00Z', completedAt: null, cancelledAt: null, antiPackage: { capacity: 10, capacityUnit: 'G', validityMonths: 12 } } as OrderView;
    server.use(
      http.get('*/api/orders/:id', () => HttpResponse.json({ order: o, uploads: {}, payment: { providers: ['sandbox'], bank: { accountName: 'a', bankName: 'b', account: 'c', swift: 'd' } }, workflowUrl: null })),
      http.get('*/api/cases/orderPayment/:id', () => HttpResponse.json({ model: orderPayment, events: [], workflowUrl: null })),
    );
    const { unmount } = renderApp(`/en-US/ipci/protect/opensuccess?orderId=${ORDER}`, { user: USER });
    expect(await screen.findByTestId('open-result', {}, { timeout: 8000 })).toHaveTextContent('adding the capacity to your account');
    expect(screen.queryByTestId('open-to-capacity')).toBeNull();
    unmount();
    renderApp(`/en-US/ipci/usercenter/paysuccess?orderId=${ORDER}`, { user: USER });
    expect(await screen.findByTestId('pay-result', {}, { timeout: 8000 })).toHaveTextContent('Payment received');
    expect(screen.getByRole('link', { name: 'My bills' })).toHaveAttribute('href', '/en-US/ipci/usercenter/orderrecord');
  });
});

describe('admin package', () => {
  test('the list shows sale state and what sold; the form checks with the shared schema and shows the server\'s field messages', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('*/api/admin/capacity/packages', () => HttpResponse.json({ items: [pkg({ sold: 3 }), pkg({ id: 'p2', onSale: false, sold: 0 })], next: null })),
      http.post('*/api/admin/capacity/packages', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        if (body.nameZh === '重名') return HttpResponse.json({ message: 'Invalid input', code: 'validation', fields: { nameZh: 'Server says no' } }, { status: 400 });
        return HttpResponse.json({ package: pkg() }, { status: 201 });
      }),
    );
    renderApp('/admin/package', { user: ADMIN });
    const rows = await screen.findAllByTestId('admin-package-row', {}, { timeout: 8000 });
    expect(rows[0]).toHaveTextContent('On sale');
    expect(within(rows[0]).queryByTestId('admin-package-delete')).toBeNull();
    expect(rows[1]).toHaveTextContent('Off sale');
    expect(within(rows[1]).getByTestId('admin-package-delete')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('admin-package-add'));
    const form = await screen.findByTestId('package-form');
    await userEvent.type(within(form).getByLabelText('Capacity'), 'ten');
    await userEvent.click(screen.getByTestId('package-form-submit'));
    expect(await screen.findByTestId('error-capacity')).toBeInTheDocument();
    expect(screen.getByTestId('error-nameZh')).toBeInTheDocument();
    expect(screen.getByTestId('error-price')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Name (Chinese)'), '重名');
    await userEvent.clear(within(form).getByLabelText('Capacity'));
    await userEvent.type(within(form).getByLabelText('Capacity'), '500');
    await userEvent.selectOptions(within(form).getByLabelText('Unit'), 'M');
    await userEvent.type(within(form).getByLabelText('Price (yuan)'), '9.90');
    await userEvent.click(screen.getByTestId('package-form-submit'));
    expect(await screen.findByTestId('error-nameZh')).toHaveTextContent('Server says no');
    expect(posted).toEqual([{ nameZh: '重名', nameEn: '', nameJa: '', capacity: '500', capacityUnit: 'M', validityMonths: '12', price: '9.90', onSale: true }]);
  });
});
