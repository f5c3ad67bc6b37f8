import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Callout, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { Background, BaseEdge, Handle, MarkerType, Position, ReactFlow, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { stepStates, type CaseEvent, type ProcessModel, type StepStatus } from '../../../domain/processes/model';
import { isStaff } from '../../../domain/roles';
import { api, subscribe } from '../api/client';
import type { CaseView } from '../api/types';
import { useSession } from '../session/SessionContext';
import { formatDateTime, formatDeadline } from '../lib/format';
import { useLang } from '../lib/useLang';
import { browserMeasure, LABEL_FONT, LABEL_PAD, layoutModel, smoothPath, type Point } from './timelineLayout';
import { WorkflowLink } from './WorkflowLink';

type State = StepStatus | 'pending';

/** done green, current blue, failed red, waiting orange, pending grey (Blueprint palette). */
export const STATE_COLOURS: Record<State, string> = {
  done: '#238551',
  current: '#2d72d2',
  failed: '#cd4246',
  waiting: '#c87619',
  pending: '#8f99a8',
};
const STATES = Object.keys(STATE_COLOURS) as State[];
const STATE_INTENT: Record<State, Intent> = { done: 'success', current: 'primary', failed: 'danger', waiting: 'warning', pending: 'none' };

/**
 * Below this zoom the diagram's 13 px text would shrink under 10.5 px: the diagram scrolls sideways
 * inside its own box instead. Above it, the diagram zooms to fit its container's width (never past 1).
 */
export const MIN_ZOOM = 10.5 / LABEL_FONT;

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

function StepNodeView({ id, data, width }: NodeProps<StepNode>) {
  const colour = STATE_COLOURS[data.state];
  return (
    <div
      className={`ipci-step-node is-${data.state}`}
      style={{ width, borderColor: colour, background: data.state === 'pending' ? '#fff' : `${colour}14` }}
      data-testid={`step-${id}`}
      data-state={data.state}
    >
      {/* Edges are drawn along dagre's routes (RouteEdge); React Flow still wants a handle of each kind. */}
      <Handle type="target" position={Position.Left} style={{ visibility: 'hidden' }} />
      <Handle type="source" position={Position.Right} style={{ visibility: 'hidden' }} />
      <strong style={{ color: colour }} title={data.label}>
        {data.label}
      </strong>
      <div className="ipci-step-meta">{data.stateLabel}</div>
      <div className="ipci-step-meta">{data.actor}</div>
    </div>
  );
}
const NODE_TYPES = { step: StepNodeView };

interface RouteData extends Record<string, unknown> {
  points: Point[];
  labelX?: number;
  labelY?: number;
}
type RouteEdgeType = Edge<RouteData, 'route'>;

/** An edge along the route dagre computed, its label where dagre reserved room for it. */
function RouteEdge({ id, data, label, labelStyle, labelBgStyle, labelBgPadding, labelBgBorderRadius, style, markerEnd }: EdgeProps<RouteEdgeType>) {
  return (
    <BaseEdge
      id={id}
      path={smoothPath(data?.points ?? [])}
      label={label}
      labelX={data?.labelX}
      labelY={data?.labelY}
      labelStyle={labelStyle}
      labelBgStyle={labelBgStyle}
      labelBgPadding={labelBgPadding}
      labelBgBorderRadius={labelBgBorderRadius}
      style={style}
      markerEnd={markerEnd}
    />
  );
}
const EDGE_TYPES = { route: RouteEdge };

/** The width of the element (0 until it is laid out), followed as it resizes. */
function useWidth() {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.current.observe(el);
  }, []);
  return [ref, width] as const;
}

/**
 * A process model drawn as its steps and transitions, each step coloured by its state (pending when
 * `states` says nothing of it): the timeline's diagram. Without `states` it explains the process
 * instead (a page about it, no case yet): each staff step says how long it takes, none says "not started".
 */
