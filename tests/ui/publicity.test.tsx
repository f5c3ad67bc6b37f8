import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PublicityJson } from '../../domain/protection';
import { ADMIN, renderApp } from './support/render';
import { server } from './support/server';

const ID = '88888888-8888-4888-8888-888888888888';
const CASE = '99999999-9999-4999-8999-999999999999';

const entry = (over: Partial<PublicityJson> = {}): PublicityJson => ({
  id: ID,
  publicityNo: 'RP2026000017',
  caseId: null,
  kind: 'administrative',
  titleZh: '山海图著作权维权',
  titleEn: 'Mountains and Seas copyright case',
  titleJa: '',
  ipNameZh: '山海图',
  ipNameEn: 'Mountains and Seas',
  ipNameJa: '',
  infringer: '某玩具厂',
  result: 'resolved',
  summaryZh: '侵权商品已下架。',
  summaryEn: 'The infringing goods were taken off the shelves.',
  summaryJa: '',
  processedOn: '2026-11-20',
  published: true,
  publishedAt: '2026-11-21T02:00:00Z',
  createdAt: '2026-11-20T08:00:00Z',
  updatedAt: '2026-11-21T02:00:00Z',
  ...over,
});
const SECOND = entry({ id: '77777777-7777-4777-8777-777777777777', publicityNo: 'RP2026000018', kind: 'legal', titleZh: '青龙商标维权', titleEn: '', ipNameZh: '青龙', ipNameEn: '', result: 'partlyResolved' });

describe('public publicity list', () => {
  test('lists entries in the reader\'s language, searches, filters by kind, pages and opens an entry in a dialog', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/public/protection/publicity', ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        if (params.get('after')) return HttpResponse.json({ items: [SECOND], next: null });
        if (params.get('kind') === 'legal') return HttpResponse.json({ items: [SECOND], next: null });
        return HttpResponse.json({ items: [entry()], next: 'cursor1' });
      }),
    );
    renderApp('/en-US/ipci/protect/publicity');
    const rows = await screen.findAllByTestId('publicity-row', {}, { timeout: 8000 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('RP2026000017');
    expect(rows[0]).toHaveTextContent('Mountains and Seas copyright case');
    expect(rows[0]).toHaveTextContent('Administrative protection');
    expect(rows[0]).toHaveTextContent('Resolved');
    expect(rows[0]).toHaveTextContent('Nov 20, 2026');

    await userEvent.click(screen.getByRole('button', { name: /more/i }));
    const two = await screen.findAllByTestId('publicity-row');
    expect(two).toHaveLength(2);
    // No English title: the Chinese one.
    expect(two[1]).toHaveTextContent('青龙商标维权');
    expect(queries.at(-1)!.get('after')).toBe('cursor1');

    await userEvent.type(screen.getByTestId('publicity-search'), '山海{Enter}');
    await waitFor(() => expect(queries.at(-1)!.get('q')).toBe('山海'));
    await userEvent.selectOptions(screen.getByTestId('publicity-kind'), 'legal');
    await waitFor(() => expect(queries.at(-1)!.get('kind')).toBe('legal'));
    await waitFor(() => expect(screen.getAllByTestId('publicity-row')).toHaveLength(1));

    await userEvent.click(screen.getByTestId('publicity-row'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('青龙商标维权')).toBeInTheDocument();
    expect(within(dialog).getByText('Partly resolved')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?no=RP2026000018');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location')).not.toHaveTextContent('no=');
  });

  test('?no= opens the entry even when it is not on the first page; an unknown number is said so', async () => {
    const read: string[] = [];
    server.use(
      http.get('*/api/public/protection/publicity', () => HttpResponse.json({ items: [SECOND], next: null })),
      http.get('*/api/public/protection/publicity/:ref', ({ params }) => {
        read.push(String(params.ref));
        return params.ref === 'RP2026000017' ? HttpResponse.json({ entry: entry() }) : HttpResponse.json({ code: 'notFound', message: 'Not found' }, { status: 404 });
      }),
    );
    const { unmount } = renderApp('/ja-JP/ipci/protect/publicity?no=RP2026000017', { lang: 'ja-JP' });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 });
    // No Japanese texts: the Chinese ones.
    expect(within(dialog).getByText('山海图著作权维权')).toBeInTheDocument();
    expect(within(dialog).getByTestId('publicity-summary')).toHaveTextContent('侵权商品已下架。');
    expect(within(dialog).getByText('解決')).toBeInTheDocument();
    expect(read).toEqual(['RP2026000017']);
    unmount();

    renderApp('/en-US/ipci/protect/publicity?no=RP2026000099');
    expect(await screen.findByText('This publicity entry could not be found', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('no='));
  });
});

