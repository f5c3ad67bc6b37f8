import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { transform, type Background } from '../matching/transforms';
import { productShotSvg, type ShotKind } from './art';
import { CATEGORIES, PAGE_SIZE, PRIVATE_COPY, PRIVATE_PATH, PRODUCT_PLANS, productId, type CategorySlug, type CopyPlan } from './catalogue';
import { DEMO_ORIGINALS, demoOriginal } from './originals';
import { SHOP_CSS } from './style';

/**
 * The demo marketplace's content, generated once per process from the plan in catalogue.ts: every
 * page and image as bytes with its content type, ETag and Last-Modified, so the server only looks
 * resources up and answers conditional requests. Nothing depends on the clock or Math.random: the
 * same base URL gives the same bytes (the tests compare two generations).
 */

export interface Resource {
  body: Buffer;
  type: string;
  etag: string;
  lastModified: Date;
}

/** A copy of a demo picture as the site shows it, for tests and for reading what a crawl must find. */
export interface PlacedCopy extends CopyPlan {
  /** The product page that shows it (absolute URL). */
  pageUrl: string;
  imageUrl: string;
}

export interface ProductPage {
  id: string;
  url: string;
  title: string;
  category: CategorySlug;
  description: string;
  /** Price in fen. */
  price: number;
  /** The demo IP its title or description names, if any. */
  namesIp?: number;
  imageUrls: string[];
}

export interface DemoSite {
  baseUrl: string;
  resources: Map<string, Resource>;
  products: ProductPage[];
  copies: PlacedCopy[];
  /** The copy only the robots-disallowed page shows (its image URL and sha256). */
  privateCopy: { pageUrl: string; imageUrl: string; sha256: string };
}

/** Every resource's Last-Modified: a fixed day plus a per-resource offset, never the clock. */
const EPOCH = Date.UTC(2026, 9, 1, 2, 0, 0);

const SHOT_KINDS: Record<CategorySlug, ShotKind[]> = {
  figures: ['box', 'figure'],
  apparel: ['tshirt', 'bag'],
  home: ['mug', 'frame', 'cushion'],
  digital: ['phone', 'mousepad'],
};

/** Title words and the product drawing that shows them. */
const SHOT_WORDS: Array<[RegExp, ShotKind]> = [
  [/杯/, 'mug'],
  [/画|明信片|书签|絵はがき|冰箱贴/, 'frame'],
  [/抱枕|蜡烛|花瓶|收纳/, 'cushion'],
  [/T恤|卫衣|丝巾|围巾/, 'tshirt'],
  [/包|帽|袜|手链/, 'bag'],
  [/手机|充电|耳机|数据线|键盘|时钟|挂绳|支架/, 'phone'],
  [/鼠标垫/, 'mousepad'],
  [/盲盒|扭蛋|积木/, 'box'],
  [/手办|模型|摆件|潮玩|公仔|置物/, 'figure'],
];

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function imageType(b: Buffer): { type: string; ext: string } {
  if (b[0] === 0x89 && b[1] === 0x50) return { type: 'image/png', ext: 'png' };
  if (b[0] === 0xff && b[1] === 0xd8) return { type: 'image/jpeg', ext: 'jpg' };
  if (b.subarray(8, 12).toString('latin1') === 'WEBP') return { type: 'image/webp', ext: 'webp' };
  throw new Error('unknown image type');
}

