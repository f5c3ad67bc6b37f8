import type { Server } from 'node:http';
import path from 'node:path';
import type { Knex } from 'knex';
import { createApp } from '../api/app';
import { appStore, downloadConfig } from '../storage/appStore';
import { EventHub } from '../api/events';
import { createNotifier } from '../api/lib/notifier';
import { createDb } from '../db/connection';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { listingFacts } from '../domain/catalogue';
import { formatIpciCode, makeIpciCode } from '../domain/ipci';
import { COUNTRY_CODES } from '../domain/countries';
import { EXCLUSIVITY, IP_CATEGORIES, RIGHTS_TERMS, SUBLICENSING } from '../domain/titleRegistration';
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from '../scripts/lib/postgres';
import { ROOT, temporalConfig } from '../temporal/config';
import { ms, summarize, table, timed, type Summary } from './lib/stats';

/**
 * `npm run bench:search`: the public IP search with BENCH_IPS (1,000,000) listed IPs, through the API
 * (HTTP against the Koa app of api/app.ts, in this process): name searches (a Chinese word from the
 * middle of names, a whole Chinese name, an English word prefix, a Japanese word), company searches
 * and IPCI code searches (with and without dashes), BENCH_QUERIES (300) of each after a warm-up, next
 * to the plainest indexed lookup of the same API in the same run (the certificate verification,
 * GET /api/public/ipci/:code: one row by its unique key) with the ratio of the p95s, and the IP
 * detail by id (GET /api/public/ip/:id: a handful of by-id lookups). Target: every search p95 < 50 ms
 * (exit code 1 when missed).
 *
 * Data: a database of its own (`ipci_bench_search`, on DATABASE_URL's server or an embedded Postgres
 * in .data/bench-search-pg), made afresh and dropped at the end; BENCH_KEEP=1 keeps it, and a later
 * run with BENCH_REUSE=1 measures it again without generating it anew.
 * Names are trilingual and built from common words, so a word is shared by thousands of IPs (the
 * hard case: the planner must choose between the words' GIN index and the sort's index) while a whole
 * name is shared by a few; tokens come from domain/catalogue.ts, as publishListing writes them.
 */
