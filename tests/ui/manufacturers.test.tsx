import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ManufacturerApplicationJson, ManufacturerData, ManufacturerPublicJson } from '../../domain/manufacturers';
import { ADMIN, renderApp, USER } from './support/render';
import { noTimeline, server } from './support/server';

const ID = '57575757-5757-4575-8575-575757575757';
const IMG = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const DOC = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

const data = (): ManufacturerData => ({
  nameZh: '华印防伪科技有限公司',
  nameEn: 'Huayin Anti-Counterfeiting Co., Ltd.',
  nameJa: '',
  licence: [DOC],
  website: 'https://huayin.example.com',
  postalCode: '100020',
  descriptionZh: '专业生产防伪标签。',
  descriptionEn: 'Makes anti-counterfeiting labels.',
  descriptionJa: '',
  images: [IMG],
  contactName: '李经理',
  contactPhone: '010-65881234',
  email: 'sales@huayin.example.com',
  address: '北京市朝阳区酒仙桥路 10 号',
});

const application = (over: Partial<ManufacturerApplicationJson> = {}): ManufacturerApplicationJson => ({
  id: ID,
  state: 'review',
  data: data(),
  names: { zh: '华印防伪科技有限公司', en: 'Huayin Anti-Counterfeiting Co., Ltd.', ja: '' },
  round: 1,
  reviewFlags: null,
  refusalReason: null,
  listedAt: null,
  suspendedReason: null,
  agreementVersion: '2026-11',
  createdAt: '2026-11-20T02:00:00Z',
  updatedAt: '2026-11-20T02:00:00Z',
  ...over,
});

const listed = (over: Partial<ManufacturerPublicJson> = {}): ManufacturerPublicJson => ({
  id: ID,
  names: { zh: '华印防伪科技有限公司', en: 'Huayin Anti-Counterfeiting Co., Ltd.', ja: '' },
  descriptions: { zh: '专业生产防伪标签。', en: 'Makes anti-counterfeiting labels.', ja: '' },
  website: 'https://huayin.example.com',
  postalCode: '100020',
  contactName: '李经理',
  contactPhone: '010-65881234',
  email: 'sales@huayin.example.com',
  address: '北京市朝阳区酒仙桥路 10 号',
  images: [`/api/public/manufacturers/${ID}/images/${IMG}`],
  listedAt: '2026-11-21T02:00:00Z',
  ...over,
});

const uploads = {
  [IMG]: { id: IMG, kind: 'showcase', mime: 'image/png', size: 10, width: 840, height: 580, originalName: 'factory.png' },
  [DOC]: { id: DOC, kind: 'licence', mime: 'application/pdf', size: 10, width: null, height: null, originalName: 'licence.pdf' },
};

describe('anti-counterfeiting manufacturer directory', () => {
  test('cards show the picture and the name in the reader language; the search goes to the server; the detail shows the description in the reader language', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/public/manufacturers', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [listed()], next: null });
      }),
      http.get(`*/api/public/manufacturers/${ID}`, () => HttpResponse.json({ manufacturer: listed() })),
    );
    renderApp('/ja-JP/ipci/protect/antifake', { user: null, lang: 'ja-JP' });
    const card = await screen.findByTestId('manufacturer-card', {}, { timeout: 8000 });
    // No Japanese name: the Chinese one.
    expect(within(card).getByTestId('manufacturer-name')).toHaveTextContent('华印防伪科技有限公司');
    expect(card.querySelector('img')).toHaveAttribute('src', `/api/public/manufacturers/${ID}/images/${IMG}`);
    await userEvent.type(screen.getByTestId('manufacturer-search'), '华印{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('华印'));

    // The searched list is a new one: its card is found afresh.
    await userEvent.click(within(await screen.findByTestId('manufacturer-card')).getByRole('link'));
    const detail = await screen.findByTestId('manufacturer-detail', {}, { timeout: 8000 });
    expect(within(detail).getByTestId('manufacturer-description')).toHaveTextContent('专业生产防伪标签。');
    expect(within(detail).getByTestId('manufacturer-address')).toHaveTextContent('酒仙桥路');
  });

  test('English readers see the English name and description', async () => {
    server.use(http.get(`*/api/public/manufacturers/${ID}`, () => HttpResponse.json({ manufacturer: listed() })));
    renderApp(`/en-US/ipci/protect/antifake/manufacturer/${ID}`, { user: null });
    expect(await screen.findByTestId('manufacturer-title', {}, { timeout: 8000 })).toHaveTextContent('Huayin Anti-Counterfeiting Co., Ltd.');
    expect(screen.getByTestId('manufacturer-description')).toHaveTextContent('Makes anti-counterfeiting labels.');
  });
});