export async function generateSite(baseUrl: string): Promise<DemoSite> {
  const base = baseUrl.replace(/\/+$/, '');
  const resources = new Map<string, Resource>();
  let order = 0;
  const put = (path: string, body: Buffer | string, type: string) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    resources.set(path, { body: bytes, type, etag: `"${sha256(bytes).slice(0, 32)}"`, lastModified: new Date(EPOCH + order++ * 3_600_000) });
  };

  // Images are made concurrently (sharp works on its thread pool) and stored in plan order, so
  // every resource's Last-Modified stays the same whichever finished first.
  // Product shots: unrelated pictures in the category's kinds, JPEG mostly, some PNG and WebP as shops serve.
  const shot = async (category: CategorySlug, title: string, seed: number) => {
    const kinds = SHOT_KINDS[category];
    // The main shot shows what the title sells when a drawing of it exists; the others vary.
    const named = SHOT_WORDS.find(([re]) => re.test(title))?.[1];
    const kind = seed % 10 === 0 && named ? named : kinds[(Math.floor(seed / 10) + seed) % kinds.length];
    const s = sharp(Buffer.from(productShotSvg(kind, seed, 600)));
    const body = seed % 7 === 3 ? await s.png({ compressionLevel: 9 }).toBuffer() : seed % 7 === 5 ? await s.webp({ quality: 80 }).toBuffer() : await s.jpeg({ quality: 84 }).toBuffer();
    return { path: `/img/shot-${seed}.${imageType(body).ext}`, body };
  };
  // Composite copies are mock-ups: the demo picture placed on a product shot of the page's category.
  const mockup = (category: CategorySlug): Background => (w, h, seed) => sharp(Buffer.from(productShotSvg(SHOT_KINDS[category][0], seed, w, h))).png().toBuffer();
  // Named like any product picture: nothing in the URL gives a copy away.
  const makeCopy = async (c: CopyPlan, category: CategorySlug, prefix = '/img') => {
    const body = await transform(c.transform, await demoOriginal(c.ip, c.picture), c.seed, mockup(category));
    return { path: `${prefix}/item-${c.seed}.${imageType(body).ext}`, body };
  };

  const plans = PRODUCT_PLANS.map((plan, i) => ({ plan, id: productId(i), n: 1001 + i }));
  const made = await Promise.all(
    plans.map(async ({ plan, n }) => {
      // Two pictures a product at least, few enough that a whole crawl stays well under a minute at 200 ms a request.
      const shots = plan.copies.length ? 1 : 2;
      return [...(await Promise.all(plan.copies.map((c) => makeCopy(c, plan.category)))), ...(await Promise.all(Array.from({ length: shots }, (_, s) => shot(plan.category, plan.title, n * 10 + s))))];
    }),
  );
  const products: ProductPage[] = [];
  const copies: PlacedCopy[] = [];
  for (const [i, { plan, id }] of plans.entries()) {
    const url = `${base}/product/${id}`;
    for (const image of made[i]) put(image.path, image.body, imageType(image.body).type);
    plan.copies.forEach((c, j) => copies.push({ ...c, pageUrl: url, imageUrl: base + made[i][j].path }));
    products.push({ id, url, title: plan.title, description: plan.description, price: plan.price, category: plan.category, namesIp: plan.namesIp, imageUrls: made[i].map((m) => base + m.path) });
  }

  const privateImage = await makeCopy(PRIVATE_COPY, 'home', '/private/img');
  put(privateImage.path, privateImage.body, imageType(privateImage.body).type);
  const privateCopy = { pageUrl: `${base}${PRIVATE_PATH}`, imageUrl: base + privateImage.path, sha256: sha256(privateImage.body) };

  for (const o of DEMO_ORIGINALS) {
    for (let p = 0; p < o.pictures.length; p++) put(`/originals/${o.pictures[p].file}`, await demoOriginal(DEMO_ORIGINALS.indexOf(o), p), o.pictures[p].mime);
  }

  const html = new Html(base);
  put('/assets/shop.css', SHOP_CSS, 'text/css; charset=utf-8');
  put('/', html.home(products), 'text/html; charset=utf-8');
  for (const c of CATEGORIES) {
    const items = products.filter((p) => p.category === c.slug);
    const pages = Math.ceil(items.length / PAGE_SIZE);
    for (let n = 1; n <= pages; n++) put(categoryPath(c.slug, n), html.category(c.slug, n, pages, items.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE)), 'text/html; charset=utf-8');
  }
  for (const [i, p] of products.entries()) {
    const related = products.filter((q) => q.category === p.category && q.id !== p.id).slice(i % 3, (i % 3) + 4);
    put(new URL(p.url).pathname, html.product(p, related), 'text/html; charset=utf-8');
  }
  put('/originals/', html.originals(), 'text/html; charset=utf-8');
  put(PRIVATE_PATH, html.privatePage(privateImage.path), 'text/html; charset=utf-8');
  put('/robots.txt', `# Demo marketplace: the crawler must keep out of /private/, and /originals/ is the rights holders' download page, not the shop.\nUser-agent: *\nDisallow: ${PRIVATE_PATH}\nDisallow: /originals/\n\nSitemap: ${base}/sitemap.xml\n`, 'text/plain; charset=utf-8');
  const listed = [...resources.entries()].filter(([path, r]) => r.type.startsWith('text/html') && !path.startsWith(PRIVATE_PATH) && !path.startsWith('/originals/'));
  put(
    '/sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed.map(([path, r]) => `  <url><loc>${esc(base + path)}</loc><lastmod>${r.lastModified.toISOString().slice(0, 10)}</lastmod></url>`).join('\n')}\n</urlset>\n`,
    'application/xml; charset=utf-8',
  );
  return { baseUrl: base, resources, products, copies, privateCopy };
}

