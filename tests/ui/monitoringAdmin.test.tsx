import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PROTECTION_FIELDS } from '../../domain/protection';
import type { AdminSubscription, CrawlFetch, CrawlSite, TortReport, TortReportDetail, TortReportRow } from '../../ui/src/features/monitoringAdmin/types';
import { ADMIN, REVIEWER, renderApp } from './support/render';
import { noTimeline, server } from './support/server';
import { claimedTask } from './support/tasks';

const REPORT = '71717171-7171-4717-8717-717171717171';
const SUSPECT = '72727272-7272-4727-8727-727272727272';
const CASE = '73737373-7373-4737-8737-737373737373';
const SITE = '74747474-7474-4747-8747-747474747474';
const PDF = '75757575-7575-4757-8757-757575757575';
const ORIGINAL = '76767676-7676-4767-8767-767676767676';
const REPORTER = { id: '77777777-7777-4777-8777-777777777777', username: 'zhangsan', displayName: '张三' };

const report = (over: Partial<TortReport> = {}): TortReport => ({
  id: REPORT,
  suspectId: SUSPECT,
  suspectNumber: 'ST20261125000042',
  state: 'review',
  reason: null,
  comment: null,
  protectionCaseId: null,
  createdAt: '2026-11-25T02:00:00Z',
  decidedAt: null,
  application: {
    kind: 'administrative',
    ipciId: '78787878-7878-4787-8787-787878787878',
    ipName: 'Mountains and Seas',
    ipIntroduction: 'A scroll painted in 2019.',
    infringer: 'shop.example.com',
    infringerType: '',
    infringingWork: '山海图 T恤',
    scope: 'Online: https://shop.example.com/item/1',
    infringerContact: '',
    infringerPhone: '',
    address: '',
    description: 'The picture differs in 12 of 256 bits.',
    proof: [PDF],
    supplementary: [],
    mailbox: '',
    lawFirmId: '',
  },
  ...over,
});

const suspect = {
  id: SUSPECT,
  number: 'ST20261125000042',
  workTitle: '山海图',
  website: 'shop.example.com',
  pageUrl: 'https://shop.example.com/item/1',
  imageUrl: 'https://shop.example.com/img/1.webp',
  matchKind: 'image' as const,
  evidence: { kind: 'image' as const, method: 'local' as const, inliers: 40, overlap: 0.82, transform: { scale: 0.9, rotationDeg: 3, dx: 10, dy: 5 } },
  detectedAt: '2026-11-25T01:00:00Z',
  originalUploadId: ORIGINAL,
  hasCopy: true,
  snapshot: { title: '山海图 T恤 热卖', text: '纯棉，全国包邮。', sha256: 'ab'.repeat(32), fetchedAt: '2026-11-25T00:59:00Z' },
};
const uploads = { [PDF]: { id: PDF, kind: 'evidence', mime: 'application/pdf', size: 30_000, width: null, height: null, originalName: 'Evidence report ST20261125000042.pdf' } };

