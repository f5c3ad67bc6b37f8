import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LawFirmApplicationJson, LawFirmPublicJson } from '../../domain/lawFirms';
import { chinaDate } from '../../domain/dates';
import { LAW_FIRM_FIELDS } from '../../domain/lawFirms';
import { ADMIN, renderApp, REVIEWER, USER } from './support/render';
import { noTimeline, server } from './support/server';
import { claimedTask } from './support/tasks';

const FIRM = '55555555-5555-4555-8555-555555555555';
const OTHER = '56565656-5656-4565-8565-565656565656';
const IMG = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const DOC = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const ORDER = '99999999-9999-4999-8999-999999999999';

/** The firm's own particulars, the same on its public page and in its form. */
const king = () => ({
  foundedOn: '1993-05-01',
  organisationForm: 'partnership' as const,
  registeredAddress: '北京市朝阳区东三环中路1号',
  businessAddress: '北京市朝阳区建国门外大街2号',
  lawyers: 120,
  countries: ['CN', 'JP'],
  contactName: '王律师',
  contactPhone: '13800138000',
  email: 'ip@king.example.com',
  website: 'https://king.example.com',
});

const firm = (over: Partial<LawFirmPublicJson> = {}): LawFirmPublicJson => ({
  id: FIRM,
  names: { zh: '金杜律师事务所', en: 'King Law Firm', ja: '' },
  ...king(),
  introduction: 'An IP practice since 1993.',
  achievements: 'Won the landmark animation case.',
  displayImages: [`/api/public/lawfirms/${FIRM}/images/${IMG}`],
  detailImages: [],
  recommended: true,
  listedAt: '2026-01-10T02:00:00Z',
  ...over,
});

const data = () => ({
  nameZh: '金杜律师事务所',
  nameEn: 'King Law Firm',
  nameJa: '',
  ...king(),
  introduction: '',
  achievements: '',
  displayImages: [IMG],
  detailImages: [],
  licence: [DOC],
  qualification: [DOC],
});

const application = (over: Partial<LawFirmApplicationJson> = {}): LawFirmApplicationJson => ({
  id: FIRM,
  state: 'documents',
  data: data(),
  names: { zh: '金杜律师事务所', en: 'King Law Firm', ja: '' },
  recommended: false,
  round: 1,
  reviewFlags: null,
  orderId: null,
  paymentDueAt: null,
  listedAt: null,
  listedUntil: null,
  suspendedReason: null,
  agreementVersion: '2026-11',
  createdAt: '2026-11-20T02:00:00Z',
  updatedAt: '2026-11-20T02:00:00Z',
  ...over,
});

const uploads = { [IMG]: { id: IMG, kind: 'showcase', mime: 'image/png', size: 10, width: 840, height: 580, originalName: 'office.png' }, [DOC]: { id: DOC, kind: 'licence', mime: 'application/pdf', size: 10, width: null, height: null, originalName: 'licence.pdf' } };

