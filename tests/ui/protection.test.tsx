import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ProtectionCaseJson, ProtectionIpciChoice } from '../../domain/protection';
import { ADMIN, renderApp, REVIEWER, USER } from './support/render';
import { noTimeline, server } from './support/server';
import { claimedTask } from './support/tasks';

const VERIFIED = { ...USER, identityState: 3 as const };
const IPCI = '66666666-6666-4666-8666-666666666666';
const OTHER_IPCI = '67676767-6767-4676-8676-676767676767';
const CASE = '77777777-7777-4777-8777-777777777777';
const FIRM = '88888888-8888-4888-8888-888888888888';
const FILE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const choice = (over: Partial<ProtectionIpciChoice> = {}): ProtectionIpciChoice => ({
  ipciId: IPCI,
  code: 'IPCI202610000001X',
  ipNames: { zh: '山海图', en: 'Mountains and Seas', ja: '' },
  holder: '张三',
  validUntil: null,
  refusal: null,
  ...over,
});
const notHolder = choice({ ipciId: OTHER_IPCI, code: 'IPCI202610000002X', ipNames: { zh: '云中城', en: 'City in the Clouds', ja: '' }, holder: '李四', refusal: 'notNamedHolder' });

const DATA = {
  kind: 'administrative',
  ipciId: IPCI,
  ipName: 'Mountains and Seas',
  ipIntroduction: 'A picture book of mythical beasts',
  infringer: '仿冒公司',
  infringerType: 'enterprise',
  infringingWork: 'Beasts of the hills',
  scope: 'Online shops',
  infringerContact: '王五',
  infringerPhone: '010-12345678',
  address: '北京市朝阳区',
  description: 'Copies sold online',
  proof: [FILE],
  supplementary: [],
  mailbox: 'alice@example.com',
  lawFirmId: '',
};

const protectionCase = (over: Partial<ProtectionCaseJson> = {}): ProtectionCaseJson => ({
  id: CASE,
  kind: 'administrative',
  state: 'acceptance',
  ipciId: IPCI,
  code: 'IPCI202610000001X',
  ipNames: { zh: '山海图', en: 'Mountains and Seas', ja: '' },
  data: DATA as ProtectionCaseJson['data'],
  lawFirm: null,
  refusalReason: null,
  reviewFlags: null,
  result: null,
  outcome: null,
  publicityNo: null,
  supplementRequested: false,
  replyDueAt: '2026-12-03T10:00:00Z',
  createdAt: '2026-11-24T08:00:00Z',
  acceptedAt: null,
  processedAt: null,
  updates: [],
  ...over,
});

const upload = (id: string, name: string) => ({ id, kind: 'evidence', mime: 'application/pdf', size: 10, width: null, height: null, originalName: name });