describe('admin rightPublic', () => {
  test('the list shows drafts with their state and filters by it', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/protection/publicity', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [entry({ published: false, publishedAt: null, caseId: CASE }), SECOND], next: null });
      }),
    );
    renderApp('/admin/rightPublic', { user: ADMIN });
    const rows = await screen.findAllByTestId('admin-publicity-row', {}, { timeout: 8000 });
    expect(rows[0]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('Published');
    expect(within(screen.getByTestId('staff-menu')).getByText('Protection publicity')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByTestId('admin-publicity-published'), 'false');
    await waitFor(() => expect(queries.at(-1)!.get('published')).toBe('false'));
  });

  test('the edit form checks the fields with the domain schema, then publishing asks once more and saves', async () => {
    let put: any = null;
    const draft = entry({ published: false, publishedAt: null, caseId: CASE });
    server.use(
      http.get('*/api/admin/protection/publicity/:id', () => HttpResponse.json({ entry: put ? { ...draft, ...put, publishedAt: '2026-11-25T01:00:00Z' } : draft })),
      http.put('*/api/admin/protection/publicity/:id', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ entry: { ...draft, ...put } });
      }),
    );
    renderApp(`/admin/rightPublic/edit/${ID}`, { user: ADMIN });
    const title = (await screen.findByLabelText('Title (Chinese)', {}, { timeout: 8000 })) as HTMLInputElement;
    expect(title.value).toBe('山海图著作权维权');
    await userEvent.clear(title);
    await userEvent.clear(screen.getByLabelText('Processed on'));
    await userEvent.type(screen.getByLabelText('Processed on'), '20.11.2026');
    await userEvent.click(screen.getByTestId('publicity-submit'));
    expect(await screen.findByTestId('error-titleZh')).toHaveTextContent('This field is required');
    expect(screen.getByTestId('error-processedOn')).toBeInTheDocument();
    expect(put).toBeNull();

    await userEvent.type(title, '山海图维权公示');
    await userEvent.clear(screen.getByLabelText('Processed on'));
    await userEvent.type(screen.getByLabelText('Processed on'), '2026-11-22');
    await userEvent.click(screen.getByLabelText('Published (shown on the public publicity list)'));
    await userEvent.click(screen.getByTestId('publicity-submit'));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Anyone can then read it');
    expect(put).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(put).toEqual({ ...Object.fromEntries(Object.entries(draft).filter(([k]) => !['id', 'publicityNo', 'caseId', 'publishedAt', 'createdAt', 'updatedAt'].includes(k))), titleZh: '山海图维权公示', processedOn: '2026-11-22', published: true }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/admin/rightPublic/detail/${ID}`));
    expect(await screen.findByTestId('admin-publicity-detail')).toBeInTheDocument();
  });

  test('the detail links to the case and withdraws a published entry after confirmation', async () => {
    let put: any = null;
    server.use(
      http.get('*/api/admin/protection/publicity/:id', () => HttpResponse.json({ entry: entry({ caseId: CASE }) })),
      http.put('*/api/admin/protection/publicity/:id', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ entry: entry({ caseId: CASE, published: false, publishedAt: null }) });
      }),
    );
    renderApp(`/admin/rightPublic/detail/${ID}`, { user: ADMIN });
    const caseLink = within(await screen.findByTestId('admin-publicity-case', {}, { timeout: 8000 })).getByRole('link');
    expect(caseLink).toHaveAttribute('href', `/admin/rightProtect/audit/${CASE}`);
    expect(screen.getByTestId('publicity-state')).toHaveTextContent('Published');
    await userEvent.click(screen.getByTestId('admin-publicity-toggle'));
    const alert = await screen.findByRole('alertdialog');
    await userEvent.click(within(alert).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(put).toMatchObject({ published: false, titleZh: '山海图著作权维权' }));
    await waitFor(() => expect(screen.getByTestId('publicity-state')).toHaveTextContent('Draft'));
    expect(screen.getByTestId('admin-publicity-toggle')).toHaveTextContent('Publish');
  });
});

test('the protection centre shows the latest published entries, each linking to its dialog', async () => {
  const asked: string[] = [];
  server.use(
    http.get('*/api/public/protection/publicity', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('limit') ?? '');
      return HttpResponse.json({ items: [entry(), SECOND], next: 'more' });
    }),
  );
  renderApp('/en-US/ipci/protect');
  const items = await screen.findAllByTestId('latest-publicity-item', {}, { timeout: 8000 });
  expect(asked).toEqual(['5']);
  expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Mountains and Seas copyright case'), expect.stringContaining('青龙商标维权')]);
  expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/en-US/ipci/protect/publicity?no=RP2026000017');
  expect(within(screen.getByTestId('latest-publicity')).getByRole('link', { name: /All publicity entries/ })).toHaveAttribute('href', '/en-US/ipci/protect/publicity');
});
