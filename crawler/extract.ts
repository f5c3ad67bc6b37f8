import { loadBuffer, type CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { normalizeUrl } from './urls';

/** What a page gives the matcher and the crawl: its words, its links and its pictures. */
export interface PageExtract {
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
  /** Visible text, blocks on their own lines, at most TEXT_EXTRACT_MAX characters. */
  text: string;
  /** Absolute, normalised, distinct; none when the page asks robots not to follow (meta robots nofollow). */
  links: string[];
  images: PageImage[];
}

export interface PageImage {
  url: string;
  alt: string;
}

/** Bounds: a page is evidence and matcher input, not an archive. */
export const TEXT_EXTRACT_MAX = 20_000;
export const TITLE_MAX = 500;
export const DESCRIPTION_MAX = 2_000;
export const MAX_LINKS_PER_PAGE = 1_000;
export const MAX_IMAGES_PER_PAGE = 100;

/** Elements whose content a reader never sees as text. */
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'head', 'select', 'datalist']);
/** Elements that start a new line: without a break "<p>第一</p><p>第二</p>" would read as one word to the segmenter. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5',
  'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'option', 'button', 'label',
]);

/** Cut to at most `max` characters without splitting a surrogate pair. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end);
}

const oneLine = (s: string | undefined, max: number) => bounded((s ?? '').replace(/\s+/g, ' ').trim(), max);

function visibleText($: CheerioAPI): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (node: AnyNode): void => {
    if (length > TEXT_EXTRACT_MAX) return;
    if (node.type === 'text') {
      parts.push(node.data);
      length += node.data.length;
      return;
    }
    if (node.type !== 'tag' && node.type !== 'root') return;
    if (node.type === 'tag') {
      if (INVISIBLE.has(node.name) || node.attribs.hidden !== undefined || node.attribs['aria-hidden'] === 'true') return;
      if (BLOCK.has(node.name)) parts.push('\n');
    }
    for (const child of node.children) walk(child);
    if (node.type === 'tag' && BLOCK.has(node.name)) parts.push('\n');
  };
  const body = $('body').get(0);
  walk(body ?? $.root().get(0)!);
  const text = parts
    .join('')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
  return bounded(text, TEXT_EXTRACT_MAX);
}

/** A srcset's candidates with their width (w) or density (x) descriptor; a bare URL counts as 1x (the HTML spec's parsing, without its error cases). */
export function parseSrcset(srcset: string): Array<{ url: string; w?: number; x: number }> {
  const out: Array<{ url: string; w?: number; x: number }> = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i])) i++;
    const start = i;
    while (i < srcset.length && !/\s/.test(srcset[i])) i++;
    let url = srcset.slice(start, i);
    let descriptor = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const from = i;
      while (i < srcset.length && srcset[i] !== ',') i++;
      descriptor = srcset.slice(from, i).trim();
    }
    if (!url) continue;
    const w = /^(\d+)w$/i.exec(descriptor);
    const x = /^(\d*\.?\d+)x$/i.exec(descriptor);
    out.push({ url, w: w ? Number(w[1]) : undefined, x: x ? Number(x[1]) : 1 });
  }
  return out;
}

/**
 * The largest picture an <img> (and its <picture> sources) offers: the widest `w` candidate, else the
 * highest density; lazy-loading attributes stand in for a missing or placeholder src.
 */
function largestSource($: CheerioAPI, img: AnyNode): string | null {
  const el = $(img);
  const candidates: Array<{ url: string; w?: number; x: number }> = [];
  const sets = [el.attr('srcset'), el.attr('data-srcset')];
  const picture = el.parent().is('picture') ? el.parent() : null;
  picture?.children('source').each((_, s) => void sets.push($(s).attr('srcset')));
  for (const set of sets) if (set) candidates.push(...parseSrcset(set));
  for (const attr of ['src', 'data-src', 'data-original', 'data-lazy-src']) {
    const v = el.attr(attr)?.trim();
    if (v && !v.startsWith('data:')) candidates.push({ url: v, x: 1 });
  }
  const usable = candidates.filter((c) => !c.url.startsWith('data:'));
  if (!usable.length) return null;
  const widths = usable.filter((c) => c.w !== undefined);
  const best = widths.length ? widths.reduce((a, b) => (b.w! > a.w! ? b : a)) : usable.reduce((a, b) => (b.x > a.x ? b : a));
  return best.url;
}

/**
 * Parses a fetched HTML page (its bytes; the charset from the Content-Type, else the page's BOM or
 * <meta charset>, as a browser decides — GBK and Shift_JIS pages are common here) and takes what the
 * monitoring needs. Links and pictures are resolved against <base href> or the page's own URL.
 */
export function extractPage(html: Buffer, pageUrl: string, contentType?: string | null): PageExtract {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  const $ = loadBuffer(html, { encoding: charset ? { transportLayerEncodingLabel: charset } : {} });
  const meta = (key: string) => $(`meta[name="${key}" i], meta[property="${key}" i]`).first().attr('content');
  const baseHref = $('base[href]').first().attr('href');
  const base = (baseHref && normalizeUrl(baseHref, pageUrl)) || pageUrl;

  const robots = `${meta('robots') ?? ''},${meta('ipci-monitor') ?? ''}`.toLowerCase();
  const links = new Set<string>();
  if (!/\b(nofollow|none)\b/.test(robots)) {
    $('a[href], area[href]').each((_, a) => {
      if (links.size >= MAX_LINKS_PER_PAGE) return false;
      const el = $(a);
      if (/\bnofollow\b/i.test(el.attr('rel') ?? '')) return;
      const url = normalizeUrl(el.attr('href')!, base);
      if (url) links.add(url);
    });
  }

  const images = new Map<string, string>();
  const addImage = (src: string | null | undefined, alt: string | undefined) => {
    if (!src || images.size >= MAX_IMAGES_PER_PAGE) return;
    const url = normalizeUrl(src, base);
    if (url && (!images.has(url) || !images.get(url))) images.set(url, oneLine(alt, TITLE_MAX));
  };
  $('img').each((_, img) => addImage(largestSource($, img), $(img).attr('alt') ?? $(img).attr('title')));
  for (const key of ['og:image', 'og:image:url', 'og:image:secure_url']) addImage(meta(key), meta('og:image:alt') ?? meta('og:title'));

  const ogTitle = oneLine(meta('og:title'), TITLE_MAX);
  const ogDescription = oneLine(meta('og:description'), DESCRIPTION_MAX);
  return {
    title: oneLine($('title').first().text(), TITLE_MAX) || ogTitle,
    description: oneLine(meta('description'), DESCRIPTION_MAX) || ogDescription,
    ogTitle,
    ogDescription,
    text: visibleText($),
    links: [...links],
    images: [...images].map(([url, alt]) => ({ url, alt })),
  };
}