describe('manufacturer application', () => {
  test('the agreement comes first; the form asks for the name completely and the required fields, then posts the form with the agreement and shows the server field errors', async () => {
    let posted: any = null;
    server.use(
      http.get('*/api/manufacturer/application', () => HttpResponse.json({ application: null, uploads: {} })),
      http.post('*/api/uploads', async ({ request }) => {
        const kind = ((await request.formData()).get('kind') as string) ?? 'showcase';
        return HttpResponse.json(kind === 'showcase' ? uploads[IMG] : uploads[DOC]);
      }),
      http.post('*/api/manufacturer/application', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ message: 'The request has errors', code: 'validation', fields: { postalCode: 'Enter a valid postal code' } }, { status: 400 });
      }),
    );
    renderApp('/en-US/ipci/protect/antifake/apply', { user: USER });
    const agreement = await screen.findByTestId('manufacturer-agreement', {}, { timeout: 8000 });
    expect(agreement).toHaveTextContent('Manufacturer listing agreement');
    expect(agreement).toHaveTextContent('within 7 working days');
    expect(screen.queryByTestId('manufacturer-form')).toBeNull();
    const go = screen.getByTestId('manufacturer-agreement-continue');
    expect(go).toBeDisabled();
    await userEvent.click(within(agreement).getByRole('checkbox'));
    await userEvent.click(go);

    const form = await screen.findByTestId('manufacturer-form');
    await userEvent.click(screen.getByTestId('manufacturer-form-submit'));
    for (const message of ['Please fill in the manufacturer name completely', 'Upload the business licence copy', 'Enter the contact name', 'Enter the contact phone', 'Enter the address'])
      expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(posted).toBeNull();

    const type = (name: string, text: string) => userEvent.type(document.getElementById(`manufacturer-form-${name}`)!, text);
    await type('nameZh', '华印防伪科技有限公司');
    await type('nameEn', 'Huayin');
    await type('postalCode', '1000-20');
    await type('contactName', '李经理');
    await type('contactPhone', '010-65881234');
    await type('address', '北京市朝阳区酒仙桥路 10 号');
    await type('website', 'not a site');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'factory.png', { type: 'image/png' });
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'licence.pdf', { type: 'application/pdf' });
    const fileInput = (name: string) => screen.getByTestId(`upload-manufacturer-form-${name}`).querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(fileInput('licence'), pdf);
    await within(screen.getByTestId('upload-manufacturer-form-licence')).findByText('licence.pdf');
    await userEvent.upload(fileInput('images'), png);
    await within(screen.getByTestId('upload-manufacturer-form-images')).findByRole('img', { name: 'factory.png' });
    // The same schema as the API's: a website must be a web address.
    await userEvent.click(screen.getByTestId('manufacturer-form-submit'));
    expect(await within(form).findByText('Please enter a valid web address')).toBeInTheDocument();
    expect(posted).toBeNull();
    await userEvent.clear(document.getElementById('manufacturer-form-website')!);
    await type('website', 'https://huayin.example.com');
    await userEvent.click(screen.getByTestId('manufacturer-form-submit'));

    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toMatchObject({ nameZh: '华印防伪科技有限公司', nameEn: 'Huayin', licence: [DOC], images: [IMG], contactPhone: '010-65881234', agreementAccepted: true });
    expect(await screen.findByTestId('error-postalCode')).toHaveTextContent('Enter a valid postal code');
  });

  test('in Chinese the missing name reads 请填写完整的厂商名称', async () => {
    server.use(http.get('*/api/manufacturer/application', () => HttpResponse.json({ application: null, uploads: {} })));
    renderApp('/zh-CN/ipci/protect/antifake/apply', { user: USER, lang: 'zh-CN' });
    const agreement = await screen.findByTestId('manufacturer-agreement', {}, { timeout: 8000 });
    await userEvent.click(within(agreement).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('manufacturer-agreement-continue'));
    const form = await screen.findByTestId('manufacturer-form');
    await userEvent.click(screen.getByTestId('manufacturer-form-submit'));
    expect(await within(form).findByText('请填写完整的厂商名称')).toBeInTheDocument();
  });

  test('in correction the page edits the application with staff reasons on the flagged fields and sends it without the agreement', async () => {
    let put: any = null;
    server.use(
      http.get('*/api/manufacturer/application', () =>
        HttpResponse.json({ application: application({ state: 'correction', reviewFlags: { nameEn: 'Give the full English name' }, refusalReason: 'nameIncomplete' }), uploads }),
      ),
      http.put('*/api/manufacturer/application', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ application: application({ state: 'review', round: 2 }) });
      }),
      noTimeline('manufacturerListing'),
    );
    renderApp('/en-US/ipci/protect/antifake/apply', { user: USER });
    expect(await screen.findByTestId('manufacturer-correction', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('manufacturer-agreement')).toBeNull();
    expect(screen.getByTestId('reason-nameEn')).toHaveTextContent('Give the full English name');
    await userEvent.clear(document.getElementById('manufacturer-form-nameEn')!);
    await userEvent.type(document.getElementById('manufacturer-form-nameEn')!, 'Huayin Anti-Counterfeiting Technology Co., Ltd.');
    await userEvent.click(screen.getByTestId('manufacturer-form-submit'));
    await waitFor(() => expect(put).toMatchObject({ nameEn: 'Huayin Anti-Counterfeiting Technology Co., Ltd.', licence: [DOC], images: [IMG] }));
    expect(put.agreementAccepted).toBeUndefined();
  });

  test('the user centre shows the refusal reason and the flags with the way to correct', async () => {
    server.use(
      http.get('*/api/manufacturer/application', () => HttpResponse.json({ application: application({ state: 'correction', reviewFlags: { website: 'The site does not open' }, refusalReason: 'contactUnreachable' }), uploads })),
      noTimeline('manufacturerListing'),
    );
    renderApp('/en-US/ipci/usercenter/manufacturer', { user: USER });
    const flags = await screen.findByTestId('manufacturer-flags', {}, { timeout: 8000 });
    expect(flags).toHaveTextContent('the contact cannot be reached');
    expect(flags).toHaveTextContent('The site does not open');
    expect(within(flags).getByTestId('manufacturer-correct')).toHaveAttribute('href', '/en-US/ipci/protect/antifake/apply');
  });
});

