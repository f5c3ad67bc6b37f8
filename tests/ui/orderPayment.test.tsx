import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { orderPayment } from '../../domain/processes/orderPayment';
import { browser } from '../../ui/src/features/orderPayment/PayPage';
import type { OrderView } from '../../ui/src/features/orderPayment/types';
import { ADMIN, renderApp, USER } from './support/render';
import { server } from './support/server';
import { FakeEventSource } from './support/eventSource';

const ID = '44444444-4444-4444-8444-444444444444';

const order = (over: Partial<OrderView> = {}): OrderView => ({
  id: ID,
  orderNo: '2026112100000042',
  type: 'certification',
  subjectKind: 'titleRegistration',
  subjectId: '55555555-5555-4555-8555-555555555555',
  name: 'Flying Apsaras',
  names: null,
  counterpart: '',
  amount: 100_000,
  preferentialAmount: 0,
  payable: 100_000,
  orderState: 0,
  billState: 'unpaid',
  direction: 'spending',
  payMethod: null,
  provider: null,
  tradeNo: null,
  remittance: null,
  remittanceFlags: null,
  workflowId: `orderPayment/${ID}`,
  createdAt: '2026-11-21T08:00:00Z',
  deadlineAt: new Date(Date.now() + 5 * 3600_000).toISOString(),
  paidAt: null,
  completedAt: null,
  cancelledAt: null,
  ...over,
});

const detail = (o: OrderView) => ({
  order: o,
  uploads: {},
  payment: { providers: ['sandbox'], bank: { accountName: 'IPCI Platform Co., Ltd.', bankName: 'ICBC Beijing', account: '0200 0049', swift: 'ICBKCNBJ' } },
  workflowUrl: null,
});

const caseHandler = () => http.get('*/api/cases/orderPayment/:id', () => HttpResponse.json({ model: orderPayment, events: [], workflowUrl: null }));

describe('bills', () => {
  test('an order for an IP is named in the reader\'s language when the user entered the name in it, in Chinese otherwise', async () => {
    const names = { zh: '飞天', en: 'Flying Apsaras', ja: '' };
    server.use(http.get('*/api/orders', () => HttpResponse.json({ items: [order({ name: '飞天', names })], next: null })));
    const { unmount } = renderApp('/en-US/ipci/usercenter/orderrecord', { user: USER });
    expect((await screen.findAllByTestId('bill-row'))[0]).toHaveTextContent('Flying Apsaras');
    unmount();
    renderApp('/ja-JP/ipci/usercenter/orderrecord', { user: USER, lang: 'ja-JP' });
    expect((await screen.findAllByTestId('bill-row'))[0]).toHaveTextContent('飞天');
  });

  test('lists bills with the actual amount shown only when paid, filters by bill state, and loads more', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/orders', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        if (url.searchParams.get('after') === 'c1') return HttpResponse.json({ items: [order({ id: 'b', orderNo: '2026112000000001', orderState: 3, billState: 'failed' })], next: null });
        if (url.searchParams.get('bill') === 'successful') return HttpResponse.json({ items: [order({ orderState: 1, billState: 'successful', paidAt: '2026-11-21T09:00:00Z' })], next: null });
        return HttpResponse.json({ items: [order()], next: 'c1' });
      }),
    );
    renderApp('/en-US/ipci/usercenter/orderrecord', { user: USER });
    const rows = await screen.findAllByTestId('bill-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('2026112100000042');
    expect(rows[0]).toHaveTextContent('1000.00');
    expect(rows[0]).toHaveTextContent('0.00'); // unpaid: actual amount 0.00 (part 2 §3)
    expect(within(rows[0]).getByTestId('order-state')).toHaveTextContent('Awaiting payment');
    expect(screen.getByTestId('uc-orders')).toHaveClass('bp6-active');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByTestId('bill-row')).toHaveLength(2);
    expect(screen.getAllByTestId('bill-row')[1]).toHaveTextContent('Cancelled');

    await userEvent.selectOptions(screen.getByLabelText('Bill state'), 'successful');
    await waitFor(() => expect(screen.getAllByTestId('bill-row')).toHaveLength(1));
    expect(screen.getByTestId('bill-row')).toHaveTextContent('Paid');
    expect(queries.at(-1)).toContain('bill=successful');
    expect(screen.getByTestId('location')).toHaveTextContent('bill=successful');
  });
});

