import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { tradeOrder } from '../../domain/processes/tradeOrder';
import type { TradeJson } from '../../domain/trade';
import { ADMIN, renderApp, USER } from './support/render';
import { server } from './support/server';
import { showToast } from '../../ui/src/session/toaster';

// Toasts live outside the rendered tree (which the setup clears between tests): assert the calls.
jest.mock('../../ui/src/session/toaster', () => ({ showToast: jest.fn() }));
const toasts = () => (showToast as jest.Mock).mock.calls.map(([p]) => p.message);
beforeEach(() => (showToast as jest.Mock).mockClear());

const VERIFIED = { ...USER, identityState: 3 as const };
const IPCI = '66666666-6666-4666-8666-666666666666';
const TRADE = '77777777-7777-4777-8777-777777777777';
const PROPOSAL = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const trade = (over: Partial<TradeJson> = {}): TradeJson => ({
  id: TRADE,
  mode: 'selfService',
  state: 'pendingConfirmation',
  step: 'sellerDecision',
  ipci: { id: IPCI, code: 'IPCI20261000001237', names: { zh: '敦煌飞天', en: 'Flying Apsaras', ja: '' } },
  buyer: { id: USER.id, name: 'Alice Zhang' },
  seller: { id: '88888888-8888-4888-8888-888888888888', name: 'Dunhuang Studio' },
  side: 'buyer',
  application: { proposal: PROPOSAL, description: 'Mugs and tote bags', contactPerson: '张三', phone: '13800138000', email: 'a@example.com' },
  priceFen: 500_000,
  serviceFeeFen: 15_000,
  exclusive: false,
  channels: ['online'],
  region: '',
  termFrom: '2027-01-01',
  termTo: '2027-12-31',
  counterOffer: null,
  rejectReason: null,
  checkFlags: null,
  closeReason: null,
  outcome: null,
  orderId: null,
  parentTradeId: null,
  evaluated: { buyer: false, seller: false },
  actions: ['view', 'reply', 'cancel'],
  createdAt: '2026-11-20T08:00:00Z',
  updatedAt: '2026-11-20T08:00:00Z',
  completedAt: null,
  ...over,
});

const dictionary = () =>
  http.get('*/api/dictionaries/rightScope', () =>
    HttpResponse.json({
      items: [
        { code: 'online', labels: { 'zh-CN': '线上销售', 'en-US': 'Online sales', 'ja-JP': 'オンライン販売' }, sort: 1, active: true },
        { code: 'retail', labels: { 'zh-CN': '线下零售', 'en-US': 'Retail stores', 'ja-JP': '小売店' }, sort: 2, active: true },
      ],
    }),
  );
const listedIp = () =>
  http.get('*/api/public/ip/:id/summary', () => HttpResponse.json({ ip: { id: IPCI, code: 'IPCI20261000001237', names: { zh: '敦煌飞天', en: 'Flying Apsaras', ja: '' }, holder: 'Dunhuang Studio', cover: null } }));
const timeline = () => http.get('*/api/cases/tradeOrder/:id', () => HttpResponse.json({ model: tradeOrder, events: [], workflowUrl: null }));

/** Fills what the self-service schema needs, but the price, channels and term the test sets itself. */
async function fillBasics() {
  server.use(http.post('*/api/uploads', () => HttpResponse.json({ id: PROPOSAL, kind: 'proof', mime: 'application/pdf', size: 10, width: null, height: null, originalName: 'plan.pdf' })));
  const file = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
  await userEvent.upload(screen.getByTestId('upload-trade-proposal').querySelector('input[type=file]') as HTMLInputElement, file);
  await within(screen.getByTestId('upload-trade-proposal')).findByText('plan.pdf');
  await userEvent.click(screen.getByLabelText('Non-exclusive'));
  await userEvent.type(document.getElementById('trade-description')!, 'Mugs and tote bags with the Apsaras');
  await userEvent.type(document.getElementById('trade-contactPerson')!, '张三');
  await userEvent.type(document.getElementById('trade-phone')!, '13800138000');
  await userEvent.type(document.getElementById('trade-email')!, 'zhang@example.com');
}

