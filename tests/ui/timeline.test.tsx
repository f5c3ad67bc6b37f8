import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { identityReview } from '../../domain/processes/identityReview';
import { tradeOrder } from '../../domain/processes/tradeOrder';
import { PROCESSES, type ProcessModel } from '../../domain/processes';
import { Timeline, STATE_COLOURS, MIN_ZOOM } from '../../ui/src/components/Timeline';
import { layoutModel, overlaps, type Box } from '../../ui/src/components/timelineLayout';
import i18n from '../../ui/src/i18n';
import { LANGUAGES } from '../../domain/languages';
import { SessionProvider } from '../../ui/src/session/SessionContext';
import { server } from './support/server';
import { FakeEventSource } from './support/eventSource';
import { USER, REVIEWER } from './support/render';
import type { SessionUser } from '../../ui/src/api/types';

const CASE = 'c0ffee00-0000-4000-8000-000000000001';
let nextId = 1;
const ev = (step: string, status: string, over: Record<string, unknown> = {}) => ({
  id: nextId++,
  caseKind: 'identityReview',
  caseId: CASE,
  step,
  status,
  actor: 'system',
  actorName: null,
  at: `2025-03-0${nextId}T08:00:00Z`,
  dueAt: null,
  dueProvisional: false,
  reasons: null,
  ...over,
});

function renderTimeline(user: SessionUser, events: unknown[], model: ProcessModel = identityReview) {
  server.use(http.get(`*/api/cases/${model.kind}/${CASE}`, () => HttpResponse.json({ model, events, workflowUrl: 'http://localhost:8233/namespaces/default/workflows/w1' })));
  return render(
    <MemoryRouter>
      <SessionProvider initialUser={user}>
        <Timeline kind={model.kind} id={CASE} />
      </SessionProvider>
    </MemoryRouter>,
  );
}

const state = (step: string) => screen.getByTestId(`step-${step}`).getAttribute('data-state');

