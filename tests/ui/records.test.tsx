import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TradeRecordJson } from '../../domain/tradeRecords';
import { ADMIN, renderApp, USER } from './support/render';
import { server } from './support/server';

const IPCI = '66666666-6666-4666-8666-666666666666';
const RECORD = '77777777-7777-4777-8777-777777777777';

const scopes = [
  { code: 'toys', labels: { 'zh-CN': '玩具', 'en-US': 'Toys', 'ja-JP': '玩具' }, sort: 10, active: true },
  { code: 'apparel', labels: { 'zh-CN': '服装服饰', 'en-US': 'Apparel and accessories', 'ja-JP': 'アパレル・服飾' }, sort: 20, active: true },
  { code: 'oldScope', labels: { 'zh-CN': '旧范围', 'en-US': 'Old scope', 'ja-JP': '旧範囲' }, sort: 30, active: false },
];

const record = (over: Partial<TradeRecordJson> = {}): TradeRecordJson => ({
  id: RECORD,
  ipci: { id: IPCI, code: 'IPCI20261000001237', names: { zh: '敦煌飞天', en: 'Flying Apsaras', ja: '' } },
  userId: USER.id,
  tradeId: null,
  licensee: 'Starlight Toys Ltd.',
  scope: ['toys'],
  sublicensing: 'N',
  exclusive: false,
  region: '',
  termFrom: null,
  termTo: null,
  enteredOn: '2026-11-20',
  voucher: null,
  visible: true,
  readOnly: false,
  createdAt: '2026-11-20T08:00:00Z',
  updatedAt: '2026-11-20T08:00:00Z',
  ...over,
});

const dictionary = () => http.get('*/api/dictionaries/rightScope', () => HttpResponse.json({ items: scopes }));

