import { useEffect, useMemo, useState } from 'react';
import { AnchorButton, Callout, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { Background, Handle, MarkerType, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { stepStates, type CaseEvent, type ProcessModel, type StepStatus } from '../../../domain/processes/model';
import { isStaff } from '../../../domain/roles';
import { api, subscribe } from '../api/client';
import type { CaseView } from '../api/types';
import { useSession } from '../session/SessionContext';
import { formatDateTime, formatDeadline } from '../lib/format';
import { useLang } from '../lib/useLang';

type State = StepStatus | 'pending';

/** done green, current blue, failed red, waiting orange, pending grey (Blueprint palette). */
export const STATE_COLOURS: Record<State, string> = {
  done: '#238551',
  current: '#2d72d2',
  failed: '#cd4246',
  waiting: '#c87619',
  pending: '#8f99a8',
};
const STATE_INTENT: Record<State, Intent> = { done: 'success', current: 'primary', failed: 'danger', waiting: 'warning', pending: 'none' };

/** Diagram spacing (px at zoom 1): room for a step's box and the label of the edge between two columns. */
const COLUMN_GAP = 200;
const ROW_GAP = 120;
/**
 * Below this zoom the steps' 13–15 px text would shrink under ~10.5 px: the diagram scrolls sideways
 * instead. At it, the title audit's six columns fit the user centre's content width on a desktop.
 */
const MIN_ZOOM = 0.8;

/**
 * An event that opened a step (in progress, waiting) says so only while the step is open: once a
 * later event of the same step has finished or moved it, it reads 'started', not 'In progress'.
 */
export function supersededEvents(events: readonly CaseEvent[]): Set<number> {
  const chronological = [...events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  const superseded = new Set<number>();
  const open = new Map<string, number>();
  for (const e of chronological) {
    const before = open.get(e.step);
    if (before !== undefined) superseded.add(before);
    if (e.status === 'current' || e.status === 'waiting') open.set(e.step, e.id);
    else open.delete(e.step);
  }
  return superseded;
}

interface StepData extends Record<string, unknown> {
  label: string;
  actor: string;
  state: State;
  stateLabel: string;
}
type StepNode = Node<StepData, 'step'>;

function StepNodeView({ id, data }: NodeProps<StepNode>) {
  const colour = STATE_COLOURS[data.state];
  return (
    <div
      className={`ipci-step-node is-${data.state}`}
      style={{ borderColor: colour, background: data.state === 'pending' ? '#fff' : `${colour}14` }}
      data-testid={`step-${id}`}
      data-state={data.state}
    >
      <Handle type="target" position={Position.Left} id="in" style={{ visibility: 'hidden' }} />
      <Handle type="source" position={Position.Right} id="out" style={{ visibility: 'hidden' }} />
      <Handle type="target" position={Position.Bottom} id="loop-in" style={{ visibility: 'hidden', left: '30%' }} />
      <Handle type="source" position={Position.Bottom} id="loop-out" style={{ visibility: 'hidden', left: '70%' }} />
      <strong style={{ color: colour }}>{data.label}</strong>
      <div className="ipci-step-meta">
        {data.stateLabel} · {data.actor}
      </div>
    </div>
  );
}
const NODE_TYPES = { step: StepNodeView };

/**
 * Left-to-right layout: a step's column is its longest forward distance from the first step;
 * edges that go back to an earlier column (the correction → review loop) run underneath.
 * Steps that only lead back sit below the main path in their column.
 */
export function layoutModel(model: ProcessModel) {
  const order = model.steps.map((s) => s.id);
  const back = new Set<string>();
  const seen = new Set<string>();
  const onStack = new Set<string>();
  const visit = (id: string) => {
    seen.add(id);
    onStack.add(id);
    for (const tr of model.transitions.filter((x) => x.from === id)) {
      if (onStack.has(tr.to)) back.add(`${tr.from}>${tr.to}`);
      else if (!seen.has(tr.to)) visit(tr.to);
    }
    onStack.delete(id);
  };
  if (order[0]) visit(order[0]);
  for (const id of order) if (!seen.has(id)) visit(id);
  const forward = model.transitions.filter((x) => !back.has(`${x.from}>${x.to}`));
  const column: Record<string, number> = Object.fromEntries(order.map((id) => [id, 0]));
  for (let i = 0; i < order.length; i++) for (const tr of forward) column[tr.to] = Math.max(column[tr.to], column[tr.from] + 1);
  const loopsBack = (id: string) => model.transitions.some((x) => x.from === id && back.has(`${x.from}>${x.to}`));
  const rows: Record<string, number> = {};
  const byColumn = new Map<number, string[]>();
  for (const id of order) byColumn.set(column[id], [...(byColumn.get(column[id]) ?? []), id]);
  for (const ids of byColumn.values()) {
    ids.sort((a, b) => Number(loopsBack(a)) - Number(loopsBack(b)) || order.indexOf(a) - order.indexOf(b));
    ids.forEach((id, i) => (rows[id] = i));
  }
  return { column, rows, back };
}

export function Timeline({ kind, id }: { kind: string; id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const [view, setView] = useState<CaseView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    setView(null);
    // Events pushed while the case is still being read are kept and merged into what the read returns:
    // a timeline opened as the case moves (right after a resubmission) must not lose those steps.
    let early: CaseEvent[] | null = [];
    const add = (v: CaseView, more: CaseEvent[]) => ({ ...v, events: [...v.events, ...more.filter((m) => !v.events.some((e) => e.id === m.id))] });
    api
      .get<CaseView>(`/api/cases/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`)
      .then((v) => {
        if (alive) setView(add(v, early ?? []));
        early = null;
      })
      .catch((e: Error) => alive && setError(e.message || t('failure.load')));
    const stop = subscribe<CaseEvent>(`/api/cases/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/stream`, 'case', (event) => {
      if (early) early.push(event);
      else setView((v) => (v ? add(v, [event]) : v));
    });
    return () => {
      alive = false;
      stop();
    };
  }, [kind, id, t]);

  const model = view?.model;
  const events = view?.events;
  const states = useMemo(() => (model && events ? stepStates(model, events) : {}), [model, events]);

  const { nodes, edges } = useMemo(() => {
    if (!model) return { nodes: [] as StepNode[], edges: [] as Edge[] };
    const { column, rows, back } = layoutModel(model);
    const nodes: StepNode[] = model.steps.map((s) => {
      const state = states[s.id] ?? 'pending';
      return {
        id: s.id,
        type: 'step',
        position: { x: column[s.id] * COLUMN_GAP, y: rows[s.id] * ROW_GAP },
        data: { label: t(`steps.${model.kind}.${s.id}`), actor: t(`actors.${s.actor}`), state, stateLabel: t(`stepState.${state}`) },
        draggable: false,
        selectable: false,
        connectable: false,
      };
    });
    // Two ways between the same steps (e.g. paid online or by finance) are one edge naming both.
    const merged = new Map<string, { from: string; to: string; on: string[] }>();
    for (const tr of model.transitions) {
      const key = `${tr.from}>${tr.to}`;
      const edge = merged.get(key) ?? { from: tr.from, to: tr.to, on: [] };
      if (tr.on) edge.on.push(tr.on);
      merged.set(key, edge);
    }
    const edges: Edge[] = [...merged.values()].map((tr) => {
      const loop = back.has(`${tr.from}>${tr.to}`);
      const reached = states[tr.from] === 'done' || states[tr.from] === 'failed';
      const colour = reached ? '#5f6b7c' : '#abb3bf';
      return {
        id: `${tr.from}-${tr.to}`,
        source: tr.from,
        target: tr.to,
        sourceHandle: loop ? 'loop-out' : 'out',
        targetHandle: loop ? 'loop-in' : 'in',
        type: 'smoothstep',
        label: tr.on.length ? tr.on.map((on) => t(`transitions.${on}`)).join(' / ') : undefined,
        labelStyle: { fontSize: 13, fill: '#404854' },
        labelBgStyle: { fill: '#fbfcfd', fillOpacity: 0.95 },
        labelBgPadding: [4, 2] as [number, number],
        labelBgBorderRadius: 3,
        animated: loop,
        style: { stroke: colour, strokeWidth: 1.5, ...(loop ? { strokeDasharray: '5 4' } : {}) },
        markerEnd: { type: MarkerType.ArrowClosed, color: colour },
        // Loops run well below the steps, so their labels clear the forward edges' labels.
        pathOptions: loop ? { offset: 60, borderRadius: 10 } : { borderRadius: 10 },
      };
    });
    return { nodes, edges };
  }, [model, states, t]);

  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!view || !model || !events)
    return (
      <div style={{ padding: 24 }}>
        <Spinner size={24} />
      </div>
    );
  const staff = Boolean(user && isStaff(user.roles));
  const workflowUrl = view.workflowUrl;
  const sorted = [...events].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id));
  const superseded = supersededEvents(events);
  const columns = Math.max(...nodes.map((n) => n.position.x / COLUMN_GAP)) + 1;
  const rowCount = Math.max(...nodes.map((n) => n.position.y / ROW_GAP)) + 1;

  return (
    <div data-testid="timeline">
      <div className="ipci-timeline">
        <div>
          <div className="ipci-flow-scroll">
            <div
              className="ipci-flow"
              data-testid="timeline-flow"
              // Wide enough for the diagram at a readable zoom; a narrow screen scrolls it sideways.
              style={{ minWidth: Math.round((columns * COLUMN_GAP + 40) * MIN_ZOOM), height: rowCount * ROW_GAP + 110 }}
            >
              <ReactFlow
                nodes={nodes}
                edges={edges}
                nodeTypes={NODE_TYPES}
                fitView
                minZoom={MIN_ZOOM}
                fitViewOptions={{ padding: 0.06, minZoom: MIN_ZOOM, maxZoom: 1 }}
                nodesDraggable={false}
                nodesConnectable={false}
                elementsSelectable={false}
                panOnDrag={false}
                zoomOnScroll={false}
                zoomOnPinch={false}
                zoomOnDoubleClick={false}
                preventScrolling={false}
                proOptions={{ hideAttribution: true }}
              >
                <Background gap={16} size={1} color="#e5e8eb" />
              </ReactFlow>
            </div>
          </div>
          <div className="ipci-legend">
            {(Object.keys(STATE_COLOURS) as State[]).map((s) => (
              <span key={s} style={{ ['--c' as string]: STATE_COLOURS[s] }}>
                {t(`stepState.${s}`)}
              </span>
            ))}
          </div>
        </div>
        <div>
          {sorted.length === 0 ? (
            <p className="ipci-muted">{t('timeline.noEvents')}</p>
          ) : (
            <ol className="ipci-events" data-testid="timeline-events">
              {sorted.map((e) => (
                <li key={e.id} style={{ borderLeftColor: STATE_COLOURS[e.status] }} data-testid="timeline-event">
                  <div className="ipci-event-head">
                    <strong>{t(`steps.${model.kind}.${e.step}`, { defaultValue: e.step })}</strong>
                    {superseded.has(e.id) ? (
                      <Tag minimal data-testid="event-started">
                        {t('timeline.started')}
                      </Tag>
                    ) : (
                      <Tag minimal intent={STATE_INTENT[e.status]}>
                        {t(`stepState.${e.status}`)}
                      </Tag>
                    )}
                  </div>
                  <div className="ipci-event-meta">
                    {formatDateTime(e.at, lang)} · {t(`actors.${e.actor}`, { defaultValue: e.actor })}
                    {e.actorName ? ` · ${e.actorName}` : ''}
                  </div>
                  {e.dueAt && (
                    <div className="ipci-event-meta">
                      {t('timeline.due')}: {formatDeadline(e.dueAt, lang)}{' '}
                      {e.dueProvisional && (
                        <Tag minimal intent="warning" title={t('timeline.provisionalHint')}>
                          {t('timeline.provisional')}
                        </Tag>
                      )}
                    </div>
                  )}
                  {e.reasons && Object.keys(e.reasons).length > 0 && (
                    <ul className="ipci-reasons">
                      {Object.entries(e.reasons).map(([field, reason]) => (
                        <li key={field}>
                          <strong>{t(`fields.${field}`, { defaultValue: field })}</strong>: {reason}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      {staff && workflowUrl && (
        <div style={{ marginTop: 12 }}>
          <AnchorButton href={workflowUrl} target="_blank" rel="noreferrer" icon="flow-branch" endIcon="share" variant="outlined" text={t('timeline.viewInTemporal')} />
        </div>
      )}
    </div>
  );
}