export const categoryPath = (slug: string, page = 1) => (page === 1 ? `/category/${slug}` : `/category/${slug}/page/${page}`);

/** The shop's pages (zh-CN), server-rendered HTML with one shared style sheet. */
class Html {
  constructor(private readonly base: string) {}

  private page(o: { title: string; description: string; path: string; image?: string; type?: string; body: string; noindex?: boolean }): string {
    const head = [
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${esc(o.title)}</title>`,
      `<meta name="description" content="${esc(o.description)}">`,
      `<link rel="canonical" href="${esc(this.base + o.path)}">`,
      `<meta property="og:site_name" content="云集好物 演示市场">`,
      `<meta property="og:title" content="${esc(o.title)}">`,
      `<meta property="og:description" content="${esc(o.description)}">`,
      `<meta property="og:type" content="${o.type ?? 'website'}">`,
      `<meta property="og:url" content="${esc(this.base + o.path)}">`,
      o.image ? `<meta property="og:image" content="${esc(this.base + o.image)}">` : '',
      o.noindex ? '<meta name="robots" content="noindex, nofollow">' : '',
      '<link rel="stylesheet" href="/assets/shop.css">',
      `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#e4393c"/><text x="8" y="12" font-size="10" text-anchor="middle" fill="#fff">云</text></svg>')}">`,
    ].filter(Boolean);
    return `<!doctype html>\n<html lang="zh-CN">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${this.header()}\n<main class="wrap">\n${o.body}\n</main>\n${this.footer()}\n</body>\n</html>\n`;
  }

  private header(): string {
    return `<div class="notice">这是 IPCI 平台的本地演示市场：页面与商品均为生成的示例，部分商品图片是演示 IP 的复制品，供侵权监测演示使用。</div>
<header class="top"><div class="wrap bar">
  <a class="logo" href="/"><span class="mark">云</span><span>云集好物<small>演示市场</small></span></a>
  <form class="search" action="/search" method="get" role="search"><input name="q" type="search" placeholder="搜索商品，如：马克杯" aria-label="搜索商品"><button type="submit">搜索</button></form>
</div>
<nav class="wrap cats">${CATEGORIES.map((c) => `<a href="${categoryPath(c.slug)}">${esc(c.name)}</a>`).join('')}</nav></header>`;
  }

  private footer(): string {
    return `<footer class="foot"><div class="wrap cols">
  <div><h4>关于演示市场</h4><p>本站由 IPCI 平台随 <code>npm start</code> 一同启动，只在本机运行。</p></div>
  <div><h4>帮助</h4><p><a href="/originals/">下载演示 IP 图片</a> · <a href="/sitemap.xml">网站地图</a> · <a href="${PRIVATE_PATH}">内部样品库</a></p></div>
  <div><h4>合作伙伴</h4><p><a href="https://www.example.com/partner" rel="nofollow">example.com（外部网站）</a></p></div>
</div><p class="copy">© 2026 云集好物 演示市场 · 示例数据，非真实商品</p></footer>`;
  }