describe('trade record form (user centre)', () => {
  test('checks the domain schema (IP, scope, term order), shows the server\'s field errors, then lands on the record', async () => {
    let posted: any = null;
    let answer: 'refuse' | 'accept' = 'refuse';
    server.use(
      dictionary(),
      http.get('*/api/ipcis', () => HttpResponse.json({ items: [{ id: IPCI, code: 'IPCI20261000001237', ipNames: { zh: '敦煌飞天', en: 'Flying Apsaras', ja: '' } }], next: null })),
      http.post('*/api/trade-records', async ({ request }) => {
        posted = await request.json();
        if (answer === 'refuse') return HttpResponse.json({ status: 400, code: 'validation', message: 'Please check the marked fields', fields: { licensee: 'Licensee refused by the server' } }, { status: 400 });
        return HttpResponse.json({ record: record(), uploads: {} }, { status: 201 });
      }),
      http.get('*/api/trade-records/:id', () => HttpResponse.json({ record: record(), uploads: {} })),
    );
    renderApp('/en-US/ipci/usercenter/addtraderecord', { user: USER });
    await screen.findByTestId('record-form');
    await userEvent.type(document.getElementById('record-licensee')!, 'Starlight Toys Ltd.');
    await userEvent.type(document.getElementById('record-termFrom')!, '2028-01-01');
    await userEvent.type(document.getElementById('record-termTo')!, '2027-01-01');
    await userEvent.click(screen.getByTestId('record-submit'));

    expect(await screen.findByTestId('error-termTo')).toHaveTextContent('The end date cannot be before the start date');
    expect(screen.getByTestId('error-scope')).toHaveTextContent('Choose at least one authorization scope');
    expect(screen.getByTestId('error-ipciId')).toBeInTheDocument();
    expect(posted).toBeNull();

    await userEvent.selectOptions(await screen.findByTestId('record-ip'), IPCI);
    await userEvent.click(screen.getByLabelText('Permanent licence'));
    await userEvent.click(document.getElementById('record-scope')!);
    // Inactive entries are not offered.
    expect(screen.queryByText('Old scope')).toBeNull();
    await userEvent.click(await screen.findByText('Toys'));
    await waitFor(() => expect(screen.queryByTestId('error-scope')).toBeNull());
    await userEvent.click(screen.getByTestId('record-submit'));

    expect(await screen.findByTestId('error-licensee')).toHaveTextContent('Licensee refused by the server');
    expect(screen.getByTestId('form-error')).toHaveTextContent('Please check the marked fields');
    expect(posted).toMatchObject({ ipciId: IPCI, licensee: 'Starlight Toys Ltd.', scope: ['toys'], sublicensing: 'N', exclusive: false, region: '', termPermanent: true, termFrom: '', termTo: '', voucher: '', visible: true });

    answer = 'accept';
    await userEvent.click(screen.getByTestId('record-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/traderecorddetail/${RECORD}`));
    expect(await screen.findByTestId('trade-record-detail')).toHaveTextContent('Starlight Toys Ltd.');
  });

  test('a record a trade wrote offers no edit, only show or hide', async () => {
    let shown: unknown = null;
    server.use(
      dictionary(),
      http.get('*/api/trade-records/:id', () => HttpResponse.json({ record: record({ tradeId: RECORD, readOnly: true }), uploads: {} })),
      http.put('*/api/trade-records/:id/visibility', async ({ request }) => {
        shown = ((await request.json()) as { visible: boolean }).visible;
        return HttpResponse.json({ record: record({ tradeId: RECORD, readOnly: true, visible: false }), uploads: {} });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/traderecorddetail/${RECORD}`, { user: USER });
    const page = await screen.findByTestId('trade-record-detail');
    expect(within(page).getByTestId('record-source')).toHaveTextContent('Platform trade');
    expect(within(page).queryByTestId('edit-record')).toBeNull();
    await userEvent.click(within(page).getByRole('checkbox', { name: 'Shown' }));
    await waitFor(() => expect(shown).toBe(false));
    await waitFor(() => expect(within(page).getByRole('checkbox', { name: 'Shown' })).not.toBeChecked());
  });
});

describe('dictionary editor (back office)', () => {
  test('rightScope: add an entry (schema checked, server refusal shown), then edit one; the list reloads', async () => {
    let items = [...scopes];
    const posted: any[] = [];
    let put: any = null;
    server.use(
      http.get('*/api/admin/dictionaries/rightScope', () => HttpResponse.json({ items, open: true })),
      http.post('*/api/admin/dictionaries/rightScope', async ({ request }) => {
        const body: any = await request.json();
        posted.push(body);
        if (body.code === 'toys') return HttpResponse.json({ status: 409, code: 'conflict', message: 'The code toys exists already' }, { status: 409 });
        items = [...items, { ...body }];
        return HttpResponse.json({ entry: body }, { status: 201 });
      }),
      http.put('*/api/admin/dictionaries/rightScope/:code', async ({ request, params }) => {
        put = { code: params.code, ...((await request.json()) as object) };
        items = items.map((e) => (e.code === params.code ? { ...e, ...put } : e));
        return HttpResponse.json({ entry: put });
      }),
    );
    renderApp('/admin/rightScope', { user: ADMIN });
    expect(await screen.findAllByTestId('dictionary-row')).toHaveLength(3);

    await userEvent.click(screen.getByTestId('dictionary-add'));
    const form = await screen.findByTestId('dictionary-form');
    await userEvent.type(within(form).getByLabelText('Code'), 'bad code');
    await userEvent.click(within(form).getByTestId('dictionary-save'));
    expect(await within(form).findByText('A code has letters, digits, underscores and hyphens only, at most 32 characters')).toBeInTheDocument();
    expect(within(form).getAllByRole('alert').length).toBeGreaterThanOrEqual(4); // code + three labels
    expect(posted).toEqual([]);

    await userEvent.clear(within(form).getByLabelText('Code'));
    await userEvent.type(within(form).getByLabelText('Code'), 'toys');
    await userEvent.type(within(form).getByLabelText('Chinese name'), '主题公园');
    await userEvent.type(within(form).getByLabelText('English name'), 'Theme parks');
    await userEvent.type(within(form).getByLabelText('Japanese name'), 'テーマパーク');
    await userEvent.click(within(form).getByTestId('dictionary-save'));
    expect(await within(form).findByText('The code toys exists already')).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('Code'));
    await userEvent.type(within(form).getByLabelText('Code'), 'themeParks');
    await userEvent.click(within(form).getByTestId('dictionary-save'));
    await waitFor(() => expect(screen.getAllByTestId('dictionary-row')).toHaveLength(4));
    expect(posted[1]).toEqual({ code: 'themeParks', labels: { 'zh-CN': '主题公园', 'en-US': 'Theme parks', 'ja-JP': 'テーマパーク' }, sort: 0, active: true });

    await userEvent.click(screen.getByRole('button', { name: 'Edit apparel' }));
    const edit = await screen.findByTestId('dictionary-form');
    await userEvent.click(within(edit).getByLabelText('Active (offered in forms and filters)'));
    await userEvent.click(within(edit).getByTestId('dictionary-save'));
    await waitFor(() => expect(put).toEqual({ code: 'apparel', labels: scopes[1].labels, sort: 20, active: false }));
    await waitFor(() => expect(within(screen.getAllByTestId('dictionary-row')[1]).getByText('Inactive')).toBeInTheDocument());
  });

  test('ipCategory: codes are fixed, so there is no add button', async () => {
    server.use(
      http.get('*/api/admin/dictionaries/ipCategory', () =>
        HttpResponse.json({ items: [{ code: 'animation', labels: { 'zh-CN': '动画', 'en-US': 'Animation', 'ja-JP': 'アニメーション' }, sort: 10, active: true }], open: false }),
      ),
    );
    renderApp('/admin/ipCategory', { user: ADMIN });
    expect(await screen.findAllByTestId('dictionary-row')).toHaveLength(1);
    expect(screen.queryByTestId('dictionary-add')).toBeNull();
  });
});