describe('self-service licence form', () => {
  test('checks the domain schema (price over the cap, term order, missing channels), shows the server\'s field errors, then lands on the trade', async () => {
    let posted: any = null;
    let answer: 'refuse' | 'accept' = 'refuse';
    server.use(
      dictionary(),
      listedIp(),
      http.post('*/api/trades/selfservice', async ({ request }) => {
        posted = await request.json();
        if (answer === 'refuse') return HttpResponse.json({ status: 400, code: 'validation', message: 'Please check the highlighted fields', fields: { email: 'This e-mail address cannot be reached' } }, { status: 400 });
        return HttpResponse.json({ trade: trade() }, { status: 201 });
      }),
      http.get('*/api/trades/:id', () => HttpResponse.json({ trade: trade(), messages: [], conflicts: [] })),
      timeline(),
    );
    renderApp(`/en-US/ipci/trade/autotrade?ipci=${IPCI}`, { user: VERIFIED });
    expect(await screen.findByTestId('trade-ip')).toHaveTextContent('Flying Apsaras');
    await fillBasics();
    await userEvent.type(document.getElementById('trade-price')!, '100000.01');
    await userEvent.type(document.getElementById('trade-termFrom')!, '2027-12-31');
    await userEvent.type(document.getElementById('trade-termTo')!, '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByTestId('error-price')).toHaveTextContent('The amount must be at most 100000.00 yuan');
    expect(screen.getByTestId('error-termTo')).toHaveTextContent('The end date must not be before the start date');
    expect(screen.getByTestId('error-channels')).toHaveTextContent('Please choose at least one channel');
    expect(posted).toBeNull();

    await userEvent.clear(document.getElementById('trade-price')!);
    await userEvent.type(document.getElementById('trade-price')!, '5000');
    await userEvent.clear(document.getElementById('trade-termTo')!);
    await userEvent.click(screen.getByLabelText('Permanent (no end date)'));
    await userEvent.click(document.getElementById('trade-channels')!);
    await userEvent.click(await screen.findByText('Online sales'));
    await waitFor(() => expect(screen.queryByTestId('error-channels')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByTestId('error-email')).toHaveTextContent('This e-mail address cannot be reached');
    expect(screen.getByTestId('form-error')).toHaveTextContent('Please check the highlighted fields');
    expect(posted).toEqual({
      ipciId: IPCI,
      proposal: PROPOSAL,
      price: '5000',
      exclusive: false,
      channels: ['online'],
      region: '',
      termPermanent: true,
      termFrom: '',
      termTo: '',
      description: 'Mugs and tote bags with the Apsaras',
      contactPerson: '张三',
      phone: '13800138000',
      email: 'zhang@example.com',
    });

    answer = 'accept';
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/tradedetail/${TRADE}`));
  });

  test('only certified users reach the form; an IP that is not listed says so', async () => {
    server.use(dictionary(), http.get('*/api/public/ip/:id/summary', () => HttpResponse.json({ status: 404, code: 'notFound', message: 'Not found' }, { status: 404 })), http.get('*/api/identity', () => HttpResponse.json({ certification: null })));
    const { unmount } = renderApp(`/en-US/ipci/trade/autotrade?ipci=${IPCI}`, { user: USER });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/identity'));
    unmount();
    renderApp(`/en-US/ipci/trade/sellertrade?ipci=${IPCI}`, { user: VERIFIED });
    expect(await screen.findByText(/is not listed for licensing/)).toBeInTheDocument();
  });
});

describe('other trade pages', () => {
  test('the entrusted form posts the entrusted schema\'s fields (budget, no term) and lands on the trade', async () => {
    let posted: any = null;
    server.use(
      dictionary(),
      listedIp(),
      http.post('*/api/trades/entrusted', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ trade: trade({ mode: 'entrusted', step: 'platformContact' }) }, { status: 201 });
      }),
      http.get('*/api/trades/:id', () => HttpResponse.json({ trade: trade({ mode: 'entrusted', step: 'platformContact' }), messages: [], conflicts: [] })),
      http.get('*/api/cases/entrustedTrade/:id', () => HttpResponse.json({ model: tradeOrder, events: [], workflowUrl: null })),
    );
    renderApp(`/en-US/ipci/trade/platform?ipci=${IPCI}`, { user: VERIFIED });
    await screen.findByTestId('trade-ip');
    expect(screen.getByText(/contacts you within 5 working days/)).toBeInTheDocument();
    expect(document.getElementById('trade-termFrom')).toBeNull();
    await userEvent.type(document.getElementById('trade-budget')!, '300000');
    await userEvent.click(screen.getByLabelText('Exclusive'));
    await userEvent.click(document.getElementById('trade-channels')!);
    await userEvent.click(await screen.findByText('Retail stores'));
    await userEvent.click(screen.getByLabelText('One country or region'));
    await userEvent.click(screen.getByRole('button', { name: 'Entrust the platform' }));
    expect(await screen.findByTestId('error-region')).toHaveTextContent('Please choose a country or region');
    await userEvent.selectOptions(document.getElementById('trade-region')!, 'JP');
    await userEvent.type(document.getElementById('trade-description')!, 'A film tie-in');
    await userEvent.type(document.getElementById('trade-contactPerson')!, '张三');
    await userEvent.type(document.getElementById('trade-phone')!, '13800138000');
    await userEvent.type(document.getElementById('trade-email')!, 'zhang@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Entrust the platform' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/tradedetail/${TRADE}`));
    expect(posted).toEqual({ ipciId: IPCI, proposal: '', budget: '300000', exclusive: true, channels: ['retail'], region: 'JP', description: 'A film tie-in', contactPerson: '张三', phone: '13800138000', email: 'zhang@example.com' });
  });

  test('the introduction states the contact promise, the cap and the fee, with the ways in', async () => {
    renderApp('/en-US/ipci/trade');
    expect(await screen.findByTestId('rule-contact')).toHaveTextContent('within 5 working days');
    expect(screen.getByTestId('rule-cap')).toHaveTextContent('at most 100000.00 yuan');
    expect(screen.getByTestId('rule-fee')).toHaveTextContent('3 % of the licence price');
    expect(screen.getByRole('link', { name: 'Find an IP' })).toHaveAttribute('href', '/en-US/ipci/right');
    expect(screen.getByRole('link', { name: 'My trades' })).toHaveAttribute('href', '/en-US/ipci/usercenter/trade');
  });
});

