import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ObjectionJson } from '../../domain/objections';
import { renderApp, REVIEWER, USER } from './support/render';
import { noTimeline, server } from './support/server';
import { claimedTask } from './support/tasks';

const VERIFIED = { ...USER, identityState: 3 as const };
const IPCI = '66666666-6666-4666-8666-666666666666';
const FILE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const target = (own = false) => ({ ipci: { id: IPCI, code: 'IPCI202610000001X', holder: '张三', ipNames: { zh: '山海图', en: 'Mountains and Seas', ja: '' } }, own });

const objection = (over: Partial<ObjectionJson> = {}): ObjectionJson => ({
  id: '77777777-7777-4777-8777-777777777777',
  ipciId: IPCI,
  code: 'IPCI202610000001X',
  ipNames: { zh: '山海图', en: 'Mountains and Seas', ja: '' },
  state: 'pendingAudit',
  data: { content: 'Copied from our studio', companyName: '山海文化', contact: '李四', phone: '13900139000', email: 'legal@shanhai.example.com', attachments: [FILE] },
  holderAnswer: null,
  reviewOpinion: null,
  outcome: null,
  reasonCategory: null,
  round: 1,
  createdAt: '2026-11-21T08:00:00Z',
  updatedAt: '2026-11-21T08:00:00Z',
  decidedAt: null,
  answerDueAt: null,
  ...over,
});

describe('objection form', () => {
  test('checks the fields before sending, uploads evidence, submits and opens the objection', async () => {
    let posted: any = null;
    server.use(
      http.get('*/api/objections/targets/:id', () => HttpResponse.json(target())),
      http.post('*/api/uploads', () => HttpResponse.json({ id: FILE, kind: 'evidence', mime: 'image/png', size: 10, width: 10, height: 10, originalName: 'proof.png' })),
      http.post('*/api/objections', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ objection: objection() }, { status: 201 });
      }),
      http.get('*/api/objections/:id', () => HttpResponse.json({ objection: objection(), uploads: {} })),
    );
    renderApp(`/en-US/ipci/trade/objection?ipci=${IPCI}`, { user: VERIFIED });
    expect(await screen.findByTestId('objection-target', {}, { timeout: 8000 })).toHaveTextContent('Mountains and Seas');

    await userEvent.click(screen.getByRole('button', { name: 'Submit the objection' }));
    expect(await screen.findByText('Attach at least one document or picture')).toBeInTheDocument();
    expect(posted).toBeNull();

    await userEvent.type(document.getElementById('objection-form-content')!, 'Copied from our studio');
    await userEvent.type(document.getElementById('objection-form-companyName')!, '山海文化');
    await userEvent.type(document.getElementById('objection-form-contact')!, '李四');
    await userEvent.type(document.getElementById('objection-form-phone')!, '12345');
    await userEvent.type(document.getElementById('objection-form-email')!, 'legal@shanhai.example.com');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('upload-objection-form-attachments').querySelector('input[type=file]') as HTMLInputElement, file);
    await within(screen.getByTestId('upload-objection-form-attachments')).findByRole('img', { name: 'proof.png' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit the objection' }));
    expect(posted).toBeNull(); // the phone is not a mobile number

    await userEvent.clear(document.getElementById('objection-form-phone')!);
    await userEvent.type(document.getElementById('objection-form-phone')!, '13900139000');
    await userEvent.click(screen.getByRole('button', { name: 'Submit the objection' }));
    await waitFor(() => expect(posted).toEqual({ ipciId: IPCI, content: 'Copied from our studio', companyName: '山海文化', contact: '李四', phone: '13900139000', email: 'legal@shanhai.example.com', attachments: [FILE] }));
    expect(await screen.findByTestId('objection-content')).toHaveTextContent('Copied from our studio');
  });

  test('one\'s own IP cannot be objected to; an IP not listed says so; uncertified users go to the identity page', async () => {
    server.use(http.get('*/api/objections/targets/:id', () => HttpResponse.json(target(true))));
    const { unmount } = renderApp(`/en-US/ipci/trade/objection?ipci=${IPCI}`, { user: VERIFIED });
    expect(await screen.findByText('You cannot object to your own IP')).toBeInTheDocument();
    expect(screen.queryByTestId('objection-form')).toBeNull();
    unmount();

    server.use(http.get('*/api/objections/targets/:id', () => HttpResponse.json({ message: 'not listed', code: 'notFound' }, { status: 404 })));
    const second = renderApp(`/zh-CN/ipci/trade/objection?ipci=${IPCI}`, { user: VERIFIED, lang: 'zh-CN' });
    expect(await screen.findByText('该 IP 未在授权专区上架，不能提出异议')).toBeInTheDocument();
    second.unmount();

    server.use(http.get('*/api/identity', () => HttpResponse.json({ certification: null })));
    renderApp(`/en-US/ipci/trade/objection?ipci=${IPCI}`, { user: USER });
    await waitFor(() => expect(window.location.pathname === '/' || screen.queryByTestId('objection-target') === null).toBe(true));
    expect(screen.queryByTestId('objection-form')).toBeNull();
  });
});

