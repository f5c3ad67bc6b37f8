import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays } from '../../domain/antiAdmin';
import { chinaDate } from '../../domain/dates';
import type { OrderView } from '../../ui/src/features/orderPayment/types';
import type { AdminWatermarkCheck, AdminWatermarkItem, AntiOrder, AntiStatistics } from '../../ui/src/features/antiAdmin/types';
import { ADMIN, renderApp } from './support/render';
import { noTimeline, server } from './support/server';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const ORDER = '81818181-8181-4818-8818-818181818181';
const BUYER = { id: '82828282-8282-4828-8828-828282828282', username: 'zhangsan', displayName: '张三文化' };

const order = (over: Partial<AntiOrder> = {}): AntiOrder => ({
  id: ORDER,
  orderNo: '2026112500000042',
  type: 'antiCounterfeit',
  subjectKind: 'capacityPackage',
  subjectId: 'p1',
  name: '防伪标准版',
  names: null,
  counterpart: '',
  amount: 19_900,
  preferentialAmount: 0,
  payable: 19_900,
  orderState: 2,
  billState: 'successful',
  direction: 'spending',
  payMethod: 'quickPay',
  provider: 'sandbox',
  tradeNo: 'T1',
  remittance: null,
  remittanceFlags: null,
  workflowId: `orderPayment/${ORDER}`,
  createdAt: '2026-11-24T16:30:00Z',
  deadlineAt: '2026-11-25T16:30:00Z',
  paidAt: '2026-11-24T16:31:00Z',
  completedAt: '2026-11-24T16:31:05Z',
  cancelledAt: null,
  antiPackage: { capacity: 10, capacityUnit: 'G', validityMonths: 12 },
  buyer: BUYER,
  ...over,
});