const IPS = Number(process.env.BENCH_IPS ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const WARMUP = 30;
const BATCH = 20_000;
const OWNERS = 20_000;
const P95_TARGET_MS = 50;
const DATABASE = 'ipci_bench_search';
const PG_DIR = path.join(ROOT, '.data', 'bench-search-pg');
const PG_PORT = 54328;
const API_PORT = 3089;

const log = (line: string) => console.log(`[bench:search] ${line}`);

// zh / en / ja of each word: the first part of a name, its second part, and an optional season.
const HEADS: Array<[string, string, string]> = [
  ['敦煌', 'Dunhuang', '敦煌'], ['青花', 'Blue-White', '青花'], ['熊猫', 'Panda', 'パンダ'], ['山海', 'Mountain-Sea', '山海'],
  ['长安', "Chang'an", '長安'], ['故宫', 'Forbidden City', '故宮'], ['西游', 'Westward', '西遊'], ['神龙', 'Divine Dragon', '神龍'],
  ['凤凰', 'Phoenix', '鳳凰'], ['锦鲤', 'Koi', '錦鯉'], ['星河', 'Star River', '星河'], ['江南', 'Jiangnan', '江南'],
  ['昆仑', 'Kunlun', '崑崙'], ['白蛇', 'White Snake', '白蛇'], ['哪吒', 'Nezha', 'ナタ'], ['齐天', 'Heaven-Equal', '斉天'],
  ['飞天', 'Apsara', '飛天'], ['唐宫', 'Tang Palace', '唐宮'], ['丝路', 'Silk Road', 'シルクロード'], ['水墨', 'Ink Wash', '水墨'],
  ['少年', 'Youth', '少年'], ['侠客', 'Swordsman', '侠客'], ['月宫', 'Moon Palace', '月宮'], ['玉兔', 'Jade Rabbit', '玉兎'],
  ['麒麟', 'Qilin', '麒麟'], ['桃源', 'Peach Blossom', '桃源'], ['蓬莱', 'Penglai', '蓬莱'], ['九州', 'Nine Realms', '九州'],
  ['天工', 'Heavenly Craft', '天工'], ['锦绣', 'Splendid', '錦繍'], ['书院', 'Academy', '書院'], ['茶马', 'Tea Horse', '茶馬'],
  ['兵马俑', 'Terracotta', '兵馬俑'], ['京剧', 'Peking Opera', '京劇'], ['皮影', 'Shadow Puppet', '影絵'], ['剪纸', 'Paper-Cut', '切り絵'],
  ['刺绣', 'Embroidery', '刺繍'], ['瓷都', 'Porcelain City', '磁都'], ['竹林', 'Bamboo Grove', '竹林'], ['雪域', 'Snowland', '雪域'],
];
const TAILS: Array<[string, string, string]> = [
  ['传说', 'Legend', '伝説'], ['奇遇记', 'Adventures', '奇遇記'], ['物语', 'Tales', '物語'], ['宝藏', 'Treasure', '宝物'],
  ['守护者', 'Guardians', '守護者'], ['旅程', 'Journey', '旅路'], ['神兽录', 'Beasts', '神獣録'], ['乐园', 'Paradise', '楽園'],
  ['小课堂', 'Classroom', '教室'], ['绘本', 'Picture Book', '絵本'], ['英雄', 'Heroes', '英雄'], ['秘境', 'Secret Realm', '秘境'],
  ['夜游', 'Night Tour', '夜遊'], ['萌宠', 'Cute Pets', 'ペット'], ['工坊', 'Workshop', '工房'], ['游记', 'Travelogue', '紀行'],
  ['盛典', 'Gala', '祭典'], ['星球', 'Planet', '惑星'], ['学院', 'School', '学園'], ['家族', 'Family', '一家'],
  ['漫游', 'Wander', '漫遊'], ['日记', 'Diary', '日記'], ['寻宝', 'Treasure Hunt', '宝探し'], ['幻境', 'Dreamland', '幻境'],
];
const SEASONS: Array<[string, string, string]> = Array.from({ length: 12 }, (_, i) => [`第${i + 1}季`, `Season ${i + 1}`, `第${i + 1}期`]);
const CITIES = ['北京', '上海', '杭州', '成都', '西安', '深圳', '广州', '南京', '苏州', '武汉', '长沙', '厦门', '景德镇', '洛阳', '大连', '青岛', '重庆', '天津', '合肥', '昆明'];
const FIRMS = ['星光', '华彩', '云图', '墨韵', '金鹿', '天宇', '青禾', '蓝鲸', '山水', '长风', '万象', '鸿鹄', '锦程', '木棉', '九歌', '橙子', '东方', '新月', '流光', '远山'];
const KINDS = ['文化传媒有限公司', '动画工作室', '影视有限公司', '文创科技有限公司', '出版有限公司', '艺术品有限公司'];

/** A deterministic pseudo-random stream, so every run builds the same catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)];
const firmOf = (owner: number) => FIRMS[Math.floor(owner / CITIES.length) % FIRMS.length];
const companyOf = (owner: number) => `${CITIES[owner % CITIES.length]}${firmOf(owner)}${KINDS[Math.floor(owner / 400) % KINDS.length]}`;

interface Ip {
  names: { zh: string; en: string; ja: string };
  /** The Chinese word after the first one: a word from the middle of the name. */
  middle: string;
  owner: number;
  code: string;
}