describe('admin tort', () => {
  test('lists reports with their suspect number, reporter and state; the state filter and the search go to the query', async () => {
    const queries: URLSearchParams[] = [];
    const row: TortReportRow = { ...report(), reporter: REPORTER, website: 'shop.example.com', workTitle: '山海图', pageUrl: suspect.pageUrl };
    server.use(
      http.get('*/api/admin/tort-reports', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [row], next: null });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/tort', { user: ADMIN });
    const [item] = await screen.findAllByTestId('admin-tort-row', {}, { timeout: 8000 });
    expect(item).toHaveTextContent('ST20261125000042');
    expect(item).toHaveTextContent('张三 (zhangsan)');
    expect(item).toHaveTextContent('In review');
    expect(within(item).getByRole('link', { name: 'ST20261125000042' })).toHaveAttribute('href', `/admin/tort/audit/${REPORT}`);
    await user.selectOptions(screen.getByTestId('admin-tort-state'), 'dismissed');
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('dismissed'));
    await user.type(screen.getByTestId('admin-tort-search'), 'ST20261125000042{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('ST20261125000042'));
    // The menu offers the monitoring back office to admins.
    for (const name of ['Infringement reports', 'Crawl sites', 'Crawl runs', 'Monitoring subscriptions', 'Monitoring orders']) expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
  });

  test('the audit page shows the original beside the copy, the figures, the snapshot, the application and the task; a confirmed one links its case', async () => {
    const detail = (over: Partial<TortReportDetail> = {}): TortReportDetail => ({
      report: report(),
      suspect,
      reporter: REPORTER,
      uploads,
      workflowUrl: 'http://localhost:8233/namespaces/default/workflows/tortReport%2Fx',
      task: { taskId: `tortReport/${REPORT}/review`, step: 'review', status: 'open' },
      ...over,
    });
    server.use(http.get('*/api/admin/tort-reports/:id', () => HttpResponse.json(detail())), noTimeline('tortReport'));
    const { unmount } = renderApp(`/admin/tort/audit/${REPORT}`, { user: ADMIN });
    const evidence = await screen.findByTestId('tort-evidence', {}, { timeout: 8000 });
    expect(within(evidence).getByTestId('tort-original')).toHaveAttribute('src', `/api/uploads/${ORIGINAL}`);
    expect(within(evidence).getByTestId('tort-copy')).toHaveAttribute('src', `/api/tort-reports/${REPORT}/copy`);
    expect(within(evidence).getByTestId('suspect-evidence')).toHaveTextContent('40');
    expect(within(evidence).getByTestId('suspect-evidence')).toHaveTextContent('82');
    expect(within(evidence).getByTestId('tort-sha256')).toHaveTextContent('ab'.repeat(32));
    expect(within(evidence).getByTestId('tort-snapshot-text')).toHaveTextContent('纯棉，全国包邮。');
    expect(screen.getByTestId('tort-fact-description')).toHaveTextContent('12 of 256 bits');
    expect(within(screen.getByTestId('tort-application')).getByText('Evidence report ST20261125000042.pdf')).toBeInTheDocument();
    expect(screen.getByTestId('admin-tort-task')).toHaveAttribute('href', `/manage/tasks/${encodeURIComponent(`tortReport/${REPORT}/review`)}`);
    expect(screen.getByTestId('admin-tort-reporter')).toHaveTextContent('张三 (zhangsan)');
    unmount();

    server.use(http.get('*/api/admin/tort-reports/:id', () => HttpResponse.json(detail({ report: report({ state: 'caseStarted', protectionCaseId: CASE, decidedAt: '2026-11-26T02:00:00Z' }), task: null }))));
    renderApp(`/admin/tort/audit/${REPORT}`, { user: ADMIN, lang: 'zh-CN' });
    expect(await screen.findByTestId('admin-tort-case', {}, { timeout: 8000 })).toHaveAttribute('href', `/admin/rightProtect/audit/${CASE}`);
    expect(screen.getByTestId('tort-state')).toHaveTextContent('已立案');
    expect(screen.getByText('没有待处理的任务：举报已处理。')).toBeInTheDocument();
  });

  test('the inbox task shows the evidence; a dismissal names a reason and flags the evidence', async () => {
    let completed: unknown = null;
    const task = claimedTask({
      id: `tortReport/${REPORT}/review`, queue: 'tort', caseKind: 'tortReport', caseId: REPORT, step: 'review', title: 'ST20261125000042 山海图 (zhangsan)',
      dueAt: '2026-12-02T10:00:00Z', slaWorkingDays: 5, createdAt: '2026-11-25T02:00:00Z',
    });
    server.use(
      http.get('*/api/tasks/:id', () =>
        HttpResponse.json({
          task,
          subject: { report: report(), suspect, user: REPORTER, uploads },
          fields: ['evidence', ...PROTECTION_FIELDS],
          categories: ['notInfringing', 'authorised', 'insufficientEvidence', 'duplicate'],
          workflowUrl: 'http://localhost:8233/x',
        }),
      ),
      http.post('*/api/tasks/:id/complete', async ({ request }) => {
        completed = await request.json();
        return HttpResponse.json({ task: { ...task, status: 'done' } });
      }),
      noTimeline('tortReport'),
    );
    renderApp(`/manage/tasks/${encodeURIComponent(task.id)}`, { user: REVIEWER });
    expect(await screen.findByTestId('tort-subject-number', {}, { timeout: 8000 })).toHaveTextContent('ST20261125000042');
    expect(screen.getByTestId('tort-copy')).toBeInTheDocument();
    expect(screen.getAllByText('Infringement reports').length).toBeGreaterThan(0);

    const form = screen.getByTestId('decision-form');
    await userEvent.click(within(form).getByLabelText('Fail'));
    await userEvent.selectOptions(within(form).getByLabelText('Reason for the failure'), 'The site is authorised');
    await userEvent.click(within(form).getByLabelText('Evidence'));
    await userEvent.type(within(form).getByLabelText('Reason: Evidence'), 'A licensed reseller');
    await userEvent.click(within(form).getByRole('button', { name: 'Fail with reasons' }));
    await waitFor(() => expect(completed).toEqual({ outcome: 'fail', reasons: { evidence: 'A licensed reseller' }, comment: '', category: 'authorised' }));
  });
});

const site = (over: Partial<CrawlSite> = {}): CrawlSite => ({
  id: SITE,
  name: 'Demo market',
  startUrl: 'http://127.0.0.1:3190/',
  extraHosts: [],
  maxDepth: 3,
  delayMs: 200,
  concurrency: 2,
  allowPrivate: true,
  enabled: true,
  createdAt: '2026-11-25T00:00:00Z',
  updatedAt: '2026-11-25T00:00:00Z',
  ...over,
});

