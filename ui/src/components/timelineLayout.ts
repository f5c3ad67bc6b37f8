import dagre from '@dagrejs/dagre';
import type { ProcessModel } from '../../../domain/processes/model';

/** Font sizes of the diagram's text (px at zoom 1; styles.css `.ipci-step-node`, the edge labels). */
export const STEP_FONT = 15;
export const META_FONT = 13;
export const LABEL_FONT = 13;
/** A step box's fixed height: its name, its state and its actor, one line each (styles.css `.ipci-step-node`). */
export const STEP_HEIGHT = 64;
const STEP_MIN_WIDTH = 112;
/** The box's horizontal padding and border (styles.css: 12 px padding, 2 px border each side). */
const STEP_CHROME = 28;
/** The label's background padding (Timeline's labelBgPadding) on each side. */
export const LABEL_PAD = { x: 4, y: 2 };

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

/** How wide a line of text is drawn, in px (bold: the step names). */
export type Measure = (text: string, fontSize: number, bold?: boolean) => number;

/**
 * A generous estimate of a line's width where nothing can measure text (tests): CJK and full-width
 * characters take 1 em, others at most 0.62 em (bold Latin capitals are the widest).
 */
export const estimateWidth: Measure = (text, fontSize) => {
  let em = 0;
  for (const ch of text) em += /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1 : 0.62;
  return Math.ceil(em * fontSize);
};

/**
 * The browser's own measure of the page's font (an offscreen canvas), a few px wider for safety;
 * the estimate where there is no canvas.
 */
export function browserMeasure(fontFamily: string): Measure {
  const ctx = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!ctx) return estimateWidth;
  return (text, fontSize, bold) => {
    ctx.font = `${bold ? 700 : 400} ${fontSize}px ${fontFamily}`;
    return Math.ceil(ctx.measureText(text).width) + 4;
  };
}

export interface LaidOutEdge {
  id: string;
  from: string;
  to: string;
  label?: string;
  /** The route from the source box's edge to the target box's edge, as dagre computed it. */
  points: Point[];
  /** The label's reserved box (centre at its position on the route). */
  labelBox?: Box;
  /** An edge against the flow (a correction going back to a review): drawn dashed. */
  back: boolean;
}

export interface Layout {
  /** Top-left corner and size of every step's box. */
  nodes: Record<string, Box>;
  edges: LaidOutEdge[];
  width: number;
  height: number;
}

export interface LayoutText {
  /** The step's name. */
  step: (id: string) => string;
  /** What the lines under the step's name may say: any of its states (the box keeps its width as they change), its actor. */
  meta: (id: string) => string[];
  /** The label of a transition event. */
  transition: (on: string) => string;
}

/**
 * Left-to-right layered layout (dagre) of a process model. Step boxes and edge labels get room as the
 * layout is computed, so labels never sit on each other or under a step; two transitions between the
 * same steps (paid online or by finance) are one edge naming both. Loops (a correction back to its
 * review) are found by dagre's depth-first acyclicer in the model's step order and routed back.
 */
export function layoutModel(model: ProcessModel, text: LayoutText, measure: Measure = estimateWidth): Layout {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', ranksep: 20, nodesep: 24, edgesep: 16, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const s of model.steps) {
    const width = Math.max(STEP_MIN_WIDTH, measure(text.step(s.id), STEP_FONT, true) + STEP_CHROME, ...text.meta(s.id).map((line) => measure(line, META_FONT) + STEP_CHROME));
    g.setNode(s.id, { width, height: STEP_HEIGHT });
  }
  const merged = new Map<string, { from: string; to: string; on: string[] }>();
  for (const tr of model.transitions) {
    const key = `${tr.from}>${tr.to}`;
    const edge = merged.get(key) ?? { from: tr.from, to: tr.to, on: [] };
    if (tr.on) edge.on.push(tr.on);
    merged.set(key, edge);
  }
  const labels = new Map<string, string>();
  for (const [key, tr] of merged) {
    const label = tr.on.length ? tr.on.map(text.transition).join(' / ') : undefined;
    if (label) labels.set(key, label);
    g.setEdge(tr.from, tr.to, label ? { width: measure(label, LABEL_FONT) + 2 * LABEL_PAD.x, height: Math.ceil(LABEL_FONT * 1.3) + 2 * LABEL_PAD.y, labelpos: 'c' } : {});
  }
  dagre.layout(g);

  const nodes: Record<string, Box> = {};
  for (const s of model.steps) {
    const n = g.node(s.id);
    nodes[s.id] = { x: n.x! - n.width / 2, y: n.y! - n.height / 2, width: n.width, height: n.height };
  }
  const edges: LaidOutEdge[] = [...merged.entries()].map(([key, tr]) => {
    const e = g.edge(tr.from, tr.to);
    const label = labels.get(key);
    return {
      id: `${tr.from}-${tr.to}`,
      from: tr.from,
      to: tr.to,
      label,
      points: e.points ?? [],
      labelBox: label ? { x: e.x! - e.width! / 2, y: e.y! - e.height! / 2, width: e.width!, height: e.height! } : undefined,
      back: nodes[tr.to].x <= nodes[tr.from].x,
    };
  });
  const size = g.graph();
  // dagre gives an empty graph an infinite size (its bounds start at ±Infinity): nothing to draw is 0 × 0.
  const extent = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? Math.ceil(v) : 0);
  return { nodes, edges, width: extent(size.width), height: extent(size.height) };
}

/** A smooth SVG path through the route's points (quadratic curves between the midpoints). */
export function smoothPath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  let d = `M ${first.x} ${first.y}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const p = rest[i];
    const next = rest[i + 1];
    d += ` Q ${p.x} ${p.y} ${(p.x + next.x) / 2} ${(p.y + next.y) / 2}`;
  }
  const last = rest[rest.length - 1];
  if (last) d += ` L ${last.x} ${last.y}`;
  return d;
}

/** Whether two boxes overlap (touching edges do not). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
