import type { TransformName } from '../matching/transforms';

/**
 * What the demo marketplace sells: four categories of products, most of them unrelated to the demo
 * IPs, some carrying copies of the demo pictures (each copy made by one of matching/transforms.ts'
 * transformations, every one at least twice), and some naming a demo IP in their title or
 * description without any copied picture (keyword-only matches, in Chinese — which needs word
 * segmentation —, English and Japanese). The plan is data so tests and other helpers can read what a
 * crawl ought to find.
 */

export const CATEGORIES = [
  { slug: 'figures', name: '手办潮玩', blurb: '盲盒、手办、摆件，潮玩爱好者的收藏角' },
  { slug: 'apparel', name: '服饰配件', blurb: '印花T恤、卫衣、帆布包与配饰' },
  { slug: 'home', name: '家居文创', blurb: '马克杯、挂画、书签，让生活多一点设计' },
  { slug: 'digital', name: '数码周边', blurb: '手机壳、鼠标垫、充电器等数码好物' },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/** A copy of demo picture `picture` of demo IP `ip`, made by `transform` with `seed`. */
export interface CopyPlan {
  ip: number;
  picture: number;
  transform: TransformName;
  seed: number;
}

export interface ProductPlan {
  category: CategorySlug;
  title: string;
  description: string;
  /** Price in fen. */
  price: number;
  /** Copies shown on the page, the first as its main picture. */
  copies: CopyPlan[];
  /** The demo IP the title or description names (keyword match), if any. */
  namesIp?: number;
}

let copySeed = 100;
const copy = (ip: number, picture: number, transform: TransformName): CopyPlan => ({ ip, picture, transform, seed: copySeed++ });

/** Products that copy or name a demo IP. */
const IP_PRODUCTS: ProductPlan[] = [
  { category: 'figures', title: '青鸾仙子同款古风亚克力立牌', description: '青鸾仙子高清亚克力立牌，双面印刷，送底座。云栖山限定款，国风摆件。', price: 3900, copies: [copy(0, 0, 'exact'), copy(0, 0, 'text')], namesIp: 0 },
  { category: 'digital', title: '国风仙女手机壳 适用 iPhone 15 全包防摔', description: '古风仙女插画手机壳，磨砂手感，镜头加高保护。', price: 2900, copies: [copy(0, 0, 'composite'), copy(0, 1, 'recompress')] },
  { category: 'home', title: 'Azure Luan Fairy 装饰画 客厅挂画', description: 'Azure Luan Fairy art print, framed. 仙子主题无框画，多尺寸可选。', price: 8800, copies: [copy(0, 0, 'crop')], namesIp: 0 },
  { category: 'home', title: '青鸾仙子主题书签套装（8枚）', description: '鸾羽坊出品的仙子主题金属书签，镂空工艺，附赠礼盒。', price: 2500, copies: [], namesIp: 0 },
  { category: 'apparel', title: '墨麒麟潮牌连帽卫衣 加绒加厚', description: '墨麒麟水墨印花卫衣，宽松版型，男女同款。', price: 15900, copies: [copy(1, 0, 'colourShift'), copy(1, 1, 'pad')], namesIp: 1 },
  { category: 'apparel', title: '水墨神兽帆布袋 大容量单肩包', description: '水墨风神兽印花帆布袋，加厚帆布，内置拉链袋。', price: 3500, copies: [copy(1, 0, 'rotate')] },
  { category: 'figures', title: '墨の麒麟 和風置物（日本直送）', description: '墨の麒麟をモチーフにした和風の置物。手作り、一点物。', price: 12800, copies: [], namesIp: 1 },
  { category: 'home', title: '灯笼娃娃新年挂饰 春节装饰', description: '灯笼娃娃造型挂饰，元宵节、春节门口装饰，一套两个。', price: 1900, copies: [copy(2, 0, 'resize')], namesIp: 2 },
  { category: 'home', title: '春节红色喜庆装饰画', description: '红色喜庆年画，适合客厅、玄关，新年送礼。', price: 6900, copies: [copy(2, 0, 'recompress')] },
  { category: 'figures', title: 'Lantern Kid 毛绒公仔 30cm', description: 'Lantern Kid plush toy, soft and huggable, 30 cm. 新年礼物。', price: 9900, copies: [], namesIp: 2 },
  { category: 'home', title: '锦鲤阿福好运马克杯 陶瓷水杯', description: '锦鲤阿福图案马克杯，高温釉下彩，可进微波炉。', price: 4900, copies: [copy(3, 1, 'composite'), copy(3, 0, 'exact')], namesIp: 3 },
  { category: 'apparel', title: '好运锦鲤印花T恤 纯棉短袖', description: '锦鲤印花纯棉T恤，透气舒适，多色可选。', price: 7900, copies: [copy(3, 0, 'crop'), copy(3, 0, 'rotate')] },
  { category: 'digital', title: '阿福好运 锦鲤手机挂绳', description: '阿福好运系列手机挂绳，可调节长度，斜挎不勒脖。', price: 1500, copies: [], namesIp: 3 },
  { category: 'figures', title: '熊猫侠盲盒 第二弹 隐藏款', description: '熊猫少侠系列盲盒，一套六款，随机发货。', price: 5900, copies: [copy(4, 0, 'text'), copy(4, 0, 'resize')] },
  { category: 'digital', title: '竹林熊猫侠 懒人手机支架', description: '竹林熊猫侠造型桌面支架，角度可调，稳固防滑。', price: 2900, copies: [], namesIp: 4 },
  { category: 'apparel', title: '敦煌风飞天真丝丝巾', description: '敦煌配色飞天图案丝巾，桑蚕丝，手工卷边。', price: 19900, copies: [copy(5, 0, 'colourShift')] },
  { category: 'digital', title: '云梦飞天 鼠标垫 加厚锁边', description: '云梦飞天插画鼠标垫，超大尺寸，天然橡胶底。', price: 3900, copies: [copy(5, 0, 'pad'), copy(5, 0, 'crop')], namesIp: 5 },
  { category: 'home', title: '雲夢飛天 絵はがきセット（日本語版）', description: '雲夢飛天のイラストを使った絵はがき10枚セット。', price: 2200, copies: [], namesIp: 5 },
];

/** Products with nothing to do with the demo IPs: most of the site, as on a real marketplace. */
const UNRELATED: Record<CategorySlug, Array<[string, string]>> = {
  figures: [
    ['机甲战士可动模型 1/100', '合金骨架可动模型，关节灵活，附赠武器配件。'],
    ['萌宠柴犬盲盒 全套八款', '柴犬日常系列盲盒，治愈系桌面摆件。'],
    ['复古铁皮机器人摆件', '怀旧铁皮玩具造型，发条驱动，会走路。'],
    ['星空宇航员手办 夜灯款', '宇航员坐月亮造型，底座带暖光小夜灯。'],
    ['小恐龙扭蛋 随机一枚', '软胶小恐龙，色彩鲜艳，儿童安全材质。'],
    ['招财猫陶瓷摆件 开业礼物', '手绘陶瓷招财猫，摇手款，电池供电。'],
    ['太空兔子潮玩 限量版', '设计师原创太空兔子，限量编号收藏卡。'],
    ['像素勇者积木套装', '像素风拼装积木，约 450 颗粒，适合 8 岁以上。'],
  ],
  apparel: [
    ['纯棉宽松圆领T恤 基础款', '新疆长绒棉，重磅面料，不易变形。'],
    ['复古格纹羊绒围巾', '经典苏格兰格纹，柔软保暖，秋冬百搭。'],
    ['户外防晒渔夫帽 UPF50+', '速干面料，可折叠收纳，出游必备。'],
    ['帆布双肩包 学生书包', '大容量帆布背包，可放 15.6 寸电脑。'],
    ['简约运动袜 五双装', '精梳棉中筒袜，毛巾底缓震，吸汗透气。'],
    ['手工编织幸运手链', '彩色蜡线手工编织，可调节松紧。'],
    ['羊毛混纺贝雷帽', '法式复古贝雷帽，多色可选，四季可戴。'],
    ['水洗牛仔托特包', '复古水洗牛仔布，内置隔层，通勤好物。'],
  ],
  home: [
    ['北欧风陶瓷马克杯 350ml', '哑光釉面陶瓷杯，简约线条，送木质杯垫。'],
    ['手工大豆香薰蜡烛', '天然大豆蜡，无烟棉芯，燃烧约 40 小时。'],
    ['亚麻抱枕套 45×45cm', '纯亚麻面料，隐形拉链，可机洗。'],
    ['植物标本书签 六枚装', '真实压花标本，透明封膜，文艺小礼物。'],
    ['胡桃木桌面收纳盒', '实木收纳盒，多格分区，整理文具与遥控器。'],
    ['手绘城市明信片套装', '原创手绘城市风景，30 张一套，附收纳盒。'],
    ['手工吹制玻璃花瓶', '透明玻璃花瓶，气泡纹理，每只略有不同。'],
    ['宫廷风金属冰箱贴', '复古宫廷纹样冰箱贴，强力磁铁，一套四枚。'],
  ],
  digital: [
    ['磁吸无线充电器 15W', '磁吸快充，兼容多款手机，过热保护。'],
    ['透明硅胶手机壳 防黄变', '高透硅胶材质，四角气囊防摔。'],
    ['机械键盘 87 键 热插拔', '热插拔轴座，RGB 背光，有线无线双模。'],
    ['蓝牙降噪耳机 长续航', '主动降噪，单次续航 8 小时，低延迟游戏模式。'],
    ['便携充电宝 10000mAh', '轻薄小巧，双向快充，可带上飞机。'],
    ['复古像素时钟 桌面摆件', '像素风 LED 时钟，显示天气与日期。'],
    ['加厚大号鼠标垫 纯色', '细面编织布，锁边工艺，900×400mm。'],
    ['Type-C 编织数据线 两米', '编织线身耐弯折，支持 60W 快充。'],
  ],
};

/**
 * All products in site order: the IP-related ones spread among the unrelated ones so each
 * category's listing mixes them, as a search result would.
 */
export const PRODUCT_PLANS: readonly ProductPlan[] = (() => {
  const out: ProductPlan[] = [];
  for (const c of CATEGORIES) {
    const related = IP_PRODUCTS.filter((p) => p.category === c.slug);
    const unrelated = UNRELATED[c.slug].map(([title, description], i): ProductPlan => ({ category: c.slug, title, description, price: 1900 + ((i * 3137 + title.length * 211) % 18000), copies: [] }));
    // Two unrelated products, then one related, and so on.
    while (related.length || unrelated.length) {
      out.push(...unrelated.splice(0, 2));
      if (related.length) out.push(related.shift()!);
    }
  }
  return out;
})();

/** Products listed on one category page. */
export const PAGE_SIZE = 8;

/** The page a crawler must never fetch (robots.txt disallows it), with a copy only it shows. */
export const PRIVATE_PATH = '/private/';
export const PRIVATE_COPY: CopyPlan = { ip: 0, picture: 0, transform: 'recompress', seed: 999 };

/** A product's id in URLs (/product/<id>), by its place in PRODUCT_PLANS. */
export const productId = (index: number) => `p${1001 + index}`;

/**
 * What a crawl of the marketplace at `url` should find, without generating it: each planned copy
 * with the page that shows it, and the pages that name a demo IP without a copy.
 */
export function plannedFindings(url: string): { copies: Array<CopyPlan & { pageUrl: string }>; keywordOnly: Array<{ ip: number; pageUrl: string }> } {
  const base = url.replace(/\/+$/, '');
  const page = (i: number) => `${base}/product/${productId(i)}`;
  return {
    copies: PRODUCT_PLANS.flatMap((p, i) => p.copies.map((c) => ({ ...c, pageUrl: page(i) }))),
    keywordOnly: PRODUCT_PLANS.flatMap((p, i) => (p.namesIp !== undefined && !p.copies.length ? [{ ip: p.namesIp, pageUrl: page(i) }] : [])),
  };
}