  private card(p: ProductPage): string {
    return `<li class="card"><a href="${new URL(p.url).pathname}"><img src="${new URL(p.imageUrls[0]).pathname}" alt="${esc(p.title)}" loading="lazy" width="240" height="240"><span class="name">${esc(p.title)}</span><span class="price">${yuan(p.price)}</span></a></li>`;
  }

  home(products: ProductPage[]): string {
    const featured = CATEGORIES.flatMap((c) => products.filter((p) => p.category === c.slug).slice(0, 2));
    const body = `<section class="hero"><div><h1>发现好物，也发现灵感</h1><p>潮玩、服饰、家居与数码周边，每日上新。</p><a class="btn" href="${categoryPath('figures')}">逛逛新品</a></div></section>
<section><h2>商品分类</h2><ul class="tiles">${CATEGORIES.map((c, i) => `<li class="tile t${i}"><a href="${categoryPath(c.slug)}"><strong>${esc(c.name)}</strong><span>${esc(c.blurb)}</span></a></li>`).join('')}</ul></section>
<section><h2>今日推荐</h2><ul class="grid">${featured.map((p) => this.card(p)).join('')}</ul></section>`;
    return this.page({ title: '云集好物 演示市场 - 潮玩服饰家居数码', description: '云集好物演示市场：潮玩手办、印花服饰、家居文创和数码周边。IPCI 侵权监测的本地演示网站。', path: '/', body });
  }

  category(slug: CategorySlug, n: number, pages: number, items: ProductPage[]): string {
    const c = CATEGORIES.find((x) => x.slug === slug)!;
    const pager = `<nav class="pager" aria-label="分页">${n > 1 ? `<a href="${categoryPath(slug, n - 1)}" rel="prev">上一页</a>` : ''}${Array.from({ length: pages }, (_, i) => (i + 1 === n ? `<span class="cur">${i + 1}</span>` : `<a href="${categoryPath(slug, i + 1)}">${i + 1}</a>`)).join('')}${n < pages ? `<a href="${categoryPath(slug, n + 1)}" rel="next">下一页</a>` : ''}</nav>`;
    const body = `<p class="crumbs"><a href="/">首页</a> › ${esc(c.name)}</p><h1>${esc(c.name)}</h1><p class="lead">${esc(c.blurb)} · 第 ${n}/${pages} 页</p>
<ul class="grid">${items.map((p) => this.card(p)).join('')}</ul>${pager}`;
    return this.page({ title: `${c.name}${n > 1 ? ` 第${n}页` : ''} - 云集好物 演示市场`, description: `${c.name}：${c.blurb}。`, path: categoryPath(slug, n), body });
  }

  product(p: ProductPage, related: ProductPage[]): string {
    const { description, price } = p;
    const c = CATEGORIES.find((x) => x.slug === p.category)!;
    const paths = p.imageUrls.map((u) => new URL(u).pathname);
    const seller = ['小鹿文创旗舰店', '潮玩研究所', '木子家居馆', '极客数码铺', '好运杂货铺'][Number(p.id.slice(1)) % 5];
    const sold = (Number(p.id.slice(1)) * 37) % 900 + 12;
    const body = `<p class="crumbs"><a href="/">首页</a> › <a href="${categoryPath(p.category)}">${esc(c.name)}</a> › ${esc(p.title)}</p>
<article class="product">
  <div class="gallery"><img class="main" src="${paths[0]}" alt="${esc(p.title)}" width="560" height="560">
    <div class="thumbs">${paths.map((src, i) => `<img src="${src}" alt="${esc(p.title)} 图${i + 1}" width="96" height="96" loading="lazy">`).join('')}</div></div>
  <div class="info"><h1>${esc(p.title)}</h1><p class="desc">${esc(description)}</p>
    <p class="price big">${yuan(price)}</p>
    <dl class="facts"><dt>店铺</dt><dd>${seller}</dd><dt>月销</dt><dd>${sold} 件</dd><dt>发货</dt><dd>48 小时内 · 包邮</dd><dt>商品编号</dt><dd>${p.id}</dd></dl>
    <p><button type="button" class="btn" disabled title="演示网站不能下单">加入购物车（演示）</button></p></div>
</article>
<section class="detail"><h2>商品详情</h2><p>${esc(description)}</p><p>示例商品，页面由演示市场生成，不可购买。图片仅供展示。</p>
${paths.slice(1).map((src, i) => `<img src="${src}" alt="${esc(p.title)} 详情${i + 1}" loading="lazy">`).join('')}</section>
<section><h2>同类推荐</h2><ul class="grid small">${related.map((q) => `<li class="card"><a href="${new URL(q.url).pathname}"><span class="name">${esc(q.title)}</span><span class="price">${yuan(q.price)}</span></a></li>`).join('')}</ul></section>`;
    return this.page({ title: `${p.title} - 云集好物 演示市场`, description, path: new URL(p.url).pathname, image: paths[0], type: 'product', body });
  }

