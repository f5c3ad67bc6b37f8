import type { KeywordCategory, PictureKind } from '../domain/monitoring';
import { renderArtwork, type Accessory, type Palette } from './art';

/**
 * The demo IPs whose copies the demo marketplace carries: fictional works in a Chinese-culture
 * style, each with its names in the three languages, the keywords a holder would monitor (the
 * spec's suggestion categories) and one or two square comparison pictures of the kind a user uploads
 * (1:1, 1024 px, JPEG or PNG well under 3 MB — the monitorPicture upload's rules). A new user
 * downloads one from the marketplace's /originals/ page, adds it to a subscription, and the next
 * crawl finds its copies.
 */

export interface DemoPicture {
  /** File name on /originals/ (also the picture's id in the marketplace's copy list). */
  file: string;
  kind: PictureKind;
  mime: 'image/jpeg' | 'image/png';
}

export interface DemoOriginal {
  slug: string;
  names: { 'zh-CN': string; 'en-US': string; 'ja-JP': string };
  keywords: Array<{ text: string; category: KeywordCategory }>;
  /** One line about the work, shown on /originals/. */
  blurb: string;
  palette: Palette;
  accessory: Accessory;
  pictures: DemoPicture[];
}

/** Side of every demo picture: HD and square, above the 500 px floor with room for a crop. */
export const DEMO_PICTURE_SIDE = 1024;

const jpeg = (file: string): DemoPicture => ({ file, kind: 'picture', mime: 'image/jpeg' });
const png = (file: string, kind: PictureKind = 'picture'): DemoPicture => ({ file, kind, mime: 'image/png' });

