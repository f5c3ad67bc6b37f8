import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { chinaDate } from '../../domain/dates';
import { monitoringSubscription } from '../../domain/processes/monitoringSubscription';
import type { MonitoringIpci, PictureJson, SubscriptionJson, SuspectDetailJson, SuspectJson } from '../../ui/src/features/monitoring/types';
import { renderApp, USER } from './support/render';
import { noTimeline, server } from './support/server';

const VERIFIED = { ...USER, identityState: 3 as const };
const IPCI = '66666666-6666-4666-8666-666666666666';
const BAD_IPCI = '67676767-6767-4676-8676-676767676767';
const SUB = '90909090-9090-4909-8909-909090909090';
const SUB2 = '91919191-9191-4919-8919-919191919191';
const ORDER = '72727272-7272-4727-8727-727272727272';
const SUSPECT = 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1';
const PREV = 'a0a0a0a0-a0a0-4a0a-8a0a-a0a0a0a0a0a0';
const NEXT = 'a2a2a2a2-a2a2-4a2a-8a2a-a2a2a2a2a2a2';
const PIC_UPLOAD = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const REPORT = 'b1b1b1b1-b1b1-4b1b-8b1b-b1b1b1b1b1b1';
const CASE = '77777777-7777-4777-8777-777777777777';
const PDF = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const PLANS = { plans: [ { plan: 'month', days: 30, priceFen: 30_000 }, { plan: 'year', days: 365, priceFen: 240_000 } ] };
const NAMES = { zh: '山海图', en: 'Mountains and Seas', ja: '山海図' };
const inDays = (d: number) => chinaDate(new Date(Date.now() + d * 86_400_000));

const subscription = (over: Partial<SubscriptionJson> = {}): SubscriptionJson => ({
  id: SUB,
  ipciId: IPCI,
  ipciCode: 'IPCI202610000001X',
  ipName: '山海图',
  ipNames: NAMES,
  plan: 'month',
  state: 'active',
  pausedReason: null,
  label: 'Posters',
  keywords: [{ text: '山海图', category: 'name' }],
  startsAt: '2026-11-01T02:00:00Z',
  expiresAt: '2026-12-01T02:00:00Z',
  validFrom: inDays(-20),
  validUntil: inDays(60),
  lastCrawlAt: '2026-11-24T02:00:00Z',
  nextCrawlAt: '2026-11-25T02:00:00Z',
  orderId: ORDER,
  orderState: 2,
  renewalOf: null,
  createdAt: '2026-11-01T01:00:00Z',
  suspects: { new: 3, total: 7 },
  ...over,
});

const picture: PictureJson = { id: 'p1', uploadId: PIC_UPLOAD, kind: 'picture', width: 1000, height: 1000, url: `/api/monitoring/pictures/p1` };

const suspect = (over: Partial<SuspectJson> = {}): SuspectJson => ({
  id: SUSPECT,
  number: 'ST20261124000001',
  subscriptionId: SUB,
  ipciId: IPCI,
  workTitle: 'Beast poster',
  detectedAt: '2026-11-24T02:10:00Z',
  website: 'shop.example.com',
  imageUrl: 'https://shop.example.com/img/beast.jpg',
  pageUrl: 'https://shop.example.com/item/42',
  state: 'new',
  matchKind: 'image',
  evidence: { kind: 'image', pictureId: 'p1', method: 'local', inliers: 48, overlap: 0.62, transform: { scale: 0.5, rotationDeg: 3.2, dx: 10, dy: -4 }, keywords: ['山海图'] },
  hasCopy: true,
  reportId: null,
  ...over,
});

const suspectDetail = (over: Partial<SuspectDetailJson> = {}): SuspectDetailJson => ({
  ...suspect(),
  snapshot: { title: 'Beast poster – Shop', text: 'Buy the beast poster', sha256: 'ab'.repeat(32), fetchedAt: '2026-11-24T02:09:00Z', hasHtml: true },
  original: picture,
  report: null,
  ...over,
});