describe('back office: manufacturers', () => {
  test('recheck asks for a reason and a confirmation, then suspends', async () => {
    let posted: any = null;
    server.use(
      http.get(`*/api/admin/manufacturers/${ID}`, () => HttpResponse.json({ application: application({ state: 'listed', listedAt: '2026-11-21T02:00:00Z' }), applicant: null, uploads, task: null })),
      http.post(`*/api/admin/manufacturers/${ID}/recheck`, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ application: application({ state: 'suspended', suspendedReason: posted.reason }) });
      }),
      noTimeline('manufacturerListing'),
    );
    renderApp(`/admin/manufacturer/recheck/${ID}`, { user: ADMIN });
    const form = await screen.findByTestId('admin-manufacturer-recheck', {}, { timeout: 8000 });
    await userEvent.click(within(form).getByRole('button', { name: 'Suspend the listing' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(document.getElementById('admin-manufacturer-recheck-reason')!, 'Licence expired');
    await userEvent.click(within(form).getByRole('button', { name: 'Suspend the listing' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted).toEqual({ action: 'suspend', reason: 'Licence expired' }));
    // Suspended now: listing it again is the action left.
    await waitFor(() => expect(within(screen.getByTestId('admin-manufacturer-recheck')).getByLabelText('List again')).toBeEnabled());
    expect(screen.getByTestId('manufacturer-state')).toHaveTextContent('Suspended');
  });
});
