import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, REVIEWER, USER } from './support/render';
import { server } from './support/server';
import { completeTitleData } from '../support/titleData';
import { titleAudit } from '../../domain/processes/titleAudit';
import { registrationActions, TITLE_STEP_FIELDS, WIZARD_STEPS, type RegistrationState } from '../../domain/titleRegistration';
import { TITLE_FIELD_SPECS } from '../../ui/src/features/titleAudit/fields';

const VERIFIED = { ...USER, identityState: 3 as const };
const DRAFT_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const REG_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const uuid = (n: number) => `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
const IMAGES = [1, 2, 3, 4, 5, 6, 7].map(uuid);
const PROOF = uuid(9);
const FULL = completeTitleData({ images: IMAGES, proof: PROOF });

const el = (name: string) => document.getElementById(`title-${name}`) as HTMLInputElement;
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const currentStep = () => screen.getByRole('listitem', { current: 'step' });

/** An in-memory draft store behind the draft API; `puts` records every save. */
function draftApi(initial: { data?: Record<string, unknown>; step?: string } = {}) {
  const store = { id: DRAFT_ID, data: { ...(initial.data ?? {}) } as Record<string, unknown>, step: initial.step ?? 'notice', createdAt: '2026-11-20T08:00:00Z', updatedAt: '2026-11-20T08:00:00Z' };
  const puts: Array<{ data: Record<string, unknown>; step: string }> = [];
  server.use(
    http.get(`*/api/title/drafts/${DRAFT_ID}`, () => HttpResponse.json({ draft: store })),
    http.put(`*/api/title/drafts/${DRAFT_ID}`, async ({ request }) => {
      const body = (await request.json()) as { data: Record<string, unknown>; step: string };
      puts.push(body);
      Object.assign(store.data, body.data);
      store.step = body.step;
      return HttpResponse.json({ draft: store });
    }),
  );
  return { store, puts };
}

describe('title registration wizard', () => {
  test('every field of every step has a place in the layout', () => {
    for (const step of WIZARD_STEPS) for (const f of TITLE_STEP_FIELDS[step]) expect(TITLE_FIELD_SPECS[f]?.name).toBe(f);
  });

  test('new stores nothing until the first save, which creates the draft once; the wizard then continues at its address; an unverified user is sent to identity', async () => {
    const posts: Array<{ data: Record<string, unknown>; step: string }> = [];
    let fetched = 0;
    const { puts } = draftApi();
    server.use(
      http.post('*/api/title/drafts', async ({ request }) => {
        const body = (await request.json()) as { data: Record<string, unknown>; step: string };
        posts.push(body);
        return HttpResponse.json({ draft: { id: DRAFT_ID, data: body.data, step: body.step, createdAt: '', updatedAt: '' } }, { status: 201 });
      }),
      http.get(`*/api/title/drafts/${DRAFT_ID}`, () => (fetched++, HttpResponse.json({ draft: { id: DRAFT_ID, data: {}, step: 'notice', createdAt: '', updatedAt: '' } }))),
    );
    const { unmount } = renderApp('/en-US/ipci/usercenter/traceability/new', { user: VERIFIED });
    expect(await screen.findByTestId('title-terms')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 1200)));
    expect(posts).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/traceability/new');

    await userEvent.click(el('agreeTerms'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`));
    expect(posts).toEqual([{ data: expect.objectContaining({ agreeTerms: true }), step: 'notice' }]);
    // The same wizard goes on (nothing re-read, the tick kept); later saves update the created draft.
    expect(fetched).toBe(0);
    expect(el('agreeTerms')).toBeChecked();
    await userEvent.click(screen.getByLabelText('Owner'));
    await waitFor(() => expect(puts.at(-1)?.data).toMatchObject({ agreeTerms: true, registrantRole: 'owner' }));
    expect(posts).toHaveLength(1);
    unmount();
    server.use(http.get('*/api/identity', () => HttpResponse.json({ certification: null })));
    renderApp('/en-US/ipci/usercenter/traceability/new', { user: USER });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/identity'));
    expect(posts).toHaveLength(1);
  });

  test("'next' validates the step with the shared schema and shows the field messages", async () => {
    draftApi();
    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    await screen.findByTestId('title-terms');
    await next();
    expect(await screen.findByTestId('error-agreeTerms')).toHaveTextContent('Please agree to the registration terms before continuing');
    expect(screen.getByTestId('error-declareEntitled')).toHaveTextContent('Please confirm that you lawfully hold the IP or are entitled to authorize it');
    expect(screen.getByTestId('error-registrantRole')).toHaveTextContent('Please choose one of the options');
    expect(currentStep()).toHaveTextContent('Notice');

    await userEvent.click(el('agreeTerms'));
    await userEvent.click(screen.getByLabelText('Owner'));
    await userEvent.click(el('declareEntitled'));
    await next();
    expect(currentStep()).toHaveTextContent('Registration type');
    // An existing IPCI code is asked for only in that mode, and checked.
    expect(el('existingIpciCode')).toBeNull();
    await userEvent.click(screen.getByLabelText('Registration with an existing IPCI code'));
    await userEvent.type(el('existingIpciCode'), 'IPCI-nonsense');
    await next();
    expect(await screen.findByTestId('error-existingIpciCode')).toHaveTextContent('Please enter a valid IPCI identification code');
    await userEvent.click(screen.getByLabelText('First registration'));
    await next();
    expect(currentStep()).toHaveTextContent('IP information');
    await next();
    expect(await screen.findByTestId('error-ipNameZh')).toHaveTextContent('Please fill in the IP name completely');
    // Back needs no validation.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentStep()).toHaveTextContent('Registration type');
  });

  test('the draft is saved as the user types and on step change; a reload resumes at the saved step with the saved data', async () => {
    const { puts } = draftApi({ data: { agreeTerms: true, registrantRole: 'owner', declareEntitled: true, registrationMode: 'first' }, step: 'mode' });
    const { unmount } = renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    await screen.findByTestId('step-mode');
    expect(screen.getByLabelText('First registration')).toBeChecked();
    await next();
    await waitFor(() => expect(puts.at(-1)?.step).toBe('ipInfo'));
    await userEvent.type(el('ipNameEn'), 'Blue Porcelain');
    await waitFor(() => expect(puts.at(-1)?.data.ipNameEn).toBe('Blue Porcelain'), { timeout: 3000 });
    // Typing is debounced: not one save per key.
    expect(puts.filter((p) => p.data.ipNameEn).length).toBeLessThan(4);
    expect(await screen.findByTestId('save-state')).toHaveTextContent(/Saved \d{1,2}:\d{2}/);
    unmount();

    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    await screen.findByTestId('step-ipInfo');
    expect(currentStep()).toHaveTextContent('IP information');
    expect(el('ipNameEn')).toHaveValue('Blue Porcelain');
  });

  test('fewer than 5 main images are refused at the step; more than 9 pictures in one batch are refused before upload', async () => {
    let uploads = 0;
    draftApi({ data: { ...FULL, mainImages: IMAGES.slice(1, 4) }, step: 'ipInfo' });
    server.use(http.post('*/api/uploads', () => (uploads++, HttpResponse.json({}, { status: 500 }))));
    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    await screen.findByTestId('step-ipInfo');
    await next();
    expect(await screen.findByTestId('error-mainImages')).toHaveTextContent('At least 5 items');
    expect(currentStep()).toHaveTextContent('IP information');

    const input = screen.getByTestId('upload-title-displayImages').querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('multiple');
    const files = Array.from({ length: 10 }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
    await userEvent.upload(input, files);
    expect(await screen.findByTestId('error-displayImages')).toHaveTextContent('Upload at most 9 pictures at a time');
    // Main images hold 10 at most: 3 there, 8 more is too many.
    const main = screen.getByTestId('upload-title-mainImages').querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(main, files.slice(0, 8));
    expect(await screen.findByTestId('error-mainImages')).toHaveTextContent('At most 10 files here: 7 more can be added');
    expect(uploads).toBe(0);
  });

  test('several pictures upload in one batch and join the list', async () => {
    let n = 0;
    draftApi({ data: { ...FULL, mainImages: IMAGES.slice(1, 4) }, step: 'ipInfo' });
    server.use(
      http.post('*/api/uploads', async ({ request }) => {
        expect((await request.formData()).get('kind')).toBe('ipImage');
        n++;
        return HttpResponse.json({ id: uuid(20 + n), kind: 'ipImage', mime: 'image/png', size: 10, width: 600, height: 400, originalName: `new${n}.png` }, { status: 201 });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    await screen.findByTestId('step-ipInfo');
    const main = screen.getByTestId('upload-title-mainImages').querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(main, [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })]);
    await within(screen.getByTestId('upload-title-mainImages')).findByRole('img', { name: 'new2.png' });
    expect(n).toBe(2);
    await next();
    expect(await screen.findByTestId('step-copyright')).toBeInTheDocument();
  });

  test('an upload shows its real progress (XMLHttpRequest upload events) as a percentage', async () => {
    draftApi({ data: { ...FULL, cover: '' }, step: 'ipInfo' });
    const sent: FakeXhr[] = [];
    class FakeXhr {
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      status = 0;
      responseText = '';
      withCredentials = false;
      open() {}
      setRequestHeader() {}
      send() {
        sent.push(this);
      }
    }
    const real = window.XMLHttpRequest;
    (window as any).XMLHttpRequest = FakeXhr;
    try {
      renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
      await screen.findByTestId('step-ipInfo');
      const input = screen.getByTestId('upload-title-cover').querySelector('input[type=file]') as HTMLInputElement;
      await userEvent.upload(input, new File(['x'.repeat(100)], 'cover.png', { type: 'image/png' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      act(() => sent[0].upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
      expect(screen.getByTestId('progress-title-cover')).toHaveTextContent('Uploading 40%');
      expect(within(screen.getByTestId('upload-title-cover')).getByRole('progressbar')).toBeInTheDocument();
      act(() => sent[0].upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 }));
      expect(screen.getByTestId('progress-title-cover')).toHaveTextContent('Uploading 100%');
      act(() => {
        sent[0].status = 201;
        sent[0].responseText = JSON.stringify({ id: uuid(30), kind: 'ipImage', mime: 'image/png', size: 100, width: 600, height: 400, originalName: 'cover.png' });
        sent[0].onload?.();
      });
      await within(screen.getByTestId('upload-title-cover')).findByRole('img', { name: 'cover.png' });
      expect(screen.queryByTestId('progress-title-cover')).toBeNull();
    } finally {
      (window as any).XMLHttpRequest = real;
    }
  });

  test('the category offers the ipCategory dictionary\'s active entries with the admins\' labels; a category chosen before it was deactivated stays', async () => {
    const entry = (code: string, en: string, sort: number, active: boolean) => ({ code, labels: { 'zh-CN': en, 'en-US': en, 'ja-JP': en }, sort, active });
    server.use(
      http.get('*/api/dictionaries/ipCategory', () =>
        HttpResponse.json({ items: [entry('comics', 'Comics & manga', 2, true), entry('animation', 'Animated works', 1, true), entry('heritage', 'Heritage', 3, false), entry('fineArt', 'Fine art', 4, false)] }),
      ),
    );
    draftApi({ step: 'ipInfo', data: { ...FULL, ipCategory: 'heritage' } });
    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    await waitFor(() => expect(el('ipCategory')).toBeInTheDocument());
    await waitFor(() => expect([...el('ipCategory').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Please choose', 'Animated works', 'Comics & manga', 'Heritage']));
    expect(el('ipCategory').value).toBe('heritage');
  });

  test('copyright dates only for term N; proof fields appear by situation and are required then', async () => {
    draftApi({ data: { ...FULL, termType: 'Y', termFrom: '', termTo: '' }, step: 'copyright' });
    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    await screen.findByTestId('step-copyright');
    expect(el('termFrom')).toBeNull();
    await userEvent.click(screen.getByLabelText('From – to'));
    expect(el('termFrom')).toBeInTheDocument();
    await userEvent.type(el('termFrom'), '2030-01-01');
    await userEvent.type(el('termTo'), '2029-01-01');
    await next();
    expect(await screen.findByTestId('error-termTo')).toHaveTextContent('The end date must be after the start date');
    await userEvent.click(screen.getByLabelText('Permanent'));
    await next();

    await screen.findByTestId('step-risk');
    const risk = within(screen.getByTestId('step-risk'));
    expect(el('riskDescription')).toBeNull();
    const defendant = risk.getAllByLabelText('Yes')[0];
    await userEvent.click(defendant);
    await next();
    expect(await screen.findByTestId('error-riskDescription')).toHaveTextContent('Please describe the dispute or ban');
    await userEvent.click(risk.getAllByLabelText('No')[0]);
    await next();

    await screen.findByTestId('step-proof');
    const proof = within(screen.getByTestId('step-proof'));
    expect(screen.getByText('Required materials')).toBeInTheDocument();
    expect(screen.getByText('Optional materials')).toBeInTheDocument();
    expect(screen.queryByTestId('upload-title-authorizationChain')).toBeNull();
    expect(screen.queryByTestId('upload-title-samples')).toBeNull();
    // originalHolder, then workPublished: the 'No' radios in form order.
    await userEvent.click(proof.getAllByLabelText('No')[0]);
    await userEvent.click(proof.getAllByLabelText('No')[1]);
    expect(screen.getByTestId('upload-title-authorizationChain')).toBeInTheDocument();
    expect(screen.getByTestId('upload-title-samples')).toBeInTheDocument();
    expect(screen.getByTestId('upload-title-creatorId')).toBeInTheDocument();
    await next();
    expect(await screen.findByTestId('error-authorizationChain')).toHaveTextContent('Please upload the authorization chain: you are not the original holder');
    expect(screen.getByTestId('error-samples')).toHaveTextContent('An unpublished work needs samples and the creator');
    expect(screen.getByTestId('error-creatorId')).toHaveTextContent('An unpublished work needs samples and the creator');
    await userEvent.click(proof.getAllByLabelText('Yes')[0]);
    await userEvent.click(proof.getAllByLabelText('Yes')[1]);
    expect(screen.queryByTestId('upload-title-authorizationChain')).toBeNull();
    await next();
    expect(await screen.findByText('Check everything below. Use “Edit” to change a step, then submit for audit.')).toBeInTheDocument();
  });

  test('submit shows the summary with edit links, submits the draft and shows the result with a link to the registration', async () => {
    let posted: unknown = null;
    const { puts } = draftApi({ data: FULL, step: 'submit' });
    server.use(
      http.post('*/api/title/registrations', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ registration: { id: DRAFT_ID, state: 'toAudit' } }, { status: 201 });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    const data = await screen.findByTestId('title-data');
    expect(within(data).getByText('Charm of Blue and White')).toBeInTheDocument();
    expect(within(data).getByText('Can sublicense')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('edit-copyright'));
    expect(currentStep()).toHaveTextContent('Copyright information');
    for (let i = 0; i < 3; i++) await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit for audit' }));
    const result = await screen.findByTestId('result-success');
    expect(result).toHaveTextContent('Audit submitted');
    expect(within(result).getByRole('link', { name: 'View the registration' })).toHaveAttribute('href', `/en-US/ipci/usercenter/traceability/${DRAFT_ID}`);
    expect(posted).toEqual({ draftId: DRAFT_ID });
    expect(puts.length).toBeGreaterThan(0);
  });

  test('a refused submit shows the server messages per field with a way back', async () => {
    draftApi({ data: FULL, step: 'submit' });
    server.use(
      http.post('*/api/title/registrations', () =>
        HttpResponse.json({ status: 400, code: 'validation', message: 'Please check the marked fields', fields: { mainImages: 'Only files you uploaded yourself can be used' } }, { status: 400 }),
      ),
    );
    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit for audit' }));
    const result = await screen.findByTestId('result-failure');
    expect(result).toHaveTextContent('Please check the marked fields');
    expect(screen.getByTestId('result-error-mainImages')).toHaveTextContent('Main images: Only files you uploaded yourself can be used');
    await userEvent.click(within(screen.getByTestId('result-error-mainImages')).getByRole('button', { name: 'Edit' }));
    expect(currentStep()).toHaveTextContent('IP information');
  });
});

const listItem = (state: RegistrationState, over: Record<string, unknown> = {}) => ({
  id: REG_ID,
  state,
  mode: 'first',
  ipNameZh: FULL.ipNameZh,
  ipNameEn: FULL.ipNameEn,
  ipNameJa: FULL.ipNameJa,
  cover: FULL.cover,
  round: 1,
  failureReason: null,
  submittedAt: '2026-11-20T08:00:00Z',
  decidedAt: null,
  actions: registrationActions(state),
  orderId: null,
  ipciId: null,
  ...over,
});

const registration = (state: RegistrationState, over: Record<string, unknown> = {}) => ({
  id: REG_ID,
  state,
  mode: 'first',
  data: FULL,
  flags: null,
  failureReason: null,
  round: 1,
  submittedAt: '2026-11-20T08:00:00Z',
  decidedAt: null,
  actions: registrationActions(state),
  orderId: null,
  workflowUrl: 'http://localhost:8233/x',
  ...over,
});

const caseHandler = () => http.get('*/api/cases/titleAudit/:id', () => HttpResponse.json({ model: titleAudit, events: [], workflowUrl: 'http://localhost:8233/x' }));

describe('registration list and detail', () => {
  test('list: drafts to continue or delete, and each state offers its own actions; cancel asks first', async () => {
    const rows = [
      listItem('toAudit', { id: 'a0000000-0000-4000-8000-000000000001' }),
      listItem('failed', { id: 'a0000000-0000-4000-8000-000000000002', round: 2 }),
      listItem('pendingPayment', { id: 'a0000000-0000-4000-8000-000000000003', orderId: 'order-3' }),
      listItem('completed', { id: 'a0000000-0000-4000-8000-000000000004', ipciId: 'i4' }),
    ];
    let cancelled: string | null = null;
    const seen: URLSearchParams[] = [];
    let drafts = [{ id: DRAFT_ID, data: { ipNameEn: 'Half done' }, step: 'copyright', createdAt: '2026-11-20T08:00:00Z', updatedAt: '2026-11-20T09:00:00Z' }];
    server.use(
      http.get('*/api/title/drafts', () => HttpResponse.json({ items: drafts, next: null })),
      http.delete(`*/api/title/drafts/${DRAFT_ID}`, () => ((drafts = []), new HttpResponse(null, { status: 204 }))),
      http.get('*/api/title/registrations', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: cancelled ? rows.map((r) => (r.id === cancelled ? listItem('cancelled', { id: r.id }) : r)) : rows, next: null });
      }),
      http.post('*/api/title/registrations/:id/cancel', ({ params }) => {
        cancelled = String(params.id);
        return HttpResponse.json({ registration: registration('cancelled', { id: params.id }) });
      }),
    );
    renderApp('/en-US/ipci/usercenter/traceability', { user: VERIFIED });
    const draft = await screen.findByTestId(`draft-${DRAFT_ID}`);
    expect(draft).toHaveTextContent('Half done');
    expect(within(draft).getByRole('button', { name: 'Continue' })).toHaveAttribute('href', `/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`);

    const row = (i: number) => screen.getByTestId(`registration-a0000000-0000-4000-8000-00000000000${i}`);
    await screen.findByTestId('registration-a0000000-0000-4000-8000-000000000001');
    const names = (i: number) => within(row(i)).queryAllByRole('button').map((b) => b.textContent);
    expect(names(1)).toEqual(['View', 'Cancel']);
    expect(names(2)).toEqual(['View', 'Modify', 'Cancel']);
    expect(names(3)).toEqual(['View', 'Pay', 'Cancel']);
    expect(names(4)).toEqual(['View']);
    expect(within(row(2)).getByRole('button', { name: 'Modify' })).toHaveAttribute('href', '/en-US/ipci/usercenter/traceability/a0000000-0000-4000-8000-000000000002?modify=1');
    expect(within(row(3)).getByRole('button', { name: 'Pay' })).toHaveAttribute('href', '/en-US/ipci/usercenter/pay/order-3');
    expect(row(2)).toHaveTextContent('round 2');
    expect(row(4)).toHaveTextContent('Charm of Blue and White');

    await userEvent.click(within(row(1)).getByRole('button', { name: 'Cancel' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Cancel this registration?');
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep it' }));
    expect(cancelled).toBeNull();
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel the registration' }));
    await waitFor(() => expect(cancelled).toBe('a0000000-0000-4000-8000-000000000001'));
    await waitFor(() => expect(row(1)).toHaveTextContent('Cancelled'));
    expect(names(1)).toEqual(['View']);

    await userEvent.selectOptions(screen.getByLabelText('Filter by state'), 'failed');
    await waitFor(() => expect(seen.at(-1)?.get('state')).toBe('failed'));

    await userEvent.click(within(draft).getByRole('button', { name: 'Delete draft' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(screen.queryByTestId(`draft-${DRAFT_ID}`)).toBeNull());
  });

  test('detail: every field read-only, flagged fields with the reason, failure reason, timeline; modify edits only the flagged fields and resubmits with PUT', async () => {
    let put: any = null;
    const flags = { ipNameEn: 'The English name does not match the proof', mainImages: 'Two pictures are blurred' };
    let current = registration('failed', { flags, failureReason: 'conditionsUnmet' });
    server.use(
      caseHandler(),
      http.get(`*/api/title/registrations/${REG_ID}`, () =>
        HttpResponse.json({ registration: current, uploads: { [IMAGES[0]]: { id: IMAGES[0], kind: 'ipImage', mime: 'image/png', size: 10, width: 600, height: 400, originalName: 'cover.png' } } }),
      ),
      http.put(`*/api/title/registrations/${REG_ID}`, async ({ request }) => {
        put = await request.json();
        current = registration('toAudit', { round: 2 });
        return HttpResponse.json({ registration: current });
      }),
    );
    renderApp(`/en-US/ipci/usercenter/traceability/${REG_ID}`, { user: VERIFIED });
    const data = await screen.findByTestId('title-data');
    expect(screen.getByTestId('failure-reason')).toHaveTextContent('Registration conditions not met');
    expect(screen.getByTestId('flag-ipNameEn')).toHaveTextContent('The English name does not match the proof');
    expect(within(data).getByText('Charm of Blue and White').closest('dd')).toHaveClass('ipci-flagged');
    // A picture opens in the preview.
    await userEvent.click(within(data).getByRole('button', { name: 'Preview: cover.png' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByTestId('timeline')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Modify' }));
    await screen.findByTestId('title-modify');
    expect(el('ipNameEn')).toBeEnabled();
    expect(el('ipNameZh')).toBeDisabled();
    expect(el('holder')).toBeDisabled();
    expect(screen.getByTestId('reason-ipNameEn')).toHaveTextContent('The English name does not match the proof');
    expect(screen.queryByTestId('step-copyright')).toBeNull();
    await userEvent.clear(el('ipNameEn'));
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit for audit' }));
    expect(await screen.findByTestId('error-ipNameEn')).toHaveTextContent('Please fill in the IP name completely');
    expect(put).toBeNull();
    await userEvent.type(el('ipNameEn'), 'Blue and White Charm');
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit for audit' }));
    await waitFor(() => expect(put).not.toBeNull());
    expect(put.data).toMatchObject({ ...FULL, ipNameEn: 'Blue and White Charm' });
    await waitFor(() => expect(screen.getByTestId('title-state')).toHaveTextContent('Pending audit'));
    expect(screen.queryByTestId('title-modify')).toBeNull();
  });

  test('an approved registration whose order lapsed orders again and goes to the payment page', async () => {
    let ordered = 0;
    server.use(
      http.get('*/api/title/drafts', () => HttpResponse.json({ items: [], next: null })),
      http.get('*/api/title/registrations', () => HttpResponse.json({ items: [listItem('approved')], next: null })),
      http.post(`*/api/title/registrations/${REG_ID}/order`, () => (ordered++, HttpResponse.json({ registration: registration('pendingPayment', { orderId: 'order-9' }), uploads: {} }))),
    );
    renderApp('/en-US/ipci/usercenter/traceability', { user: VERIFIED });
    const row = await screen.findByTestId(`registration-${REG_ID}`);
    expect(screen.queryByTestId('title-drafts')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/pay/order-9'));
    expect(ordered).toBe(1);
  });

  test('after issue the IPCI code and a link to the certificates', async () => {
    server.use(
      caseHandler(),
      http.get(`*/api/title/registrations/${REG_ID}`, () => HttpResponse.json({ registration: registration('completed', { ipci: { id: 'i1', code: 'IPCI2026100000015' } }), uploads: {} })),
    );
    renderApp(`/zh-CN/ipci/usercenter/traceability/${REG_ID}`, { user: VERIFIED, lang: 'zh-CN' });
    const issued = await screen.findByTestId('ipci-issued');
    expect(issued).toHaveTextContent('IPCI-2026-1-0000001-5');
    expect(within(issued).getByRole('link', { name: '前往我的IPCI证书' })).toHaveAttribute('href', '/zh-CN/ipci/usercenter/certificates');
  });
});

describe('IPCI introduction and staff view', () => {
  test('the introduction shows the fee schedule from /api/fees and starts the wizard', async () => {
    server.use(
      http.get('*/api/fees', () => HttpResponse.json({ fees: { first: 100000, existingIpci: 50050 } })),
    );
    draftApi();
    renderApp('/en-US/ipci/introduce', { user: VERIFIED });
    expect(await screen.findByTestId('fee-first')).toHaveTextContent('First registration¥ 1000.00');
    expect(screen.getByTestId('fee-existingIpci')).toHaveTextContent('¥ 500.50');
    expect(await screen.findByTestId('audit-time')).toHaveTextContent('The audit takes 1 to 5 working days.');
    await userEvent.click(screen.getByRole('button', { name: 'Register now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/traceability/new'));
    expect(await screen.findByTestId('title-terms')).toBeInTheDocument();
  });

  test('the introduction and the wizard state the configured audit time and no other reading of the rules', async () => {
    server.use(http.get('*/api/title/terms', () => HttpResponse.json({ auditWorkingDays: 7 })), http.get('*/api/fees', () => HttpResponse.json({ fees: { first: 1, existingIpci: 1 } })));
    const { unmount } = renderApp('/ja-JP/ipci/introduce', { user: VERIFIED, lang: 'ja-JP' });
    expect(await screen.findByTestId('audit-time')).toHaveTextContent('審査期間は1～7営業日です。');
    unmount();
    draftApi();
    renderApp(`/en-US/ipci/usercenter/traceability/draft/${DRAFT_ID}`, { user: VERIFIED });
    const terms = await screen.findByTestId('title-terms');
    await waitFor(() => expect(terms).toHaveTextContent('The audit takes 1 to 7 working days; the result arrives as a site message.'));
    expect(document.body).not.toHaveTextContent(/other reading|別の解釈|另一/);
  });

  test('the title audit task shows every field, pictures and the applicant identity', async () => {
    const task = { id: 't9', queue: 'title', caseKind: 'titleAudit', caseId: REG_ID, workflowId: `titleAudit/${REG_ID}`, step: 'review', title: 'Title audit', status: 'open', assigneeId: null, assigneeName: null, dueAt: null, dueProvisional: false, overdue: false, escalatedAt: null, slaWorkingDays: 5, createdAt: '2026-11-20T08:00:00Z', completedAt: null };
    const subject = {
      registration: { id: REG_ID, state: 'toAudit', mode: 'first', data: FULL, flags: null, failureReason: null, round: 1, submittedAt: '2026-11-20T08:00:00Z', decidedAt: null },
      user: { id: USER.id, username: 'alice', displayName: 'Alice Zhang', kind: 'personal' },
      identity: { certification: { id: 'c1', kind: 'personal', state: 3, data: { name: 'Alice Zhang', nationality: 'CN', idNumber: '11010519491231002X' }, flags: null, round: 1, submittedAt: '', decidedAt: null, workflowId: '', workflowUrl: '' }, uploads: {} },
      uploads: { [IMAGES[0]]: { id: IMAGES[0], kind: 'ipImage', mime: 'image/png', size: 10, width: 600, height: 400, originalName: 'cover.png' }, [PROOF]: { id: PROOF, kind: 'proof', mime: 'application/pdf', size: 10, width: null, height: null, originalName: 'warranty.pdf' } },
    };
    server.use(
      http.get('*/api/tasks/t9', () => HttpResponse.json({ task, subject, fields: ['ipNameZh'], categories: ['conditionsUnmet'], workflowUrl: 'http://localhost:8233/x' })),
      http.get('*/api/cases/:kind/:id', () => HttpResponse.json({ model: titleAudit, events: [], workflowUrl: 'http://localhost:8233/x' })),
    );
    renderApp('/manage/tasks/t9', { user: REVIEWER });
    const view = await screen.findByTestId('title-subject');
    expect(within(view).getByText('青花瓷之韵')).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Preview: cover.png' })).toBeInTheDocument();
    expect(within(view).getAllByRole('link', { name: /warranty\.pdf/ })[0]).toHaveAttribute('href', `/api/uploads/${PROOF}`);
    expect(within(screen.getByTestId('title-subject-identity')).getByText('11010519491231002X')).toBeInTheDocument();
    await act(async () => undefined);
  });
});
