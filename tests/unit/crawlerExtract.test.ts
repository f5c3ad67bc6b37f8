import { bounded, extractPage, parseSrcset, TEXT_EXTRACT_MAX } from '../../crawler/extract';

/*
 * What a crawled page gives the matcher: title and descriptions (with Open Graph), the visible text
 * with blocks apart, links to follow (nofollow honoured) and the largest version of each picture.
 */

const page = (head: string, body: string) => Buffer.from(`<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`);

test('title, description and their Open Graph versions; the page title falls back to og:title', () => {
  const e = extractPage(
    page('<title> 星之梦  手办 </title><meta name="description" content="正版授权"><meta property="og:title" content="Star Dream figure"><meta property="og:description" content="Licensed">', ''),
    'https://shop.example/p/1',
  );
  expect(e).toMatchObject({ title: '星之梦 手办', description: '正版授权', ogTitle: 'Star Dream figure', ogDescription: 'Licensed' });
  expect(extractPage(page('<meta property="og:title" content="Only OG">', ''), 'https://shop.example/').title).toBe('Only OG');
  expect(extractPage(page('<meta property="og:description" content="OG text">', ''), 'https://shop.example/').description).toBe('OG text');
});

test('visible text keeps blocks apart and leaves out scripts, styles, hidden parts and the head', () => {
  const e = extractPage(
    page('<title>T</title><style>p{}</style>', '<div><p>第一段</p><p>第二段</p>inline <b>bold</b><br>next<script>var x = "secret"</script><noscript>nojs</noscript><span hidden>h</span><ul><li>a</li><li>b</li></ul></div>'),
    'https://shop.example/',
  );
  expect(e.text).toBe('第一段\n第二段\ninline bold\nnext\na\nb');
  const long = extractPage(page('', `<p>${'字'.repeat(TEXT_EXTRACT_MAX + 500)}</p>`), 'https://shop.example/');
  expect(long.text.length).toBe(TEXT_EXTRACT_MAX);
  expect(bounded('a😀b', 2)).toBe('a');
});

test('links are absolute and normalised against <base>, distinct, without fragments; nofollow links and nofollow pages are not followed', () => {
  const body = '<a href="/a#x">a</a><a href="/a">again</a><a href="b?q=1">b</a><a href="https://other.example/c">c</a><a rel="nofollow" href="/d">d</a><a href="javascript:void 0">j</a><a href="mailto:x@y">m</a><map><area href="/e"></map>';
  expect(extractPage(page('<base href="https://shop.example/dir/">', body), 'https://shop.example/page').links).toEqual([
    'https://shop.example/a', 'https://shop.example/dir/b?q=1', 'https://other.example/c', 'https://shop.example/e',
  ]);
  expect(extractPage(page('<meta name="robots" content="index, nofollow">', body), 'https://shop.example/').links).toEqual([]);
});

test('each picture once, at its largest: widest srcset candidate, else highest density, lazy-loading sources, og:image; alt text kept', () => {
  const body = [
    '<img src="/s.jpg" srcset="/m.jpg 640w, /l.jpg 1280w, /xs.jpg 320w" alt="星之梦">',
    '<img src="/one.jpg" srcset="/two.jpg 2x, /three.jpg 3x" alt="density">',
    '<img src="data:image/gif;base64,R0lGOD" data-src="/lazy.jpg" alt="lazy">',
    '<picture><source srcset="/p-small.webp 400w, /p-big.webp 1600w"><img src="/p.jpg" alt="pic"></picture>',
    '<img src="/s.jpg" alt="">',
  ].join('');
  const e = extractPage(page('<meta property="og:image" content="https://cdn.example/og.png"><meta property="og:image:alt" content="封面">', body), 'https://shop.example/p/');
  expect(e.images).toEqual([
    { url: 'https://shop.example/l.jpg', alt: '星之梦' },
    { url: 'https://shop.example/three.jpg', alt: 'density' },
    { url: 'https://shop.example/lazy.jpg', alt: 'lazy' },
    { url: 'https://shop.example/p-big.webp', alt: 'pic' },
    { url: 'https://shop.example/s.jpg', alt: '' },
    { url: 'https://cdn.example/og.png', alt: '封面' },
  ]);
  expect(parseSrcset('/a,b.jpg 1x, /c.jpg 2x')).toEqual([{ url: '/a,b.jpg', w: undefined, x: 1 }, { url: '/c.jpg', w: undefined, x: 2 }]);
});

test('a GBK page is read in its charset, from the Content-Type or from its own <meta>', () => {
  const gbk = Buffer.concat([Buffer.from('<html><head><meta charset="gbk"><title>'), Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), Buffer.from('</title></head><body></body></html>')]);
  expect(extractPage(gbk, 'https://shop.example/').title).toBe('你好');
  const bare = Buffer.concat([Buffer.from('<html><head><title>'), Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), Buffer.from('</title></head></html>')]);
  expect(extractPage(bare, 'https://shop.example/', 'text/html; charset=GBK').title).toBe('你好');
});