describe('law-firm directory', () => {
  test('shows the firms in the server order (recommended first) and sends the country filter and the search', async () => {
    const queries: URLSearchParams[] = [];
    const plain = firm({ id: OTHER, names: { zh: '中伦律师事务所', en: '', ja: '' }, recommended: false, countries: ['US'] });
    server.use(
      http.get('*/api/public/lawfirms', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        if (q.get('country') === 'US') return HttpResponse.json({ items: [plain], next: null });
        return HttpResponse.json({ items: [firm(), plain], next: null });
      }),
    );
    renderApp('/en-US/ipci/protect/legalrights');
    const cards = await screen.findAllByTestId('lawfirm-card', {}, { timeout: 8000 });
    expect(cards).toHaveLength(2);
    // The reader's language, else the Chinese name.
    expect(within(cards[0]).getByTestId('lawfirm-name')).toHaveTextContent('King Law Firm');
    expect(within(cards[0]).getByTestId('lawfirm-recommended')).toBeInTheDocument();
    expect(within(cards[0]).getByTestId('lawfirm-countries')).toHaveTextContent('China, Japan');
    expect(cards[0]).toHaveTextContent('Partnership');
    expect(cards[0]).toHaveTextContent('120 lawyers');
    expect(within(cards[1]).getByTestId('lawfirm-name')).toHaveTextContent('中伦律师事务所');
    expect(within(cards[1]).queryByTestId('lawfirm-recommended')).toBeNull();

    await userEvent.selectOptions(screen.getByTestId('lawfirm-country'), 'US');
    await waitFor(() => expect(screen.getAllByTestId('lawfirm-card')).toHaveLength(1));
    expect(queries.at(-1)!.get('country')).toBe('US');

    await userEvent.type(screen.getByTestId('lawfirm-search'), '中伦{Enter}');
    await waitFor(() => expect(queries.at(-1)!.get('q')).toBe('中伦'));
    expect(queries.at(-1)!.get('country')).toBe('US');
  });

  test('the detail shows every public field, the pictures and the legal-help link', async () => {
    server.use(
      http.get('*/api/public/lawfirms/:id', () => HttpResponse.json({ firm: firm({ detailImages: [`/api/public/lawfirms/${FIRM}/images/x2`] }) })),
      http.get('*/api/protection/ipcis', () => HttpResponse.json({ certified: true, ipcis: [] })),
      http.get('*/api/public/lawfirms', () => HttpResponse.json({ items: [firm()], next: null })),
    );
    renderApp(`/en-US/ipci/protect/legalrightsdetail/${FIRM}`, { user: USER });
    expect(await screen.findByTestId('lawfirm-title', {}, { timeout: 8000 })).toHaveTextContent('King Law Firm');
    expect(screen.getByTestId('lawfirm-nameZh')).toHaveTextContent('金杜律师事务所');
    expect(screen.getByTestId('lawfirm-nameEn')).toHaveTextContent('King Law Firm');
    expect(screen.getByTestId('lawfirm-foundedOn')).toHaveTextContent('May 1, 1993');
    expect(screen.getByTestId('lawfirm-organisationForm')).toHaveTextContent('Partnership');
    expect(screen.getByTestId('lawfirm-registeredAddress')).toHaveTextContent('东三环中路1号');
    expect(screen.getByTestId('lawfirm-businessAddress')).toHaveTextContent('建国门外大街2号');
    expect(screen.getByTestId('lawfirm-lawyers')).toHaveTextContent('120');
    expect(screen.getByTestId('lawfirm-countries')).toHaveTextContent('China, Japan');
    expect(screen.getByTestId('lawfirm-contactName')).toHaveTextContent('王律师');
    expect(screen.getByTestId('lawfirm-contactPhone')).toHaveTextContent('13800138000');
    expect(screen.getByTestId('lawfirm-email')).toHaveTextContent('ip@king.example.com');
    expect(screen.getByTestId('lawfirm-website')).toHaveAttribute('href', 'https://king.example.com');
    expect(screen.getByTestId('lawfirm-introduction')).toHaveTextContent('An IP practice since 1993.');
    expect(screen.getByTestId('lawfirm-achievements')).toHaveTextContent('landmark animation case');
    expect(within(screen.getByTestId('lawfirm-gallery')).getAllByRole('img')).toHaveLength(2);

    const help = screen.getByTestId('lawfirm-legal-help');
    expect(help).toHaveAttribute('href', `/en-US/ipci/protect/rightprocess?kind=legal&firm=${FIRM}`);
    await userEvent.click(help);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/protect/rightprocess?kind=legal&firm=${FIRM}`));
  });

  test('a firm that is not listed is not found', async () => {
    server.use(http.get('*/api/public/lawfirms/:id', () => HttpResponse.json({ message: 'No such law firm', code: 'notFound' }, { status: 404 })));
    renderApp(`/en-US/ipci/protect/legalrightsdetail/${FIRM}`);
    expect(await screen.findByText('No such law firm', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('law-firm listing application', () => {
  test('asks a signed-out visitor to sign in', async () => {
    renderApp('/en-US/ipci/protect/lawapply', { user: null });
    expect(await screen.findByText('Please log in', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('lawfirm-agreement')).toBeNull();
  });

  test('the agreement comes first; the form checks the required prompts and shows the server\'s field errors', async () => {
    let posted: any = null;
    server.use(
      http.get('*/api/lawfirm/application', () => HttpResponse.json({ application: null, uploads: {} })),
      http.post('*/api/uploads', async ({ request }) => {
        const kind = ((await request.formData()).get('kind') as string) ?? 'showcase';
        return HttpResponse.json(kind === 'showcase' ? uploads[IMG] : uploads[DOC]);
      }),
      http.post('*/api/lawfirm/application', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ message: 'The request has errors', code: 'validation', fields: { website: 'The website does not answer' } }, { status: 422 });
      }),
    );
    renderApp('/en-US/ipci/protect/lawapply', { user: USER });
    const agreement = await screen.findByTestId('lawfirm-agreement', {}, { timeout: 8000 });
    expect(agreement).toHaveTextContent('within 10 working days');
    expect(agreement).toHaveTextContent('Version 2026-11');
    expect(screen.queryByTestId('lawfirm-form')).toBeNull();
    const go = screen.getByTestId('lawfirm-agreement-continue');
    expect(go).toBeDisabled();
    await userEvent.click(within(agreement).getByRole('checkbox'));
    await userEvent.click(go);

    const form = await screen.findByTestId('lawfirm-form');
    await userEvent.click(screen.getByTestId('lawfirm-form-submit'));
    for (const message of [
      'Name cannot be empty',
      'Choose the form of organisation',
      'Enter the registered address',
      'Enter the business address',
      'Enter the number of lawyers',
      'Choose the countries you serve',
      'Enter the contact name',
      'Enter the contact phone',
      'Enter the e-mail address',
      'Enter the website address',
      'Upload at least one display picture',
      'Upload the business licence',
      'Upload the qualification proof',
    ])
      expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(posted).toBeNull();

    const type = (name: string, text: string) => userEvent.type(document.getElementById(`lawfirm-form-${name}`)!, text);
    await type('nameZh', '金杜律师事务所');
    await userEvent.selectOptions(document.getElementById('lawfirm-form-organisationForm')!, 'partnership');
    await type('registeredAddress', '北京市朝阳区东三环中路1号');
    await type('businessAddress', '北京市朝阳区建国门外大街2号');
    await type('lawyers', '120');
    await userEvent.click(document.getElementById('lawfirm-form-countries')!);
    await userEvent.type(document.getElementById('lawfirm-form-countries')!, 'Japan');
    await userEvent.click(await screen.findByText('Japan'));
    await type('contactName', '王律师');
    await type('contactPhone', '13800138000');
    await type('email', 'ip@king.example.com');
    await type('website', 'https://king.example.com');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'office.png', { type: 'image/png' });
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'licence.pdf', { type: 'application/pdf' });
    const fileInput = (name: string) => screen.getByTestId(`upload-lawfirm-form-${name}`).querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(fileInput('displayImages'), png);
    await within(screen.getByTestId('upload-lawfirm-form-displayImages')).findByRole('img', { name: 'office.png' });
    await userEvent.upload(fileInput('licence'), pdf);
    await within(screen.getByTestId('upload-lawfirm-form-licence')).findByText('licence.pdf');
    await userEvent.upload(fileInput('qualification'), pdf);
    await within(screen.getByTestId('upload-lawfirm-form-qualification')).findByText('licence.pdf');
    await userEvent.click(screen.getByTestId('lawfirm-form-submit'));

    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toMatchObject({ nameZh: '金杜律师事务所', organisationForm: 'partnership', lawyers: 120, countries: ['JP'], displayImages: [IMG], licence: [DOC], qualification: [DOC], agreementAccepted: true });
    expect(await screen.findByTestId('error-website')).toHaveTextContent('The website does not answer');
  });

  test('a picture the server refuses shows its message on the field', async () => {
    server.use(
      http.get('*/api/lawfirm/application', () => HttpResponse.json({ application: null, uploads: {} })),
      http.post('*/api/uploads', () => HttpResponse.json({ message: 'The picture must be landscape and at least 420 × 290 pixels', code: 'validation' }, { status: 422 })),
    );
    renderApp('/en-US/ipci/protect/lawapply', { user: USER });
    const agreement = await screen.findByTestId('lawfirm-agreement', {}, { timeout: 8000 });
    await userEvent.click(within(agreement).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('lawfirm-agreement-continue'));
    await screen.findByTestId('lawfirm-form');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'portrait.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('upload-lawfirm-form-displayImages').querySelector('input[type=file]') as HTMLInputElement, png);
    expect(await screen.findByTestId('error-displayImages')).toHaveTextContent('at least 420 × 290 pixels');
  });

  test('an open application shows its state; in correction the page edits it with staff\'s reasons on the flagged fields', async () => {
    server.use(http.get('*/api/lawfirm/application', () => HttpResponse.json({ application: application({ state: 'review' }), uploads })));
    const first = renderApp('/en-US/ipci/protect/lawapply', { user: USER });
    const existing = await screen.findByTestId('lawfirm-existing', {}, { timeout: 8000 });
    expect(existing).toHaveTextContent('Under review');
    expect(within(existing).getByRole('link', { name: 'View my application' })).toHaveAttribute('href', '/en-US/ipci/usercenter/lawfirm');
    first.unmount();

    let put: any = null;
    server.use(
      http.get('*/api/lawfirm/application', () =>
        HttpResponse.json({ application: application({ state: 'correction', round: 1, reviewFlags: { website: 'The site is not the firm\'s', lawyers: 'Not matching the licence' } }), uploads }),
      ),
      http.put('*/api/lawfirm/application', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ application: application({ state: 'review', round: 2 }) });
      }),
      noTimeline('lawFirmListing'),
    );
    renderApp('/en-US/ipci/protect/lawapply', { user: USER });
    expect(await screen.findByTestId('lawfirm-correction', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('lawfirm-agreement')).toBeNull();
    expect(screen.getByTestId('reason-website')).toHaveTextContent('The site is not the firm\'s');
    expect(screen.getByTestId('reason-lawyers')).toHaveTextContent('Not matching the licence');
    expect(screen.queryByTestId('reason-nameZh')).toBeNull();
    expect(document.getElementById('lawfirm-form-nameZh')).toHaveValue('金杜律师事务所');
    await userEvent.clear(document.getElementById('lawfirm-form-website')!);
    await userEvent.type(document.getElementById('lawfirm-form-website')!, 'https://kinglaw.example.com');
    await userEvent.click(screen.getByTestId('lawfirm-form-submit'));
    await waitFor(() => expect(put).toMatchObject({ website: 'https://kinglaw.example.com', lawyers: 120, licence: [DOC] }));
    expect(put.agreementAccepted).toBeUndefined();
  });
});

describe('user centre: law-firm listing', () => {
  test('awaiting payment: the pay link and the due date; listed near the end of the term: renew', async () => {
    server.use(
      http.get('*/api/lawfirm/application', () => HttpResponse.json({ application: application({ state: 'awaitingPayment', orderId: ORDER, paymentDueAt: '2026-12-04T15:59:59Z' }), uploads })),
      noTimeline('lawFirmListing'),
    );
    const first = renderApp('/en-US/ipci/usercenter/lawfirm', { user: USER });
    const pay = await screen.findByTestId('lawfirm-payment', {}, { timeout: 8000 });
    expect(screen.getByTestId('lawfirm-due')).toHaveTextContent('Dec 4, 2026, 23:59 (China time)');
    expect(within(pay).getByTestId('lawfirm-pay')).toHaveAttribute('href', `/en-US/ipci/usercenter/pay/${ORDER}`);
    expect(screen.getByTestId('uc-lawFirmListing')).toHaveClass('bp6-active');
    first.unmount();

    // The term ends in ten days (China date): the renewal window is open.
    const until = chinaDate(new Date(Date.now() + 10 * 86_400_000));
    let renewed = false;
    server.use(
      http.get('*/api/lawfirm/application', () => HttpResponse.json({ application: application({ state: 'listed', listedAt: '2025-12-01T02:00:00Z', listedUntil: until }), uploads })),
      http.post('*/api/lawfirm/application/renew', () => {
        renewed = true;
        return HttpResponse.json({ application: application({ state: 'listed', listedAt: '2025-12-01T02:00:00Z', listedUntil: until, orderId: ORDER }) });
      }),
      http.get('*/api/orders/:id', () => HttpResponse.json({ message: 'x', code: 'notFound' }, { status: 404 })),
    );
    renderApp('/en-US/ipci/usercenter/lawfirm', { user: USER });
    expect(await screen.findByTestId('lawfirm-term', {}, { timeout: 8000 })).toHaveTextContent('Dec 1, 2025');
    await userEvent.click(screen.getByTestId('lawfirm-renew'));
    const dialog = await screen.findByRole('alertdialog');
    expect(renewed).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Renew the listing' }));
    await waitFor(() => expect(renewed).toBe(true));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/pay/${ORDER}`));
  });

  test('outside the renewal window there is no renew button; correction shows the flags and the way to correct', async () => {
    server.use(
      http.get('*/api/lawfirm/application', () => HttpResponse.json({ application: application({ state: 'listed', listedAt: '2026-11-01T02:00:00Z', listedUntil: '2099-11-01' }), uploads })),
      noTimeline('lawFirmListing'),
    );
    const first = renderApp('/en-US/ipci/usercenter/lawfirm', { user: USER });
    await screen.findByTestId('lawfirm-term', {}, { timeout: 8000 });
    expect(screen.queryByTestId('lawfirm-renew')).toBeNull();
    first.unmount();

    // A renewal under way: the firm stays listed with the renewal order due, and pays it from here.
    server.use(
      http.get('*/api/lawfirm/application', () =>
        HttpResponse.json({ application: application({ state: 'listed', listedAt: '2025-12-01T02:00:00Z', listedUntil: chinaDate(new Date(Date.now() + 10 * 86_400_000)), orderId: ORDER, paymentDueAt: '2026-12-04T15:59:59Z' }), uploads }),
      ),
    );
    const renewing = renderApp('/en-US/ipci/usercenter/lawfirm', { user: USER });
    expect(await screen.findByTestId('lawfirm-pay', {}, { timeout: 8000 })).toHaveAttribute('href', `/en-US/ipci/usercenter/pay/${ORDER}`);
    expect(screen.queryByTestId('lawfirm-renew')).toBeNull();
    renewing.unmount();

    server.use(http.get('*/api/lawfirm/application', () => HttpResponse.json({ application: application({ state: 'correction', reviewFlags: { website: 'The site is not the firm\'s' } }), uploads })));
    renderApp('/en-US/ipci/usercenter/lawfirm', { user: USER });
    const flags = await screen.findByTestId('lawfirm-flags', {}, { timeout: 8000 });
    expect(flags).toHaveTextContent('Website: The site is not the firm\'s');
    expect(within(flags).getByTestId('lawfirm-correct')).toHaveAttribute('href', '/en-US/ipci/protect/lawapply');
  });
});