export function ProcessDiagram({ model, states }: { model: ProcessModel; states?: Partial<Record<string, State>> }) {
  const { t } = useTranslation();
  const [boxRef, boxWidth] = useWidth();
  // The layout depends on the model and the language only: a step's box is wide enough for any of
  // its states, so a live event recolours the diagram without moving anything.
  const layout = useMemo(() => {
    const stateLabels = STATES.map((st) => t(`stepState.${st}`));
    return layoutModel(model, {
      step: (id) => t(`steps.${model.kind}.${id}`),
      meta: (id) => [...stateLabels, t(`actors.${model.steps.find((s) => s.id === id)?.actor}`)],
      // A process may word a shared transition its own way (a monitoring order is unpaid after 24 h, a law firm's after 10 working days).
      transition: (on) => t([`transitions.${model.kind}.${on}`, `transitions.${on}`]),
    }, browserMeasure(getComputedStyle(document.body).fontFamily));
  }, [model, t]);

  const { nodes, edges } = useMemo(() => {
    const nodes: StepNode[] = model.steps.map((s) => {
      const state = states?.[s.id] ?? 'pending';
      const stateLabel = states ? t(`stepState.${state}`) : s.slaWorkingDays ? t('timeline.workingDays', { count: s.slaWorkingDays }) : '';
      const box = layout.nodes[s.id];
      return {
        id: s.id,
        type: 'step',
        position: { x: box.x, y: box.y },
        width: box.width,
        height: box.height,
        data: { label: t(`steps.${model.kind}.${s.id}`), actor: t(`actors.${s.actor}`), state, stateLabel },
        draggable: false,
        selectable: false,
        connectable: false,
      };
    });
    const edges: RouteEdgeType[] = layout.edges.map((e) => {
      const reached = states?.[e.from] === 'done' || states?.[e.from] === 'failed';
      const colour = reached ? '#5f6b7c' : '#abb3bf';
      return {
        id: e.id,
        source: e.from,
        target: e.to,
        type: 'route',
        data: { points: e.points, labelX: e.labelBox && e.labelBox.x + e.labelBox.width / 2, labelY: e.labelBox && e.labelBox.y + e.labelBox.height / 2 },
        label: e.label,
        labelStyle: { fontSize: LABEL_FONT, fill: '#404854' },
        labelBgStyle: { fill: '#fbfcfd', fillOpacity: 0.95 },
        labelBgPadding: [LABEL_PAD.x, LABEL_PAD.y] as [number, number],
        labelBgBorderRadius: 3,
        animated: e.back,
        style: { stroke: colour, strokeWidth: 1.5, ...(e.back ? { strokeDasharray: '5 4' } : {}) },
        markerEnd: { type: MarkerType.ArrowClosed, color: colour },
      };
    });
    return { nodes, edges };
  }, [model, layout, states, t]);

  // Fit the container's width, but never below the readable zoom (then the box scrolls sideways).
  const zoom = Math.min(1, Math.max(MIN_ZOOM, boxWidth / (layout.width || 1)));
  return (
    <div>
      <div className="ipci-flow-scroll" ref={boxRef}>
        <div className="ipci-flow" data-testid="timeline-flow" data-zoom={zoom} style={{ width: Math.ceil(layout.width * zoom), height: Math.ceil(layout.height * zoom) }}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            viewport={{ x: 0, y: 0, zoom }}
            minZoom={MIN_ZOOM}
            maxZoom={1}
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
      {states && (
        <div className="ipci-legend">
          {STATES.map((s) => (
            <span key={s} style={{ ['--c' as string]: STATE_COLOURS[s] }}>
              {t(`stepState.${s}`)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
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

  return (
    <div data-testid="timeline">
      <div className="ipci-timeline">
        <ProcessDiagram model={model} states={states} />
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
                          {/* A value picked from a decision's list (an objection's outcome, category) reads as its label. */}
                          <strong>{t(`fields.${field}`, { defaultValue: field })}</strong>: {t(`task.choices.${field}.${reason}`, { defaultValue: reason })}
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
          <WorkflowLink url={workflowUrl} />
        </div>
      )}
    </div>
  );
}