describe('rights-protection application', () => {
  test('a non-holder is refused before anything is sent: the rule shows and the submit is disabled', async () => {
    let posted = false;
    server.use(
      http.get('*/api/protection/ipcis', () => HttpResponse.json({ certified: true, ipcis: [choice(), notHolder] })),
      http.post('*/api/protection/cases', () => {
        posted = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderApp('/en-US/ipci/protect/rightprocess', { user: VERIFIED });
    const form = await screen.findByTestId('protection-form', {}, { timeout: 8000 });
    expect(screen.getByTestId('protect-sla')).toHaveTextContent('7 working days');
    expect(screen.getByTestId('timeline-flow')).toBeInTheDocument();
    expect(screen.getByTestId('step-acceptance')).toHaveTextContent('Acceptance');

    const select = within(form).getByLabelText(/^IPCI/) as HTMLSelectElement;
    expect(within(select).getByRole('option', { name: /City in the Clouds.*cannot be used: You are not the holder named on this IPCI/ })).toBeInTheDocument();
    await userEvent.selectOptions(select, OTHER_IPCI);
    expect(screen.getByTestId('protection-rule')).toHaveTextContent('You are not the holder named on this IPCI');
    expect(screen.getByTestId('protection-form-submit')).toBeDisabled();
    // The IP's name follows the chosen IPCI.
    expect(document.getElementById('protection-form-ipName')).toHaveValue('City in the Clouds');

    await userEvent.selectOptions(select, IPCI);
    expect(screen.queryByTestId('protection-rule')).toBeNull();
    expect(screen.getByTestId('protection-form-submit')).toBeEnabled();
    expect(posted).toBe(false);
  });

  test('with no usable IPCI the failing rules show and nothing can be sent; an uncertified user is sent to identity authentication', async () => {
    server.use(http.get('*/api/protection/ipcis', () => HttpResponse.json({ certified: true, ipcis: [notHolder, choice({ refusal: 'noValidIpci' })] })));
    const { unmount } = renderApp('/en-US/ipci/protect/rightprocess', { user: VERIFIED });
    const rule = await screen.findByTestId('protection-rule', {}, { timeout: 8000 });
    expect(rule).toHaveTextContent('None of your IPCIs can be used');
    expect(rule).toHaveTextContent('You are not the holder named on this IPCI');
    expect(rule).toHaveTextContent('This IPCI is no longer valid');
    expect(screen.getByTestId('protection-form-submit')).toBeDisabled();
    unmount();

    server.use(http.get('*/api/protection/ipcis', () => HttpResponse.json({ certified: false, ipcis: [] })));
    renderApp('/en-US/ipci/protect/rightprocess', { user: USER });
    expect(await screen.findByTestId('protection-identity')).toHaveAttribute('href', '/en-US/ipci/usercenter/identity');
    expect(screen.queryByTestId('protection-form')).toBeNull();
  });

  test('signed out, the process is explained and a sign-in prompt stands where the form would be', async () => {
    renderApp('/en-US/ipci/protect/rightprocess', { user: null });
    expect(await screen.findByTestId('protection-sign-in', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('protect-steps')).toHaveTextContent('reply within 7 working days');
    expect(screen.queryByTestId('protection-form')).toBeNull();
    // The diagram explains the process: the acceptance step says how long it takes, no step is "not started".
    expect(await screen.findByTestId('step-acceptance')).toHaveTextContent('within 7 working days');
    expect(screen.getByTestId('step-submitted')).not.toHaveTextContent('Not started');
  });

  test('a staff account is told that applications come from user accounts, without asking for IPCIs', async () => {
    let asked = false;
    server.use(http.get('*/api/protection/ipcis', () => ((asked = true), HttpResponse.json({ certified: true, ipcis: [] }))));
    renderApp('/en-US/ipci/protect/rightprocess', { user: REVIEWER });
    expect(await screen.findByText('Staff accounts cannot apply for rights protection', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('protection-form')).toBeNull();
    expect(asked).toBe(false);
  });

  test('checks required fields, shows the API\'s field errors on the fields, then submits and opens the case', async () => {
    const bodies: any[] = [];
    server.use(
      http.get('*/api/protection/ipcis', () => HttpResponse.json({ certified: true, ipcis: [choice()] })),
      http.post('*/api/uploads', () => HttpResponse.json(upload(FILE, 'proof.pdf'))),
      http.post('*/api/protection/cases', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) return HttpResponse.json({ code: 'validation', message: 'Please check the form', fields: { infringerPhone: 'The phone number is not valid' } }, { status: 422 });
        return HttpResponse.json({ case: protectionCase() }, { status: 201 });
      }),
      http.get('*/api/protection/cases/:id', () => HttpResponse.json({ case: protectionCase(), uploads: { [FILE]: upload(FILE, 'proof.pdf') } })),
      noTimeline('protectionCase'),
    );
    renderApp('/en-US/ipci/protect/rightprocess', { user: VERIFIED });
    await screen.findByTestId('protection-form', {}, { timeout: 8000 });
    // The only usable IPCI is chosen and its name prefilled in the reader's language.
    expect(document.getElementById('protection-form-ipName')).toHaveValue('Mountains and Seas');

    await userEvent.click(screen.getByRole('button', { name: 'Submit the application' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2); // IP introduction, description
    expect(bodies).toHaveLength(0);

    const type = (name: string, text: string) => userEvent.type(document.getElementById(`protection-form-${name}`)!, text);
    await type('ipIntroduction', DATA.ipIntroduction);
    await type('infringer', DATA.infringer);
    await userEvent.selectOptions(document.getElementById('protection-form-infringerType')!, 'enterprise');
    await type('infringingWork', DATA.infringingWork);
    await type('scope', DATA.scope);
    await type('infringerContact', DATA.infringerContact);
    await type('infringerPhone', DATA.infringerPhone);
    await type('address', DATA.address);
    await type('description', DATA.description);
    await type('mailbox', DATA.mailbox);
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'proof.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByTestId('upload-protection-form-proof').querySelector('input[type=file]') as HTMLInputElement, file);
    await within(screen.getByTestId('upload-protection-form-proof')).findByText(/proof\.pdf/);

    await userEvent.click(screen.getByRole('button', { name: 'Submit the application' }));
    expect(await screen.findByText('The phone number is not valid')).toBeInTheDocument();
    expect(bodies[0]).toEqual(DATA);

    await userEvent.click(screen.getByRole('button', { name: 'Submit the application' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/protectdetail/${CASE}`));
    expect(bodies[1]).toEqual(DATA);
    expect(await screen.findByTestId('protection-reply-due')).toBeInTheDocument();
  });

  test('the legal form names the chosen firm, links to change it and sends the firm with the application', async () => {
    let body: any = null;
    server.use(
      http.get('*/api/protection/ipcis', () => HttpResponse.json({ certified: true, ipcis: [choice()] })),
      http.get('*/api/public/lawfirms/:id', ({ params }) =>
        params.id === FIRM ? HttpResponse.json({ firm: { id: FIRM, names: { zh: '明理律师事务所', en: 'Mingli Law Firm', ja: '' }, businessAddress: 'Beijing' } }) : HttpResponse.json({}, { status: 404 }),
      ),
      http.post('*/api/protection/cases', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ case: protectionCase({ kind: 'legal' }) }, { status: 201 });
      }),
      http.get('*/api/protection/cases/:id', () => HttpResponse.json({ case: protectionCase({ kind: 'legal' }), uploads: {} })),
      noTimeline('protectionCase'),
    );
    renderApp(`/en-US/ipci/protect/rightprocess?kind=legal&firm=${FIRM}`, { user: VERIFIED });
    expect(await screen.findByTestId('protection-firm', {}, { timeout: 8000 })).toHaveTextContent('Mingli Law Firm');
    expect(screen.getByTestId('protection-change-firm')).toHaveAttribute('href', '/en-US/ipci/protect/legalrights');
    await screen.findByTestId('protection-form');
    await userEvent.type(document.getElementById('protection-form-ipIntroduction')!, 'Picture book');
    await userEvent.type(document.getElementById('protection-form-description')!, 'Copies');
    await userEvent.click(screen.getByRole('button', { name: 'Submit to the law firm' }));
    await waitFor(() => expect(body).toMatchObject({ kind: 'legal', lawFirmId: FIRM, ipciId: IPCI }));
  });

  test('the centre explains who may apply, the 7-working-day reply and leads to the three ways in', async () => {
    renderApp('/en-US/ipci/protect', { user: null });
    const notice = await screen.findByTestId('protect-notice', {}, { timeout: 8000 });
    expect(within(notice).getByTestId('notice-who')).toHaveTextContent('Only the holder named on a valid IPCI may apply');
    expect(within(notice).getByTestId('notice-reply')).toHaveTextContent('within 7 working days');
    expect(notice).toHaveTextContent('The infringement takes place outside mainland China');
    expect(within(screen.getByTestId('protect-entry-administrative')).getByRole('link')).toHaveAttribute('href', '/en-US/ipci/protect/rightprocess');
    expect(within(screen.getByTestId('protect-entry-legal')).getByRole('link')).toHaveAttribute('href', '/en-US/ipci/protect/legalrights');
    expect(within(screen.getByTestId('protect-entry-publicity')).getByRole('link')).toHaveAttribute('href', '/en-US/ipci/protect/publicity');
    expect(within(screen.getByTestId('protect-entry-antifake')).getByRole('link')).toHaveAttribute('href', '/en-US/ipci/protect/antifake');
    expect(within(screen.getByTestId('protect-entry-monitoring')).getByRole('link')).toHaveAttribute('href', '/en-US/ipci/protect/monitoring');
  });
});

describe('rights protection in the user centre', () => {
  test('two tabs: in processing and processed', async () => {
    const tabs: Array<string | null> = [];
    const done = protectionCase({ id: '99999999-9999-4999-8999-999999999999', state: 'processed', result: 'resolved', publicityNo: 'RP2026000001' });
    server.use(
      http.get('*/api/protection/cases', ({ request }) => {
        const tab = new URL(request.url).searchParams.get('tab');
        tabs.push(tab);
        return HttpResponse.json({ items: [tab === 'processed' ? done : protectionCase({ supplementRequested: true, state: 'processing' })], next: null });
      }),
    );
    renderApp('/en-US/ipci/usercenter/rightprotect', { user: USER });
    const row = await screen.findByTestId('protection-row', {}, { timeout: 8000 });
    expect(within(row).getByTestId('protection-state')).toHaveTextContent('In processing');
    expect(row).toHaveTextContent('Materials asked for');
    expect(tabs).toEqual(['processing']);
    expect(screen.getByTestId('uc-protection')).toHaveClass('bp6-active');

    await userEvent.click(screen.getByRole('tab', { name: 'Processed' }));
    await waitFor(() => expect(within(screen.getByTestId('protection-row')).getByTestId('protection-state')).toHaveTextContent('Processed'));
    expect(tabs.at(-1)).toBe('processed');
  });

  test('the detail shows the outcome, publicity number and updates with their files; a refusal shows its reason and flagged fields', async () => {
    const NOTE_FILE = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    let current = protectionCase({
      state: 'processed',
      result: 'partlyResolved',
      outcome: 'The shop took the copies down',
      publicityNo: 'RP2026000017',
      acceptedAt: '2026-11-25T08:00:00Z',
      processedAt: '2026-11-30T08:00:00Z',
      updates: [
        { id: 1, kind: 'progress', author: 'staff', authorName: 'Rita Reviewer', note: 'We wrote to the shop', attachments: [NOTE_FILE], createdAt: '2026-11-26T08:00:00Z' },
        { id: 2, kind: 'supplement', author: 'user', authorName: null, note: 'Receipts attached', attachments: [], createdAt: '2026-11-27T08:00:00Z' },
      ],
    });
    server.use(
      http.get('*/api/protection/cases/:id', () => HttpResponse.json({ case: current, uploads: { [FILE]: upload(FILE, 'proof.pdf'), [NOTE_FILE]: upload(NOTE_FILE, 'letter.pdf') } })),
      noTimeline('protectionCase'),
    );
    const { unmount } = renderApp(`/en-US/ipci/usercenter/protectdetail/${CASE}`, { user: USER });
    expect(await screen.findByTestId('protection-publicity-no', {}, { timeout: 8000 })).toHaveTextContent('RP2026000017');
    expect(screen.getByTestId('protection-result')).toHaveTextContent('Partly resolved');
    expect(screen.getByTestId('protection-outcome')).toHaveTextContent('The shop took the copies down');
    const updates = screen.getAllByTestId('protection-update');
    expect(updates).toHaveLength(2);
    expect(updates[0]).toHaveTextContent('Receipts attached');
    expect(updates[1]).toHaveTextContent('We wrote to the shop');
    expect(updates[1]).toHaveTextContent('letter.pdf');
    expect(screen.getByTestId('uc-protection')).toHaveClass('bp6-active');
    unmount();

    current = protectionCase({ state: 'refused', refusalReason: 'outsideMainland', reviewFlags: { address: 'The address is in Singapore' } });
    server.use(
      http.get('*/api/cases/:kind/:id', ({ params }) =>
        params.kind === 'protectionCase'
          ? HttpResponse.json({
              model: { kind: 'protectionCase', steps: [{ id: 'acceptance', actor: 'staff' }, { id: 'refused', actor: 'system', terminal: true }], transitions: [{ from: 'acceptance', to: 'refused', on: 'fail' }] },
              events: [{ id: 1, step: 'acceptance', status: 'failed', at: '2026-11-25T08:00:00Z', actor: 'staff', reasons: { infringerPhone: 'Not a phone number', category: 'outsideMainland' } }],
              workflowUrl: null,
            })
          : HttpResponse.json({}, { status: 404 }),
      ),
    );
    renderApp(`/en-US/ipci/usercenter/protectdetail/${CASE}`, { user: USER });
    const refusal = await screen.findByTestId('protection-refusal');
    expect(refusal).toHaveTextContent('The infringement takes place outside mainland China');
    expect(within(refusal).getByTestId('protection-flags')).toHaveTextContent('Address: The address is in Singapore');
    // The timeline names the flagged field and the refusal reason by their labels.
    const event = await screen.findByTestId('timeline-event');
    expect(event).toHaveTextContent("Infringer's phone: Not a phone number");
    expect(event).toHaveTextContent('Reason category: Outside mainland China');
  });

  test('the supplement form appears only when materials were asked for, and sends them', async () => {
    const MATERIAL = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
    let body: any = null;
    let asked = false;
    server.use(
      http.get('*/api/protection/cases/:id', () =>
        HttpResponse.json({
          case: protectionCase({
            state: 'processing',
            supplementRequested: asked,
            updates: asked ? [{ id: 3, kind: 'supplementRequest', author: 'staff', authorName: 'Rita', note: 'Send the sales receipts', attachments: [], createdAt: '2026-11-26T08:00:00Z' }] : [],
          }),
          uploads: {},
        }),
      ),
      http.post('*/api/uploads', () => HttpResponse.json(upload(MATERIAL, 'receipts.pdf'))),
      http.post('*/api/protection/cases/:id/supplements', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ case: protectionCase({ state: 'processing' }) });
      }),
      noTimeline('protectionCase'),
    );
    const { unmount } = renderApp(`/en-US/ipci/usercenter/rightprotectupdate/${CASE}`, { user: USER });
    expect(await screen.findByTestId('protection-no-supplement', {}, { timeout: 8000 })).toHaveTextContent('has not asked');
    expect(screen.queryByTestId('protection-supplement')).toBeNull();
    unmount();

    asked = true;
    renderApp(`/en-US/ipci/usercenter/rightprotectupdate/${CASE}`, { user: USER });
    expect(await screen.findByTestId('protection-supplement-request')).toHaveTextContent('Send the sales receipts');
    await userEvent.click(screen.getByRole('button', { name: 'Send the materials' }));
    expect(await screen.findByText('Upload at least one file')).toBeInTheDocument();
    expect(body).toBeNull();
    await userEvent.type(document.getElementById('protection-supplement-note')!, 'Here they are');
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'receipts.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByTestId('upload-protection-supplement-materials').querySelector('input[type=file]') as HTMLInputElement, file);
    await within(screen.getByTestId('upload-protection-supplement-materials')).findByText(/receipts\.pdf/);
    await userEvent.click(screen.getByRole('button', { name: 'Send the materials' }));
    await waitFor(() => expect(body).toEqual({ note: 'Here they are', materials: [MATERIAL] }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/protectdetail/${CASE}`));
  });
});

describe('rights protection in the back office', () => {
  const applicant = { id: USER.id, username: 'alice', displayName: 'Alice Zhang' };

  test('the list filters by state and kind and searches', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/protection/cases', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [{ ...protectionCase(), applicant }], next: null });
      }),
    );
    renderApp('/admin/rightProtect', { user: ADMIN });
    const row = await screen.findByTestId('admin-protection-row', {}, { timeout: 8000 });
    expect(row).toHaveTextContent('Alice Zhang');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/admin/rightProtect/audit/${CASE}`);
    expect(within(screen.getByTestId('staff-menu')).getByText('Rights protection')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByTestId('admin-protection-state'), 'processing');
    await userEvent.selectOptions(screen.getByTestId('admin-protection-kind'), 'legal');
    await userEvent.type(screen.getByTestId('admin-protection-search'), '仿冒{enter}');
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe(new URLSearchParams({ state: 'processing', kind: 'legal', q: '仿冒' }).toString()));
  });

  test('the audit page links the open task and posts progress with a request for materials', async () => {
    let body: any = null;
    let current = protectionCase({ state: 'processing', acceptedAt: '2026-11-25T08:00:00Z' });
    server.use(
      http.get('*/api/admin/protection/cases/:id', () =>
        HttpResponse.json({ case: current, applicant, uploads: {}, workflowUrl: 'http://localhost:8233/x', task: { taskId: 'protectionCase/x/processing/1', step: 'processing', status: 'open' } }),
      ),
      http.post('*/api/protection/cases/:id/progress', async ({ request }) => {
        body = await request.json();
        current = {
          ...current,
          supplementRequested: true,
          updates: [{ id: 1, kind: 'supplementRequest', author: 'staff', authorName: 'Wang Admin', note: body.note, attachments: [], createdAt: '2026-11-26T08:00:00Z' }],
        };
        return HttpResponse.json({ case: current });
      }),
      noTimeline('protectionCase'),
    );
    renderApp(`/admin/rightProtect/audit/${CASE}`, { user: ADMIN });
    expect(await screen.findByTestId('admin-protection-task', {}, { timeout: 8000 })).toHaveAttribute('href', `/manage/tasks/${encodeURIComponent('protectionCase/x/processing/1')}`);
    expect(screen.getByTestId('admin-protection-applicant')).toHaveTextContent('Alice Zhang (alice)');
    const form = screen.getByTestId('protection-progress');
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(body).toBeNull();
    await userEvent.type(document.getElementById('protection-progress-form-note')!, 'Please send the sales receipts');
    await userEvent.click(document.getElementById('protection-progress-form-requestSupplement')!);
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(body).toEqual({ note: 'Please send the sales receipts', attachments: [], requestSupplement: true }));
    expect(await screen.findByTestId('protection-update')).toHaveTextContent('Please send the sales receipts');
    expect(screen.getByTestId('protection-supplement-asked')).toBeInTheDocument();
  });

  test('the inbox task shows the case and, in processing, the progress form', async () => {
    const task = claimedTask({
      id: 'protectionCase/x/processing/1', queue: 'protection', caseKind: 'protectionCase', caseId: CASE, step: 'processing', title: 'Mountains and Seas (alice)',
      dueAt: '2026-12-28T10:00:00Z', slaWorkingDays: 60, createdAt: '2026-11-25T10:00:00Z',
    });
    server.use(
      http.get('*/api/tasks/:id', () =>
        HttpResponse.json({
          task,
          subject: { case: protectionCase({ state: 'processing' }), user: applicant, uploads: {} },
          fields: [],
          values: ['result', 'publish'],
          choices: { result: ['resolved', 'partlyResolved', 'unresolved'], publish: ['yes', 'no'] },
          commentRequired: true,
          workflowUrl: 'http://localhost:8233/x',
        }),
      ),
      noTimeline('protectionCase'),
    );
    renderApp(`/manage/tasks/${encodeURIComponent(task.id)}`, { user: REVIEWER });
    const subject = await screen.findByTestId('protection-subject', {}, { timeout: 8000 });
    expect(subject).toHaveTextContent('Copies sold online');
    // The task page's own applicant panel names them (the subject's `user`).
    expect(screen.getByText('Alice Zhang (alice)')).toBeInTheDocument();
    expect(within(subject).getByTestId('protection-progress')).toBeInTheDocument();
    expect(within(screen.getByTestId('decision-form')).getByLabelText('Add to the publicity list')).toBeInTheDocument();
  });
});
