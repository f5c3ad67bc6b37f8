import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from '../temporal/config';

/**
 * `npm run bench:bundle`: what the UI costs to download. Builds the UI into a temporary folder (or
 * reads BENCH_UI_DIST, e.g. ui/dist) and prints every script and style sheet with its raw, gzip and
 * brotli size (as the API sends them, api/middleware/compression.ts), then what the home page loads:
 * index.html's entry script with the chunks it preloads, its style sheets, and the reader's language
 * (ui/src/locales/<lang>.ts, fetched before the first render; the largest of the three is counted).
 * Every other page is a chunk of its own (ui/src/App.tsx), fetched when first opened. Target: home
 * under 200 KB of gzip JavaScript.
 */
const HOME_JS_TARGET_KB = 200;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function build(): { dist: string; cleanup: () => void } {
  if (process.env.BENCH_UI_DIST) return { dist: path.resolve(process.env.BENCH_UI_DIST), cleanup: () => undefined };
  const dist = mkdtempSync(path.join(os.tmpdir(), 'ipci-bundle-'));
  const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--config', 'ui/vite.config.mts', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
  return { dist, cleanup: () => rmSync(dist, { recursive: true, force: true }) };
}

interface Sizes {
  raw: number;
  gzip: number;
  br: number;
}

function sizes(file: string): Sizes {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes).length,
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
  };
}

/** The files index.html makes the browser fetch before the home page can run: entry, preloads, styles. */
function homeFiles(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  return [...new Set(refs)];
}

function main() {
  const { dist, cleanup } = build();
  try {
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: build the UI first`);
    const assets = readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    const all = new Map(assets.map((f) => [`assets/${f}`, sizes(path.join(dist, 'assets', f))]));
    const languages = assets.filter((f) => /^(zh-CN|en-US|ja-JP)-[\w-]+\.js$/.test(f)).map((f) => `assets/${f}`);
    if (languages.length !== 3) throw new Error(`expected one catalog chunk per language, found ${languages.join(', ') || 'none'}`);
    const language = languages.reduce((a, b) => (all.get(a)!.gzip >= all.get(b)!.gzip ? a : b));
    const home = new Set([...homeFiles(dist), language]);
    const rows = [...all].sort((a, b) => b[1].gzip - a[1].gzip);
    const width = Math.max(...rows.map(([f]) => f.length));
    console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}  ${'brotli'.padStart(10)}  home`);
    for (const [file, s] of rows) {
      console.log(`${file.padEnd(width)}  ${kb(s.raw).padStart(10)}  ${kb(s.gzip).padStart(10)}  ${kb(s.br).padStart(10)}  ${home.has(file) ? 'yes' : ''}`);
    }
    const total = (ext: string, pick: (s: Sizes) => number) =>
      [...home].filter((f) => f.endsWith(ext)).reduce((sum, f) => sum + pick(all.get(f) ?? { raw: 0, gzip: 0, br: 0 }), 0);
    const js = total('.js', (s) => s.gzip);
    console.log(`\nhome page loads ${home.size} files:`);
    console.log(`  JavaScript  ${kb(total('.js', (s) => s.raw))} raw, ${kb(js)} gzip, ${kb(total('.js', (s) => s.br))} brotli`);
    console.log(`  CSS         ${kb(total('.css', (s) => s.raw))} raw, ${kb(total('.css', (s) => s.gzip))} gzip, ${kb(total('.css', (s) => s.br))} brotli`);
    console.log(`  all scripts of every page: ${kb(rows.filter(([f]) => f.endsWith('.js')).reduce((sum, [, s]) => sum + s.gzip, 0))} gzip in ${rows.filter(([f]) => f.endsWith('.js')).length} files`);
    const ok = js <= HOME_JS_TARGET_KB * 1024;
    console.log(`\ntarget: home under ${HOME_JS_TARGET_KB} KB of gzip JavaScript — ${ok ? 'met' : 'MISSED'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    cleanup();
  }
}

main();