describe('timeline', () => {
  const layoutIn = (model: ProcessModel, lang: string) => {
    const t = i18n.getFixedT(lang);
    return layoutModel(model, {
      step: (id) => t(`steps.${model.kind}.${id}`),
      meta: (id) => [...['done', 'current', 'failed', 'waiting', 'pending'].map((st) => t(`stepState.${st}`)), t(`actors.${model.steps.find((s) => s.id === id)?.actor}`)],
      transition: (on) => t(`transitions.${on}`),
    });
  };

  test.each(Object.keys(PROCESSES))('%s: steps and edge labels get room of their own in every language (no label on a label or under a step)', (kind) => {
    const model = PROCESSES[kind];
    for (const lang of LANGUAGES) {
      const layout = layoutIn(model, lang);
      const boxes: Array<[string, Box]> = [
        ...Object.entries(layout.nodes).map(([id, box]): [string, Box] => [`step ${id}`, box]),
        ...layout.edges.flatMap((e): Array<[string, Box]> => (e.labelBox ? [[`label ${e.id}`, e.labelBox]] : [])),
      ];
      const clashes = boxes.flatMap(([a, boxA], i) => boxes.slice(i + 1).flatMap(([b, boxB]) => (overlaps(boxA, boxB) ? [`${lang}: ${a} × ${b}`] : [])));
      expect(clashes).toEqual([]);
      // Every labelled transition has its label, and everything lies inside the diagram's size (nothing cut off).
      expect(layout.edges.filter((e) => !e.labelBox).every((e) => model.transitions.filter((tr) => tr.from === e.from && tr.to === e.to).every((tr) => !tr.on))).toBe(true);
      for (const [, box] of boxes) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(layout.width);
        expect(box.y + box.height).toBeLessThanOrEqual(layout.height);
      }
      for (const e of layout.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
    }
  });

  test('lays steps out left to right with the correction loop running back', () => {
    const { nodes, edges } = layoutIn(identityReview, 'en-US');
    expect(nodes.submit.x).toBeLessThan(nodes.review.x);
    expect(nodes.review.x).toBeLessThan(nodes.verified.x);
    expect(nodes.review.x).toBeLessThan(nodes.correction.x);
    expect(edges.filter((e) => e.back).map((e) => e.id)).toEqual(['correction-review']);
  });

  test('a model without steps lays out as nothing, not as an infinitely wide box', () => {
    const layout = layoutIn({ kind: 'empty', steps: [], transitions: [] }, 'en-US');
    expect([layout.width, layout.height]).toEqual([0, 0]);
  });

  test("a two-party process names the party of each step: the seller's decision is the seller's", async () => {
    renderTimeline(USER, [], tradeOrder);
    await screen.findByTestId('timeline');
    expect(screen.getByTestId('step-sellerDecision')).toHaveTextContent("Seller's decision");
    expect(screen.getByTestId('step-sellerDecision')).toHaveTextContent('Seller');
    expect(screen.getByTestId('step-sellerDecision')).not.toHaveTextContent('Applicant');
    expect(screen.getByTestId('step-submit')).toHaveTextContent('Buyer');
  });

  test('a finished step keeps no "In progress" badge: the event that opened it reads "started"', async () => {
    renderTimeline(USER, [ev('submit', 'done', { actor: 'user' }), ev('review', 'current', { actor: 'staff' }), ev('review', 'done', { actor: 'staff' }), ev('verified', 'done')]);
    const list = await screen.findByTestId('timeline-events');
    expect(within(list).queryByText('In progress')).toBeNull();
    expect(within(list).getAllByTestId('event-started')).toHaveLength(1);
    expect(within(list).getAllByText('Done')).toHaveLength(3);
  });

  test('an open step still shows "In progress"; a narrow box keeps the text readable and scrolls the diagram sideways', async () => {
    // jsdom lays nothing out: the box is 0 px wide, narrower than any diagram.
    renderTimeline(USER, [ev('submit', 'done', { actor: 'user' }), ev('review', 'current', { actor: 'staff' })]);
    const list = await screen.findByTestId('timeline-events');
    expect(within(list).getByText('In progress')).toBeInTheDocument();
    expect(within(list).queryByTestId('event-started')).toBeNull();
    const flow = screen.getByTestId('timeline-flow');
    expect(Number(flow.dataset.zoom)).toBe(MIN_ZOOM);
    expect(MIN_ZOOM * 13).toBeGreaterThanOrEqual(10.5);
    expect(parseInt(flow.style.width, 10)).toBe(Math.ceil(layoutIn(identityReview, 'en-US').width * MIN_ZOOM));
    expect(flow.parentElement).toHaveClass('ipci-flow-scroll');
  });

  test('a wide box fits the diagram to its width, never zooming past 1', async () => {
    const { width: natural } = layoutIn(identityReview, 'en-US');
    try {
      for (const [box, zoom] of [
        [natural * 0.9, 0.9],
        [natural * 3, 1],
      ]) {
        Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box });
        const { unmount } = renderTimeline(USER, [ev('submit', 'done', { actor: 'user' })]);
        const flow = await screen.findByTestId('timeline-flow');
        expect(Number(flow.dataset.zoom)).toBeCloseTo(zoom, 5);
        expect(parseInt(flow.style.width, 10)).toBeLessThanOrEqual(Math.ceil(box));
        unmount();
      }
    } finally {
      // Back to jsdom's own (Element.prototype's) 0.
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    }
  });

  test('colours steps from the events and recolours on a live event without reload', async () => {
    const events = [
      ev('submit', 'done', { actor: 'user', actorName: 'Alice Zhang' }),
      ev('review', 'failed', { actor: 'staff', actorName: 'Rita Reviewer', reasons: { phone: 'Number unreachable', idFront: 'Blurred' } }),
      ev('correction', 'current', { actor: 'user', dueAt: '2027-01-08T00:00:00Z', dueProvisional: true }),
    ];
    renderTimeline(USER, events);
    await screen.findByTestId('timeline');
    await waitFor(() => expect(state('submit')).toBe('done'));
    expect(state('review')).toBe('failed');
    expect(state('correction')).toBe('current');
    expect(state('verified')).toBe('pending');
    expect(screen.getByTestId('step-submit')).toHaveStyle({ borderColor: STATE_COLOURS.done });
    expect(screen.getByTestId('step-review')).toHaveStyle({ borderColor: STATE_COLOURS.failed });
    expect(screen.getByTestId('step-correction')).toHaveStyle({ borderColor: STATE_COLOURS.current });

    const list = screen.getByTestId('timeline-events');
    expect(within(list).getAllByTestId('timeline-event')).toHaveLength(3);
    // reasons are shown per field with the field's label
    expect(within(list).getByText('Mobile phone')).toBeInTheDocument();
    expect(within(list).getByText(/Number unreachable/)).toBeInTheDocument();
    expect(within(list).getByText('ID card front')).toBeInTheDocument();
    expect(within(list).getByText('provisional')).toBeInTheDocument();
    // The due time is China time, the zone named (00:00 UTC is 08:00 in China).
    expect(within(list).getByText(/Due: Jan 8, 2027, 08:00 \(China time\)/)).toBeInTheDocument();
    expect(within(list).getByText(/Rita Reviewer/)).toBeInTheDocument();
    // users do not get the Temporal link
    expect(screen.queryByText('View in Temporal')).not.toBeInTheDocument();

    act(() => {
      expect(FakeEventSource.emit(`/api/cases/identityReview/${CASE}/stream`, 'case', ev('correction', 'done', { actor: 'user' }))).toBe(1);
      FakeEventSource.emit(`/api/cases/identityReview/${CASE}/stream`, 'case', ev('review', 'waiting', { actor: 'staff', dueAt: '2025-03-20T00:00:00Z' }));
    });
    await waitFor(() => expect(state('review')).toBe('waiting'));
    expect(state('correction')).toBe('done');
    expect(screen.getByTestId('step-review')).toHaveStyle({ borderColor: STATE_COLOURS.waiting });
    expect(within(list).getAllByTestId('timeline-event')).toHaveLength(5);
  });

  test('a decision value picked from a list (an upheld objection\'s outcome and reason category) reads as its label, free text as written', async () => {
    const decided = ev('decision', 'done', { actor: 'staff', actorName: 'Ada Admin', reasons: { outcome: 'revoke', category: 'forgedMaterials', reviewOpinion: 'The sketches were forged.' } });
    renderTimeline(REVIEWER, [decided], PROCESSES.objection);
    const list = await screen.findByTestId('timeline-events');
    expect(within(list).getByText(/Revoke the IPCI/)).toBeInTheDocument();
    expect(within(list).getByText(/Forged materials/)).toBeInTheDocument();
    expect(within(list).getByText(/The sketches were forged\./)).toBeInTheDocument();
    expect(within(list).queryByText(/forgedMaterials/)).toBeNull();
  });

  test('steps pushed while the timeline is still being read (right after a resubmission) are not lost', async () => {
    let answer: () => void = () => undefined;
    const read = new Promise<void>((resolve) => (answer = resolve));
    const before = [ev('submit', 'done', { actor: 'user' }), ev('review', 'failed', { actor: 'staff' }), ev('correction', 'current', { actor: 'user' })];
    server.use(
      http.get(`*/api/cases/identityReview/${CASE}`, async () => {
        await read;
        return HttpResponse.json({ model: identityReview, events: before, workflowUrl: null });
      }),
    );
    render(
      <MemoryRouter>
        <SessionProvider initialUser={USER}>
          <Timeline kind="identityReview" id={CASE} />
        </SessionProvider>
      </MemoryRouter>,
    );
    const stream = `/api/cases/identityReview/${CASE}/stream`;
    await waitFor(() => expect(FakeEventSource.instances.some((s) => !s.closed && s.url.includes(stream))).toBe(true));
    act(() => {
      FakeEventSource.emit(stream, 'case', ev('correction', 'done', { actor: 'user' }));
      FakeEventSource.emit(stream, 'case', ev('review', 'current', { actor: 'staff' }));
    });
    answer();
    await waitFor(() => expect(state('review')).toBe('current'));
    expect(state('correction')).toBe('done');
    expect(within(screen.getByTestId('timeline-events')).getAllByTestId('timeline-event')).toHaveLength(5);
  });

  test('staff see the link to the workflow in Temporal', async () => {
    renderTimeline(REVIEWER, [ev('submit', 'done')]);
    expect((await screen.findByText('View in Temporal')).closest('a')).toHaveAttribute('href', 'http://localhost:8233/namespaces/default/workflows/w1');
  });
});