describe('rights objection information', () => {
  test('lists the objections with their states, filters, offers modify only while undecided and deletes after a confirmation', async () => {
    const queries: string[] = [];
    let deleted: string | null = null;
    const decided = objection({ id: '88888888-8888-4888-8888-888888888888', state: 'failed', reviewOpinion: 'No evidence', decidedAt: '2026-11-22T08:00:00Z' });
    server.use(
      http.get('*/api/objections', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        if (deleted) return HttpResponse.json({ items: [decided], next: null });
        if (url.searchParams.get('state') === 'failed') return HttpResponse.json({ items: [decided], next: null });
        return HttpResponse.json({ items: [objection(), decided], next: null });
      }),
      http.delete('*/api/objections/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/en-US/ipci/usercenter/objection', { user: USER });
    // The page's chunk is compiled on first use: the first look waits longer.
    const rows = await screen.findAllByTestId('objection-row', {}, { timeout: 8000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('objection-state')).toHaveTextContent('Pending audit');
    expect(within(rows[1]).getByTestId('objection-state')).toHaveTextContent('Failed');
    expect(within(rows[0]).getByRole('button', { name: 'Modify' })).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: 'Modify' })).toBeNull();
    expect(screen.getByTestId('uc-objection')).toHaveClass('bp6-active');

    await userEvent.selectOptions(screen.getByTestId('objection-state-filter'), 'failed');
    await waitFor(() => expect(queries.at(-1)).toContain('state=failed'));
    await userEvent.selectOptions(screen.getByTestId('objection-state-filter'), '');
    await waitFor(() => expect(screen.getAllByTestId('objection-row')).toHaveLength(2));

    await userEvent.click(within(screen.getAllByTestId('objection-row')[0]).getByTestId('objection-delete'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Withdraw and delete this objection?');
    expect(deleted).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(objection().id));
    await waitFor(() => expect(screen.getAllByTestId('objection-row')).toHaveLength(1));
  });
});

describe('objection decision in the inbox', () => {
  test('upholding picks the outcome and the public reason from lists and needs the review opinion', async () => {
    let completed: any = null;
    const task = claimedTask({
      id: 'objection/x/decision/1', queue: 'objection', caseKind: 'objection', caseId: objection().id, step: 'decision', title: 'Mountains and Seas (bob)',
      dueAt: '2026-11-28T10:00:00Z', slaWorkingDays: 5, createdAt: '2026-11-21T10:00:00Z',
    });
    server.use(
      http.get('*/api/tasks/:id', () =>
        HttpResponse.json({
          task,
          subject: { objection: objection({ state: 'underReview' }), user: null, holder: null, uploads: {} },
          fields: ['reviewOpinion'],
          values: ['outcome', 'category'],
          choices: { outcome: ['revoke', 'takeDown'], category: ['ownershipDispute', 'forgedMaterials'] },
          commentRequired: true,
          workflowUrl: 'http://localhost:8233/x',
        }),
      ),
      http.post('*/api/tasks/:id/complete', async ({ request }) => {
        completed = await request.json();
        return HttpResponse.json({ task: { ...task, status: 'done' } });
      }),
      noTimeline('objection'),
    );
    renderApp(`/manage/tasks/${encodeURIComponent(task.id)}`, { user: REVIEWER });
    const form = await screen.findByTestId('decision-form', {}, { timeout: 8000 });
    expect(screen.getByTestId('objection-subject')).toHaveTextContent('Copied from our studio');
    await userEvent.selectOptions(within(form).getByLabelText('Outcome when upheld'), 'Revoke the IPCI');
    await userEvent.selectOptions(within(form).getByLabelText('Public reason category'), 'Forged materials');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(completed).toBeNull();
    await userEvent.type(within(form).getByLabelText('Comment'), 'The sketches were forged.');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(completed).toEqual({ outcome: 'approve', reasons: {}, comment: 'The sketches were forged.', values: { outcome: 'revoke', category: 'forgedMaterials' } }),
    );
  });
});