describe('pay page', () => {
  test('online payment posts the method and sends the browser to the gateway page', async () => {
    let posted: unknown = null;
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/orders/:id', () => HttpResponse.json(detail(order()))),
      http.post('*/api/orders/:id/pay', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ tradeNo: 'SBX1', redirectUrl: '/sandbox-gateway/pay/SBX1?lang=en-US' });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/pay/${ID}`, { user: USER });
    expect(await screen.findByTestId('payable')).toHaveTextContent('¥1000.00');
    expect(screen.getByTestId('countdown')).toHaveTextContent(/Time left to pay: 4:59:\d\d/);
    await userEvent.click(screen.getByLabelText('Online banking'));
    await userEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/sandbox-gateway/pay/SBX1?lang=en-US'));
    expect(posted).toEqual({ method: 'onlineBanking', provider: 'sandbox' });
    go.mockRestore();
  });

  test('offline remittance: bank details, the shared schema checks the amount against the order, and the raw yuan text is posted', async () => {
    let posted: any = null;
    server.use(
      http.get('*/api/orders/:id', () => HttpResponse.json(detail(order({ remittanceFlags: { proofs: 'The receipt is unreadable' } })))),
      http.post('*/api/orders/:id/remittance', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ order: order({ orderState: 4, billState: 'ongoing', payMethod: 'offline' }) });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/pay/${ID}`, { user: USER });
    expect(await screen.findByTestId('remittance-flags')).toHaveTextContent('Bank receipt (jpg): The receipt is unreadable');
    await userEvent.click(screen.getByLabelText('Offline remittance'));
    expect(screen.getByTestId('bank-details')).toHaveTextContent('ICBC Beijing');
    expect(screen.getByTestId('bank-details')).toHaveTextContent('2026112100000042');
    await userEvent.type(document.getElementById('remit-payerName')!, '张三');
    await userEvent.type(document.getElementById('remit-bankName')!, 'ICBC');
    await userEvent.type(document.getElementById('remit-amount')!, '999');
    await userEvent.type(document.getElementById('remit-remittedOn')!, '2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Submit remittance proof' }));
    expect(await screen.findByText('The amount remitted must be the amount payable: 1000.00 yuan')).toBeInTheDocument();
    expect(posted).toBeNull();

    await userEvent.clear(document.getElementById('remit-amount')!);
    await userEvent.type(document.getElementById('remit-amount')!, '1000');
    server.use(http.post('*/api/uploads', () => HttpResponse.json({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', kind: 'remittanceProof', mime: 'image/jpeg', size: 10, width: 10, height: 10, originalName: 'r.jpg' })));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'r.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('upload-remit-proofs').querySelector('input[type=file]') as HTMLInputElement, file);
    await within(screen.getByTestId('upload-remit-proofs')).findByRole('img', { name: 'r.jpg' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit remittance proof' }));
    expect(await screen.findByTestId('under-review')).toHaveTextContent('Finance is checking your remittance');
    expect(posted).toMatchObject({ method: 'offline', payerName: '张三', amount: '1000', remittedOn: '2026-11-20', reference: '2026112100000042', proofs: ['cccccccc-cccc-4ccc-8ccc-cccccccccccc'] });
  });

  test('a cancelled order says so and offers no way to pay', async () => {
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(detail(order({ orderState: 3, billState: 'failed' })))));
    renderApp(`/en-US/ipci/usercenter/pay/${ID}`, { user: USER });
    expect(await screen.findByTestId('order-cancelled')).toHaveTextContent('This order has been cancelled and can no longer be paid');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to payment' })).toBeNull();
  });

  test('the return page polls the order until the gateway notification has paid it', async () => {
    let reads = 0;
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(detail(order(++reads < 2 ? {} : { orderState: 1, billState: 'successful' })))));
    renderApp(`/zh-CN/ipci/usercenter/paysuccess?orderId=${ID}`, { user: USER, lang: 'zh-CN' });
    expect(await screen.findByTestId('pay-result')).toHaveTextContent('正在等待支付渠道的支付确认');
    await waitFor(() => expect(screen.getByTestId('pay-result')).toHaveTextContent('支付成功'), { timeout: 6000 });
  });

  test('the return page asks again within moments, not after a 2 s interval (issue 10: Pay now took 2.8 s)', async () => {
    let reads = 0;
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(detail(order(++reads < 2 ? {} : { orderState: 1, billState: 'successful' })))));
    renderApp(`/en-US/ipci/usercenter/paysuccess?orderId=${ID}`, { user: USER });
    await screen.findByTestId('pay-result');
    const shown = Date.now();
    await waitFor(() => expect(screen.getByTestId('pay-result')).toHaveTextContent('Payment received'), { timeout: 1000 });
    expect(Date.now() - shown).toBeLessThan(1000);
  });

  test('the return page reloads the order when its case moves (server push), and stops listening once paid', async () => {
    let paid = false;
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(detail(order(paid ? { orderState: 1, billState: 'successful' } : {})))));
    renderApp(`/en-US/ipci/usercenter/paysuccess?orderId=${ID}`, { user: USER });
    await screen.findByTestId('pay-result');
    const stream = `/api/cases/orderPayment/${ID}/stream`;
    await waitFor(() => expect(FakeEventSource.instances.some((s) => !s.closed && s.url.includes(stream))).toBe(true));
    paid = true;
    expect(FakeEventSource.emit(stream, 'case', { step: 'paid', status: 'done' })).toBe(1);
    await waitFor(() => expect(screen.getByTestId('pay-result')).toHaveTextContent('Payment received'));
    await waitFor(() => expect(FakeEventSource.instances.filter((s) => s.url.includes(stream)).every((s) => s.closed)).toBe(true));
  });
});

