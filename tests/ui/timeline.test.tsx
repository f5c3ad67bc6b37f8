import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { identityReview } from '../../domain/processes/identityReview';
import { Timeline, STATE_COLOURS, layoutModel } from '../../ui/src/components/Timeline';
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

function renderTimeline(user: SessionUser, events: unknown[]) {
  server.use(http.get(`*/api/cases/identityReview/${CASE}`, () => HttpResponse.json({ model: identityReview, events, workflowUrl: 'http://localhost:8233/namespaces/default/workflows/w1' })));
  return render(
    <MemoryRouter>
      <SessionProvider initialUser={user}>
        <Timeline kind="identityReview" id={CASE} />
      </SessionProvider>
    </MemoryRouter>,
  );
}

const state = (step: string) => screen.getByTestId(`step-${step}`).getAttribute('data-state');

describe('timeline', () => {
  test('lays steps out left to right with the correction loop running back', () => {
    const { column, back } = layoutModel(identityReview);
    expect(column.submit).toBeLessThan(column.review);
    expect(column.review).toBeLessThan(column.verified);
    expect(column.review).toBeLessThan(column.correction);
    expect([...back]).toEqual(['correction>review']);
  });

  test('a finished step keeps no "In progress" badge: the event that opened it reads "started"', async () => {
    renderTimeline(USER, [ev('submit', 'done', { actor: 'user' }), ev('review', 'current', { actor: 'staff' }), ev('review', 'done', { actor: 'staff' }), ev('verified', 'done')]);
    const list = await screen.findByTestId('timeline-events');
    expect(within(list).queryByText('In progress')).toBeNull();
    expect(within(list).getAllByTestId('event-started')).toHaveLength(1);
    expect(within(list).getAllByText('Done')).toHaveLength(3);
  });

  test('an open step still shows "In progress"; the diagram is laid out wide enough to keep its text readable', async () => {
    renderTimeline(USER, [ev('submit', 'done', { actor: 'user' }), ev('review', 'current', { actor: 'staff' })]);
    const list = await screen.findByTestId('timeline-events');
    expect(within(list).getByText('In progress')).toBeInTheDocument();
    expect(within(list).queryByTestId('event-started')).toBeNull();
    // 3 columns (submit, review, verified/correction) at 200 px, never drawn below 0.8 zoom.
    const flow = screen.getByTestId('timeline-flow');
    expect(parseInt(flow.style.minWidth, 10)).toBeGreaterThanOrEqual(3 * 200 * 0.8);
    expect(flow.parentElement).toHaveClass('ipci-flow-scroll');
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