describe('protect/monitoring', () => {
  test('plans with prices, only valid IPCIs selectable (the others say why), the no-refund notice must be accepted, then the order is paid on the pay page', async () => {
    const ipcis: MonitoringIpci[] = [
      { id: IPCI, code: 'IPCI202610000001X', ipName: '山海图', names: NAMES, valid: true, reason: null },
      { id: BAD_IPCI, code: 'IPCI202610000002X', ipName: '云中城', names: { zh: '云中城', en: 'City in the Clouds', ja: '' }, valid: false, reason: 'ipciRevoked' },
    ];
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/monitoring/plans', () => HttpResponse.json(PLANS)),
      http.get('*/api/monitoring/ipcis', () => HttpResponse.json({ items: ipcis })),
      http.post('*/api/monitoring/subscriptions', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ subscription: subscription({ state: 'ordered' }), orderId: ORDER }, { status: 201 });
      }),
      http.get('*/api/orders/:id', () => HttpResponse.json({ message: 'x', code: 'notFound' }, { status: 404 })),
    );
    renderApp('/en-US/ipci/protect/monitoring', { user: USER });
    expect(await screen.findByTestId('monitoring-feature-crawl', {}, { timeout: 8000 })).toHaveTextContent('24 hours');
    expect(screen.getByTestId('monitoring-feature-evidence')).toHaveTextContent('SHA-256');
    expect(await screen.findByTestId('plan-month')).toHaveTextContent('30-day plan30 days¥300.00');
    expect(screen.getByTestId('plan-year')).toHaveTextContent('¥2400.00');
    const rows = await screen.findAllByTestId('monitoring-ipci');
    expect(rows[0]).toHaveTextContent('Mountains and Seas');
    expect(within(rows[0]).getByRole('radio')).toBeChecked();
    expect(within(rows[1]).getByRole('radio')).toBeDisabled();
    expect(within(rows[1]).getByTestId('monitoring-ipci-reason')).toHaveTextContent('revoked');

    // Without a plan and the accepted notice nothing is sent.
    await userEvent.click(screen.getByTestId('monitoring-order-submit'));
    expect(await screen.findByTestId('no-refund-notice')).toHaveTextContent('Please confirm that a monitoring plan cannot be unsubscribed or refunded');
    expect(screen.getByText('Please choose a plan', { exact: false })).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.click(within(screen.getByTestId('plan-year')).getByRole('radio'));
    await userEvent.click(screen.getByTestId('monitoring-order-submit'));
    expect(bodies).toEqual([]);
    await userEvent.click(within(screen.getByTestId('no-refund-notice')).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('monitoring-order-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/pay/${ORDER}`));
    expect(bodies).toEqual([{ ipciId: IPCI, plan: 'year', noRefundAccepted: true }]);
  });

  test('signed out: the plans and prices show, ordering asks to sign in; in Chinese', async () => {
    server.use(http.get('*/api/monitoring/plans', () => HttpResponse.json(PLANS)));
    renderApp('/zh-CN/ipci/protect/monitoring', { user: null, lang: 'zh-CN' });
    expect(await screen.findByTestId('plan-month', {}, { timeout: 8000 })).toHaveTextContent('30 天套餐');
    expect(screen.getByTestId('no-refund-notice')).toHaveTextContent('不可退订、不予退款');
    expect(screen.getByTestId('monitoring-sign-in')).toHaveTextContent('登录后订购');
  });
});