describe('back office: law firms', () => {
  test('recheck suspends with the reason after a confirmation', async () => {
    let posted: any = null;
    const listed = application({ state: 'listed', listedAt: '2026-01-10T02:00:00Z', listedUntil: '2027-01-10' });
    server.use(
      http.get('*/api/admin/lawfirms/:id', () => HttpResponse.json({ application: listed, applicant: { id: USER.id, username: 'alice', displayName: 'Alice Zhang' }, uploads, workflowUrl: 'http://localhost:8233/x', task: null })),
      http.post('*/api/admin/lawfirms/:id/recheck', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ application: { ...listed, state: 'suspended', suspendedReason: posted.reason } });
      }),
      noTimeline('lawFirmListing'),
    );
    renderApp(`/admin/lawFirm/recheck/${FIRM}`, { user: ADMIN });
    const form = await screen.findByTestId('admin-lawfirm-recheck', {}, { timeout: 8000 });
    await userEvent.click(within(form).getByRole('button', { name: 'Suspend the listing' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Reason'), 'Licence revoked by the bureau');
    await userEvent.click(within(form).getByRole('button', { name: 'Suspend the listing' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Suspend this firm\'s listing?');
    expect(posted).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted).toEqual({ action: 'suspend', reason: 'Licence revoked by the bureau' }));
    await waitFor(() => expect(screen.getAllByTestId('lawfirm-state')[0]).toHaveTextContent('Suspended'));
  });

  test('staff edit the listing with the domain schema and PUT it', async () => {
    let put: any = null;
    const listed = application({ state: 'listed', listedAt: '2026-01-10T02:00:00Z', listedUntil: '2027-01-10' });
    server.use(
      http.get('*/api/admin/lawfirms/:id', () => HttpResponse.json({ application: put ? { ...listed, data: put } : listed, applicant: null, uploads, workflowUrl: 'http://localhost:8233/x', task: null })),
      http.put('*/api/admin/lawfirms/:id', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ application: { ...listed, data: put } });
      }),
    );
    renderApp(`/admin/lawFirm/edit/${FIRM}`, { user: ADMIN });
    await screen.findByTestId('admin-lawfirm-form', {}, { timeout: 8000 });
    await userEvent.clear(document.getElementById('admin-lawfirm-form-contactPhone')!);
    await userEvent.click(screen.getByTestId('admin-lawfirm-form-submit'));
    expect(await screen.findByText('Enter the contact phone')).toBeInTheDocument();
    expect(put).toBeNull();
    await userEvent.type(document.getElementById('admin-lawfirm-form-contactPhone')!, '+81 3 1234 5678');
    await userEvent.click(screen.getByTestId('admin-lawfirm-form-submit'));
    await waitFor(() => expect(put).toEqual({ ...data(), contactPhone: '+81 3 1234 5678' }));
    expect(await screen.findByTestId('admin-lawfirm-detail')).toHaveTextContent('+81 3 1234 5678');
  });

  test('the list filters by state; the recommendation is written after a confirmation', async () => {
    const queries: URLSearchParams[] = [];
    let recommended: any = null;
    const row = { ...application({ state: 'listed', listedAt: '2026-01-10T02:00:00Z', listedUntil: '2027-01-10' }), applicant: { id: USER.id, username: 'alice', displayName: 'Alice Zhang' } };
    server.use(
      http.get('*/api/admin/lawfirms', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [row], next: null });
      }),
      http.get('*/api/admin/lawfirms/:id', () => HttpResponse.json({ application: row, applicant: row.applicant, uploads, workflowUrl: 'http://localhost:8233/x', task: { taskId: 'lawFirmListing/x/review/1', step: 'review', status: 'open' } })),
      http.put('*/api/admin/lawfirms/:id/recommended', async ({ request }) => {
        recommended = await request.json();
        return HttpResponse.json({ application: { ...row, recommended: true } });
      }),
      noTimeline('lawFirmListing'),
    );
    renderApp('/admin/lawFirm', { user: ADMIN });
    expect(await screen.findAllByTestId('admin-lawfirm-row', {}, { timeout: 8000 })).toHaveLength(1);
    await userEvent.selectOptions(screen.getByTestId('admin-lawfirm-state'), 'listed');
    await waitFor(() => expect(queries.at(-1)!.get('state')).toBe('listed'));
    await userEvent.click(screen.getByRole('link', { name: 'Audit' }));

    expect(await screen.findByTestId('admin-lawfirm-audit')).toHaveTextContent('King Law Firm');
    expect(screen.getByTestId('admin-lawfirm-task')).toHaveAttribute('href', `/manage/tasks/${encodeURIComponent('lawFirmListing/x/review/1')}`);
    expect(screen.getByTestId('lawfirm-field-website')).toHaveTextContent('https://king.example.com');
    expect(screen.getByTestId('lawfirm-field-licence')).toHaveTextContent('licence.pdf');
    await userEvent.click(screen.getByTestId('admin-lawfirm-recommend'));
    const dialog = await screen.findByRole('alertdialog');
    expect(recommended).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(recommended).toEqual({ recommended: true }));
    expect(await screen.findByTestId('lawfirm-recommended')).toBeInTheDocument();
  });

  test('the inbox review task shows the application with its files, and the decision flags its fields', async () => {
    let completed: any = null;
    const task = claimedTask({
      id: 'lawFirmListing/x/review/2', queue: 'directory', caseKind: 'lawFirmListing', caseId: FIRM, step: 'review', title: 'King Law Firm',
      dueAt: '2026-11-28T10:00:00Z', slaWorkingDays: 7, createdAt: '2026-11-21T10:00:00Z',
    });
    server.use(
      http.get('*/api/tasks/:id', () =>
        HttpResponse.json({
          task,
          subject: { application: application({ state: 'review', round: 2, reviewFlags: { website: 'The site is not the firm\'s' } }), user: { id: USER.id, username: 'alice', displayName: 'Alice Zhang' }, uploads },
          fields: LAW_FIRM_FIELDS,
          workflowUrl: 'http://localhost:8233/x',
        }),
      ),
      http.post('*/api/tasks/:id/complete', async ({ request }) => {
        completed = await request.json();
        return HttpResponse.json({ task: { ...task, status: 'done' } });
      }),
      noTimeline('lawFirmListing'),
    );
    renderApp(`/manage/tasks/${encodeURIComponent(task.id)}`, { user: REVIEWER });
    const subject = await screen.findByTestId('lawfirm-subject', {}, { timeout: 8000 });
    expect(subject).toHaveTextContent('round 2');
    // The task page's own applicant panel names the applying account (the subject's `user`).
    expect(screen.getByText('Alice Zhang (alice)')).toBeInTheDocument();
    expect(within(subject).getByTestId('lawfirm-field-organisationForm')).toHaveTextContent('Partnership');
    expect(within(subject).getByTestId('lawfirm-field-countries')).toHaveTextContent('China, Japan');
    expect(within(subject).getByTestId('lawfirm-field-displayImages').querySelector('img')).toHaveAttribute('src', `/api/uploads/${IMG}`);
    expect(within(subject).getByTestId('lawfirm-field-qualification')).toHaveTextContent('licence.pdf');
    expect(within(subject).getByTestId('lawfirm-flag-website')).toHaveTextContent('The site is not the firm\'s');

    const form = screen.getByTestId('decision-form');
    await userEvent.click(within(form).getByLabelText('Fail'));
    await userEvent.click(within(form).getByLabelText('Number of lawyers'));
    await userEvent.type(within(form).getByLabelText('Reason: Number of lawyers'), 'The licence lists 80');
    await userEvent.click(within(form).getByRole('button', { name: 'Fail with reasons' }));
    await waitFor(() => expect(completed).toEqual({ outcome: 'fail', reasons: { lawyers: 'The licence lists 80' }, comment: '' }));
  });
});