describe('trade management', () => {
  test('each card offers the actions of its state; agree and delete ask first, reject asks for a reason', async () => {
    const calls: string[] = [];
    const seller = (over: Partial<TradeJson>) => trade({ side: 'seller', ...over });
    const deciding = seller({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', actions: ['view', 'reply', 'agree', 'reject', 'counterOffer'] });
    const refused = seller({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', state: 'refused', step: 'done', rejectReason: 'Not this year', actions: ['view', 'delete'] });
    const completed = seller({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', state: 'completed', step: 'done', evaluated: { buyer: false, seller: true }, actions: ['view', 'delete'] });
    let queries: string[] = [];
    server.use(
      dictionary(),
      http.get('*/api/trades', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        if (url.searchParams.get('side') === 'seller') return HttpResponse.json({ items: [deciding, refused, completed], next: null });
        return HttpResponse.json({ items: [trade({ step: 'awaitingFee', orderId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', actions: ['view', 'reply', 'payFee', 'cancel'] })], next: null });
      }),
      http.post('*/api/trades/:id/decision', async ({ request, params }) => {
        calls.push(`decision ${params.id} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ trade: deciding, messages: [], conflicts: [] });
      }),
      http.delete('*/api/trades/:id', ({ params }) => {
        calls.push(`delete ${params.id}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/en-US/ipci/usercenter/trade', { user: VERIFIED });
    const buyerCard = await screen.findByTestId(`trade-${TRADE}`);
    expect(within(buyerCard).getByTestId('pay-fee')).toHaveAttribute('href', '/en-US/ipci/usercenter/pay/eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee');
    expect(within(buyerCard).getByRole('button', { name: 'Cancel trade' })).toBeInTheDocument();
    expect(within(buyerCard).queryByRole('button', { name: 'Agree' })).toBeNull();
    expect(queries.at(-1)).toContain('side=buyer');

    await userEvent.click(screen.getByRole('tab', { name: 'As seller' }));
    const card = await screen.findByTestId(`trade-${deciding.id}`);
    expect(queries.at(-1)).toContain('side=seller');
    expect(screen.getByTestId('location')).toHaveTextContent('side=seller');
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(screen.getByTestId(`trade-${refused.id}`)).queryByRole('button', { name: 'Agree' })).toBeNull();
    expect(within(screen.getByTestId(`trade-${completed.id}`)).getByTestId('evaluated')).toHaveTextContent('Evaluated');

    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please give the reason for the rejection');
    await userEvent.type(within(dialog).getByLabelText('Reason for rejecting'), 'The channel is licensed exclusively');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.at(-1)).toBe(`decision ${deciding.id} {"outcome":"reject","reason":"The channel is licensed exclusively"}`));

    await userEvent.click(within(card).getByRole('button', { name: 'Agree' }));
    expect(await screen.findByTestId('confirm-question')).toHaveTextContent('Agree to this licence?');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(calls).toHaveLength(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Agree' }));
    const read = queries.length;
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(calls.at(-1)).toBe(`decision ${deciding.id} {"outcome":"agree","reason":""}`));
    // The list is read again after an action.
    await waitFor(() => expect(queries.length).toBe(read + 1));

    await userEvent.click(within(screen.getByTestId(`trade-${refused.id}`)).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('confirm-question')).toHaveTextContent('This cannot be undone');
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.at(-1)).toBe(`delete ${refused.id}`));
    expect(toasts()).toEqual(['You rejected the application', 'You agreed to the licence', 'The trade has been deleted from your list']);

    queries = [];
    await userEvent.selectOptions(screen.getByLabelText('Trade state'), 'refused');
    await waitFor(() => expect(queries.at(-1)).toContain('state=refused'));
  });
});

describe('trade detail', () => {
  test('the seller sees the licence conflicts, is told why agreeing is refused, and makes a counter-offer checked with the domain schema', async () => {
    let offered: any = null;
    const conflict = { licenceId: 'l1', licensee: 'Mogao Gifts Ltd.', because: 'existingExclusive', channels: ['online'], region: 'CN', termFrom: null, termTo: null };
    server.use(
      dictionary(),
      timeline(),
      http.get('*/api/trades/:id', () => HttpResponse.json({ trade: trade({ side: 'seller', actions: ['view', 'reply', 'agree', 'reject', 'counterOffer'] }), messages: [], conflicts: [conflict] })),
      http.post('*/api/trades/:id/decision', () =>
        HttpResponse.json({ status: 409, code: 'conflict', message: 'This licence conflicts with a licence of the IP that is in force or reserved for a trade under way', conflicts: [conflict] }, { status: 409 }),
      ),
      http.post('*/api/trades/:id/counter-offer', async ({ request }) => {
        offered = await request.json();
        return HttpResponse.json({ trade: trade(), messages: [], conflicts: [] });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/tradedetail/${TRADE}`, { user: VERIFIED });
    const conflicts = await screen.findByTestId('licence-conflicts');
    expect(conflicts).toHaveTextContent('Mogao Gifts Ltd.');
    expect(conflicts).toHaveTextContent('holds an exclusive licence');
    expect(await within(conflicts).findByText('Online sales')).toBeInTheDocument();

    // Agreeing anyway is refused with the reason.
    await userEvent.click(within(screen.getByTestId('trade-actions')).getByRole('button', { name: 'Agree' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(toasts()).toEqual(['This licence conflicts with a licence of the IP that is in force or reserved for a trade under way']));
    // The confirmation closes and gives the focus back to the Agree button: type only once it has.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    const form = screen.getByTestId('counter-form');
    await userEvent.clear(within(form).getByLabelText('Licence price (yuan)'));
    await userEvent.type(within(form).getByLabelText('Licence price (yuan)'), '200000');
    await userEvent.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByTestId('counter-error-price')).toHaveTextContent('at most 100000.00 yuan');
    expect(offered).toBeNull();
    await userEvent.clear(within(form).getByLabelText('Licence price (yuan)'));
    await userEvent.type(within(form).getByLabelText('Licence price (yuan)'), '8000');
    await userEvent.type(within(form).getByLabelText('Note'), 'Two years at a higher price');
    await userEvent.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(offered).toEqual({ price: '8000', channels: ['online'], termPermanent: false, termFrom: '2027-01-01', termTo: '2027-12-31', note: 'Two years at a higher price' }));
  });

  test('the buyer accepts a counter-offer and replies on the thread; the detail reloads with the answer', async () => {
    const posts: string[] = [];
    let messages: any[] = [{ id: 1, kind: 'counterOffer', authorSide: 'seller', body: 'Two years at a higher price', data: null, createdAt: '2026-11-21T08:00:00Z' }];
    let current = trade({ step: 'counterOffer', counterOffer: { priceFen: 800_000, channels: ['online'], termPermanent: false, termFrom: '2027-01-01', termTo: '2028-12-31', note: 'Two years' }, actions: ['view', 'reply', 'answerCounter', 'cancel'] });
    server.use(
      dictionary(),
      timeline(),
      http.get('*/api/trades/:id', () => HttpResponse.json({ trade: current, messages, conflicts: [] })),
      http.post('*/api/trades/:id/counter-answer', async ({ request }) => {
        posts.push(`answer ${JSON.stringify(await request.json())}`);
        current = trade({ step: 'awaitingFee', priceFen: 800_000, orderId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', actions: ['view', 'reply', 'payFee', 'cancel'] });
        return HttpResponse.json({ trade: current, messages, conflicts: [] });
      }),
      http.post('*/api/trades/:id/replies', async ({ request }) => {
        const body = (await request.json()) as { body: string };
        posts.push(`reply ${body.body}`);
        messages = [...messages, { id: 2, kind: 'reply', authorSide: 'buyer', body: body.body, data: null, createdAt: '2026-11-21T09:00:00Z' }];
        return HttpResponse.json({ trade: current, messages, conflicts: [] });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/tradedetail/${TRADE}`, { user: VERIFIED });
    const offer = await screen.findByTestId('counter-offer');
    expect(offer).toHaveTextContent('¥8000.00');
    expect(offer).toHaveTextContent('2027-01-01 – 2028-12-31');
    expect(screen.queryByTestId('counter-form')).toBeNull();
    expect(screen.getAllByTestId('trade-message')[0]).toHaveTextContent('Dunhuang Studio');

    await userEvent.click(within(offer).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toEqual(['answer {"accept":true}']));
    expect(await screen.findByText('The seller agreed: pay the service fee')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();

    await userEvent.click(within(screen.getByTestId('reply-form')).getByRole('button', { name: 'Send' }));
    expect(await within(screen.getByTestId('reply-form')).findByRole('alert')).toHaveTextContent('This field is required');
    await userEvent.type(screen.getByLabelText('Your reply'), 'Thanks, paying now');
    await userEvent.click(within(screen.getByTestId('reply-form')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getAllByTestId('trade-message')).toHaveLength(2));
    expect(screen.getAllByTestId('trade-message')[1]).toHaveTextContent('You');
    expect(screen.getAllByTestId('trade-message')[1]).toHaveTextContent('Thanks, paying now');
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
  });
});

describe('back office selfWork', () => {
  test('lists self-service trades, filters by state and by a search, and opens the detail with its task and workflow', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      dictionary(),
      http.get('*/api/cases/tradeOrder/:id', () => HttpResponse.json({ model: tradeOrder, events: [], workflowUrl: 'http://localhost:8233/namespaces/default/workflows/tradeOrder%2Fx' })),
      http.get('*/api/admin/trades', ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        return HttpResponse.json({ items: [trade({ side: null, step: 'platformCheck' })], next: null });
      }),
      http.get('*/api/admin/trades/:id', () =>
        HttpResponse.json({ trade: trade({ side: null, step: 'platformCheck', actions: ['view'] }), messages: [], conflicts: [], taskId: '99999999-9999-4999-8999-999999999999' }),
      ),
    );
    renderApp('/admin/selfWork', { user: ADMIN });
    const row = await screen.findByTestId('admin-trade-row');
    expect(row).toHaveTextContent('Flying Apsaras');
    expect(row).toHaveTextContent('Platform check');
    expect(queries.at(-1)!.get('mode')).toBe('selfService');

    await userEvent.selectOptions(screen.getByLabelText('Trade state'), 'ongoing');
    await waitFor(() => expect(queries.at(-1)!.get('state')).toBe('ongoing'));
    await userEvent.type(screen.getByRole('searchbox'), '飞天');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)!.get('q')).toBe('飞天'));
    expect(queries.at(-1)!.get('state')).toBe('ongoing');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/selfWork?state=ongoing&q=');

    await userEvent.click(await screen.findByRole('link', { name: 'Flying Apsaras' }));
    expect(await screen.findByTestId('open-task')).toHaveAttribute('href', '/manage/tasks/99999999-9999-4999-8999-999999999999');
    expect(screen.getByTestId('open-task')).toHaveTextContent('Open the audit task');
    // The timeline links the workflow for staff.
    expect(await screen.findByRole('button', { name: 'View in Temporal' })).toHaveAttribute('href', expect.stringContaining('tradeOrder'));
  });
});