describe('crawl sites', () => {
  test('the form checks with the schema before sending, sends numbers as numbers and hosts as a list, and shows the server\'s duplicate under the start address', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/admin/crawl-sites', () => HttpResponse.json({ items: [site()] })),
      http.post('*/api/admin/crawl-sites', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? HttpResponse.json({ code: 'conflict', message: 'Another site already starts at this address', fields: { startUrl: 'Another site already starts at this address' } }, { status: 409 })
          : HttpResponse.json({ site: site({ id: 'new' }) }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/crawlSite/add', { user: ADMIN });
    const form = await screen.findByTestId('crawl-site-form', {}, { timeout: 8000 });
    await user.type(within(form).getByLabelText('Name'), 'Shop');
    await user.type(within(form).getByLabelText('Start address'), 'ftp://shop.example.com/');
    await user.clear(within(form).getByLabelText('Delay between requests (ms)'));
    await user.type(within(form).getByLabelText('Delay between requests (ms)'), '50');
    await user.click(screen.getByTestId('crawl-site-form-submit'));
    expect(await within(form).findByTestId('error-startUrl')).toHaveTextContent('Enter an http or https address');
    expect(within(form).getByTestId('error-delayMs')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Start address'));
    await user.type(within(form).getByLabelText('Start address'), 'https://shop.example.com/');
    await user.clear(within(form).getByLabelText('Delay between requests (ms)'));
    await user.type(within(form).getByLabelText('Delay between requests (ms)'), '1500');
    await user.type(within(form).getByLabelText('Further hosts'), 'img.example.com{Enter}');
    await user.click(screen.getByTestId('crawl-site-form-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ name: 'Shop', startUrl: 'https://shop.example.com/', extraHosts: ['img.example.com'], maxDepth: 2, delayMs: 1500, concurrency: 1, allowPrivate: false, enabled: true });
    expect(await within(form).findByTestId('error-startUrl')).toHaveTextContent('Another site already starts at this address');
  });

  test('the list links each site\'s fetch log, which pages on by keyset; deleting asks first', async () => {
    let deleted = false;
    const fetch = (i: number): CrawlFetch => ({ id: i, runId: null, kind: 'page', url: `http://127.0.0.1:3190/p/${i}`, outcome: i === 3 ? 'error' : 'ok', status: i === 3 ? 503 : 200, ms: 12, bytes: 2048, error: null, fetchedAt: '2026-11-25T01:00:00Z' });
    server.use(
      http.get('*/api/admin/crawl-sites', () => HttpResponse.json({ items: [site()] })),
      http.get('*/api/admin/crawl-sites/:id', () => HttpResponse.json({ site: site() })),
      http.delete('*/api/admin/crawl-sites/:id', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/admin/crawl-sites/:id/fetches', ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        return HttpResponse.json(after ? { items: [fetch(1)], next: null } : { items: [fetch(3), fetch(2)], next: 'cursor' });
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderApp('/admin/crawlSite', { user: ADMIN });
    const [row] = await screen.findAllByTestId('crawl-site-row', {}, { timeout: 8000 });
    expect(row).toHaveTextContent('http://127.0.0.1:3190/');
    expect(within(row).getByTestId('crawl-site-fetches')).toHaveAttribute('href', `/admin/crawlSite/${SITE}/fetches`);
    await user.click(within(row).getByTestId('crawl-site-delete'));
    expect(deleted).toBe(false);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
    unmount();

    renderApp(`/admin/crawlSite/${SITE}/fetches`, { user: ADMIN });
    expect(await screen.findByText('Fetch log: Demo market', {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('crawl-fetch-row')).toHaveLength(2));
    expect(screen.getAllByTestId('crawl-fetch-row')[0]).toHaveTextContent('503');
    await user.click(screen.getByRole('button', { name: /more/i }));
    await waitFor(() => expect(screen.getAllByTestId('crawl-fetch-row')).toHaveLength(3));
  });
});

describe('monitoring subscriptions', () => {
  test('every user\'s subscriptions with IP, plan, state and suspects; filters go to the query', async () => {
    const queries: URLSearchParams[] = [];
    const sub: AdminSubscription = {
      id: 'a1',
      user: REPORTER,
      ipciId: 'i1',
      ipciCode: 'IPCI2026000000123',
      ipNames: { zh: '山海图', en: 'Mountains and Seas', ja: '山海図' },
      plan: 'year',
      state: 'paused',
      pausedReason: 'ipciRevoked',
      label: '',
      keywords: 3,
      startsAt: '2026-11-01T00:00:00Z',
      expiresAt: '2027-11-01T00:00:00Z',
      lastCrawlAt: '2026-11-24T00:00:00Z',
      nextCrawlAt: null,
      orderId: 'o1',
      orderNo: '2026110100000001',
      renewalOf: null,
      createdAt: '2026-11-01T00:00:00Z',
      suspects: 7,
    };
    server.use(
      http.get('*/api/admin/monitoring/subscriptions', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [sub], next: null });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/monitoringSubscription', { user: ADMIN, lang: 'ja-JP' });
    const [row] = await screen.findAllByTestId('admin-subscription-row', {}, { timeout: 8000 });
    expect(row).toHaveTextContent('山海図');
    expect(row).toHaveTextContent('张三 (zhangsan)');
    expect(row).toHaveTextContent('7');
    expect(row).toHaveTextContent('2026110100000001');
    await user.selectOptions(screen.getByTestId('admin-subscriptions-state'), 'paused');
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('paused'));
  });
});
