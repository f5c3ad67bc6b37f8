import { createHash, generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import { certificatePdf, type CertificateData } from '../activities/lib/certificatePdf';
import { signBytes, signingKey } from '../activities/lib/signingKey';
import { makeIpciCode } from '../domain/ipci';
import { IP_CATEGORIES } from '../domain/titleRegistration';
import { ms, summarize, table, timed } from './lib/stats';

/**
 * `npm run bench:certificate`: the electronic certificate's cost in the worker — drawing the PDF,
 * hashing it and signing it (activities/ipciIssuance.ts generateCertificate without the database
 * and the file write). Every certificate has its own code and names, so fonts are laid out and
 * subset afresh each time, as in production. Target p95 < 300 ms.
 * Sizes: BENCH_CERTIFICATES (200), BENCH_WARMUP (10, not counted: the first ones pay for parsing
 * the fonts and for the JIT).
 */
const N = Number(process.env.BENCH_CERTIFICATES ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const P95_TARGET_MS = 300;

const NAMES = [
  ['青花瓷之韵', 'Charm of Blue and White', '青花の韻'],
  ['敦煌飞天', 'Flying Apsaras of Dunhuang', '敦煌の飛天'],
  ['熊猫阿宝的奇妙旅程', "Abao the Panda's Wondrous Journey", 'パンダ阿宝のふしぎな旅'],
  ['山海经·异兽录', 'Classic of Mountains and Seas: Strange Beasts', '山海経・異獣録'],
  ['长安十二时辰', 'The Twelve Hours of Chang’an', '長安二十四時'],
];
const HOLDERS = ['景德镇文化传媒有限公司', '张三', '北京光影动画工作室', '株式会社サクラ文化'];

function data(i: number, keyId: string): CertificateData {
  const [zh, en, ja] = NAMES[i % NAMES.length];
  const code = makeIpciCode(2026, i + 1, i % 3 ? 'first' : 'existingIpci');
  return {
    code,
    identifier: crypto.randomUUID(),
    holder: HOLDERS[i % HOLDERS.length],
    names: { zh: `${zh}${i}`, en: `${en} ${i}`, ja: `${ja}${i}` },
    category: IP_CATEGORIES[i % IP_CATEGORIES.length],
    term: i % 2 ? { type: 'N', from: '2026-01-01', to: '2036-12-31' } : { type: 'Y' },
    issuedOn: '2026-11-21',
    validUntil: i % 2 ? '2036-12-31' : null,
    verifyUrl: `https://ipci.example.com/ipci/right/certificate/${code}`,
    publicKeyUrl: 'https://ipci.example.com/.well-known/ipci-signing-key.pem',
    keyId,
  };
}

async function main() {
  // A throw-away key: the bench never touches the platform's key file.
  const key = signingKey({ IPCI_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
  const one = async (i: number) => {
    const pdf = await certificatePdf(data(i, key.keyId));
    createHash('sha256').update(pdf).digest('hex');
    signBytes(key, pdf);
    return pdf.length;
  };
  const first = await timed(() => one(0));
  for (let i = 1; i < WARMUP; i++) await one(i);
  const samples: number[] = [];
  const sizes: number[] = [];
  for (let i = WARMUP; i < WARMUP + N; i++) {
    const { ms: t, value } = await timed(() => one(i));
    samples.push(t);
    sizes.push(value);
  }
  const s = summarize(samples);
  const avgKb = sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024;
  console.log(`\n${os.cpus().length} CPU cores, Node ${process.version}; first certificate (fonts parsed) ${ms(first.ms)} ms; average file ${avgKb.toFixed(0)} KiB`);
  console.log(
    table(
      ['certificate: draw + hash + sign', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'target p95'],
      [[`after ${WARMUP} warm-up`, String(s.n), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), `< ${P95_TARGET_MS}`]],
    ),
  );
  const ok = s.p95 < P95_TARGET_MS;
  console.log(ok ? `\nOK: p95 ${ms(s.p95)} ms < ${P95_TARGET_MS} ms` : `\nMISSED: p95 ${ms(s.p95)} ms >= ${P95_TARGET_MS} ms`);
  if (!ok) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