export const DEMO_ORIGINALS: readonly DemoOriginal[] = [
  {
    slug: 'qingluan',
    names: { 'zh-CN': '青鸾仙子', 'en-US': 'Azure Luan Fairy', 'ja-JP': '青鸞仙女' },
    keywords: [
      { text: '青鸾仙子', category: 'name' },
      { text: 'Azure Luan Fairy', category: 'name' },
      { text: '青鸞仙女', category: 'name' },
      { text: '云栖山', category: 'scene' },
      { text: '鸾羽坊', category: 'brand' },
    ],
    blurb: '云栖山上守护青鸾的仙子，国风插画系列。',
    palette: { sky: ['#bfe6f2', '#4f9fc4'], robe: '#2f7fa8', trim: '#1d4d66', hair: '#2a2340', accent: '#f3a6c0' },
    accessory: 'wings',
    pictures: [jpeg('qingluan-1.jpg'), png('qingluan-2.png')],
  },
  {
    slug: 'molin',
    names: { 'zh-CN': '墨麒麟', 'en-US': 'Ink Qilin', 'ja-JP': '墨の麒麟' },
    keywords: [
      { text: '墨麒麟', category: 'name' },
      { text: 'Ink Qilin', category: 'name' },
      { text: '墨の麒麟', category: 'name' },
      { text: '砚山书院', category: 'scene' },
    ],
    blurb: '从砚台里跑出来的小麒麟，水墨风格角色。',
    palette: { sky: ['#f1ead8', '#b9ab8a'], robe: '#3b3b3b', trim: '#161616', hair: '#0f0f0f', accent: '#c8a24a' },
    accessory: 'horns',
    pictures: [jpeg('molin-1.jpg'), jpeg('molin-2.jpg')],
  },
  {
    slug: 'denglong',
    names: { 'zh-CN': '灯笼娃娃', 'en-US': 'Lantern Kid', 'ja-JP': '提灯わらべ' },
    keywords: [
      { text: '灯笼娃娃', category: 'name' },
      { text: 'Lantern Kid', category: 'name' },
      { text: '提灯わらべ', category: 'name' },
    ],
    blurb: '元宵夜提着红灯笼的娃娃，新年主题形象。',
    palette: { sky: ['#2a1f4d', '#8c2f39'], robe: '#d6332a', trim: '#f2c14e', hair: '#1f1410', accent: '#ffb347' },
    accessory: 'lantern',
    pictures: [jpeg('denglong-1.jpg')],
  },
  {
    slug: 'jinli',
    names: { 'zh-CN': '锦鲤阿福', 'en-US': 'Koi Afu', 'ja-JP': '錦鯉のアフ' },
    keywords: [
      { text: '锦鲤阿福', category: 'name' },
      { text: 'Koi Afu', category: 'name' },
      { text: '錦鯉のアフ', category: 'name' },
      { text: '阿福好运', category: 'brand' },
    ],
    blurb: '带来好运的锦鲤少年，文创周边形象。',
    palette: { sky: ['#d8f3ec', '#5fb7a6'], robe: '#f07f3c', trim: '#b34a1a', hair: '#3a2418', accent: '#ffd23f' },
    accessory: 'fins',
    pictures: [jpeg('jinli-1.jpg'), png('jinli-logo.png', 'logo')],
  },
  {
    slug: 'xiongmao',
    names: { 'zh-CN': '竹林熊猫侠', 'en-US': 'Bamboo Panda Knight', 'ja-JP': '竹林パンダ侠' },
    keywords: [
      { text: '竹林熊猫侠', category: 'name' },
      { text: 'Bamboo Panda Knight', category: 'name' },
      { text: '竹林パンダ侠', category: 'name' },
      { text: '翠竹镇', category: 'scene' },
    ],
    blurb: '行侠仗义的熊猫少侠，武侠动画角色。',
    palette: { sky: ['#e6f5d0', '#7fb85a'], robe: '#f7f7f2', trim: '#2f5d1e', hair: '#151515', accent: '#9ccc65' },
    accessory: 'panda',
    pictures: [jpeg('xiongmao-1.jpg')],
  },
  {
    slug: 'feitian',
    names: { 'zh-CN': '云梦飞天', 'en-US': 'Cloud Dream Apsara', 'ja-JP': '雲夢飛天' },
    keywords: [
      { text: '云梦飞天', category: 'name' },
      { text: 'Cloud Dream Apsara', category: 'name' },
      { text: '雲夢飛天', category: 'name' },
      { text: '月牙泉', category: 'scene' },
    ],
    blurb: '壁画中飞出的飞天少女，敦煌色系插画。',
    palette: { sky: ['#f6e3c5', '#c9853c'], robe: '#3c8c84', trim: '#7a3b22', hair: '#2b1a12', accent: '#e0644f' },
    accessory: 'ribbons',
    pictures: [jpeg('feitian-1.jpg')],
  },
];

/** Every demo picture's seed: fixed per IP and picture so a picture is the same in every process. */
const pictureSeed = (ip: number, picture: number) => 1501 + ip * 37 + picture * 11;

const cache = new Map<string, Promise<Buffer>>();

/**
 * The demo IP `ip`'s picture number `picture` (encoded as its DemoPicture says). The second picture
 * is the character in another pose (another seed) — a second comparison picture, not a copy of the
 * first; a logo is the character alone on a transparent background.
 */
export function demoOriginal(ip: number, picture = 0): Promise<Buffer> {
  const original = DEMO_ORIGINALS[ip];
  const pic = original?.pictures[picture];
  if (!pic) throw new RangeError(`no demo picture ${ip}/${picture}`);
  let image = cache.get(pic.file);
  if (!image) {
    const spec = { palette: original.palette, accessory: original.accessory, title: original.names['zh-CN'], seed: pictureSeed(ip, picture) };
    image = renderArtwork(spec, DEMO_PICTURE_SIDE, pic.mime === 'image/jpeg' ? 'jpeg' : 'png', { paper: pic.mime === 'image/jpeg', transparent: pic.kind === 'logo' });
    cache.set(pic.file, image);
  }
  return image;
}