describe('sandbox payments say they are test payments', () => {
  const NOTICE = 'Test payment: the sandbox provider charges no real money, and an order paid through it has not really been paid.';

  test('on the pay page, the return page and the order detail, in the reader language; not for another provider', async () => {
    const withProviders = (o: OrderView, providers: string[]) => ({ ...detail(o), payment: { ...detail(o).payment, providers } });
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(detail(order()))));
    const pay = renderApp(`/en-US/ipci/usercenter/pay/${ID}`, { user: USER });
    expect(await screen.findByTestId('sandbox-notice')).toHaveTextContent(NOTICE);
    pay.unmount();

    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(detail(order({ orderState: 1, billState: 'successful', provider: 'sandbox', payMethod: 'quickPay' })))));
    const back = renderApp(`/zh-CN/ipci/usercenter/paysuccess?orderId=${ID}`, { user: USER, lang: 'zh-CN' });
    expect(await screen.findByTestId('sandbox-notice')).toHaveTextContent('测试支付：沙箱支付渠道不会产生真实扣款');
    back.unmount();

    server.use(caseHandler());
    const detailPage = renderApp(`/ja-JP/ipci/usercenter/orderdetail/${ID}`, { user: USER, lang: 'ja-JP' });
    expect(await screen.findByTestId('sandbox-notice')).toHaveTextContent('テスト決済');
    detailPage.unmount();

    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(withProviders(order({ orderState: 1, billState: 'successful', provider: 'alipay', payMethod: 'quickPay' }), ['alipay']))));
    renderApp(`/en-US/ipci/usercenter/orderdetail/${ID}`, { user: USER });
    expect(await screen.findByTestId('order-fields')).toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-notice')).toBeNull();
  });
});

describe('order detail and admin', () => {
  test('order detail shows every order field, the rejected remittance with its reasons, and the timeline', async () => {
    server.use(
      caseHandler(),
      http.get('*/api/orders/:id', () =>
        HttpResponse.json(
          detail(order({ remittanceFlags: { amount: 'Amount differs from the bank statement' }, remittance: { method: 'offline', payerName: '张三', bankName: 'ICBC', amount: 100_000, remittedOn: '2026-11-20', proofs: [] } })),
        ),
      ),
    );
    renderApp(`/ja-JP/ipci/usercenter/orderdetail/${ID}`, { user: USER, lang: 'ja-JP' });
    const fields = await screen.findByTestId('order-fields');
    expect(fields).toHaveTextContent('IPCI プラットフォーム');
    expect(fields).toHaveTextContent('1000.00');
    expect(screen.getByTestId('remittance-flags')).toHaveTextContent('経理が送金を確認できませんでした');
    expect(screen.getByTestId('remittance-details')).toHaveTextContent('Amount differs from the bank statement');
    expect(await screen.findByTestId('step-remittanceReview')).toBeInTheDocument();
  });

  test('the fee table is edited in yuan and refused with the schema message when it has three decimals', async () => {
    let saved: unknown = null;
    server.use(
      http.get('*/api/admin/fees', () => HttpResponse.json({ fees: { first: 100_000, existingIpci: 50_000, monitoringMonth: 30_000, monitoringYear: 240_000 } })),
      http.get('*/api/admin/orders', () => HttpResponse.json({ items: [order({ orderState: 2, billState: 'successful' })], next: null })),
      http.put('*/api/admin/fees', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ fees: { first: 120_050, existingIpci: 50_000, monitoringMonth: 30_000, monitoringYear: 240_000 } });
      }),
    );
    renderApp('/admin/ciOrder', { user: ADMIN });
    const first = (await screen.findByLabelText('First registration')) as HTMLInputElement;
    expect(first.value).toBe('1000.00');
    expect(await screen.findByTestId('admin-order-row')).toHaveTextContent('Completed');
    await userEvent.clear(first);
    await userEvent.type(first, '1200.505');
    await userEvent.click(screen.getByRole('button', { name: 'Save fees' }));
    expect(await screen.findByText(/Enter an amount in yuan with at most two decimals/)).toBeInTheDocument();
    await userEvent.clear(first);
    await userEvent.type(first, '1200.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save fees' }));
    await waitFor(() => expect(saved).toEqual({ first: '1200.50', existingIpci: '500.00', monitoringMonth: '300.00', monitoringYear: '2400.00' }));
    // The monitoring plans' prices sit in the same table.
    expect(screen.getByLabelText('One-year monitoring plan')).toHaveValue('2400.00');
    expect(screen.getByTestId('staff-menu')).toHaveTextContent('Orders and fees');
  });
});