  originals(): string {
    const rows = DEMO_ORIGINALS.map((o) => `<li class="orig"><h3>${esc(o.names['zh-CN'])} <small>${esc(o.names['en-US'])} · ${esc(o.names['ja-JP'])}</small></h3><p>${esc(o.blurb)}</p>
  <div class="pics">${o.pictures.map((pic) => `<figure><img src="/originals/${pic.file}" alt="${esc(o.names['zh-CN'])}" width="180" height="180" loading="lazy"><figcaption><a href="/originals/${pic.file}" download>下载 ${esc(pic.file)}</a>${pic.kind === 'logo' ? '（标志，透明背景）' : ''}</figcaption></figure>`).join('')}</div>
  <p class="kw">建议关键词：${o.keywords.map((k) => `<code>${esc(k.text)}</code>`).join(' ')}</p></li>`).join('');
    const body = `<h1>演示 IP 图片</h1><p class="lead">下载一张图片，在 IPCI 平台的监测订阅里把它加为对比图片（1:1、1024 像素、JPG 或 PNG），再填上建议的关键词：下一次抓取就会在本市场找到它的复制品——原样、重新压缩、缩放、裁剪、调色、加字、加边、旋转和合成到商品图上的都有。</p>
<ul class="origs">${rows}</ul>`;
    return this.page({ title: '演示 IP 图片下载 - 云集好物 演示市场', description: '演示 IP 的对比图片与关键词，供 IPCI 侵权监测演示使用。', path: '/originals/', body, noindex: true });
  }

  privatePage(image: string): string {
    const body = `<h1>内部样品库</h1><p class="lead">仅供店铺内部查看，robots.txt 禁止抓取。</p><img src="${image}" alt="内部样品" width="480" height="480">`;
    return this.page({ title: '内部样品库 - 云集好物 演示市场', description: '内部样品，不公开。', path: PRIVATE_PATH, body, noindex: true });
  }

  search(q: string, products: ProductPage[]): string {
    const hits = q ? products.filter((p) => p.title.toLowerCase().includes(q.toLowerCase())) : [];
    const body = `<p class="crumbs"><a href="/">首页</a> › 搜索</p><h1>搜索“${esc(q)}”</h1><p class="lead">找到 ${hits.length} 件商品</p><ul class="grid">${hits.map((p) => this.card(p)).join('')}</ul>`;
    return this.page({ title: `搜索 ${q} - 云集好物 演示市场`, description: `搜索 ${q} 的结果`, path: '/search', body, noindex: true });
  }

  notFound(): string {
    return this.page({ title: '页面不存在 - 云集好物 演示市场', description: '页面不存在', path: '/', body: '<h1>页面不存在</h1><p class="lead">商品可能已下架。<a href="/">返回首页</a></p>', noindex: true });
  }
}

/** The search results and 404 pages, rendered per request (they are not part of the crawlable site). */
export function dynamicPage(site: DemoSite, kind: 'search' | 'notFound', q = ''): string {
  const html = new Html(site.baseUrl);
  return kind === 'search' ? html.search(q, site.products) : html.notFound();
}