function ipAt(i: number): Ip {
  const r = rng(i + 1);
  const head = pick(r, HEADS);
  const tail = pick(r, TAILS);
  const season = r() < 0.6 ? pick(r, SEASONS) : null;
  const names = {
    zh: `${head[0]}${tail[0]}${season ? season[0] : ''}`,
    en: `${head[1]} ${tail[1]}${season ? ` ${season[1]}` : ''}`,
    ja: `${head[2]}${tail[2]}${season ? season[2] : ''}`,
  };
  return { names, middle: tail[0], owner: Math.floor(r() * OWNERS), code: makeIpciCode(2026, i + 1) };
}

async function startDatabase(): Promise<{ url: string; adminUrl: string; pg?: RunningPostgres }> {
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    const adminUrl = u.toString();
    u.pathname = `/${DATABASE}`;
    return { url: u.toString(), adminUrl };
  }
  log(`starting embedded Postgres in .data/bench-search-pg on port ${PG_PORT} …`);
  const pg = await startEmbeddedPostgres(PG_DIR, PG_PORT, 'postgres');
  return { url: pg.url.replace(/\/postgres$/, `/${DATABASE}`), adminUrl: pg.url, pg };
}

/** The catalogue, loaded in batches with its search index built once at the end (COPY-like speed). */
async function load(k: Knex): Promise<void> {
  const started = Date.now();
  await k.raw(
    `insert into users (username, display_name, password_hash, kind, roles)
     select 'bench' || g, 'bench' || g, 'x', 'enterprise', '{user}' from generate_series(0, ?) g`,
    [OWNERS - 1],
  );
  const owners: string[] = (await k.raw(`select id from users where username like 'bench%' order by substr(username, 6)::int`)).rows.map((r: { id: string }) => r.id);
  await k.raw('drop index if exists ip_listings_search');
  for (let from = 0; from < IPS; from += BATCH) {
    const n = Math.min(BATCH, IPS - from);
    const cols = { reg: [] as string[], ipci: [] as string[], user: [] as string[], code: [] as string[], zh: [] as string[], en: [] as string[], ja: [] as string[], holder: [] as string[], data: [] as string[], category: [] as string[], country: [] as string[], exclusive: [] as string[], sublicensing: [] as string[], term: [] as string[], tokens: [] as string[], age: [] as number[], searches: [] as number[] };
    for (let i = from; i < from + n; i++) {
      const ip = ipAt(i);
      const r = rng(IPS + i);
      const holder = companyOf(ip.owner);
      const data = { holder, ipCategory: pick(r, IP_CATEGORIES), ipCountry: r() < 0.7 ? 'CN' : pick(r, COUNTRY_CODES), exclusive: pick(r, EXCLUSIVITY), sublicensing: pick(r, SUBLICENSING), termType: pick(r, RIGHTS_TERMS), usageScope: '衍生品、出版物', rightsRegion: '全球' };
      const facts = listingFacts({ code: ip.code, holder, names: ip.names }, data);
      cols.user.push(owners[ip.owner]);
      cols.code.push(ip.code);
      cols.zh.push(ip.names.zh);
      cols.en.push(ip.names.en);
      cols.ja.push(ip.names.ja);
      cols.holder.push(holder);
      cols.data.push(JSON.stringify(data));
      cols.category.push(data.ipCategory);
      cols.country.push(data.ipCountry);
      cols.exclusive.push(facts.exclusive);
      cols.sublicensing.push(facts.sublicensing);
      cols.term.push(facts.termType);
      cols.tokens.push(facts.tokens.join(' '));
      cols.age.push(IPS - i); // seconds before now: later serials are newer
      // Views follow a long tail: most IPs are seldom looked at.
      cols.searches.push(Math.floor(1000 * r() ** 6));
    }
    await k.transaction(async (trx) => {
      await trx.raw(
        `create temp table batch on commit drop as
         select gen_random_uuid() as reg, gen_random_uuid() as ipci, u::uuid as user_id, code, zh, en, ja, holder, data::jsonb as data, category, country,
                exclusive, sublicensing, term, tokens, age, searches
           from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[], ?::int[])
             as t(u, code, zh, en, ja, holder, data, category, country, exclusive, sublicensing, term, tokens, age, searches)`,
        [cols.user, cols.code, cols.zh, cols.en, cols.ja, cols.holder, cols.data, cols.category, cols.country, cols.exclusive, cols.sublicensing, cols.term, cols.tokens, cols.age, cols.searches],
      );
      await trx.raw(
        `insert into title_registrations (id, user_id, mode, state, data, ip_name_zh, ip_name_en, ip_name_ja, workflow_id, ipci_id)
         select reg, user_id, 'first', 'completed', data, zh, en, ja, 'titleAudit/' || reg, ipci from batch`,
      );
      await trx.raw(
        `insert into ipcis (id, code, registration_id, user_id, kind, holder, ip_name_zh, ip_name_en, ip_name_ja, issued_at, workflow_id)
         select ipci, code, reg, user_id, 'first', holder, zh, en, ja, now() - make_interval(secs => age), 'ipciLifecycle/' || ipci from batch`,
      );
      await trx.raw(
        `insert into ip_listings (ipci_id, user_id, name_zh, name_en, name_ja, category, country, holder, exclusive, sublicensing, term_type,
                                  search_count, listed, listed_at, search_vector)
         select ipci, user_id, zh, en, ja, category, country, holder, exclusive, sublicensing, term, searches, true,
                now() - make_interval(secs => age), array_to_tsvector(string_to_array(tokens, ' ')) from batch`,
      );
    });
    if ((from / BATCH) % 10 === 9 || from + n === IPS) log(`${from + n} IPs inserted (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await k.raw(`select setval('ipci_serial_seq', ?)`, [IPS]);
  log('building the search index (GIN) …');
  await k.raw('create index ip_listings_search on ip_listings using gin (search_vector) where listed');
  await k.raw('vacuum analyze ip_listings');
  await k.raw('analyze ipcis');
  await k.raw('analyze title_registrations');
  log(`catalogue ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The queries of each kind, drawn from the generated catalogue. */
function queries(count: number) {
  const r = rng(42);
  const name = Array.from({ length: count }, (_, i) => {
    const ip = ipAt(Math.floor(r() * IPS));
    switch (i % 4) {
      case 0: // a word from the middle of Chinese names (shared by thousands)
        return ip.middle;
      case 1: // a whole Chinese name (shared by a few)
        return ip.names.zh;
      case 2: // an English word, typed halfway
        return ip.names.en.split(' ').slice(-1)[0].slice(0, 4);
      default: // a Japanese name
        return ip.names.ja;
    }
  });
  const company = Array.from({ length: count }, (_, i) => {
    const owner = Math.floor(r() * OWNERS);
    // The firm's own name (a word inside the company name, shared by a twentieth of them), or the whole name.
    return i % 2 ? companyOf(owner) : firmOf(owner);
  });
  const code = Array.from({ length: count }, (_, i) => {
    const c = makeIpciCode(2026, 1 + Math.floor(r() * IPS));
    return i % 2 ? formatIpciCode(c) : c;
  });
  const ids = Array.from({ length: count }, () => Math.floor(r() * IPS));
  return { name, company, code, ids };
}

async function main() {
  const db = await startDatabase();
  const keep = process.env.BENCH_KEEP === '1';
  await ensureDatabase(db.adminUrl, DATABASE, process.env.BENCH_REUSE !== '1');
  const k = createDb(db.url, { min: 1, max: 8 });
  let server: Server | undefined;
  try {
    await migrate(k);
    const existing = Number((await k('ip_listings').count<{ count: string }[]>('* as count'))[0].count);
    if (existing !== IPS) {
      if (existing) throw new Error(`the kept database has ${existing} listings, not ${IPS}: run without BENCH_REUSE`);
      await seed(k);
      log(`generating ${IPS} listed IPs …`);
      await load(k);
    } else log(`reusing the ${IPS} listed IPs of a kept run`);

    // The API as npm run api builds it; the catalogue routes need no Temporal or event stream. Behind
    // a "proxy", so each verification lookup can come from an address of its own (its per-address limit).
    process.env.TRUST_PROXY = '1';
    const app = createApp({ db: k, temporal: undefined as never, cfg: temporalConfig(), events: new EventHub(k, db.url), store: appStore({ ...process.env, UPLOAD_DIR: path.join(ROOT, '.data', 'bench-search-uploads'), STORAGE_URL: '' }), downloads: downloadConfig({}), maxUploadBytes: 1 << 20, notifier: createNotifier(k) });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(API_PORT, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${API_PORT}`;
    let client = 0;
    const get = async (p: string) => {
      client++;
      const res = await fetch(base + p, { headers: { 'X-Forwarded-For': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } });
      const body = (await res.json()) as { items?: unknown[] };
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
      return body;
    };
    const ipIds: string[] = (await k.raw(`select l.ipci_id from ip_listings l join ipcis i on i.id = l.ipci_id where i.code = any(?)`, [Array.from({ length: QUERIES + WARMUP }, (_, j) => makeIpciCode(2026, 1 + ((j * 7919) % IPS)))])).rows.map(
      (x: { ipci_id: string }) => x.ipci_id,
    );
    const q = queries(QUERIES + WARMUP);

    const measure = async (paths: string[]): Promise<{ summary: Summary; hits: number }> => {
      for (const p of paths.slice(0, WARMUP)) await get(p);
      const samples: number[] = [];
      let hits = 0;
      for (const p of paths.slice(WARMUP)) {
        const { ms: t, value } = await timed(() => get(p));
        samples.push(t);
        hits += !value.items || value.items.length ? 1 : 0;
      }
      return { summary: summarize(samples), hits };
    };
    const list = (words: string[]) => words.map((w) => `/api/public/ip?q=${encodeURIComponent(w)}`);
    const results: Array<[string, { summary: Summary; hits: number }]> = [];
    // The plainest public lookup: one row by its unique key (the certificate verification by code).
    results.push(['plain lookup: GET /api/public/ipci/:code', await measure(q.code.map((c) => `/api/public/ipci/${encodeURIComponent(c.replace(/-/g, ''))}`))]);
    results.push(['IP detail by id: GET /api/public/ip/:id', await measure(ipIds.map((id) => `/api/public/ip/${id}`))]);
    results.push(['name (zh middle word, zh name, en prefix, ja name)', await measure(list(q.name))]);
    results.push(['company (firm word, whole name)', await measure(list(q.company))]);
    results.push(['IPCI code (with / without dashes)', await measure(list(q.code))]);
    results.push(['name, sorted by most searched', await measure(list(q.name).map((p) => `${p}&sort=popular`))]);

    const baseline = results[0][1].summary.p95;
    console.log(`\n${IPS} listed IPs; ${QUERIES} requests of each kind after ${WARMUP} warm-ups, one at a time; first page of 20`);
    console.log(
      table(
        ['request', 'n', 'found', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'p95 / plain p95'],
        results.map(([name, { summary: s, hits }]) => [name, String(s.n), `${hits}/${s.n}`, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), (s.p95 / baseline).toFixed(2)]),
      ),
    );
    const worst = Math.max(...results.slice(2).map(([, r]) => r.summary.p95));
    const ok = worst < P95_TARGET_MS;
    console.log(ok ? `\nOK: every search p95 ≤ ${ms(worst)} ms < ${P95_TARGET_MS} ms` : `\nMISSED: a search p95 is ${ms(worst)} ms ≥ ${P95_TARGET_MS} ms`);
    if (!ok) process.exitCode = 1;
  } finally {
    server?.closeAllConnections();
    server?.close();
    await k.destroy();
    if (!keep) await dropDatabase(db.adminUrl);
    await db.pg?.stop();
  }
}

async function dropDatabase(adminUrl: string) {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists "${DATABASE}" with (force)`).finally(() => c.end());
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => process.exit());
