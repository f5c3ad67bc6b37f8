import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

/**
 * Keyword matching on segmented text (issue 15): a page's title or description contains a
 * monitored keyword when the keyword is a run of whole words of the text, as jieba segments it.
 * Plain substring search would find 处女 in 工信处女干事 (工信处 / 女干事) and 市长 in
 * 南京市长江大桥 (南京市 / 长江大桥); Intl.Segmenter cuts 西游记, 手办 and 佩奇 into pieces
 * (西 / 游记, 手 / 办, 佩 / 奇), so whole words on its segments would miss them. Latin keywords follow the same rule, which makes
 * them case-insensitive whole-word matches: "panda" is in "Kung-Fu PANDA", not in "pandas".
 *
 * Normalisation before segmenting, the same for text and keyword:
 * - NFKC folds full-width Latin and digits (Ｌｕｆｆｙ) and half-width katakana to their usual forms;
 *   then lower case.
 * - Joiners (white space, hyphens, middle dots, apostrophes, Latin full stops) are dropped, so 哈利·波特
 *   matches 哈利波特 and "kung fu" matches "Kung-Fu"; a keyword's words must still be whole words.
 * - Any other punctuation or symbol is a break no keyword spans (a keyword's own break must meet
 *   one in the text).
 *
 * A long word also contains the dictionary words inside it (jieba's search mode): 玩具 is found in
 * 毛绒玩具 and 故宫 in 故宫博物院, as a search engine would find them.
 *
 * The keywords join the segmenter's dictionary: IP names are mostly words the dictionary does not
 * know, and unknown runs get cut anyhow (《哈利波特与魔法石》 → 哈利波 / 特与, 冰墩墩 → 冰墩 / 墩).
 * They join at a low frequency (KEYWORD_FREQUENCY): enough for an unknown name to stay one word,
 * too little to overturn the dictionary's words around it (a keyword 市长 still leaves 南京市 /
 * 长江大桥 whole). Each matcher loads its own dictionary (~0.2 s), so one subscription's keywords
 * never change how another's pages are cut.
 */

/** Marks a break in the content string; a control character, which keywords never contain. */
const BREAK = '\n';
const JOINER = /^[\s\-‐‑‒–—―_·・‧'’`.]$/u;
const CONTENT = /^[\p{L}\p{N}\p{M}]$/u;
const LATIN = /[\p{Script=Latin}0-9]/u;

/** NFKC (full and half width) and lower case: the form text and keywords are compared in. */
export const normaliseText = (s: string): string => s.normalize('NFKC').toLowerCase();

/**
 * What a piece of normalised text contributes to the compared string: its letters, digits and
 * marks; joiners vanish; any other character is a break (runs of breaks collapse into one).
 */
function contentOf(s: string, previous: string): string {
  let out = '';
  let last = previous;
  for (const ch of s) {
    if (CONTENT.test(ch)) out += ch;
    else if (JOINER.test(ch)) continue;
    else if (last !== BREAK) out += BREAK;
    else continue;
    last = out[out.length - 1] ?? last;
  }
  return out;
}

/** A text segmented for keyword look-ups (KeywordMatcher.segment). */
export interface SegmentedText {
  /** The compared string: every word's content in order, breaks as BREAK. */
  content: string;
  /** The words as segmented (content of each, breaks and joiners left out). */
  words: string[];
  /** Offsets in `content` where a word starts, and where one ends. */
  starts: Set<number>;
  ends: Set<number>;
  /** Dictionary words inside a longer word: "start:end" in `content`. */
  inner: Set<string>;
}

/** The keyword as it is compared (normalised, joiners dropped); '' when nothing of it is a word. */
export function keywordContent(keyword: string): string {
  const c = contentOf(normaliseText(keyword), BREAK);
  return c.replace(/^\n+|\n+$/g, '');
}

/** Whether `keyword` occurs in the segmented text as whole words, or as a dictionary word inside one. */
export function containsKeyword(seg: SegmentedText, keyword: string): boolean {
  const k = keywordContent(keyword);
  if (!k) return false;
  for (let i = seg.content.indexOf(k); i >= 0; i = seg.content.indexOf(k, i + 1)) {
    const end = i + k.length;
    if ((seg.starts.has(i) && seg.ends.has(end)) || seg.inner.has(`${i}:${end}`)) return true;
  }
  return false;
}

const KEYWORD_FREQUENCY = 3;

/** A subscription's keywords, ready to be looked for in pages' titles and descriptions. */
export class KeywordMatcher {
  private readonly jieba: Jieba;

  constructor(readonly keywords: readonly string[]) {
    // A keyword of two or more characters without a break can be one word; one character never is.
    // Latin words are whole already (white space separates them); in the dictionary, "panda" would cut "pandas".
    const words = [...new Set(keywords.map(keywordContent))].filter((w) => [...w].length >= 2 && !w.includes(BREAK) && !LATIN.test(w));
    this.jieba = Jieba.withDict(dict);
    if (words.length) this.jieba.loadDict(Buffer.from(words.map((w) => `${w} ${KEYWORD_FREQUENCY}`).join('\n')));
  }

  segment(text: string): SegmentedText {
    const seg: SegmentedText = { content: '', words: [], starts: new Set(), ends: new Set(), inner: new Set() };
    for (const token of this.jieba.cut(normaliseText(text), true)) {
      const piece = contentOf(token, seg.content[seg.content.length - 1] ?? BREAK);
      if (!piece) continue;
      if (piece === BREAK) {
        seg.content += piece;
        continue;
      }
      const at = seg.content.length;
      seg.content += piece;
      seg.words.push(piece);
      seg.starts.add(at);
      seg.ends.add(at + piece.length);
      // Only a word of three or more characters has dictionary words of two or more inside it; a Latin word has none.
      if ([...piece].length >= 3 && !LATIN.test(piece))
        for (const sub of this.jieba.cutForSearch(piece, true)) {
          if (sub === piece) continue;
          for (let i = piece.indexOf(sub); i >= 0; i = piece.indexOf(sub, i + 1)) seg.inner.add(`${at + i}:${at + i + sub.length}`);
        }
    }
    return seg;
  }

  /** The keywords (as the user wrote them) found in any of the texts, each once, in the keywords' order. */
  match(texts: readonly string[]): string[] {
    if (!this.keywords.length) return [];
    const segmented = texts.filter((t) => t.trim()).map((t) => this.segment(t));
    return this.keywords.filter((kw) => segmented.some((seg) => containsKeyword(seg, kw)));
  }
}
