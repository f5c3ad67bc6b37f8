import { fonts as scFonts } from '@embedpdf/fonts-sc';
import { create, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { opensslVerifyCommand } from '../../domain/certificate';
import { formatDate } from '../../domain/dates';
import { formatIpciCode } from '../../domain/ipci';
import type { IpCategory, RightsTerm } from '../../domain/titleRegistration';
// The category and rights-term labels are the wizard's own (one wording everywhere); the catalog
// is plain data, so reading it here imports no UI code.
import zhTitle from '../../ui/locales/title/zh-CN.json';
import enTitle from '../../ui/locales/title/en-US.json';
import jaTitle from '../../ui/locales/title/ja-JP.json';

/**
 * The electronic IPCI certificate (spec part 1 §1): one A4 landscape page in Chinese, English and
 * Japanese. A pure function of its data, so the same data always draws the same certificate.
 *
 * Font: Noto Sans CJK SC (`@embedpdf/fonts-sc`) covers Chinese, Latin, kana and the Japanese kanji
 * (証, 発 …), so one family sets all three languages. pdfkit embeds only the glyphs used: a
 * certificate is tens of kilobytes although the font files are 8 MB each.
 */

export interface CertificateData {
  code: string;
  /** The IPCI identifier (uuid). */
  identifier: string;
  holder: string;
  names: { zh: string; en: string; ja: string };
  category: IpCategory | string;
  term: { type: RightsTerm | string; from?: string | null; to?: string | null };
  /** yyyy-mm-dd, China time. */
  issuedOn: string;
  validUntil: string | null;
  verifyUrl: string;
  publicKeyUrl: string;
  keyId: string;
}

const LANGS = ['zh', 'en', 'ja'] as const;
type L = (typeof LANGS)[number];
const TITLE = { zh: zhTitle.titleRegistration, en: enTitle.titleRegistration, ja: jaTitle.titleRegistration };

const T = {
  platform: { zh: 'IPCI 文化知识产权确权授权平台', en: 'IPCI Cultural IP Rights Platform', ja: 'IPCI 文化知的財産権確認・ライセンスプラットフォーム' },
  title: { zh: '知识产权确权证书', en: 'Certificate of Intellectual Property Rights Confirmation', ja: '知的財産権確認証明書' },
  code: { zh: '识别码', en: 'Identification code', ja: '識別コード' },
  identifier: { zh: '标识符', en: 'Identifier', ja: '識別子' },
  holder: { zh: '权利人', en: 'Rights holder', ja: '権利者' },
  names: { zh: 'IP 名称', en: 'IP name', ja: 'IP 名称' },
  category: { zh: 'IP 类别', en: 'Category', ja: 'IP 分類' },
  term: { zh: '权利期限', en: 'Rights term', ja: '権利期間' },
  issued: { zh: '发证日期', en: 'Date of issue', ja: '発行日' },
  validity: { zh: '有效期', en: 'Valid until', ja: '有効期限' },
  scan: { zh: '扫码验证', en: 'Scan to verify', ja: 'スキャンして検証' },
  seal: { zh: '确权认证', en: 'Rights confirmed', ja: '権利確認' },
  statement: {
    zh: '本证书由 IPCI 文化知识产权确权授权平台在对权利人提交的材料进行形式审查、收取认证费后颁发，证明上述知识产权已在本平台完成确权登记。证书状态以平台验证页面为准。',
    en: 'Issued by the IPCI Cultural IP Rights Platform after a formal examination of the materials submitted by the holder and payment of the certification fee. It attests that the IP above is registered with the platform; its current status is shown on the verification page.',
    ja: '本証明書は、IPCI 文化知的財産権確認・ライセンスプラットフォームが権利者の提出資料を形式審査し、認証料の納付を受けて発行したもので、上記の知的財産が本プラットフォームに登録されたことを証明します。現在の状態は検証ページでご確認ください。',
  },
  signed: {
    zh: '本文件附 Ed25519 电子签名（密钥编号 {key}），可离线验证：下载公钥 {pem}，在证书页面下载签名文件 .sig，然后执行：',
    en: 'This file carries an Ed25519 signature (key {key}) that can be checked offline: download the public key {pem} and the .sig file from the certificate page, then run:',
    ja: '本ファイルには Ed25519 電子署名（鍵番号 {key}）があり、オフラインで検証できます：公開鍵 {pem} と証明書ページの署名ファイル .sig をダウンロードし、次を実行してください：',
  },
} satisfies Record<string, Record<L, string>>;

/** The smallest size a value shrinks to before it is cut (still legible printed on A4). */
const MIN_VALUE_SIZE = 7;

const COLOURS = { ink: '#1d1d1f', muted: '#6b6b70', crimson: '#8c1c13', gold: '#a67c2e', paper: '#fffdf6', rosette: '#efe3c4' };

/**
 * The two weights, parsed once per process (fontkit; pdfkit takes a parsed font as well as bytes):
 * parsing an 8 MB CFF font per certificate would cost more than drawing it.
 */
let parsed: { regular: Font; bold: Font } | undefined;
export function loadFonts() {
  if (!parsed) {
    // The package exports only its font list; the files sit in fonts/ beside dist/.
    const dir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    const font = (weight: number) => create(readFileSync(path.join(dir, scFonts.find((f) => f.weight === weight)!.file))) as Font;
    parsed = { regular: font(400), bold: font(700) };
  }
  return parsed;
}

// The pages' date module: the certificate names the same China date as the verification page.
const DATE_LOCALE: Record<L, string> = { zh: 'zh-CN', en: 'en-GB', ja: 'ja-JP' };
const longDate = (iso: string, lang: L) => formatDate(iso, DATE_LOCALE[lang], 'long');

function termText(term: CertificateData['term'], lang: L): string {
  if (term.type === 'N' && term.from && term.to) {
    return { zh: `${longDate(term.from, 'zh')} 至 ${longDate(term.to, 'zh')}`, en: `${longDate(term.from, 'en')} to ${longDate(term.to, 'en')}`, ja: `${longDate(term.from, 'ja')}～${longDate(term.to, 'ja')}` }[lang];
  }
  return (TITLE[lang].term as Record<string, string>)[term.type] ?? term.type;
}

function validityText(data: CertificateData, lang: L): string {
  if (data.validUntil) return longDate(data.validUntil, lang);
  return termText(data.term, lang);
}

const labelOf = (k: keyof typeof T) => LANGS.map((l) => T[k][l]).filter(Boolean).join('  ·  ');

export async function certificatePdf(data: CertificateData): Promise<Buffer> {
  const qr = QRCode.create(data.verifyUrl, { errorCorrectionLevel: 'M' });
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    // Our own font from the start: pdfkit would otherwise load its default Helvetica for every document.
    font: regular as never,
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `IPCI ${formatIpciCode(data.code)}`, Author: T.platform.en, Subject: T.title.en, Keywords: data.code },
    autoFirstPage: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // @types/pdfkit predates parsed-font sources (pdfkit >= 0.16 accepts any object with layout()).
  doc.registerFont('R', regular as never);
  doc.registerFont('B', bold as never);
  const W = doc.page.width;
  const H = doc.page.height;

  // Paper, double frame and corner marks.
  doc.rect(0, 0, W, H).fill(COLOURS.paper);
  doc.lineWidth(3).strokeColor(COLOURS.gold).rect(18, 18, W - 36, H - 36).stroke();
  doc.lineWidth(0.8).strokeColor(COLOURS.crimson).rect(26, 26, W - 52, H - 52).stroke();
  for (const [x, y] of [[26, 26], [W - 26, 26], [26, H - 26], [W - 26, H - 26]]) {
    doc.save().translate(x, y).rotate(45).rect(-5, -5, 10, 10).fill(COLOURS.crimson).restore();
  }

  // A light rosette behind the text, as on printed certificates.
  doc.save().lineWidth(0.35).strokeColor(COLOURS.rosette);
  for (let i = 0; i < 36; i++) {
    doc.save().translate(W / 2, H / 2 + 20).rotate(i * 5).ellipse(0, 0, 170, 60).stroke().restore();
  }
  doc.restore();

  const centred = (text: string, y: number, font: 'R' | 'B', size: number, color = COLOURS.ink, extra: PDFKit.Mixins.TextOptions = {}) =>
    doc.font(font).fontSize(size).fillColor(color).text(text, 40, y, { width: W - 80, align: 'center', lineBreak: false, ...extra });

  // Header and title.
  centred(`${T.platform.zh}   ${T.platform.en}`, 44, 'R', 9, COLOURS.muted);
  centred(T.title.zh, 66, 'B', 30, COLOURS.crimson, { characterSpacing: 6 });
  centred(T.title.en, 110, 'R', 13);
  centred(T.title.ja, 128, 'R', 12);
  doc.lineWidth(0.8).strokeColor(COLOURS.gold).moveTo(150, 152).lineTo(W - 150, 152).stroke();

  // The code and the identifier.
  centred(labelOf('code'), 160, 'R', 8, COLOURS.muted);
  centred(formatIpciCode(data.code), 172, 'B', 22, COLOURS.ink, { characterSpacing: 2 });
  centred(`${labelOf('identifier')}:  ${data.identifier}`, 202, 'R', 8, COLOURS.muted);

  type Value = [string, 'R' | 'B', number];
  const LABEL_HEIGHT = 12;
  const FIELD_GAP = 8;

  /**
   * A value's size and height when it may take `lines` lines at its size times `scale`: a long
   * value (names go up to 200 characters) gets smaller until it fits; past the smallest readable
   * size it is cut with an ellipsis (the verification page shows it whole).
   */
  const fit = ([text, font, size]: Value, width: number, lines: number, scale: number) => {
    const start = Math.max(MIN_VALUE_SIZE, size * scale);
    const room = doc.font(font).fontSize(start).currentLineHeight(true) * lines;
    let fitted = start;
    while (fitted > MIN_VALUE_SIZE && doc.fontSize(fitted).heightOfString(text, { width }) > room) fitted -= 0.5;
    return { size: fitted, room, height: Math.min(room, doc.fontSize(fitted).heightOfString(text, { width })) };
  };

  /** Height of a column of fields, each a label over its values. */
  const columnHeight = (fields: Value[][], width: number, lines: number, scale: number) =>
    fields.reduce((h, values) => h + LABEL_HEIGHT + FIELD_GAP + values.reduce((v, value) => v + fit(value, width, lines, scale).height + 2, 0), 0);

  /** One field: its trilingual label over its values; answers where the next field starts. */
  const field = (x: number, y: number, width: number, label: keyof typeof T, values: Value[], lines = 2, scale = 1) => {
    doc.font('R').fontSize(7.5).fillColor(COLOURS.muted).text(labelOf(label), x, y, { width, lineBreak: false });
    let cy = y + LABEL_HEIGHT;
    for (const value of values) {
      const { size, room } = fit(value, width, lines, scale);
      doc.font(value[1]).fontSize(size).fillColor(COLOURS.ink).text(value[0], x, cy, { width, height: room, ellipsis: true });
      cy = doc.y + 2;
    }
    return cy + FIELD_GAP;
  };

  const top = 232;
  const bottom = 420; // the issuing statement starts below
  const leftX = 70;
  const leftW = 300;
  const left: Array<[keyof typeof T, Value[]]> = [
    ['holder', [[data.holder, 'B', 13]]],
    [
      'names',
      [
        [data.names.zh, 'B', 13],
        [data.names.en, 'R', 11],
        [data.names.ja, 'R', 11],
      ],
    ],
    ['category', [[LANGS.map((l) => (TITLE[l].category as Record<string, string>)[data.category] ?? data.category).join('  ·  '), 'R', 10.5]]],
  ];
  // Up to two lines per value, the whole column smaller if need be to stay above the statement;
  // when even that does not fit, one line per value.
  const leftValues = left.map(([, v]) => v);
  const scale = [1, 0.9, 0.8, 0.7].find((k) => top + columnHeight(leftValues, leftW, 2, k) <= bottom);
  let y = top;
  for (const [label, values] of left) y = field(leftX, y, leftW, label, values, scale ? 2 : 1, scale ?? 1);

  // Dates in Chinese and English (the Japanese form is the Chinese one); the seal stamps them.
  const midX = 400;
  const midW = 220;
  const dateLines = (iso: string): Array<[string, 'R', number]> => [
    [longDate(iso, 'zh'), 'R', 10.5],
    [longDate(iso, 'en'), 'R', 10.5],
  ];
  y = field(midX, top, midW, 'term', LANGS.map((l) => [termText(data.term, l), 'R', 9.5] as [string, 'R', number]));
  const datesY = y;
  y = field(midX, y, midW, 'issued', dateLines(data.issuedOn));
  field(midX, y, midW, 'validity', data.validUntil ? dateLines(data.validUntil) : LANGS.map((l) => [validityText(data, l), 'R', 9.5] as [string, 'R', number]));

  const seal = { x: midX + 180, y: datesY + 52 };
  doc.save().opacity(0.8).lineWidth(2.2).strokeColor(COLOURS.crimson).circle(seal.x, seal.y, 36).stroke();
  doc.lineWidth(0.6).circle(seal.x, seal.y, 31).stroke();
  doc.font('B').fontSize(13).fillColor(COLOURS.crimson).text('IPCI', seal.x - 38, seal.y - 19, { width: 76, align: 'center', lineBreak: false });
  doc.font('B').fontSize(10).text(T.seal.zh, seal.x - 38, seal.y + 1, { width: 76, align: 'center', lineBreak: false, characterSpacing: 2 });
  doc.restore();

  // QR code to the public verification page, drawn as vector squares (sharp at any zoom or print size).
  const qrX = 658;
  const qrY = top - 2;
  const qrSize = 124;
  const n = qr.modules.size;
  const cell = qrSize / n;
  doc.rect(qrX - 6, qrY - 6, qrSize + 12, qrSize + 12).fill('#ffffff');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) doc.rect(qrX + c * cell, qrY + r * cell, cell + 0.05, cell + 0.05);
  }
  doc.fill(COLOURS.ink);
  doc.font('R').fontSize(8).fillColor(COLOURS.muted);
  LANGS.forEach((l, i) => doc.text(T.scan[l], qrX - 20, qrY + qrSize + 10 + i * 11, { width: qrSize + 40, align: 'center', lineBreak: false }));

  // The issuing statement.
  const statementY = 436;
  doc.lineWidth(0.5).strokeColor(COLOURS.gold).moveTo(70, statementY - 8).lineTo(W - 70, statementY - 8).stroke();
  let sy = statementY;
  for (const l of LANGS) {
    doc.font('R').fontSize(7.8).fillColor(COLOURS.ink).text(T.statement[l], 70, sy, { width: W - 140, align: 'left' });
    sy = doc.y + 2;
  }

  // Footer: how to check the signature offline.
  let fy = Math.max(sy + 6, 512);
  doc.font('R').fontSize(6.4).fillColor(COLOURS.muted);
  for (const l of LANGS) {
    doc.text(T.signed[l].replace('{key}', data.keyId).replace('{pem}', data.publicKeyUrl), 70, fy, { width: W - 140 });
    fy = doc.y + 1;
  }
  doc.font('B').fontSize(6.6).fillColor(COLOURS.ink).text(opensslVerifyCommand(data.code), 70, fy + 1, { width: W - 140 });
  doc.font('R').fontSize(6.4).fillColor(COLOURS.muted).text(data.verifyUrl, 70, H - 44, { width: W - 140, align: 'right', lineBreak: false });

  doc.end();
  return done;
}