describe('antifakeOrder', () => {
  test('lists package orders with package and buyer; the bill state and the search go to the query; the detail adds the buyer and the capacity opened', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/antiOrders', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [order()], next: null });
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderApp('/admin/antifakeOrder', { user: ADMIN });
    const [row] = await screen.findAllByTestId('anti-order-row', {}, { timeout: 8000 });
    expect(row).toHaveTextContent('2026112500000042');
    expect(row).toHaveTextContent('10 G');
    expect(row).toHaveTextContent('张三文化 (zhangsan)');
    expect(row).toHaveTextContent('199.00');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/admin/antifakeOrder/${ORDER}`);

    await user.selectOptions(screen.getByLabelText('Bill state'), 'successful');
    await waitFor(() => expect(queries.at(-1)?.get('bill')).toBe('successful'));
    await user.type(screen.getByTestId('anti-orders-search'), 'zhangsan{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('zhangsan'));
    expect(queries.at(-1)?.get('bill')).toBe('successful');
    unmount();

    server.use(
      http.get('*/api/orders/:id', () => HttpResponse.json({ order: order() as OrderView, uploads: {}, payment: { providers: ['sandbox'], bank: { accountName: '', bankName: '', account: '', swift: '' } }, workflowUrl: null })),
      http.get('*/api/admin/antiOrders/:id', () =>
        HttpResponse.json({ order: order(), grant: { id: 'g1', bytes: 10 * GiB, capacity: 10, capacityUnit: 'G', startsAt: '2026-11-24T16:31:05Z', expiresAt: '2027-11-24T16:31:05Z' } }),
      ),
      noTimeline('orderPayment'),
    );
    renderApp(`/admin/antifakeOrder/${ORDER}`, { user: ADMIN });
    const grant = await screen.findByTestId('anti-order-grant', {}, { timeout: 8000 });
    expect(within(grant).getByTestId('anti-order-buyer')).toHaveTextContent('张三文化 (zhangsan)');
    // Opened just after China midnight: the China date, 25 November, not the UTC one.
    expect(grant).toHaveTextContent('10 G');
    expect(within(grant).getByTestId('anti-order-expires')).toHaveTextContent('Nov 25, 2027');
    expect(screen.getByTestId('order-fields')).toHaveTextContent('10 G');
    expect(screen.getByRole('button', { name: /Anti-counterfeit orders/ })).toBeInTheDocument();
  });
});

const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

function statistics(from: string, to: string): AntiStatistics {
  const list = days(from, 3);
  return {
    from,
    to,
    sold: {
      days: list.map((day, i) => ({ day, count: i, amount: i * 19_900 })),
      packages: [{ packageId: 'p1', names: { zh: '防伪标准版', en: 'Standard', ja: '' }, capacity: 10, capacityUnit: 'G', count: 3, amount: 59_700 }],
      total: { count: 3, amount: 59_700 },
    },
    recharged: { days: list.map((day, i) => ({ day, count: i, bytes: i * 10 * GiB })), total: { count: 3, bytes: 30 * GiB } },
    consumed: { days: list.map((day) => ({ day, original: 300 * MiB, watermarked: 212 * MiB })), total: { original: 900 * MiB, watermarked: 636 * MiB } },
    checks: { days: list.map((day) => ({ day, found: 2, notFound: 5 })), total: { found: 6, notFound: 15 } },
  };
}

describe('antiStatistics', () => {
  // jsdom lays nothing out: recharts' container measures itself as 0 wide and would draw no chart.
  beforeAll(() => {
    const measure = HTMLElement.prototype.getBoundingClientRect;
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
      return { x: 0, y: 0, top: 0, left: 0, width: 600, height: 260, right: 600, bottom: 260, toJSON: () => ({}) };
    });
  });
  afterAll(() => jest.restoreAllMocks());

  test('opens on the last 30 China days, shows the totals, the per-package table and three charts; a range typed goes to the URL and the query; a refused range says why', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/antiStatistics', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        if (q.get('to')! < q.get('from')!) return HttpResponse.json({ error: { code: 'validation', message: 'Please check the marked fields' }, fields: { to: 'The end date cannot be before the start date' } }, { status: 400 });
        return HttpResponse.json(statistics(q.get('from')!, q.get('to')!));
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/antiStatistics', { user: ADMIN });
    expect(await screen.findByTestId('total-sold', {}, { timeout: 8000 })).toHaveTextContent('3');
    const today = chinaDate(new Date());
    expect(queries[0].get('to')).toBe(today);
    expect(queries[0].get('from')).toBe(addDays(today, -29));
    expect(screen.getByTestId('total-sold')).toHaveTextContent('¥597.00');
    expect(screen.getByTestId('total-recharged')).toHaveTextContent('30 G');
    expect(screen.getByTestId('total-recharged')).toHaveTextContent('3 packages opened');
    expect(screen.getByTestId('total-consumed')).toHaveTextContent('1.5 G');
    expect(screen.getByTestId('total-consumed')).toHaveTextContent('Originals 900 M');
    expect(screen.getByTestId('total-checks')).toHaveTextContent('21 checks');
    expect(screen.getByTestId('total-checks')).toHaveTextContent('Watermark found 6');
    expect(screen.getByTestId('sold-package-row')).toHaveTextContent('Standard 10 G3¥597.00');

    // The charts draw their bars (recharts' SVG), one chart per figure, and the capacity one counts in G.
    for (const id of ['chart-sold', 'chart-capacity', 'chart-checks']) {
      await waitFor(() => expect(screen.getByTestId(id).querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0));
    }
    expect(screen.getByTestId('chart-capacity')).toHaveTextContent('Capacity (G)');
    expect(screen.getByTestId('chart-checks')).toHaveTextContent('None found');

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2026-01-01'));
    expect(queries.at(-1)?.get('to')).toBe('2026-01-31');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/antiStatistics?from=2026-01-01&to=2026-01-31'));

    await user.clear(to);
    await user.type(to, '2025-12-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date cannot be before the start date');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe(addDays(today, -6)));
  });
});

const item = (over: Partial<AdminWatermarkItem> = {}): AdminWatermarkItem => ({
  id: 'i1',
  media: 'image',
  user: BUYER,
  sourceName: '海报.jpg',
  fileSize: 2 * MiB,
  watermarkState: 'done',
  error: null,
  ipciCode: 'IPCI2026000042',
  ipNames: { zh: '山海图', en: 'Mountains and Seas', ja: '' },
  createdAt: '2026-11-24T16:30:00Z',
  ...over,
});

const check = (over: Partial<AdminWatermarkCheck> = {}): AdminWatermarkCheck => ({
  id: 'c1',
  checkedAt: '2026-11-24T16:30:00Z',
  origin: 'public',
  media: 'image',
  found: true,
  checker: null,
  owner: BUYER,
  fileName: 'suspect.jpg',
  fileSize: 512 * 1024,
  item: { id: 'i1', sourceName: '海报.jpg', copyName: '海报-wm.jpg', markedAt: '2026-11-20T02:00:00Z' },
  ipciCode: 'IPCI2026000042',
  ipNames: { zh: '山海图', en: 'Mountains and Seas', ja: '' },
  ...over,
});

describe('watermark and detection views', () => {
  test('image and video watermark: the medium and the state filter go to the query; rows show user, source, size, state, IPCI and a translated error', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/watermarkItems', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [item(), item({ id: 'i2', watermarkState: 'failed', error: 'validation.required', ipciCode: null, ipNames: null, fileSize: null })], next: null });
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderApp('/admin/imageWatermark', { user: ADMIN });
    const rows = await screen.findAllByTestId('admin-watermark-row', {}, { timeout: 8000 });
    expect(queries[0].get('media')).toBe('image');
    expect(rows[0]).toHaveTextContent('张三文化 (zhangsan)');
    expect(rows[0]).toHaveTextContent('海报.jpg');
    expect(rows[0]).toHaveTextContent('2.0 MB');
    expect(rows[0]).toHaveTextContent('Done');
    expect(rows[0]).toHaveTextContent('IPCI2026000042');
    expect(rows[0]).toHaveTextContent('Mountains and Seas');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('This field is required');
    await user.selectOptions(screen.getByTestId('watermark-state-filter'), 'failed');
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('failed'));
    unmount();

    renderApp('/admin/videoWatermark', { user: ADMIN });
    await screen.findByTestId('admin-video-watermarks', {}, { timeout: 8000 });
    await waitFor(() => expect(queries.at(-1)?.get('media')).toBe('video'));
    expect(screen.getByRole('heading', { name: 'Video watermark' })).toBeInTheDocument();
  });

  test('detection lists one medium with result and origin filters; a visitor shows as such; detected watermark asks for found checks and shows the owner, the item, its copy and the IPCI', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/watermarkChecks', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [check(), check({ id: 'c2', found: false, owner: null, item: null, ipciCode: null, ipNames: null, origin: 'owner', checker: BUYER })], next: null });
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderApp('/admin/videoDetection', { user: ADMIN });
    const rows = await screen.findAllByTestId('admin-check-row', {}, { timeout: 8000 });
    expect(queries[0].get('media')).toBe('video');
    expect(queries[0].get('found')).toBeNull();
    expect(rows[0]).toHaveTextContent('Public page');
    expect(rows[0]).toHaveTextContent('Visitor');
    expect(rows[0]).toHaveTextContent('Found');
    expect(rows[0]).toHaveTextContent('512.0 KB');
    expect(rows[1]).toHaveTextContent("Owner's check");
    expect(rows[1]).toHaveTextContent('Not found');
    await user.selectOptions(screen.getByTestId('check-found-filter'), 'false');
    await waitFor(() => expect(queries.at(-1)?.get('found')).toBe('false'));
    await user.selectOptions(screen.getByTestId('check-origin-filter'), 'owner');
    await waitFor(() => expect(queries.at(-1)?.get('origin')).toBe('owner'));
    unmount();

    renderApp('/admin/detectedWatermark', { user: ADMIN });
    const [hit] = await screen.findAllByTestId('admin-check-row', {}, { timeout: 8000 });
    expect(queries.at(-1)?.get('found')).toBe('true');
    expect(queries.at(-1)?.get('media')).toBeNull();
    expect(hit).toHaveTextContent('张三文化 (zhangsan)');
    expect(hit).toHaveTextContent('海报.jpg');
    expect(hit).toHaveTextContent('Copy: 海报-wm.jpg');
    expect(hit).toHaveTextContent('IPCI2026000042');
    expect(hit).toHaveTextContent('Image');
    await user.selectOptions(screen.getByTestId('check-media-filter'), 'video');
    await waitFor(() => expect(queries.at(-1)?.get('media')).toBe('video'));
    expect(queries.at(-1)?.get('found')).toBe('true');
  });
});