describe('usercenter/monitoring', () => {
  test('the IP infringement list: name in the reader\'s language, plan, paused with reason, China-date validity, counts linking to the suspects, renewal near the end', async () => {
    const renewals: unknown[] = [];
    server.use(
      http.get('*/api/monitoring/plans', () => HttpResponse.json(PLANS)),
      http.get('*/api/monitoring/subscriptions', () =>
        HttpResponse.json({
          items: [subscription(), subscription({ id: SUB2, plan: 'year', state: 'paused', pausedReason: 'ipciTakenDown', validUntil: inDays(3), label: '' })],
          next: null,
        }),
      ),
      http.post('*/api/monitoring/subscriptions/:id/renew', async ({ request, params }) => {
        renewals.push([params.id, await request.json()]);
        return HttpResponse.json({ subscription: subscription(), orderId: ORDER }, { status: 201 });
      }),
      http.get('*/api/orders/:id', () => HttpResponse.json({ message: 'x', code: 'notFound' }, { status: 404 })),
    );
    renderApp('/ja-JP/ipci/usercenter/monitoring', { user: USER, lang: 'ja-JP' });
    const rows = await screen.findAllByTestId('subscription-row', {}, { timeout: 8000 });
    expect(rows[0]).toHaveTextContent('山海図');
    expect(rows[0]).toHaveTextContent('30 日プラン');
    expect(rows[0]).toHaveTextContent('監視中');
    expect(within(rows[0]).getByTestId('subscription-validity')).toHaveTextContent(`${inDays(-20)} – ${inDays(60)}`);
    expect(within(rows[0]).getByTestId('subscription-suspects-link')).toHaveTextContent('新規 3 / 計 7');
    expect(within(rows[0]).getByTestId('subscription-suspects-link')).toHaveAttribute('href', `/ja-JP/ipci/usercenter/suspecttort?subscriptionId=${SUB}`);
    expect(within(rows[0]).queryByTestId('subscription-renew')).toBeNull();
    expect(within(rows[1]).getByTestId('subscription-state')).toHaveTextContent('一時停止 · 権原の問題で IP が取り下げられました');

    await userEvent.click(within(rows[1]).getByTestId('subscription-renew'));
    await userEvent.click(await screen.findByTestId('renew-submit'));
    expect(await screen.findByText('プランを選んでください')).toBeInTheDocument();
    expect(renewals).toEqual([]);
    await userEvent.click(within(screen.getByTestId('plan-year')).getByRole('radio'));
    await userEvent.click(within(screen.getByTestId('no-refund-notice')).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('renew-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/ja-JP/ipci/usercenter/pay/${ORDER}`));
    expect(renewals).toEqual([[SUB2, { plan: 'year', noRefundAccepted: true }]]);
  });

  test('an unpaid order is paid from the list', async () => {
    server.use(
      http.get('*/api/monitoring/plans', () => HttpResponse.json(PLANS)),
      http.get('*/api/monitoring/subscriptions', () => HttpResponse.json({ items: [subscription({ state: 'ordered', orderState: 0, validFrom: null, validUntil: null })], next: null })),
    );
    renderApp('/en-US/ipci/usercenter/monitoring', { user: USER });
    const [row] = await screen.findAllByTestId('subscription-row', {}, { timeout: 8000 });
    expect(row).toHaveTextContent('Awaiting payment');
    expect(within(row).getByTestId('subscription-pay')).toHaveAttribute('href', `/en-US/ipci/usercenter/pay/${ORDER}`);
  });
});

describe('usercenter/monitoring/:id', () => {
  test('monitored content: keywords as tags with category, the IP\'s names one click away, the suggestions beside, pictures with their kind; saved with the shared schema', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/monitoring/plans', () => HttpResponse.json(PLANS)),
      http.get(`*/api/monitoring/subscriptions/${SUB}`, () =>
        HttpResponse.json({ subscription: subscription(), pictures: [picture], uploads: [{ id: PIC_UPLOAD, kind: 'monitorPicture', mime: 'image/png', size: 4 * 1024 * 1024, width: 1000, height: 800, originalName: 'poster.png' }] }),
      ),
      http.put(`*/api/monitoring/subscriptions/${SUB}/content`, async ({ request }) => {
        const body = (await request.json()) as { label: string; keywords: SubscriptionJson['keywords'] };
        puts.push(body);
        return HttpResponse.json({ subscription: subscription({ label: body.label, keywords: body.keywords }), pictures: [{ ...picture, kind: 'logo' }] });
      }),
      http.get('*/api/cases/monitoringSubscription/:id', () => HttpResponse.json({ model: monitoringSubscription, events: [], workflowUrl: null })),
    );
    renderApp(`/en-US/ipci/usercenter/monitoring/${SUB}`, { user: USER });
    expect(await screen.findByTestId('subscription-ip', {}, { timeout: 8000 })).toHaveTextContent('Mountains and Seas');
    const suggestions = screen.getByTestId('keyword-suggestions');
    expect(suggestions).toHaveTextContent('not the singer');
    expect(suggestions).toHaveTextContent('not the cast');
    // 山海图 is a keyword already: only the other names are offered.
    expect(within(suggestions).getAllByTestId('keyword-suggest-name').map((b) => b.textContent)).toEqual(['Mountains and Seas', '山海図']);
    await userEvent.click(within(suggestions).getAllByTestId('keyword-suggest-name')[0]);

    await userEvent.selectOptions(screen.getByTestId('keyword-category'), 'character');
    await userEvent.type(screen.getByLabelText('Keywords'), '白泽{Enter}');
    await userEvent.type(screen.getByLabelText('Keywords'), '山海图{Enter}');
    expect(screen.getByText('This keyword is already in the list')).toBeInTheDocument();
    expect(screen.getAllByTestId('keyword-tag').map((t) => t.textContent)).toEqual(['山海图 IP name', 'Mountains and Seas IP name', '白泽 Main character']);

    expect(screen.getByTestId('picture-rules')).toHaveTextContent('Square (1:1)');
    expect(screen.getByTestId('picture-rules')).toHaveTextContent('without background');
    expect(screen.getAllByTestId('picture-problem').map((p) => p.textContent)).toEqual(['over 3 MB', 'not square']);
    await userEvent.selectOptions(screen.getByTestId('picture-kind'), 'logo');
    await userEvent.clear(screen.getByLabelText('Label'));
    await userEvent.type(screen.getByLabelText('Label'), 'Shops');
    await userEvent.click(screen.getByTestId('monitoring-content-submit'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      label: 'Shops',
      keywords: [
        { text: '山海图', category: 'name' },
        { text: 'Mountains and Seas', category: 'name' },
        { text: '白泽', category: 'character' },
      ],
      pictures: [{ uploadId: PIC_UPLOAD, kind: 'logo' }],
    });
    expect(await screen.findByText('Monitored content saved')).toBeInTheDocument();
  });

  test('too many keywords are refused before sending; a paused subscription says why', async () => {
    server.use(
      http.get('*/api/monitoring/plans', () => HttpResponse.json(PLANS)),
      http.get(`*/api/monitoring/subscriptions/${SUB}`, () =>
        HttpResponse.json({ subscription: subscription({ state: 'paused', pausedReason: 'ipciRevoked', keywords: Array.from({ length: 30 }, (_, i) => ({ text: `k${i}`, category: 'other' as const })) }), pictures: [], uploads: [] }),
      ),
      noTimeline('monitoringSubscription'),
    );
    renderApp(`/en-US/ipci/usercenter/monitoring/${SUB}`, { user: USER });
    expect(await screen.findByTestId('subscription-paused', {}, { timeout: 8000 })).toHaveTextContent('the IPCI was revoked');
    await userEvent.type(screen.getByLabelText('Keywords'), 'one more{Enter}');
    expect(screen.getByText('At most 30 keywords')).toBeInTheDocument();
    expect(screen.getAllByTestId('keyword-tag')).toHaveLength(30);
  });
});

describe('usercenter/suspecttort', () => {
  test('filters go to the API and into the detail links', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/monitoring/authorised-sites', () => HttpResponse.json({ items: [], proposed: [] })),
      http.get('*/api/monitoring/subscriptions', () => HttpResponse.json({ items: [subscription()], next: null })),
      http.get('*/api/suspects', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({ items: [suspect(), suspect({ id: NEXT, number: 'ST20261124000002', state: 'ignored', matchKind: 'keyword', imageUrl: null, hasCopy: false })], next: 'cursor1', newCount: 1 });
      }),
    );
    renderApp('/en-US/ipci/usercenter/suspecttort', { user: USER });
    const rows = await screen.findAllByTestId('suspect-row', {}, { timeout: 8000 });
    expect(screen.getByTestId('suspect-new-count')).toHaveTextContent('1 new');
    expect(rows[0]).toHaveTextContent('Beast poster');
    expect(within(rows[0]).getByTestId('suspect-number')).toHaveTextContent('ST20261124000001');
    expect(rows[0]).toHaveTextContent('shop.example.com');
    expect(within(rows[0]).getByTestId('suspect-image-url')).toHaveAttribute('href', 'https://shop.example.com/img/beast.jpg');
    expect(within(rows[0]).getByTestId('suspect-page-url')).toHaveAttribute('href', 'https://shop.example.com/item/42');
    expect(rows[1]).toHaveTextContent('Ignored');
    expect(rows[1]).toHaveTextContent('Keywords');

    await userEvent.selectOptions(screen.getByTestId('suspect-filter-subscription'), SUB);
    await userEvent.selectOptions(screen.getByTestId('suspect-filter-state'), 'new');
    await userEvent.selectOptions(screen.getByTestId('suspect-filter-match'), 'image');
    await waitFor(() => expect(queries.at(-1)).toBe(`?subscriptionId=${SUB}&state=new&match=image`));
    const link = (await screen.findAllByTestId('suspect-link'))[0];
    expect(link).toHaveAttribute('href', `/en-US/ipci/usercenter/suspecttort/${SUSPECT}?subscriptionId=${SUB}&state=new&match=image`);
    await userEvent.click(screen.getByText('Load more'));
    await waitFor(() => expect(queries.at(-1)).toContain('after=cursor1'));
  });

  test('authorised sites: listed, taken back after a question, added by host with the shared schema; the list reloads', async () => {
    const calls: string[] = [];
    let sites = [{ id: 's1', host: 'licensee.example.com', createdAt: '2026-11-20T02:00:00Z' }];
    let suspectLoads = 0;
    server.use(
      http.get('*/api/monitoring/subscriptions', () => HttpResponse.json({ items: [], next: null })),
      http.get('*/api/suspects', () => ((suspectLoads += 1), HttpResponse.json({ items: [suspect()], next: null, newCount: 1 }))),
      http.get('*/api/monitoring/authorised-sites', () => HttpResponse.json({ items: sites, proposed: [] })),
      http.delete('*/api/monitoring/authorised-sites/:id', ({ params }) => {
        calls.push(`delete ${params.id}`);
        sites = [];
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/api/monitoring/authorised-sites', async ({ request }) => {
        const { host } = (await request.json()) as { host: string };
        calls.push(`add ${host}`);
        sites = [{ id: 's2', host: 'partner.example.net', createdAt: '2026-11-25T02:00:00Z' }];
        return HttpResponse.json({ site: sites[0], affected: 2 }, { status: 201 });
      }),
    );
    renderApp('/en-US/ipci/usercenter/suspecttort', { user: USER });
    const tag = await screen.findByTestId('authorised-site', {}, { timeout: 8000 });
    expect(tag).toHaveTextContent('licensee.example.com');
    await userEvent.click(within(tag).getByRole('button'));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Take back the authorisation of licensee.example.com?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Take back' }));
    expect(await screen.findByTestId('authorised-sites-empty')).toBeInTheDocument();
    expect(calls).toEqual(['delete s1']);
    await waitFor(() => expect(suspectLoads).toBe(2));

    await userEvent.type(screen.getByLabelText('Site (host or any address on it)'), 'not a host');
    await userEvent.click(screen.getByTestId('authorised-site-form-submit'));
    expect(calls).toEqual(['delete s1']);
    await userEvent.clear(screen.getByLabelText('Site (host or any address on it)'));
    await userEvent.type(screen.getByLabelText('Site (host or any address on it)'), 'https://partner.example.net/shop');
    await userEvent.click(screen.getByTestId('authorised-site-form-submit'));
    expect(await screen.findByText('partner.example.net')).toBeInTheDocument();
    expect(calls).toEqual(['delete s1', 'add https://partner.example.net/shop']);
    await waitFor(() => expect(suspectLoads).toBe(3));
  });

  test('detail: copy beside the original, the evidence in words, the snapshot; ignore and authorise are confirmed first; previous/next keep the filters', async () => {
    const posts: string[] = [];
    let state: SuspectDetailJson['state'] = 'new';
    server.use(
      http.get(`*/api/suspects/${SUSPECT}`, ({ request }) => {
        expect(new URL(request.url).search).toBe('?state=new');
        return HttpResponse.json({ suspect: suspectDetail({ state }), previousId: PREV, nextId: NEXT });
      }),
      http.get(`*/api/suspects/${NEXT}`, () =>
        HttpResponse.json({ suspect: suspectDetail({ id: NEXT, number: 'ST20261124000002', evidence: { kind: 'image', method: 'local', inliers: 98, overlap: 0.74, transform: { scale: 1, rotationDeg: -0.01, dx: -53, dy: -74 } } }), previousId: SUSPECT, nextId: null }),
      ),
      http.post(`*/api/suspects/${SUSPECT}/ignore`, () => {
        posts.push('ignore');
        state = 'ignored';
        return HttpResponse.json({ suspect: suspect({ state }) });
      }),
      http.post(`*/api/suspects/${SUSPECT}/authorise-site`, () => {
        posts.push('authorise');
        state = 'authorised';
        return HttpResponse.json({ suspect: suspect({ state }), host: 'shop.example.com', affected: 4 });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/suspecttort/${SUSPECT}?state=new`, { user: USER });
    expect(await screen.findByTestId('suspect-copy', {}, { timeout: 8000 })).toHaveAttribute('src', `/api/suspects/${SUSPECT}/copy`);
    expect(screen.getByTestId('suspect-original')).toHaveAttribute('src', '/api/monitoring/pictures/p1');
    const evidence = screen.getByTestId('suspect-evidence');
    expect(evidence).toHaveTextContent('48 matching points; the copy shows 62 % of the original');
    expect(evidence).toHaveTextContent('Scaled ×0.50, rotated 3.2°');
    expect(evidence).toHaveTextContent('Keywords found: 山海图');
    expect(screen.getByTestId('suspect-sha256')).toHaveTextContent('ab'.repeat(32));
    expect(screen.getByTestId('suspect-snapshot-download')).toHaveAttribute('href', `/api/suspects/${SUSPECT}/snapshot`);
    expect(screen.getByTestId('suspect-report-button')).toHaveAttribute('href', `/en-US/ipci/usercenter/suspecttort/${SUSPECT}/report?state=new`);

    await userEvent.click(screen.getByTestId('suspect-ignore'));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(posts).toEqual([]);
    await userEvent.click(screen.getByTestId('suspect-ignore'));
    const alert = await screen.findByRole('alertdialog');
    await userEvent.click(within(alert).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(screen.getByTestId('suspect-state')).toHaveTextContent('Ignored'));
    expect(posts).toEqual(['ignore']);

    await userEvent.click(screen.getByTestId('suspect-authorise'));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Mark shop.example.com as authorised');
    await userEvent.click(within(ask).getByRole('button', { name: 'Authorise this site' }));
    await waitFor(() => expect(posts).toEqual(['ignore', 'authorise']));
    await waitFor(() => expect(screen.getByTestId('suspect-state')).toHaveTextContent('Authorised site'));
    expect(posts).toEqual(['ignore', 'authorise']);

    await userEvent.click(screen.getByTestId('suspect-next'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/suspecttort/${NEXT}?state=new`));
    expect(await screen.findByTestId('suspect-number')).toHaveTextContent('ST20261124000002');
    expect(screen.getByTestId('suspect-next')).toBeDisabled();
    expect(screen.getByTestId('suspect-evidence')).toHaveTextContent('Scaled ×1.00, rotated 0.0°, shifted -53, -74 px');
  });

  test('report: the protection form prefilled from the draft, sent after a confirmation; the suspect then follows the report and links its case', async () => {
    const application = {
      kind: 'administrative',
      ipciId: IPCI,
      ipName: 'Mountains and Seas',
      ipIntroduction: 'A picture book of mythical beasts',
      infringer: 'shop.example.com',
      infringerType: '',
      infringingWork: 'Beast poster – Shop',
      scope: 'https://shop.example.com/item/42',
      infringerContact: '',
      infringerPhone: '',
      address: '',
      description: 'Found on shop.example.com',
      proof: [PDF],
      supplementary: [],
      mailbox: '',
      lawFirmId: '',
    };
    const sent: unknown[] = [];
    let reported = false;
    server.use(
      http.get('*/api/protection/ipcis', () => HttpResponse.json({ certified: true, ipcis: [{ ipciId: IPCI, code: 'IPCI202610000001X', ipNames: NAMES, holder: '张三', validUntil: null, refusal: null }] })),
      http.get(`*/api/suspects/${SUSPECT}/report-draft`, () => HttpResponse.json({ application, uploads: { [PDF]: { id: PDF, kind: 'evidence', mime: 'application/pdf', size: 2048, width: null, height: null, originalName: 'evidence-ST20261124000001.pdf' } } })),
      http.post(`*/api/suspects/${SUSPECT}/report`, async ({ request }) => {
        sent.push(await request.json());
        reported = true;
        return HttpResponse.json({ report: { id: REPORT } }, { status: 201 });
      }),
      http.get(`*/api/suspects/${SUSPECT}`, () =>
        HttpResponse.json({ suspect: suspectDetail(reported ? { state: 'reported', reportId: REPORT, report: { id: REPORT, state: 'caseStarted', protectionCaseId: CASE } } : {}), previousId: null, nextId: null }),
      ),
      noTimeline('tortReport'),
    );
    renderApp(`/en-US/ipci/usercenter/suspecttort/${SUSPECT}/report`, { user: VERIFIED });
    const form = await screen.findByTestId('protection-form', {}, { timeout: 8000 });
    expect(within(form).getByLabelText('Infringer or company')).toHaveValue('shop.example.com');
    expect(form).toHaveTextContent('evidence-ST20261124000001.pdf');
    await userEvent.clear(within(form).getByLabelText(/Description of the infringement/));
    await userEvent.type(within(form).getByLabelText(/Description of the infringement/), 'Sold as posters');
    await userEvent.click(screen.getByTestId('protection-form-submit'));
    const ask = await screen.findByRole('alertdialog');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByTestId('protection-form-submit'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send the report' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/suspecttort/${SUSPECT}`));
    expect(sent).toEqual([{ application: { ...application, description: 'Sold as posters' } }]);
    expect(await screen.findByTestId('suspect-report')).toBeInTheDocument();
    expect(screen.getByTestId('suspect-case-link')).toHaveAttribute('href', `/en-US/ipci/usercenter/protectdetail/${CASE}`);
    expect(screen.queryByTestId('suspect-ignore')).toBeNull();
  });
});
